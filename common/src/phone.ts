import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/core';
import { AR_PHONE_METADATA } from './phone-metadata';

/**
 * What a valid Argentine mobile number is, in one place: the sign-up form, the phone popup, the
 * server that saves it and the admin's WhatsApp button all use this rule.
 *
 * A mobile's national number is 10 digits: the area code (2 to 4 digits, never starting with 0 or
 * 9) and the subscriber's number. People write it many ways: '11 2345-6789', '011 15 2345-6789',
 * '+54 9 11 2345 6789', '5491123456789'. All of them are the same number, stored once in E.164
 * as +54, the mobile marker 9, then the 10 digits ('+5491123456789'), and shown
 * everywhere as '+54 9 11 2345-6789' (`formatPhone`). libphonenumber-js writes both forms, with
 * its "min" metadata cut to Argentina (phone-metadata.ts, ~3 KB in the browser's bundle).
 */

function parse(text: string, defaultCountry?: CountryCode): PhoneNumber | undefined {
  return defaultCountry
    ? parsePhoneNumberFromString(text, defaultCountry, AR_PHONE_METADATA)
    : parsePhoneNumberFromString(text, AR_PHONE_METADATA);
}

/** The E.164 form of a mobile number, e.g. '+5491123456789', or null when it is not one. */
export function normalizeArgentineMobile(raw: string | null | undefined): string | null {
  // Spaces, dashes, dots, brackets and a leading + are how people write numbers, not part of them.
  const written = (raw ?? '').trim();
  if (!/^\+?[\d\s\-().]+$/.test(written)) return null;
  let digits = written.replace(/\D/g, '');
  if (digits.startsWith('54')) {
    digits = digits.slice(2);
    if (digits.startsWith('9')) digits = digits.slice(1);
  }
  // The trunk prefix of a national call (011…).
  if (digits.startsWith('0')) digits = digits.slice(1);
  // The old mobile prefix 15 after the area code: 11 15 2345 6789, 351 15 234 5678.
  if (digits.length === 12) digits = withoutLocalMobilePrefix(digits) ?? digits;
  if (!/^[1-8]\d{9}$/.test(digits)) return null;
  // A number of one repeated digit after the area code is a placeholder, not a line.
  if (/^(\d)\1+$/.test(digits.slice(-7))) return null;
  return parse(`+549${digits}`)?.number ?? null;
}

/** The digits WhatsApp's links take (wa.me/5491123456789) for a mobile written any way, or null. */
export function whatsappDigits(raw: string | null | undefined): string | null {
  return normalizeArgentineMobile(raw)?.slice(1) ?? null;
}

/**
 * A stored phone as people read it: '+54 9 11 2345-6789', '+54 351 234-5678' (the international
 * form, its last group joined by a dash as Argentine numbers are written). E.164 is read as it
 * is (a number outside Argentina is shown as stored); digits without '+' (a row older than E.164) are read as the migration read them: a mobile
 * when the rule above says so. A value in no known form is shown as written; no phone gives null.
 */
export function formatPhone(stored: string | null | undefined): string | null {
  const written = (stored ?? '').trim();
  if (!written) return null;
  const e164 = written.startsWith('+') ? written : (normalizeArgentineMobile(written) ?? written);
  const parsed = parse(e164, 'AR');
  if (!parsed?.isValid()) return written;
  const international = parsed.formatInternational();
  return parsed.country === 'AR' ? international.replace(/ (\d+)$/, '-$1') : international;
}

function withoutLocalMobilePrefix(digits: string): string | null {
  for (const areaLength of [2, 3, 4]) {
    if (digits.slice(areaLength, areaLength + 2) === '15')
      return digits.slice(0, areaLength) + digits.slice(areaLength + 2);
  }
  return null;
}
