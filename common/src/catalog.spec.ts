import { dayDisplay, shiftDisplay } from './catalog';

describe('days and shifts as the screens show them', () => {
  it('writes each stored day and shift with its capital and accents', () => {
    expect(dayDisplay('lunes')).toBe('Lunes');
    expect(dayDisplay('miércoles')).toBe('Miércoles');
    expect(dayDisplay('sábado')).toBe('Sábado');
    expect(shiftDisplay('mañana')).toBe('Mañana');
    expect(shiftDisplay('noche')).toBe('Noche');
  });

  it('shows a value it does not know as stored', () => {
    expect(dayDisplay('feriado')).toBe('feriado');
    expect(dayDisplay('Lunes')).toBe('Lunes');
    expect(shiftDisplay('madrugada')).toBe('madrugada');
  });
});
