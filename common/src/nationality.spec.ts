import { nationalityDisplay } from './nationality';

describe('nationality as an adjective agreeing with the person', () => {
  it('turns a country into the adjective of her or his gender', () => {
    expect(nationalityDisplay('Bolivia', 'female')).toBe('boliviana');
    expect(nationalityDisplay('Bolivia', 'male')).toBe('boliviano');
    expect(nationalityDisplay('Perú', 'female')).toBe('peruana');
    expect(nationalityDisplay('peru', 'male')).toBe('peruano');
    expect(nationalityDisplay('  república   dominicana ', 'female')).toBe('dominicana');
  });

  it('makes a typed adjective agree, in any case', () => {
    expect(nationalityDisplay('Paraguayo', 'female')).toBe('paraguaya');
    expect(nationalityDisplay('ARGENTINA', 'male')).toBe('argentino');
    expect(nationalityDisplay('Estadounidense', 'female')).toBe('estadounidense');
  });

  it('keeps what it does not know, and answers null for nothing', () => {
    expect(nationalityDisplay('Bolivia', null)).toBe('Bolivia');
    expect(nationalityDisplay('Islandia', 'female')).toBe('Islandia');
    expect(nationalityDisplay('', 'female')).toBeNull();
    expect(nationalityDisplay(null, 'male')).toBeNull();
  });
});

describe('nationality as typed, trimmed', () => {
  it('answers null for blanks and keeps an unknown text without its spaces', () => {
    expect(nationalityDisplay('   ', 'female')).toBeNull();
    expect(nationalityDisplay('  Islandia ', 'female')).toBe('Islandia');
    expect(nationalityDisplay(' Bolivia ', 'other')).toBe('Bolivia');
  });
});
