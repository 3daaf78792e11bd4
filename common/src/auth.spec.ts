import {
  AUTH_MESSAGES,
  namesProblems,
  PHONE_MESSAGES,
  phoneProblem,
  resetPasswordProblem,
  signUpProblem,
  SignUpInput,
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
