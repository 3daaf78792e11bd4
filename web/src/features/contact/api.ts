import { CONTACT_MESSAGES, type ContactInput } from '@cym/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';

/** The contact form: answers the server's thanks, or an ApiError (with field errors). */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactInput) => dataOf(api.POST('/api/contact-form', { body }), CONTACT_MESSAGES.failed),
  });
}
