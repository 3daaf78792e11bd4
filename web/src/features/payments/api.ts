import { MEMBERSHIP, PAYMENT_MESSAGES } from '@cym/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { ApiError, dataOf } from '../../lib/api/errors';

export const paymentKeys = {
  status: (paymentId: string | null) => ['payment-status', paymentId] as const,
};

/**
 * The payment the checkout reported: any JSON answer is a granted membership. A 404 means the
 * provider does not know it yet, so it is asked again every 5 s, up to 6 times; any other failure
 * ends at once. The membership and price calls are the employer feature's (employer/api.ts).
 */
export const paymentStatusQuery = (paymentId: string | null) =>
  queryOptions({
    queryKey: paymentKeys.status(paymentId),
    queryFn: async () => {
      const data = await dataOf(
        api.GET('/api/payments/{paymentId}/status', { params: { path: { paymentId: paymentId ?? '' } } }),
        PAYMENT_MESSAGES.verifyFailed,
      );
      if (Object.keys(data).length === 0) throw new ApiError(PAYMENT_MESSAGES.verifyFailed);
      return data;
    },
    retry: (failures, error) =>
      error instanceof ApiError && error.status === 404 && failures < MEMBERSHIP.statusRetries,
    retryDelay: MEMBERSHIP.statusRetryMs,
    // A verified payment stays verified: no second question on a later visit of the page.
    staleTime: Infinity,
  });

export function usePaymentStatus(paymentId: string | null) {
  return useQuery({ ...paymentStatusQuery(paymentId), enabled: paymentId !== null });
}
