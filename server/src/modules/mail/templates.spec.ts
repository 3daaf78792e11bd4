import { ACCOUNT_DELETION_TERMS } from '@cym/common';
import { accountDeletedEmail, resetPasswordEmail, secondFactorResetEmail, verificationEmail } from './templates';

/** A plain-text mail has no button, so its text part does not speak of one. */
describe('account e-mails', () => {
  const link = 'https://casaymanos.example/email-verification/MQ/abc-123';

  it.each([
    ['verification', verificationEmail('Rosa', link)],
    ['password reset', resetPasswordEmail('Rosa', link)],
  ])('the %s text part gives the link without mentioning a button; the HTML keeps its button', (_name, mail) => {
    expect(mail.text).not.toMatch(/bot[oó]n/i);
    expect(mail.text).toContain(`con este enlace:\n\n${link}\n`);
    expect(mail.html).toContain('con el botón de abajo.');
    expect(mail.html).toContain(`href="${link}"`);
  });
});

describe('the deleted account e-mail', () => {
  const mail = accountDeletedEmail('Rosa <b>', 'https://casaymanos.example/privacy-policy');

  it('says what went now, what is erased within 30 days and what is kept, in both parts', () => {
    for (const term of Object.values(ACCOUNT_DELETION_TERMS)) {
      expect(mail.text).toContain(term);
      expect(mail.html).toContain(term);
    }
    expect(mail.subject).toBe('Eliminamos tu cuenta');
    expect(mail.text).toContain('https://casaymanos.example/privacy-policy');
  });

  it('escapes the name in the HTML part', () => {
    expect(mail.html).toContain('Rosa &#60;b&#62;');
    expect(mail.html).not.toContain('Rosa <b>');
  });
});

describe("the e-mail of an admin's second factor reset by another", () => {
  const mail = secondFactorResetEmail('Rosa <b>', 'https://casaymanos.example/');

  it('says what went, that sessions ended, what the next login asks, and what to do if unasked, in both parts', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('restableció la verificación en dos pasos de tu cuenta');
      expect(part).toContain('cerramos todas tus sesiones');
      expect(part).toContain('vas a configurar la app de nuevo');
      expect(part).toContain('Si no pediste esto');
    }
    expect(mail.subject).toBe('Restablecimos tu verificación en dos pasos');
    expect(mail.text).toContain('Ingresar: https://casaymanos.example/');
    expect(mail.html).toContain('Rosa &#60;b&#62;');
    expect(mail.html).not.toContain('Rosa <b>');
  });
});
