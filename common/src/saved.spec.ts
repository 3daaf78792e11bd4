import { SAVED_SEARCH_MESSAGES, savedSearchNameProblem, unsubscribedMessage } from './saved';

describe('saved searches', () => {
  it('wants a name of 1 to 80 characters once trimmed', () => {
    expect(savedSearchNameProblem('Niñeras en Palermo')).toBeNull();
    expect(savedSearchNameProblem('x')).toBeNull();
    expect(savedSearchNameProblem(`  ${'x'.repeat(80)}  `)).toBeNull();
    expect(savedSearchNameProblem('x'.repeat(81))).toBe(SAVED_SEARCH_MESSAGES.nameTooLong);
    for (const raw of ['', '   ', null, undefined, 42, ['Niñeras']])
      expect([raw, savedSearchNameProblem(raw)]).toEqual([raw, SAVED_SEARCH_MESSAGES.nameRequired]);
  });

  it('confirms an unsubscribe by the search’s name', () => {
    expect(unsubscribedMessage('Niñeras en Palermo')).toBe(
      'Listo: no vas a recibir más e-mails de la búsqueda «Niñeras en Palermo».',
    );
  });
});
