import { argentinaToday } from './format';
import {
  backgroundBadgeActive,
  certificateExpiresOn,
  formatIsoDate,
  isIsoDate,
  validateIssuedOn,
  validateRejectionReason,
  VERIFICATION_MESSAGES,
  verificationStatusText,
} from './verifications';

describe('verified documents rules', () => {
  it('lets a certificate run 12 months, a 29 February one ending on 28 February', () => {
    expect(certificateExpiresOn('2025-12-15')).toBe('2026-12-15');
    expect(certificateExpiresOn('2024-02-29')).toBe('2025-02-28');
  });

  it('reads today in Argentina (UTC−3), not in UTC', () => {
    expect(argentinaToday(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-26');
    expect(argentinaToday(new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-27');
  });

  it('takes an issue date that is real, not future and within 12 months', () => {
    const today = '2026-11-27';
    expect(validateIssuedOn(undefined, today)).toBe(VERIFICATION_MESSAGES.issuedRequired);
    expect(validateIssuedOn('2026-02-30', today)).toBe(VERIFICATION_MESSAGES.issuedInvalid);
    expect(validateIssuedOn('27/11/2026', today)).toBe(VERIFICATION_MESSAGES.issuedInvalid);
    expect(validateIssuedOn('2026-11-28', today)).toBe(VERIFICATION_MESSAGES.issuedFuture);
    expect(validateIssuedOn('2025-11-27', today)).toBe(VERIFICATION_MESSAGES.issuedTooOld);
    expect(validateIssuedOn('2025-11-28', today)).toBeNull();
    expect(validateIssuedOn(today, today)).toBeNull();
  });

  it('keeps the certificate badge until the day of expiry', () => {
    expect(backgroundBadgeActive('2026-12-01', '2026-11-30')).toBe(true);
    expect(backgroundBadgeActive('2026-12-01', '2026-12-01')).toBe(false);
    expect(backgroundBadgeActive(null, '2026-12-01')).toBe(false);
  });

  it('wants a rejection reason of 5 to 300 characters', () => {
    expect(validateRejectionReason('  no  ')).toBe(VERIFICATION_MESSAGES.reasonLength);
    expect(validateRejectionReason('x'.repeat(301))).toBe(VERIFICATION_MESSAGES.reasonLength);
    expect(validateRejectionReason(42)).toBe(VERIFICATION_MESSAGES.reasonLength);
    expect(validateRejectionReason('Foto borrosa')).toBeNull();
  });
});

describe('verified documents rules at their edges', () => {
  it('reads only a real yyyy-mm-dd day from 1900 on', () => {
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    for (const value of [
      '1899-12-31',
      '2026-13-01',
      '2026-00-10',
      '2026-02-30',
      '2026-04-00',
      '12026-01-01',
      '2026-01-011',
      '2026-1-01',
      20260101,
      null,
    ])
      expect([value, isIsoDate(value)]).toEqual([value, false]);
  });

  it('asks for an issue date when there is none', () => {
    for (const value of [undefined, null, ''])
      expect(validateIssuedOn(value, '2026-11-27')).toBe(VERIFICATION_MESSAGES.issuedRequired);
  });

  it('takes a rejection reason of exactly 5 or 300 characters', () => {
    expect(validateRejectionReason(' abcde ')).toBeNull();
    expect(validateRejectionReason('abcd')).toBe(VERIFICATION_MESSAGES.reasonLength);
    expect(validateRejectionReason('x'.repeat(300))).toBeNull();
  });

  it('says a status as its owner reads it', () => {
    expect(verificationStatusText('pending', null)).toBe('En revisión');
    expect(verificationStatusText('approved', 'ignored')).toBe('Aprobado');
    expect(verificationStatusText('rejected', 'La foto está borrosa.')).toBe('Rechazado: La foto está borrosa.');
    expect(verificationStatusText('rejected', null)).toBe('Rechazado');
    expect(verificationStatusText('rejected', '')).toBe('Rechazado');
  });

  it('writes a day as dd/mm/yyyy', () => {
    expect(formatIsoDate('2026-03-05')).toBe('05/03/2026');
  });
});
