import { OFFER_PUBLIC_VISIBILITY, type OfferPublicVisibility } from '@cym/common';
import type { ApiQueryOptions } from '@nestjs/swagger';
import { AppException } from '../../common/app-exception';

const VALUES: readonly string[] = OFFER_PUBLIC_VISIBILITY.map((v) => v.value);

/** The admin offer list's `visibility` filter: what the public sees. */
export const OFFER_VISIBILITY_QUERY: ApiQueryOptions = {
  name: 'visibility',
  required: false,
  enum: VALUES as string[],
  description: 'Only offers the public sees this way: visible, hidden or no_membership',
};

/** `visibility` from the query: null when absent, 400 in the error shape when unknown. */
export function parseOfferVisibility(query: Record<string, unknown>): OfferPublicVisibility | null {
  const raw = Array.isArray(query.visibility) ? (query.visibility as unknown[])[0] : query.visibility;
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !VALUES.includes(raw))
    throw AppException.validation({ visibility: ['El filtro de visibilidad no es válido.'] });
  return raw as OfferPublicVisibility;
}
