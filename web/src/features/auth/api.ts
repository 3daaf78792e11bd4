import { COMMON_MESSAGES, normalizeEmail } from '@cym/common';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, csrfHeader, publicApi } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';

/** The generic reset error, in Spanish (every text a user sees is Spanish). */
export const RESET_FAILED = 'Ocurrió un error. Por favor, intentá de nuevo.';

type LinkPath = { uidb64: string; token: string };

export const authKeys = {
  resetLink: ({ uidb64, token }: LinkPath) => ['auth', 'reset-link', uidb64, token] as const,
};

export const resetLinkQuery = (link: LinkPath) =>
  queryOptions({
    queryKey: authKeys.resetLink(link),
    queryFn: () => dataOf(publicApi.GET('/api/reset/{uidb64}/{token}', { params: { path: link } }), RESET_FAILED),
    // The link is checked once per visit: a used or expired link does not come back to life.
    staleTime: Infinity,
  });

/** Whether a reset link still works: true, false, or undefined while asking. */
export function useResetLinkValid({ uidb64, token }: LinkPath) {
  const query = useQuery(resetLinkQuery({ uidb64, token }));
  return query.isPending ? undefined : query.data?.success === true;
}

const UNEXPECTED_ANSWER = 'Respuesta inesperada del servidor.';

/**
 * Forgot password: the CSRF token first, then the request for the e-mail; answers the server's
 * message. A 5xx (ours or a proxy's) never shows its body.
 */
export async function requestPasswordReset(email: string): Promise<string | null> {
  const headers = await csrfHeader();
  const answer = await dataOf(
    publicApi.POST('/api/reset_password', { body: { email: normalizeEmail(email) }, headers }),
    UNEXPECTED_ANSWER,
  ).catch((failure: unknown) => {
    if (failure instanceof ApiError && failure.status !== null && failure.status >= 500)
      throw new ApiError(COMMON_MESSAGES.internal, failure.status);
    throw failure;
  });
  if (!answer.success) throw new ApiError(UNEXPECTED_ANSWER);
  return answer.message ?? null;
}

/** The new password through the link; answers the server's message, or throws a Spanish one. */
export function useResetPassword({ uidb64, token }: LinkPath) {
  return useMutation({
    mutationFn: async (password: string) => {
      const data = await dataOf(
        publicApi.POST('/api/reset/{uidb64}/{token}', { params: { path: { uidb64, token } }, body: { password } }),
        RESET_FAILED,
        RESET_FAILED,
      );
      if (!data.success) throw new Error(RESET_FAILED);
      return data.message;
    },
  });
}

const VERIFY_FAILED = 'Ocurrió un error inesperado.';

/** The e-mail link: it works once, so it is a write, sent once per visit. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: async ({ uidb64, token }: LinkPath) => {
      const data = await dataOf(
        publicApi.GET('/api/verify-email/{uidb64}/{token}', { params: { path: { uidb64, token } } }),
        VERIFY_FAILED,
        `Ocurrió un error: ${COMMON_MESSAGES.connection}`,
      );
      if (!data.success) throw new Error(VERIFY_FAILED);
      return data;
    },
  });
}
