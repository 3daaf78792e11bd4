import { CONTACT_MESSAGES, validateContact } from './contact';

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact({ name: 'Ana', email: 'ana@example.com', message: 'Hola' })).toEqual({});
  });

  it('reports every missing field with the spec messages', () => {
    expect(validateContact({ name: ' ', email: '', message: '   ' })).toEqual({
      name: [CONTACT_MESSAGES.nameRequired],
      email: [CONTACT_MESSAGES.emailRequired],
      message: [CONTACT_MESSAGES.messageRequired],
    });
  });

  it('enforces the limits at 20 and 700 characters', () => {
    const ok = validateContact({ name: 'a'.repeat(20), email: 'a@b.co', message: 'm'.repeat(700) });
    expect(ok).toEqual({});
    const tooLong = validateContact({ name: 'a'.repeat(21), email: 'a@b.co', message: 'm'.repeat(701) });
    expect(tooLong.name).toEqual([CONTACT_MESSAGES.nameTooLong]);
    expect(tooLong.message).toEqual([CONTACT_MESSAGES.messageTooLong]);
  });

  it('rejects malformed addresses', () => {
    for (const email of ['ana', 'ana@', 'ana@example', 'a b@example.com']) {
      expect(validateContact({ name: 'Ana', email, message: 'Hola' }).email).toEqual([CONTACT_MESSAGES.emailInvalid]);
    }
  });
});

describe('validateContact trims', () => {
  it('accepts an address with spaces around it', () => {
    expect(validateContact({ name: ' Ana ', email: ' ana@example.com ', message: ' Hola ' })).toEqual({});
  });
});
