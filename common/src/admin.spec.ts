import {
  ADMIN_CSV_HEADER,
  ADMIN_MESSAGES,
  adminCsv,
  adminCsvFileName,
  MAX_MEMBERSHIP_PRICE,
  membershipPriceProblem,
  whatsappLink,
} from './admin';
import { formatDateTime } from './format';

describe('membershipPriceProblem', () => {
  it('accepts whole pesos above 0, as numbers or digit strings', () => {
    expect(membershipPriceProblem(1)).toBeNull();
    expect(membershipPriceProblem(40000)).toBeNull();
    expect(membershipPriceProblem('45000')).toBeNull();
    expect(membershipPriceProblem(MAX_MEMBERSHIP_PRICE)).toBeNull();
  });
  it('refuses zero, negatives, fractions, text, missing values and absurd amounts', () => {
    for (const raw of [0, -5, 10.5, 'abc', '', null, undefined, {}, MAX_MEMBERSHIP_PRICE + 1, Number.NaN])
      expect(membershipPriceProblem(raw)).toBe(ADMIN_MESSAGES.invalidPrice);
  });
});

describe('whatsappLink', () => {
  it('adds the country code 54 (and the mobile 9) when missing and writes the greeting', () => {
    const link = whatsappLink('11 5555-0000', 'Rosa')!;
    expect(link.startsWith('https://wa.me/5491155550000?text=')).toBe(true);
    expect(decodeURIComponent(link.split('text=')[1]!)).toBe('Hola Rosa, te escribimos del equipo de Casa y Manos.');
  });
  it('keeps a number that already starts with 54, and drops a trunk 0', () => {
    expect(whatsappLink('+54 11 5555-0000', 'Ana')!.startsWith('https://wa.me/5491155550000?')).toBe(true);
    expect(whatsappLink('011 5555-0000', 'Ana')!.startsWith('https://wa.me/5491155550000?')).toBe(true);
    expect(whatsappLink('54 9 351 555 0000', 'Ana')!.startsWith('https://wa.me/5493515550000?')).toBe(true);
    // The phone popup's own example (13 digits) opens the same chat it names.
    expect(whatsappLink('5491123456789', 'Ana')!.startsWith('https://wa.me/5491123456789?')).toBe(true);
  });
  it('refuses what is not an Argentine mobile, and no phone', () => {
    expect(whatsappLink('115555000', 'Ana')).toBeNull();
    expect(whatsappLink('5411555500001', 'Ana')).toBeNull();
    expect(whatsappLink(null, 'Ana')).toBeNull();
    expect(whatsappLink('', 'Ana')).toBeNull();
  });
});

describe('adminCsv', () => {
  it('writes the header and the defaults for a missing phone and a first login never made', () => {
    const csv = adminCsv([
      { joined: '01/11/2026', name: 'Rosa Díaz', email: 'rosa@example.com', phone: null, lastLogin: null },
      {
        joined: '02/11/2026',
        name: 'Pablo',
        email: 'p@example.com',
        phone: '+5491155550000',
        lastLogin: '20/11/2026 10:00',
      },
    ]);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(ADMIN_CSV_HEADER.join(','));
    expect(lines[1]).toBe('01/11/2026,Rosa Díaz,rosa@example.com,N/A,No ha iniciado sesión');
    // The phone as people read it; the leading + is quoted like any formula's first sign.
    expect(lines[2]).toBe("02/11/2026,Pablo,p@example.com,'+54 9 11 5555-0000,20/11/2026 10:00");
    expect(csv.startsWith('\uFEFF')).toBe(true);
  });
  it('quotes separators and quotes, and defuses spreadsheet formulas', () => {
    const csv = adminCsv([
      { joined: 'x', name: 'Ana, "La" Jefa', email: '=HYPERLINK("x")', phone: '1', lastLogin: 'y' },
    ]);
    const line = csv.split('\r\n')[1]!;
    expect(line).toBe('x,"Ana, ""La"" Jefa","\'=HYPERLINK(""x"")",1,y');
  });
  it('names the files with the Buenos Aires date', () => {
    expect(adminCsvFileName('workers', new Date('2026-11-23T02:00:00Z'))).toBe('postulantes-2026-11-22.csv');
    expect(adminCsvFileName('parents', new Date('2026-11-23T15:00:00Z'))).toBe('empleadores-2026-11-23.csv');
  });
});

describe('formatDateTime', () => {
  it('writes dd/mm/yyyy HH:mm in Buenos Aires time', () => {
    expect(formatDateTime(new Date('2026-11-23T13:05:00Z'))).toBe('23/11/2026 10:05');
    expect(formatDateTime(new Date('2026-01-01T02:30:00Z'))).toBe('31/12/2025 23:30');
  });
});

describe('admin rules at their edges', () => {
  it('refuses what only converts to a number', () => {
    for (const raw of [true, [5], ' '])
      expect([raw, membershipPriceProblem(raw)]).toEqual([raw, ADMIN_MESSAGES.invalidPrice]);
    expect(membershipPriceProblem(' 45000 ')).toBeNull();
  });

  it('greets by the trimmed first name', () => {
    const link = whatsappLink('11 5555-0000', '  Rosa ')!;
    expect(decodeURIComponent(link.split('text=')[1]!)).toBe('Hola Rosa, te escribimos del equipo de Casa y Manos.');
  });
});
