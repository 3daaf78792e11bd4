import { formatPhone, normalizeArgentineMobile, whatsappDigits } from './phone';
import { AR_PHONE_METADATA } from './phone-metadata';
import { PHONE_MESSAGES, phoneProblem, signUpProblem } from './auth';
import { adminCsv, whatsappLink } from './admin';

describe('normalizeArgentineMobile', () => {
  it.each([
    ['1123456789', '+5491123456789'],
    ['01123456789', '+5491123456789'],
    ['541123456789', '+5491123456789'],
    ['5491123456789', '+5491123456789'],
    ['+54 9 11 2345-6789', '+5491123456789'],
    ['11 15 2345 6789', '+5491123456789'],
    ['011 15 2345-6789', '+5491123456789'],
    ['(0351) 15 234-5678', '+5493512345678'],
    ['3512345678', '+5493512345678'],
    ['2966 12-3456', '+5492966123456'],
  ])('reads %s as %s', (written, normalized) => {
    expect(normalizeArgentineMobile(written)).toBe(normalized);
  });

  it.each([
    '',
    null,
    '123456789', // nine digits
    '112345678901', // twelve digits without a 15
    '0911234567', // an area code never starts with 9
    '5411234567', // eight digits after 54
    '1100000000', // a placeholder
    '11 2345 678a',
    '+1 202 555 0100',
  ])('refuses %s', (written) => {
    expect(normalizeArgentineMobile(written)).toBeNull();
  });

  it('is the one rule of the popup, the sign-up form and the WhatsApp link', () => {
    // The popup's example is accepted where it is typed and opens a chat where it is shown.
    expect(phoneProblem('5491123456789')).toBeNull();
    expect(whatsappLink('5491123456789', 'Ana')).not.toBeNull();
    expect(phoneProblem('12345678')).toBe(PHONE_MESSAGES.notMobile);
    expect(whatsappLink('12345678', 'Ana')).toBeNull();
    const form = {
      firstName: 'Ana',
      lastName: 'Paz',
      email: 'ana@example.com',
      password: 'clave1234',
      confirmPassword: 'clave1234',
      profileType: 'Worker' as const,
      acceptedTerms: true,
    };
    expect(signUpProblem({ ...form, phone: '12345678' })).toBe(PHONE_MESSAGES.notMobile);
    expect(signUpProblem({ ...form, phone: '1123456789' })).toBeNull();
  });
});

describe('formatPhone', () => {
  it.each([
    ['+5491145678901', '+54 9 11 4567-8901'],
    ['+5493512345678', '+54 9 351 234-5678'],
    ['+5492966123456', '+54 9 2966 12-3456'],
    ['+541147720654', '+54 11 4772-0654'],
    // Rows written before E.164, as the migration found them.
    ['5491145678901', '+54 9 11 4567-8901'],
    ['1155149486', '+54 9 11 5514-9486'],
    ['541147720654', '+54 9 11 4772-0654'],
  ])('shows %s as %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it('shows no phone as null and an unreadable one as written', () => {
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone('  ')).toBeNull();
    expect(formatPhone('123')).toBe('123');
  });

  it('stores what any written form means once, in E.164, and WhatsApp takes its digits', () => {
    for (const written of ['11 4567-8901', '011 15 4567-8901', '5491145678901', '+54 9 11 4567 8901'])
      expect(normalizeArgentineMobile(written)).toBe('+5491145678901');
    expect(whatsappDigits('+5491145678901')).toBe('5491145678901');
    expect(whatsappLink('+5491145678901', 'Ana')).toMatch(/^https:\/\/wa\.me\/5491145678901\?text=/);
  });

  it('writes the phone of the CSV exports as people read it', () => {
    const csv = adminCsv([
      { joined: '01/11/2026', name: 'Ana Paz', email: 'a@b.com', phone: '+5491145678901', lastLogin: null },
    ]);
    expect(csv).toContain("'+54 9 11 4567-8901");
  });
});

describe('the phone metadata', () => {
  it("is libphonenumber-js's own for Argentina (run scripts/phone-metadata.mjs after an upgrade)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const full = require('libphonenumber-js/metadata.min.json') as {
      version: number;
      countries: Record<string, unknown>;
    };
    const ours = AR_PHONE_METADATA as unknown as typeof full;
    expect(ours.version).toBe(full.version);
    expect(ours.countries.AR).toEqual(full.countries.AR);
  });
});

describe('normalizeArgentineMobile refuses letters anywhere', () => {
  it('answers null for a number with a letter at the start, inside or at the end', () => {
    for (const raw of ['x11 2345-6789', '11 2345-678x9', '11 2345-6789x', '+54 9 11 2345 6789 int. 2'])
      expect([raw, normalizeArgentineMobile(raw)]).toEqual([raw, null]);
    expect(normalizeArgentineMobile(' (011) 15 2345.6789 ')).toBe('+5491123456789');
  });
});
