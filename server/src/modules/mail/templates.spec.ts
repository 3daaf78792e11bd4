import { resetPasswordEmail, verificationEmail } from './templates';

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
