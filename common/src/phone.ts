/**
 * What a valid Argentine mobile number is, in one place (issue 16, item 10): the sign-up form, the
 * phone popup, the server that saves it and the admin's WhatsApp button all use this rule.
 *
 * A mobile's national number is 10 digits: the area code (2 to 4 digits, never starting with 0 or
 * 9) and the subscriber's number. People write it many ways: '11 2345-6789', '011 15 2345-6789',
 * '+54 9 11 2345 6789', '5491123456789'. All of them are the same number, stored once in the
 * international form WhatsApp uses: 54, the mobile marker 9, then the 10 digits (13 digits).
 */

/** The international form of a mobile number, e.g. '5491123456789', or null when it is not one. */
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
  return `549${digits}`;
}

function withoutLocalMobilePrefix(digits: string): string | null {
  for (const areaLength of [2, 3, 4]) {
    if (digits.slice(areaLength, areaLength + 2) === '15')
      return digits.slice(0, areaLength) + digits.slice(areaLength + 2);
  }
  return null;
}
