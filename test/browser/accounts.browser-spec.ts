import type { Page } from 'playwright-core';
import { AUTH_MESSAGES } from '@cym/common';
import {
  finishLogin,
  openMenuIfNeeded,
  screenshot,
  submitLogin,
  useBrowser,
  VIEWPORTS,
  waitForShell,
} from '../support/browser';
import { TestSmtpServer } from '../support/smtp';
import { useTestApp } from '../support/test-app';
import { enrolAdmin } from '../support/totp';

jest.setTimeout(90_000);

const PUBLIC_URL = 'http://casaymanos.test';

describe('accounts in Chromium', () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true });
  const smtp = new TestSmtpServer();
  const t = useTestApp({ MAIL_POLL_MS: '100', PUBLIC_URL }, { listen: true, smtp });
  let page: Page;
  beforeEach(async () => {
    page = await browser.newPage(VIEWPORTS.phone);
  });

  /** The e-mailed link, pointed at this test server (PUBLIC_URL is fixed before it listens). */
  async function linkFromEmail(to: string, path: string): Promise<string> {
    const mail = await smtp.waitFor(to, path);
    return TestSmtpServer.link(mail, `${PUBLIC_URL}${path}`).replace(PUBLIC_URL, t.baseUrl);
  }

  for (const [label, choice, email] of [
    ['worker', 'Soy Trabajador', 'juana.trabajadora@example.com'],
    ['employer', 'Soy Empleador', 'pablo.empleador@example.com'],
  ] as const) {
    it(`takes a ${label} from sign-up to a reset password and back in`, async () => {
      await page.goto(t.baseUrl + '/');
      await waitForShell(page);
      await openMenuIfNeeded(page);
      await page.getByRole('button', { name: 'Registrarme' }).click();
      const signUp = page.getByRole('dialog', { name: 'Crear cuenta' });

      // The spec's messages, in its order.
      await signUp.getByRole('button', { name: 'Crear cuenta' }).click();
      await signUp.getByText(AUTH_MESSAGES.required).waitFor();
      await signUp.getByText(choice).click();
      await signUp.getByLabel('Nombre').fill('Juana');
      await signUp.getByLabel('Apellido').fill('Pérez');
      await signUp.getByLabel('Correo electrónico').fill(email.toUpperCase());
      await signUp.getByLabel('Teléfono (solo números)').fill('1155550000');
      await signUp.getByLabel('Contraseña', { exact: true }).fill('clave1234');
      await signUp.getByLabel('Repetí la contraseña').fill('otra1234');
      await signUp.getByRole('button', { name: 'Crear cuenta' }).click();
      await signUp.getByText(AUTH_MESSAGES.passwordsDiffer).waitFor();
      await signUp.getByLabel('Repetí la contraseña').fill('clave1234');
      await signUp.getByRole('button', { name: 'Crear cuenta' }).click();
      await signUp.getByText(AUTH_MESSAGES.termsRequired).waitFor();
      await signUp.getByLabel('Acepto los términos y condiciones').check();
      await screenshot(page, `phone-sign-up-${label}`, { fullPage: false });
      await signUp.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.getByRole('dialog', { name: 'Revisá tu correo' }).waitFor();
      await page.getByRole('button', { name: 'Entendido' }).click();

      // The e-mail's link verifies and signs in.
      await page.goto(await linkFromEmail(email, '/email-verification/'));
      await page.getByRole('link', { name: 'Comenzar registro' }).click();
      await page.waitForURL(`${t.baseUrl}/user-account?onboarding=true`);
      await page.getByRole('heading', { level: 1, name: 'Mi perfil' }).waitFor();
      if (label === 'worker') {
        // Workers start the nine-step onboarding.
        await page.getByText('Paso 1/9').waitFor();
      } else {
        // Employers start the nine-step offer wizard; leaving it (step 1's one exit) shows the account.
        await page.getByText('Paso 1/9').waitFor();
        await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
        await page.waitForURL(`${t.baseUrl}/user-account`);
        await page.getByText(email).waitFor();
        await page.getByText('Tus ofertas laborales están ocultas').waitFor();
      }
      expect(await page.evaluate(() => localStorage.getItem('authTokens'))).toContain('refresh');

      // Log out: tokens gone, back home.
      await openMenuIfNeeded(page);
      await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
      await page.waitForURL(`${t.baseUrl}/`);
      await waitForShell(page);
      expect(await page.evaluate(() => localStorage.getItem('authTokens'))).toBeNull();

      // Wrong password, then the right one: to /user-account.
      await submitLogin(page, email, 'mala12345');
      await page.getByText(AUTH_MESSAGES.wrongPassword).waitFor();
      await page.getByRole('dialog', { name: 'Ingresar' }).getByLabel('Contraseña').fill('clave1234');
      await page.getByRole('dialog', { name: 'Ingresar' }).getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL(`${t.baseUrl}/user-account`);
      // The one on screen: a worker's page also holds the print-only CV, which shows the e-mail.
      await page.getByText(email).filter({ visible: true }).waitFor();
      if (label === 'worker') await page.getByText('Tu perfil no está visible').waitFor();
      await openMenuIfNeeded(page);
      await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
      await page.waitForURL(`${t.baseUrl}/`);
      await waitForShell(page);

      // Forgot password → e-mail → reset page → redirect home after 4 s → new password works.
      await submitLogin(page, email, 'no-la-recuerdo1');
      await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
      const forgot = page.getByRole('dialog', { name: 'Recuperar contraseña' });
      await forgot.getByLabel('Correo electrónico').fill(email);
      await forgot.getByRole('button', { name: 'Enviar' }).click();
      await forgot.getByRole('button', { name: 'Email enviado' }).waitFor();
      expect(await forgot.getByRole('button', { name: 'Email enviado' }).isDisabled()).toBe(true);

      const resetLink = await linkFromEmail(email, '/reset/');
      await page.goto(resetLink);
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('nueva1234');
      await page.getByLabel('Repetí la nueva contraseña').fill('nueva12345');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByText(AUTH_MESSAGES.resetPasswordsDiffer, { exact: true }).waitFor();
      await page.getByLabel('Repetí la nueva contraseña').fill('nueva1234');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByText(AUTH_MESSAGES.resetDone, { exact: false }).waitFor();
      await page.waitForURL(`${t.baseUrl}/`, { timeout: 8000 });

      // The used link now says 'Token no válido'.
      await page.goto(resetLink);
      await page.getByText(AUTH_MESSAGES.tokenInvalid).waitFor();

      await page.goto(t.baseUrl + '/');
      await waitForShell(page);
      await submitLogin(page, email, 'nueva1234');
      await page.waitForURL(`${t.baseUrl}/user-account`);
      await page.getByText(email).filter({ visible: true }).waitFor();
    });
  }

  it('sends anonymous visitors from /user-account to / with the login open, and keeps admins on / after login', async () => {
    await page.goto(t.baseUrl + '/user-account');
    await page.waitForURL(`${t.baseUrl}/`);
    // The login opens at once; closed, the admin logs in from the navbar.
    await page.getByRole('dialog', { name: 'Ingresar' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Ingresar' }).waitFor({ state: 'hidden' });
    const { hash } = await import('bcrypt');
    const [admin] = await t.dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, is_admin, email_verified_at)
       VALUES ('admin@example.com', $1, 'Equipo', 'Admin', true, now()) RETURNING id`,
      [await hash('admin1234', 4)],
    );
    await enrolAdmin(t, admin.id);
    await waitForShell(page);
    await submitLogin(page, 'admin@example.com', 'admin1234');
    // The admin's second step: the code of the authenticator app.
    await finishLogin(page, 'admin@example.com');
    // The phone menu closed when the dialog opened from it: the admin's links are inside it.
    await openMenuIfNeeded(page);
    await page.getByRole('link', { name: 'Estadísticas' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
