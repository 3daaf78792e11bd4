import {
  JOB_OFFER_LIMITS,
  JOB_OFFER_MESSAGES,
  jobOfferProblems,
  JobOfferInput,
  OFFER_REQUIRED_STEPS,
  offerDescriptionProblem,
  offerLocationProblem,
  offerPublicVisibilityLabel,
  offerStepProblem,
  offerTitleProblem,
  PARENT_INFO_MESSAGES,
  parentInfoProblems,
  parseMonthlyPrice,
  paymentMethodLabel,
} from './employer';

const M = JOB_OFFER_MESSAGES;

const valid: JobOfferInput = {
  title: 'Niñera para dos chicos',
  description: 'Buscamos una niñera con experiencia y referencias.',
  services: [1],
  tasks: [],
  work_arrangements: [2],
  languages: [],
  native_language: null,
  work_shifts: [],
  location: { neighborhood: 'Palermo', province: 2, municipality: 7 },
  monthly_price: null,
};

describe('job offer fields', () => {
  it('requires a title of at most 35 characters, trimmed', () => {
    expect(offerTitleProblem('')).toBe(M.titleRequired);
    expect(offerTitleProblem('   ')).toBe(M.titleRequired);
    expect(offerTitleProblem('a'.repeat(35))).toBeNull();
    expect(offerTitleProblem(`  ${'a'.repeat(35)}  `)).toBeNull();
    expect(offerTitleProblem('a'.repeat(36))).toBe(M.titleLong);
    expect(JOB_OFFER_LIMITS.title).toBe(35);
  });

  it('requires a description of at most 500 characters, trimmed', () => {
    expect(offerDescriptionProblem(' \n ')).toBe(M.descriptionRequired);
    expect(offerDescriptionProblem('a'.repeat(500))).toBeNull();
    expect(offerDescriptionProblem('a'.repeat(501))).toBe(M.descriptionLong);
  });

  it('requires province, municipality and neighbourhood (at most 100 characters)', () => {
    const location = valid.location;
    expect(offerLocationProblem(location)).toBeNull();
    expect(offerLocationProblem({ ...location, neighborhood: '  ' })).toBe(M.locationRequired);
    expect(offerLocationProblem({ ...location, province: null })).toBe(M.locationRequired);
    expect(offerLocationProblem({ ...location, municipality: null })).toBe(M.locationRequired);
    expect(offerLocationProblem({ ...location, neighborhood: 'b'.repeat(100) })).toBeNull();
    expect(offerLocationProblem({ ...location, neighborhood: 'b'.repeat(101) })).toBe(M.neighborhoodLong);
  });

  it('reads the monthly price as digits up to 10,000,000, empty meaning none', () => {
    expect(parseMonthlyPrice(null)).toBeNull();
    expect(parseMonthlyPrice(undefined)).toBeNull();
    expect(parseMonthlyPrice('')).toBeNull();
    expect(parseMonthlyPrice('  ')).toBeNull();
    expect(parseMonthlyPrice('0')).toBe(0);
    expect(parseMonthlyPrice(' 350000 ')).toBe(350000);
    expect(parseMonthlyPrice('007')).toBe(7);
    expect(parseMonthlyPrice('10000000')).toBe(10_000_000);
    expect(parseMonthlyPrice(10_000_000)).toBe(10_000_000);
    for (const bad of ['10000001', '99999999', '123456789', '12.5', '-1', '1e3', '1 000', 'abc', '+5'])
      expect([bad, parseMonthlyPrice(bad)]).toEqual([bad, undefined]);
    for (const bad of [10_000_001, 12.5, -1, 1e21, Number.NaN, Number.POSITIVE_INFINITY])
      expect([bad, parseMonthlyPrice(bad)]).toEqual([bad, undefined]);
  });

  it('refuses a monthly price of another type instead of throwing', () => {
    for (const bad of [true, {}, [], ['5']]) expect(parseMonthlyPrice(bad as unknown as string)).toBeUndefined();
  });
});

describe('jobOfferProblems', () => {
  it('accepts a complete offer with only the required parts', () => {
    expect(jobOfferProblems(valid)).toEqual({});
    expect(jobOfferProblems({ ...valid, languages: [3, 4], native_language: 4, monthly_price: 0 })).toEqual({});
  });

  it('answers every problem at once, one message per field', () => {
    expect(
      jobOfferProblems({
        ...valid,
        title: '',
        description: '',
        services: [],
        work_arrangements: [],
        location: { neighborhood: '', province: null, municipality: null },
        languages: [3],
        native_language: 5,
        monthly_price: 10_000_001,
      }),
    ).toEqual({
      title: [M.titleRequired],
      description: [M.descriptionRequired],
      location: [M.locationRequired],
      services: [M.servicesRequired],
      work_arrangements: [M.arrangementsRequired],
      native_language: [M.nativeNotSelected],
      monthly_price: [M.priceInvalid],
    });
  });

  it('asks for the native language to be one of the chosen languages', () => {
    expect(jobOfferProblems({ ...valid, native_language: 3 })).toEqual({ native_language: [M.nativeNotSelected] });
  });
});

describe('offer wizard gating', () => {
  const empty: JobOfferInput = {
    ...valid,
    title: '',
    description: '',
    services: [],
    work_arrangements: [],
    location: { neighborhood: '', province: null, municipality: null },
  };

  it('blocks steps 1, 2, 3, 4 and 7 until they are valid, and no other step', () => {
    expect(OFFER_REQUIRED_STEPS).toEqual([1, 2, 3, 4, 7]);
    expect(JOB_OFFER_LIMITS.wizardSteps).toBe(9);
    const blocked = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((step) => offerStepProblem(step, empty) !== null);
    expect(blocked).toEqual([...OFFER_REQUIRED_STEPS]);
    for (let step = 1; step <= 9; step += 1) expect(offerStepProblem(step, valid)).toBeNull();
  });

  it('shows the message of the step', () => {
    expect(offerStepProblem(1, empty)).toBe(M.titleRequired);
    expect(offerStepProblem(2, empty)).toBe(M.servicesRequired);
    expect(offerStepProblem(3, empty)).toBe(M.locationRequired);
    expect(offerStepProblem(4, empty)).toBe(M.arrangementsRequired);
    expect(offerStepProblem(7, empty)).toBe(M.descriptionRequired);
    expect(offerStepProblem(9, { ...valid, monthly_price: 10_000_001 })).toBe(M.priceInvalid);
  });
});

describe('parentInfoProblems', () => {
  const P = PARENT_INFO_MESSAGES;
  const today = new Date('2026-06-15T12:00:00Z');
  const info = { date_of_birth: '1985-03-02', gender: 'female', nationality: 'Argentina' };

  it('accepts a complete form', () => {
    expect(parentInfoProblems(info, today)).toEqual({});
    expect(parentInfoProblems({ ...info, gender: 'male' }, today)).toEqual({});
  });

  it('checks the age at 18 and 100 to the day', () => {
    const at = (date_of_birth: string) => parentInfoProblems({ ...info, date_of_birth }, today).date_of_birth;
    expect(at('2008-06-15')).toBeUndefined(); // 18 today
    expect(at('2008-06-16')).toEqual([P.tooYoung]); // 18 tomorrow
    expect(at('1926-06-16')).toBeUndefined(); // 99, turns 100 tomorrow
    expect(at('1926-06-15')).toBeUndefined(); // 100 today
    expect(at('1925-06-15')).toEqual([P.tooOld]); // 101
  });

  it('refuses a missing or impossible birth date', () => {
    for (const date_of_birth of ['', '1990-02-30', '1990-13-01', '02/03/1985', '1985-3-2'])
      expect(parentInfoProblems({ ...info, date_of_birth }, today).date_of_birth).toEqual([P.birthRequired]);
  });

  it('asks for male or female', () => {
    for (const gender of ['', 'other', 'Female'])
      expect(parentInfoProblems({ ...info, gender }, today).gender).toEqual([P.genderRequired]);
  });

  it('checks the nationality at 3/4/100/101 characters, trimmed', () => {
    const at = (nationality: string) => parentInfoProblems({ ...info, nationality }, today).nationality;
    expect(at('   ')).toEqual([P.nationalityRequired]);
    expect(at('Per')).toEqual([P.nationalityShort]);
    expect(at('  Per  ')).toEqual([P.nationalityShort]);
    expect(at('Perú')).toBeUndefined();
    expect(at('n'.repeat(100))).toBeUndefined();
    expect(at('n'.repeat(101))).toEqual([P.nationalityLong]);
  });
});

describe('paymentMethodLabel', () => {
  it('names both ways to pay and passes unknown values through', () => {
    expect(paymentMethodLabel('mercadopago')).toBe('MercadoPago');
    expect(paymentMethodLabel('bank_transfer')).toBe('Transferencia bancaria');
    expect(paymentMethodLabel('cash')).toBe('cash');
  });
});

describe('offer price step and labels', () => {
  it('lets a valid monthly price through the price step', () => {
    expect(offerStepProblem(9, { ...valid, monthly_price: 450_000 })).toBeNull();
    expect(offerStepProblem(9, { ...valid, monthly_price: null })).toBeNull();
  });

  it('names a manual membership, and says what the public sees of an offer', () => {
    expect(paymentMethodLabel('manual')).toBe('Manual');
    expect(offerPublicVisibilityLabel('visible')).toBe('Visible');
    expect(offerPublicVisibilityLabel('no_membership')).toBe('Oculta: sin membresía activa');
    expect(offerPublicVisibilityLabel('archived')).toBe('archived');
  });
});
