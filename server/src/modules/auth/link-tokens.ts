import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-time links for e-mail verification and password reset.
 * The token is `<issued-at in base 36>-<HMAC>`, the HMAC covering the purpose, the user id, the
 * password hash, the last login and the e-mail verification time. Changing the password,
 * logging in or verifying therefore makes earlier links useless, without storing them.
 */
export type LinkPurpose = 'verify-email' | 'reset-password';

export const LINK_LIFETIME_SECONDS: Record<LinkPurpose, number> = {
  'verify-email': 3 * 24 * 3600,
  'reset-password': 3600,
};

export interface LinkSubject {
  id: number;
  passwordHash: string;
  lastLogin: Date | null;
  emailVerifiedAt: Date | null;
}

export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

/** The user id of a uidb64 segment, or null when it is not one. */
export function decodeUid(uidb64: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

function signature(secret: string, purpose: LinkPurpose, subject: LinkSubject, issuedAt: number): string {
  const material = [
    purpose,
    subject.id,
    subject.passwordHash,
    subject.lastLogin?.toISOString() ?? '',
    subject.emailVerifiedAt?.toISOString() ?? '',
    issuedAt,
  ].join('|');
  return createHmac('sha256', secret).update(material).digest('base64url');
}

export function makeLinkToken(secret: string, purpose: LinkPurpose, subject: LinkSubject, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `${issuedAt.toString(36)}-${signature(secret, purpose, subject, issuedAt)}`;
}

/** When a well-formed link token says it was issued, or null when it is not one. */
export function linkIssuedAt(token: string): Date | null {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? new Date(parseInt(match[1], 36) * 1000) : null;
}

export function checkLinkToken(
  secret: string,
  purpose: LinkPurpose,
  subject: LinkSubject,
  token: string,
  now = Date.now(),
): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const issuedAt = parseInt(match[1], 36);
  const age = Math.floor(now / 1000) - issuedAt;
  if (age < 0 || age > LINK_LIFETIME_SECONDS[purpose]) return false;
  const expected = Buffer.from(signature(secret, purpose, subject, issuedAt));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
