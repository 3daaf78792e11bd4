import {
  educationProblems,
  experienceProblems,
  hourPriceProblem,
  introductionProblem,
  PROFILE_MESSAGES as M,
  WIZARD_NAME_MESSAGES,
  wizardNameProblem,
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

describe('worker profile rules at their edges', () => {
  const today = new Date('2026-06-10T12:00:00Z');
  const info = {
    date_of_birth: '1990-01-01',
    neighborhood: 'Centro',
    gender: 'female',
    nationality: 'Argentina',
    province: 2,
    municipality: 2007,
  };

  it('words an experience title and description by mode, once trimmed', () => {
    expect(experienceProblems({ title: ' ab ', description: ' ' + 'd'.repeat(9) + ' ' }, 'add')).toEqual({
      title: [M.experienceTitleShort],
      description: [M.descriptionShort],
    });
    expect(experienceProblems({ title: ' ab ', description: 'd'.repeat(9) }, 'edit')).toEqual({
      title: [M.experienceTitleRange],
      description: [M.descriptionRange],
    });
    expect(experienceProblems({ title: 't'.repeat(81), description: 'd'.repeat(501) }, 'add')).toEqual({
      title: [M.experienceTitleLong],
      description: [M.descriptionLong],
    });
    expect(experienceProblems({ title: 't'.repeat(81), description: 'd'.repeat(501) }, 'edit')).toEqual({
      title: [M.experienceTitleRange],
      description: [M.descriptionRange],
    });
    expect(experienceProblems({ title: 't'.repeat(80), description: 'd'.repeat(10) }, 'add')).toEqual({});
    expect(experienceProblems({ title: 'abc', description: 'd'.repeat(400) }, 'add')).toEqual({});
    expect(experienceProblems({ title: '  ', description: '  ' }, 'edit')).toEqual({
      title: [M.fieldRequired],
      description: [M.fieldRequired],
    });
  });

  it('words an education title and place by mode, once trimmed, and checks its status', () => {
    const statuses = ['en_curso', 'completo'];
    expect(educationProblems({ title: ' ab ', place: ' p ', status: 'completo' }, 'add', statuses)).toEqual({
      title: [M.experienceTitleShort],
      place: [M.placeShort],
    });
    expect(educationProblems({ title: 't'.repeat(81), place: ' p ', status: 'otro' }, 'edit', statuses)).toEqual({
      title: [M.experienceTitleLong],
      place: [M.placeRange],
      status: [M.statusInvalid],
    });
    expect(educationProblems({ title: 'abc', place: 'p'.repeat(101), status: 'en_curso' }, 'edit', statuses)).toEqual({
      place: [M.placeRange],
    });
    expect(educationProblems({ title: 'abc', place: 'pp', status: 'en_curso' }, 'add', statuses)).toEqual({});
  });

  it('takes an introduction of up to 499 characters', () => {
    expect(introductionProblem('a'.repeat(499))).toBeNull();
    expect(introductionProblem('a'.repeat(500))).toBe(M.introductionLong);
    expect(introductionProblem('a'.repeat(14), 'wizard')).toBe(M.wizardIntroductionShort);
  });

  it('reads the hour price trimmed, digits only', () => {
    expect(hourPriceProblem(' 1500 ')).toBeNull();
    expect(hourPriceProblem('12a')).toBe(M.hourPriceDigits);
    expect(hourPriceProblem('1.5')).toBe(M.hourPriceDigits);
    expect(hourPriceProblem('99999999999999999999')).toBe(M.hourPriceMax);
  });

  it('checks the personal info, each field trimmed', () => {
    expect(workerInfoProblems(info, today)).toEqual({});
    expect(workerInfoProblems({ ...info, neighborhood: ' ab ', nationality: ' ab ', gender: 'otro' }, today)).toEqual({
      neighborhood: [M.neighborhoodShort],
      nationality: [M.nationalityShort],
      gender: [M.genderRequired],
    });
    expect(
      workerInfoProblems(
        {
          date_of_birth: '',
          neighborhood: '  ',
          nationality: 'n'.repeat(101),
          gender: '',
          province: null,
          municipality: null,
        },
        today,
      ),
    ).toEqual({
      date_of_birth: [M.birthRequired],
      neighborhood: [M.neighborhoodRequired],
      nationality: [M.nationalityLong],
      gender: [M.genderRequired],
      province: [M.provinceRequired],
      municipality: [M.municipalityRequired],
    });
    expect(workerInfoProblems({ ...info, date_of_birth: '1906-06-10' }, today)).toEqual({});
    expect(workerInfoProblems({ ...info, date_of_birth: '1905-06-11' }, today)).toEqual({});
    expect(workerInfoProblems({ ...info, date_of_birth: '1905-06-10' }, today).date_of_birth).toEqual([M.tooOld]);
    expect(workerInfoProblems({ ...info, date_of_birth: '1990-02-30' }, today).date_of_birth).toEqual([
      M.birthRequired,
    ]);
  });

  it('checks a name in the wizard: 2 to 30 characters once trimmed', () => {
    const required = WIZARD_NAME_MESSAGES.firstRequired;
    expect(wizardNameProblem('  ', required)).toBe(required);
    expect(wizardNameProblem(' a ', required)).toBe(WIZARD_NAME_MESSAGES.tooShort);
    expect(wizardNameProblem(' Al ', required)).toBeNull();
    expect(wizardNameProblem('a'.repeat(30), required)).toBeNull();
    expect(wizardNameProblem('a'.repeat(31), required)).toBe(WIZARD_NAME_MESSAGES.tooLong);
  });
});
