import {
  ageFromBirthDate,
  formatNumber,
  once,
  formatAge,
  formatDate,
  formatLastSeen,
  formatMonthlySalary,
  lastSeenInSentence,
  compareSpanish,
  sortByName,
  formatOfferCount,
  formatPesos,
  formatProfileCount,
  formatTime,
} from './format';

describe('formatters', () => {
  it('groups thousands as Argentina writes them', () => {
    expect(formatNumber(12345)).toBe('12.345');
    expect(formatNumber(7)).toBe('7');
  });

  it('makes a kept value on first use only', () => {
    const make = jest.fn(() => ({ made: true }));
    const value = once(make);
    expect(make).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('formats pesos in the Argentine locale', () => {
    expect(formatPesos(40000)).toBe('$ 40.000');
    expect(formatPesos(1234567)).toBe('$ 1.234.567');
  });

  it('formats dates as dd/mm/yyyy in Buenos Aires time', () => {
    // 02:00 UTC on the 1st is still the 31st in Buenos Aires (UTC-3).
    expect(formatDate(new Date('2026-01-01T02:00:00Z'))).toBe('31/12/2025');
    expect(formatDate(new Date('2026-03-15T15:00:00Z'))).toBe('15/03/2026');
  });

  it('formats times as 24-hour HH:mm in Buenos Aires time', () => {
    expect(formatTime(new Date('2026-03-15T17:44:00Z'))).toBe('14:44');
    expect(formatTime(new Date('2026-03-15T03:05:00Z'))).toBe('00:05');
  });

  it('writes ages in years', () => {
    expect(formatAge(34)).toBe('34 años');
    expect(formatAge(1)).toBe('1 año');
  });

  it('computes age in whole years', () => {
    const today = new Date('2026-06-10T12:00:00Z');
    expect(ageFromBirthDate('2000-06-10', today)).toBe(26);
    expect(ageFromBirthDate('2000-06-11', today)).toBe(25);
    expect(ageFromBirthDate('not a date', today)).toBeNull();
    expect(ageFromBirthDate('2000-02-30', today)).toBeNull();
    expect(ageFromBirthDate('2000-13-01', today)).toBeNull();
  });

  it('describes last seen in Spanish', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(formatLastSeen(null, now)).toBe('-');
    expect(formatLastSeen(ago(60_000), now)).toBe('En línea');
    expect(formatLastSeen(ago(10 * 60_000), now)).toBe('Hace 10 min');
    expect(formatLastSeen(ago(3 * 3600_000), now)).toBe('Hace 3 horas');
    expect(formatLastSeen(ago(2 * 86400_000), now)).toBe('Hace 2 días');
  });
});

describe('formatProfileCount / formatOfferCount', () => {
  it('says one in the singular and any other count in the plural', () => {
    expect(formatProfileCount(1)).toBe('1 perfil');
    expect(formatProfileCount(0)).toBe('0 perfiles');
    expect(formatProfileCount(12)).toBe('12 perfiles');
    expect(formatOfferCount(1)).toBe('1 oferta');
    expect(formatOfferCount(3)).toBe('3 ofertas');
    expect(formatProfileCount(1234)).toBe('1.234 perfiles');
    expect(formatProfileCount(1_000_000)).toBe('1.000.000 perfiles');
  });

  it("says 'Más de' before a count that stopped at its bound", () => {
    expect(formatProfileCount(1000, false)).toBe('Más de 1.000 perfiles');
    expect(formatOfferCount(1000, false)).toBe('Más de 1.000 ofertas');
    expect(formatProfileCount(1050, false)).toBe('Más de 1.050 perfiles');
    expect(formatProfileCount(1, false)).toBe('Más de 1 perfil');
  });
});

describe('lastSeenInSentence', () => {
  it("writes 'hace 13 días' in lower case inside a sentence", () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const formatted = formatLastSeen(new Date('2026-11-14T11:00:00Z'), now);
    expect(formatted).toBe('Hace 13 días');
    expect(`Última conexión: ${lastSeenInSentence(formatted)}`).toBe('Última conexión: hace 13 días');
    expect(lastSeenInSentence('En línea')).toBe('en línea');
    expect(lastSeenInSentence('-')).toBe('-');
  });
});

describe('Spanish order of places', () => {
  it('puts Córdoba before Corrientes, and Entre Ríos before Formosa', () => {
    const names = [
      'Corrientes',
      'Córdoba',
      'Formosa',
      'Entre Ríos',
      'Ñorquín',
      'Neuquén',
      'Ciudad Autónoma de Buenos Aires',
    ];
    expect(sortByName(names.map((name, id) => ({ id, name }))).map((p) => p.name)).toEqual([
      'Ciudad Autónoma de Buenos Aires',
      'Córdoba',
      'Corrientes',
      'Entre Ríos',
      'Formosa',
      'Neuquén',
      'Ñorquín',
    ]);
    expect(compareSpanish('Córdoba', 'Corrientes')).toBeLessThan(0);
  });
});

describe('formatters at their edges', () => {
  it('says a monthly salary in pesos per month', () => {
    expect(formatMonthlySalary(450000)).toBe('$ 450.000 por mes');
  });

  it('counts a birthday not yet reached this year, by month and by day', () => {
    const today = new Date('2026-06-10T12:00:00Z');
    expect(ageFromBirthDate('2000-07-01', today)).toBe(25);
    expect(ageFromBirthDate('2000-05-20', today)).toBe(26);
    expect(ageFromBirthDate('2000-06-09', today)).toBe(26);
  });

  it('reads only a whole yyyy-mm-dd date of a real day', () => {
    const today = new Date('2026-06-10T12:00:00Z');
    for (const text of [
      'x2000-06-10',
      '2000-06-10x',
      '2000-6-10',
      '0050-06-10',
      '2001-02-29',
      '2000-04-31',
      '2000-00-10',
    ])
      expect([text, ageFromBirthDate(text, today)]).toEqual([text, null]);
    expect(ageFromBirthDate('2000-02-29', today)).toBe(26);
  });

  it('says last seen at each boundary, in the singular for one', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const ago = (minutes: number) => formatLastSeen(new Date(now.getTime() - minutes * 60_000), now);
    const day = 24 * 60;
    expect(ago(4)).toBe('En línea');
    expect(ago(5)).toBe('Hace 5 min');
    expect(ago(59)).toBe('Hace 59 min');
    expect(ago(60)).toBe('Hace 1 hora');
    expect(ago(2 * 60)).toBe('Hace 2 horas');
    expect(ago(day - 1)).toBe('Hace 23 horas');
    expect(ago(day)).toBe('Hace 1 día');
    expect(ago(29 * day)).toBe('Hace 29 días');
    expect(ago(30 * day)).toBe('Hace 1 mes');
    expect(ago(60 * day)).toBe('Hace 2 meses');
    expect(ago(359 * day)).toBe('Hace 11 meses');
    expect(ago(360 * day)).toBe('Hace más de un año');
  });

  it('orders places of the same name by id', () => {
    const list = [
      { id: 3, name: 'San Martín' },
      { id: 1, name: 'San Martín' },
      { id: 2, name: 'Junín' },
      { name: 'San Martín' },
    ];
    expect(sortByName(list).map((p) => p.id)).toEqual([2, undefined, 1, 3]);
    expect(list.map((p) => p.id)).toEqual([3, 1, 2, undefined]);
  });
});
