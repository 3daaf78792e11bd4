import {
  capitalized,
  dayText,
  hoursText,
  moneyText,
  payslipPath,
  payText,
  semesterText,
  unbrokenAmounts,
  withLinks,
  zoneText,
} from './words';

describe('the hire screens’ words', () => {
  it('write days, hours and pay as people in Argentina read them', () => {
    expect(dayText('2026-03-02')).toBe('02/03/2026');
    expect(hoursText(20)).toBe('20');
    expect(hoursText(17.5)).toBe('17,5');
    expect(payText({ pay_basis: 'hourly', pay_amount: 3500 })).toBe('$\u00a03.500,00 por hora');
    expect(payText({ pay_basis: 'monthly', pay_amount: 450000.5 })).toBe('$\u00a0450.000,50 por mes');
    // A line may end after an amount, never between its sign and its number.
    expect(unbrokenAmounts('son 86,67 h × $ 3.250,10 la hora = $ 281.675,33.')).toBe(
      'son 86,67 h × $\u00a03.250,10 la hora = $\u00a0281.675,33.',
    );
    expect(zoneText(30)).toBe('Más el adicional por zona desfavorable (30 %)');
    expect(moneyText(1827510.31)).toBe('$\u00a01.827.510,31');
  });

  it('name months, semesters and payslip addresses', () => {
    expect(capitalized('octubre de 2026')).toBe('Octubre de 2026');
    expect(semesterText('2026-1')).toBe('Primer semestre de 2026');
    expect(semesterText('2026-2')).toBe('Segundo semestre de 2026');
    expect(payslipPath(12, '2026-10')).toBe('/contrataciones/12/recibos/2026-10');
  });

  it('turn the addresses in a source into links, leaving the punctuation after them as text', () => {
    expect(
      withLinks('Ley 26.844, art. 7 (https://www.argentina.gob.ar/normativa/ley-26844). Ver también http://x.ar'),
    ).toEqual([
      { text: 'Ley 26.844, art. 7 (' },
      { href: 'https://www.argentina.gob.ar/normativa/ley-26844' },
      { text: '). Ver también ' },
      { href: 'http://x.ar' },
    ]);
    expect(withLinks('Sin enlace.')).toEqual([{ text: 'Sin enlace.' }]);
  });
});
