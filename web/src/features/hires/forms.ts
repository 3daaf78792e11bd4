import type { FieldErrors } from '@cym/common';
import { ApiError, errorMessage } from '../../lib/api/errors';

/** The server's word on a refused write: its field errors, or one sentence for the form. */
export function refusal(failure: unknown, failed: string): { fields: FieldErrors; problem: string | null } {
  const fields = failure instanceof ApiError ? (failure.errors ?? {}) : {};
  return Object.keys(fields).length
    ? { fields, problem: null }
    : { fields: {}, problem: errorMessage(failure, failed) };
}

/** Focuses the named field of a form (the first one with a problem). */
export function focusField(form: HTMLFormElement | null, name: string | undefined): void {
  const field = name && form ? form.elements.namedItem(name) : null;
  // A group of radios answers a list: its first one.
  const target = field && 'length' in field && !(field instanceof HTMLElement) ? field[0] : field;
  if (target instanceof HTMLElement) target.focus();
}
