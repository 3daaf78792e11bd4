import {
  AUTH_MESSAGES,
  forgotPasswordProblem,
  isProfileType,
  isStrongEnoughPassword,
  loginProblem,
  NAME_MESSAGES,
  namesProblems,
  passwordTooLong,
  PHONE_MESSAGES,
  phoneProblem,
  recoveryCodeOf,
  resetPasswordProblem,
  signUpProblem,
  SignUpInput,
  totpCodeOf,
} from './auth';

const valid: SignUpInput = {
  firstName: 'Rosa',
  lastName: 'Benítez',
  email: 'rosa@example.com',
  phone: '1155550000',
  password: 'clave1234',
  confirmPassword: 'clave1234',
  profileType: 'Worker',
  acceptedTerms: true,
};

describe('signUpProblem', () => {
  it('accepts a complete form, with or without a phone', () => {
    expect(signUpProblem(valid)).toBeNull();
    expect(signUpProblem({ ...valid, phone: '' })).toBeNull();
  });

  it('applies the rules in the order of the spec', () => {
    // Everything wrong at once: the first rule wins.
    expect(signUpProblem({ ...valid, firstName: '', email: 'x', confirmPassword: 'y', acceptedTerms: false })).toBe(
      AUTH_MESSAGES.required,
    );
    expect(signUpProblem({ ...valid, email: 'x', confirmPassword: 'y' })).toBe(AUTH_MESSAGES.emailInvalid);
    expect(signUpProblem({ ...valid, confirmPassword: 'otra1234', password: 'corta' })).toBe(
      AUTH_MESSAGES.passwordsDiffer,
    );
    expect(signUpProblem({ ...valid, password: 'sinnumeros', confirmPassword: 'sinnumeros', phone: 'abc' })).toBe(
      AUTH_MESSAGES.passwordRule,
    );
    expect(signUpProblem({ ...valid, phone: '12345', acceptedTerms: false })).toBe(AUTH_MESSAGES.signUpPhone);
    expect(signUpProblem({ ...valid, acceptedTerms: false })).toBe(AUTH_MESSAGES.termsRequired);
  });

  it('refuses passwords past bcrypt’s 72 bytes', () => {
    const long = 'ñ'.repeat(36) + '1'; // 73 bytes in UTF-8
    expect(signUpProblem({ ...valid, password: long, confirmPassword: long })).toBe(AUTH_MESSAGES.passwordTooLong);
  });
});

describe('phoneProblem', () => {
  it.each([
    ['', PHONE_MESSAGES.required],
    ['  ', PHONE_MESSAGES.required],
    ['11-5555', PHONE_MESSAGES.digitsOnly],
    ['1234567', PHONE_MESSAGES.tooShort],
    ['1234567890123456', PHONE_MESSAGES.tooLong],
    ['11111111', PHONE_MESSAGES.allSame],
    [' 1155550000 ', null],
  ])('%j → %s', (phone, message) => {
    expect(phoneProblem(phone)).toBe(message);
  });
});

describe('resetPasswordProblem and namesProblems', () => {
  it('checks the reset fields in order', () => {
    expect(resetPasswordProblem('', 'x')).toBe(AUTH_MESSAGES.resetFieldsRequired);
    expect(resetPasswordProblem('corta', 'corta')).toBe(AUTH_MESSAGES.passwordRule);
    expect(resetPasswordProblem('clave1234', 'clave12345')).toBe(AUTH_MESSAGES.resetPasswordsDiffer);
    expect(resetPasswordProblem('clave1234', 'clave1234')).toBeNull();
  });

  it('reports each name on its own', () => {
    expect(namesProblems('R', '')).toEqual({
      first_name: ['El nombre debe tener más de 2 caracteres.'],
      last_name: ['El apellido es obligatorio.'],
    });
    expect(namesProblems('Rosa', 'B'.repeat(31)).last_name).toEqual(['El apellido debe tener menos de 30 caracteres.']);
    expect(namesProblems(' Rosa ', 'Benítez')).toEqual({});
  });
});

describe('sign-up: each rule at its edge', () => {
  it('counts blank names, e-mails and passwords as missing', () => {
    for (const field of ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'profileType'] as const)
      expect([field, signUpProblem({ ...valid, [field]: '   ' })]).toEqual([field, AUTH_MESSAGES.required]);
  });

  it('trims the e-mail and the phone before checking them', () => {
    expect(signUpProblem({ ...valid, email: '  rosa@example.com  ', phone: ' 1155550000 ' })).toBeNull();
  });

  it('wants a phone of 6 to 15 digits and nothing else, then an Argentine mobile', () => {
    for (const phone of ['x1155550000', '1155550000x', '11 5555 0000'])
      expect([phone, signUpProblem({ ...valid, phone })]).toEqual([phone, AUTH_MESSAGES.signUpPhone]);
    expect(signUpProblem({ ...valid, phone: '123456' })).toBe(PHONE_MESSAGES.notMobile);
  });

  it('wants passwords of 8 characters with a number, up to 72 bytes', () => {
    expect(isStrongEnoughPassword('clave123')).toBe(true);
    expect(isStrongEnoughPassword('clav123')).toBe(false);
    expect(isStrongEnoughPassword('a1')).toBe(false);
    expect(isStrongEnoughPassword('clavelarga')).toBe(false);
    expect(passwordTooLong('a'.repeat(72))).toBe(false);
    expect(passwordTooLong('a'.repeat(73))).toBe(true);
    expect(passwordTooLong('ñ'.repeat(36))).toBe(false);
  });

  it('takes names of up to 30 characters once trimmed, first or last', () => {
    const thirty = 'a'.repeat(30);
    expect(signUpProblem({ ...valid, firstName: ` ${thirty} `, lastName: ` ${thirty} ` })).toBeNull();
    expect(signUpProblem({ ...valid, firstName: `${thirty}a` })).toBe(AUTH_MESSAGES.nameTooLong);
    expect(signUpProblem({ ...valid, lastName: `${thirty}a` })).toBe(AUTH_MESSAGES.nameTooLong);
  });

  it('knows the two profile types', () => {
    expect(isProfileType('Worker')).toBe(true);
    expect(isProfileType('Parent')).toBe(true);
    expect(isProfileType('Admin')).toBe(false);
    expect(isProfileType('worker')).toBe(false);
  });
});

describe('login and forgotten password forms', () => {
  it('wants both fields, then a real e-mail, trimmed', () => {
    expect(loginProblem('', 'clave1234')).toBe(AUTH_MESSAGES.required);
    expect(loginProblem('   ', 'clave1234')).toBe(AUTH_MESSAGES.required);
    expect(loginProblem('rosa@example.com', '')).toBe(AUTH_MESSAGES.required);
    expect(loginProblem('rosa', 'clave1234')).toBe(AUTH_MESSAGES.emailInvalid);
    expect(loginProblem(' rosa@example.com ', 'x')).toBeNull();
  });

  it('asks for an e-mail, then a valid one', () => {
    expect(forgotPasswordProblem('  ')).toBe(AUTH_MESSAGES.forgotEmailRequired);
    expect(forgotPasswordProblem('rosa@')).toBe(AUTH_MESSAGES.forgotEmailInvalid);
    expect(forgotPasswordProblem(' rosa@example.com ')).toBeNull();
  });

  it('refuses a new password past 72 bytes', () => {
    const long = 'ñ'.repeat(36) + '1';
    expect(resetPasswordProblem(long, long)).toBe(AUTH_MESSAGES.passwordTooLong);
  });
});

describe('phone popup and names at their edges', () => {
  it('takes up to 15 digits before asking for a mobile', () => {
    expect(phoneProblem('549112345678900')).toBe(PHONE_MESSAGES.notMobile);
    expect(phoneProblem('12345678')).toBe(PHONE_MESSAGES.notMobile);
  });

  it('trims names, and takes 2 to 30 characters', () => {
    expect(namesProblems('   ', 'Al')).toEqual({ first_name: [NAME_MESSAGES.firstRequired] });
    expect(namesProblems(' R ', 'a'.repeat(30))).toEqual({ first_name: [NAME_MESSAGES.firstTooShort] });
    expect(namesProblems('Al', 'a'.repeat(31))).toEqual({ last_name: [NAME_MESSAGES.lastTooLong] });
    expect(namesProblems('a'.repeat(31), ' ')).toEqual({
      first_name: [NAME_MESSAGES.firstTooLong],
      last_name: [NAME_MESSAGES.lastRequired],
    });
  });
});

describe('second factor codes as typed', () => {
  it('reads a six-digit code, spaces dropped', () => {
    expect(totpCodeOf('123456')).toBe('123456');
    expect(totpCodeOf(' 123 456 ')).toBe('123456');
    expect(totpCodeOf('12 34\t56')).toBe('123456');
    for (const typed of ['12345', '1234567', '12345a', 'a123456', '123-456', ''])
      expect([typed, totpCodeOf(typed)]).toEqual([typed, null]);
  });

  it('reads a recovery code in upper case, without spaces or dashes', () => {
    expect(recoveryCodeOf('abcde-12345')).toBe('ABCDE12345');
    expect(recoveryCodeOf(' ABCDE 12345 ')).toBe('ABCDE12345');
    expect(recoveryCodeOf('ab-cd--e1 2 345')).toBe('ABCDE12345');
    for (const typed of ['ABCDE1234', 'ABCDE123456', 'ABCDE_1234', 'ÁBCDE12345', '', 'xABCDE12345'])
      expect([typed, recoveryCodeOf(typed)]).toEqual([typed, null]);
  });
});
