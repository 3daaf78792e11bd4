import {
  educationProblems,
  experienceProblems,
  hourPriceProblem,
  introductionProblem,
  PROFILE_MESSAGES as M,
  workerInfoProblems,
} from './worker-profile';

describe('worker profile rules', () => {
  it('words the introduction for the editor and the wizard', () => {
    expect(introductionProblem('')).toBe(M.introductionEmpty);
    expect(introductionProblem('', 'wizard')).toBe(M.wizardIntroductionEmpty);
    expect(introductionProblem(' ' + 'a'.repeat(14) + ' ')).toBe(M.introductionShort);
    expect(introductionProblem('a'.repeat(15))).toBeNull();
    expect(introductionProblem('a'.repeat(500), 'wizard')).toBe(M.wizardIntroductionLong);
  });

  it('reads the hour price as a whole number from 1 to 100000', () => {
    expect(hourPriceProblem('')).toBe(M.hourPriceNumber);
    expect(hourPriceProblem('-5')).toBe(M.hourPriceDigits);
    expect(hourPriceProblem('0')).toBe(M.hourPricePositive);
    expect(hourPriceProblem('100000')).toBeNull();
    expect(hourPriceProblem('100001')).toBe(M.hourPriceMax);
  });

  it('uses the add and edit limits for experiences and educations', () => {
    expect(experienceProblems({ title: 'abc', description: 'd'.repeat(401) }, 'add')).toEqual({
      description: [M.descriptionLong],
    });
    expect(experienceProblems({ title: 'abc', description: 'd'.repeat(401) }, 'edit')).toEqual({});
    expect(educationProblems({ title: 'abc', place: 'p'.repeat(60), status: 'completo' }, 'add', ['completo'])).toEqual(
      {
        place: [M.placeLong],
      },
    );
    expect(
      educationProblems({ title: 'abc', place: 'p'.repeat(60), status: 'completo' }, 'edit', ['completo']),
    ).toEqual({});
    expect(educationProblems({ title: '', place: '', status: '' }, 'add', ['completo'])).toEqual({
      title: [M.fieldRequired],
      place: [M.fieldRequired],
      status: [M.fieldRequired],
    });
  });

  it('checks age by whole years at 18 and 120', () => {
    const today = new Date('2026-06-10T12:00:00Z');
    const base = { neighborhood: 'Centro', gender: 'male', nationality: 'Argentina', province: 2, municipality: 2007 };
    expect(workerInfoProblems({ ...base, date_of_birth: '2008-06-10' }, today)).toEqual({});
    expect(workerInfoProblems({ ...base, date_of_birth: '2008-06-11' }, today).date_of_birth).toEqual([M.tooYoung]);
    expect(workerInfoProblems({ ...base, date_of_birth: '1905-01-01' }, today).date_of_birth).toEqual([M.tooOld]);
  });
});
