import type { Page } from 'playwright-core';
import { JOB_OFFER_MESSAGES, PAYMENT_MESSAGES, PHONE_MESSAGES } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { createAccount, type TestAccount } from '../support/accounts';
import { addOffer, catalogIds, createPreference, insertMembership } from '../support/employer';
import {
  logIn,
  openMenuIfNeeded,
  screenshot,
  submitLogin,
  useBrowser,
  VIEWPORTS,
  waitForShell,
  type Viewport,
} from '../support/browser';
import { http } from '../support/http';
import { TestSmtpServer } from '../support/smtp';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

const PUBLIC_URL = 'http://cym.test';

/**
 * The employer's whole road on the built-in sandbox provider: sign-up, e-mail verification, an
 * offer made in the nine-step wizard (hidden without membership), a payment in the sandbox
 * checkout, 'Pago Exitoso', and the offer listed on /job-offers.
 */
describe('employer from sign-up to a paid membership in Chromium', () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true });
  const smtp = new TestSmtpServer();
  const t = useTestApp({ MAIL_POLL_MS: '100', PUBLIC_URL }, { listen: true, smtp });
  let page: Page;
  afterEach(() => jest.restoreAllMocks());

  /**
   * A page whose requests to PUBLIC_URL (where absolute links such as the checkout's init_point
   * point) are sent to the test server instead.
   */
  async function newPage(viewport: Viewport): Promise<Page> {
    const created = await browser.newPage(viewport);
    await created
      .context()
      .route(`${PUBLIC_URL}/**`, (route) =>
        route.fulfill({ status: 302, headers: { location: route.request().url().replace(PUBLIC_URL, t.baseUrl) } }),
      );
    return created;
  }

  /** Signs in through the login dialog. */
  const signIn = (account: TestAccount, landing = '/user-account') =>
    logIn(page, t.baseUrl, account.email, 'clave1234', landing);

  async function publicOfferTitles(): Promise<string[]> {
    const res = await http(t).get('/api/job-offers/').query({ page: 1, page_size: 100 });
    return (res.body.results as { title: string }[]).map((offer) => offer.title);
  }

  it('signs up, publishes an offer, pays in the sandbox and sees the offer listed', async () => {
    page = await newPage(VIEWPORTS.phone);
    const email = 'marta.empleadora@example.com';

    await page.goto(t.baseUrl + '/');
    await waitForShell(page);
    await openMenuIfNeeded(page);
    await page.getByRole('button', { name: 'Registrarme' }).click();
    const signUp = page.getByRole('dialog', { name: 'Crear cuenta' });
    await signUp.getByText('Soy Empleador').click();
    await signUp.getByLabel('Nombre').fill('Marta');
    await signUp.getByLabel('Apellido').fill('Gómez');
    await signUp.getByLabel('Correo electrónico').fill(email);
    await signUp.getByLabel('Teléfono (solo números)').fill('1155551234');
    await signUp.getByLabel('Contraseña', { exact: true }).fill('clave1234');
    await signUp.getByLabel('Repetí la contraseña').fill('clave1234');
    await signUp.getByLabel('Acepto los términos y condiciones').check();
    await signUp.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByRole('dialog', { name: 'Revisá tu correo' }).waitFor();
    await page.getByRole('button', { name: 'Entendido' }).click();

    const mail = await smtp.waitFor(email, '/email-verification/');
    const link = TestSmtpServer.link(mail, `${PUBLIC_URL}/email-verification/`).replace(PUBLIC_URL, t.baseUrl);
    await page.goto(link);
    await page.getByRole('link', { name: 'Comenzar registro' }).click();
    await page.waitForURL(`${t.baseUrl}/user-account?onboarding=true`);

    // onboarding=true opens the offer wizard; the required steps hold the person back.
    const step = (n: number) => page.getByText(`Paso ${n}/9`).waitFor();
    const next = () => page.getByRole('button', { name: 'Continuar' }).click();
    await step(1);
    await page.getByText(JOB_OFFER_MESSAGES.stepRequired).first().waitFor();
    await next();
    await page.getByText(JOB_OFFER_MESSAGES.titleRequired).waitFor();
    await page.getByLabel('Título', { exact: true }).fill('Niñera para dos chicos');
    await next();
    await step(2);
    await next();
    await page.getByText(JOB_OFFER_MESSAGES.servicesRequired).waitFor();
    await page.getByText('Niñera/o').click();
    await next();
    await step(3);
    await page.getByLabel('Provincia').selectOption({ label: 'Ciudad Autónoma de Buenos Aires' });
    await page.getByLabel('Partido / localidad').selectOption({ label: 'Comuna 14' });
    await next();
    await page.getByText(JOB_OFFER_MESSAGES.locationRequired).waitFor();
    await page.getByLabel('Barrio').fill('Palermo');
    await next();
    await step(4);
    await page.getByText('Con retiro (por horas)').click();
    await next();
    await step(5);
    await next();
    await step(6);
    await page.getByText('Cuidado de niños').click();
    await next();
    await step(7);
    await page
      .getByLabel('Presentación', { exact: true })
      .fill('Somos una familia de Palermo con dos chicos de 4 y 7 años.');
    await next();
    await step(8);
    await page.getByRole('button', { name: 'Lunes (todo el día)' }).click();
    await next();
    await step(9);
    await page.getByLabel('Sueldo mensual en pesos').fill('650000');
    await screenshot(page, 'phone-offer-wizard-price', { fullPage: false });
    await page.getByRole('button', { name: 'Crear oferta' }).click();

    // Back on the account: the offer exists but is hidden without a membership.
    await page.waitForURL(`${t.baseUrl}/user-account`);
    await page.getByRole('heading', { name: 'Niñera para dos chicos' }).waitFor();
    await page.getByText('Tus ofertas laborales están ocultas').waitFor();
    await page.getByText('Sin membresía').waitFor();
    const toggle = page.getByRole('switch', { name: 'Mostrar la oferta Niñera para dos chicos' });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await publicOfferTitles()).not.toContain('Niñera para dos chicos');
    await screenshot(page, 'phone-employer-account-hidden');

    // The membership modal → the sandbox checkout → approve.
    await page.getByRole('button', { name: 'Activar membresía' }).click();
    const modal = page.getByRole('dialog', { name: 'Información de Membresía' });
    await modal.getByText('(50% OFF promo del mes)').waitFor();
    await modal.getByText('$ 80.000').waitFor();
    await modal.getByText('$ 40.000').waitFor();
    await screenshot(page, 'phone-membership-modal', { fullPage: false });
    await modal.getByRole('button', { name: 'PAGAR CON MERCADOPAGO' }).click();
    await page.getByRole('heading', { name: /Membresía Casa y Manos/ }).waitFor();
    await page.getByText('Modo de prueba.').waitFor();
    await page.getByRole('button', { name: 'Aprobar pago' }).click();

    await page.waitForURL(/\/payment\/success\?/);
    await page.getByRole('heading', { name: 'Pago Exitoso' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'phone-payment-success', { fullPage: false });

    // The offer is public now, and the account says so.
    await page.goto(t.baseUrl + '/job-offers');
    await page.getByRole('heading', { name: 'Niñera para dos chicos' }).waitFor();
    // The page came drawn by the server: its session refresh, which rotates the tokens, runs after
    // hydration; leaving before it ends would leave the rotated-away token stored (a reuse).
    await page.waitForLoadState('networkidle');
    await page.goto(t.baseUrl + '/user-account');
    await page.getByText('Activa', { exact: true }).waitFor();
    await page.getByText('Visible', { exact: true }).first().waitFor();
    expect(await page.getByText('Tus ofertas laborales están ocultas').count()).toBe(0);
    expect(await toggle.isDisabled()).toBe(false);
    await screenshot(page, 'phone-employer-account-active');

    // Hiding the offer takes it off the public list.
    await toggle.click();
    await page.getByText('Oculta', { exact: true }).first().waitFor();
    expect(await publicOfferTitles()).not.toContain('Niñera para dos chicos');
  });

  it('shows a rejected sandbox payment as not completed, and grants nothing', async () => {
    const employer = await createAccount(t, 'Parent');
    page = await newPage(VIEWPORTS.desktop);
    await signIn(employer);

    await page.goto(t.baseUrl + '/memberships');
    await page.getByRole('heading', { name: 'Membresía para empleadores' }).waitFor();
    await screenshot(page, 'desktop-memberships');
    await page.getByRole('button', { name: 'PAGAR CON MERCADOPAGO' }).click();
    await page.getByRole('button', { name: 'Rechazar pago' }).click();
    await page.waitForURL(/\/payment\/failure\?/);
    await page.getByRole('heading', { name: 'Pago Cancelado' }).waitFor();
    await page.getByText(PAYMENT_MESSAGES.notCompleted).waitFor();

    const memberships = await http(t)
      .get(`/api/parent-profile/${employer.profileId}/membership/get/`)
      .set(employer.auth);
    expect(memberships.body).toEqual([]);
  });

  it('asks an employer without a phone for one, and pays by bank transfer', async () => {
    const employer = await createAccount(t, 'Parent', 'clave1234', null);
    page = await newPage(VIEWPORTS.phone);
    await page.goto(t.baseUrl + '/');
    await waitForShell(page);
    await submitLogin(page, employer.email, 'clave1234');

    const popup = page.getByRole('dialog', { name: 'Información requerida' });
    await popup.waitFor();
    // Blocking: no close button, and Escape (twice: Chromium closes on the second) leaves it open.
    expect(await popup.getByRole('button', { name: 'Cerrar' }).count()).toBe(0);
    await popup.getByLabel('Teléfono').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    expect(await popup.isVisible()).toBe(true);
    await popup.getByLabel('Teléfono').fill('12345678');
    await popup.getByRole('button', { name: 'Guardar teléfono' }).click();
    await popup.getByText(PHONE_MESSAGES.notMobile).waitFor();
    await popup.getByLabel('Teléfono').fill('11111111');
    await popup.getByRole('button', { name: 'Guardar teléfono' }).click();
    await popup.getByText(PHONE_MESSAGES.allSame).waitFor();
    await popup.getByLabel('Teléfono').fill(' 1155559876 ');
    // A successful save reloads the page.
    const reloaded = page.waitForEvent('load');
    await popup.getByRole('button', { name: 'Guardar teléfono' }).click();
    await reloaded;
    await page.getByText(employer.email).waitFor();
    expect(await page.getByRole('dialog', { name: 'Información requerida' }).count()).toBe(0);
    const saved = await http(t).get('/api/user/get-data/').set(employer.auth);
    // Stored in E.164, shown as people read it.
    expect(saved.body.phone).toBe('+5491155559876');

    await page.goto(t.baseUrl + '/membership-type/bank-transfer/payment');
    await page.getByText('$ 40.000').waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('heading', { name: 'Resumen de tu membresía' }).waitFor();
    await page.getByText(/^TRF-\d{6}$/).waitFor();
    // At 390 px every value of the summary stays on one line and on the screen.
    const values = await page.locator('.details dd').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        return { text: cell.textContent, lines, right: cell.getBoundingClientRect().right };
      }),
    );
    expect(values.length).toBe(5);
    for (const value of values) expect(value).toEqual({ text: value.text, lines: 1, right: expect.any(Number) });
    expect(Math.max(...values.map((value) => value.right))).toBeLessThanOrEqual(390);
    await screenshot(page, 'phone-bank-transfer-summary');
    const reference = (await page.getByText(/^TRF-\d{6}$/).textContent())!;
    await page.getByRole('link', { name: 'Ver mi cuenta' }).click();
    await page.getByText('(transferencia por acreditar)').waitFor();
    await smtp.waitFor(employer.email, 'TRF-');

    // The account shows the pending transfer with its reference and the bank details, not
    // 'Activar membresía'; paying by card is still there and says the transfer is pending.
    const banner = page.getByRole('status').filter({ hasText: 'Tu transferencia está pendiente de aprobación' });
    await banner.getByText(reference, { exact: true }).first().waitFor();
    await banner.getByText('Alias').waitFor();
    expect(await page.getByRole('button', { name: 'Activar membresía' }).count()).toBe(0);
    expect(await page.getByText('Tus ofertas laborales están ocultas').count()).toBe(0);
    expect(await page.locator('.membership-state').first().textContent()).toBe('Pendiente');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    // Alias, CBU and reference are copied whole: each on one line, inside the banner.
    const lines = await page.evaluate(() => {
      const bank = document.querySelector('.transfer-pending__bank')!.getBoundingClientRect();
      return [...document.querySelectorAll('.transfer-pending__bank dd.value')].map((dd) => {
        const range = document.createRange();
        range.selectNodeContents(dd);
        const box = range.getBoundingClientRect();
        return { text: dd.textContent, lines: range.getClientRects().length, inside: box.right <= bank.right + 0.5 };
      });
    });
    expect(lines.length).toBe(3);
    for (const line of lines) expect(line).toEqual({ text: line.text, lines: 1, inside: true });
    await screenshot(page, 'phone-employer-account-transfer-pending');
    await banner.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    const modal = page.getByRole('dialog', { name: 'Información de Membresía' });
    await modal.getByText(`Tu transferencia ${reference} está pendiente de aprobación`).waitFor();
    await modal.getByRole('button', { name: 'PAGAR CON MERCADOPAGO' }).waitFor();
    await screenshot(page, 'phone-membership-modal-transfer-pending', { fullPage: false });
    await page.goto(t.baseUrl + '/memberships');
    await page.getByText(`Tu transferencia ${reference} está pendiente de aprobación`).waitFor();
    await page.getByRole('button', { name: 'PAGAR CON MERCADOPAGO' }).waitFor();
    await screenshot(page, 'phone-memberships-transfer-pending');
  });

  it('sends every click back to the same open checkout; the team sees Vencido and the provider id', async () => {
    const employer = await createAccount(t, 'Parent');
    page = await newPage(VIEWPORTS.phone);
    await signIn(employer);

    await page.goto(t.baseUrl + '/memberships');
    await page.getByRole('button', { name: 'PAGAR CON MERCADOPAGO' }).click();
    await page.getByRole('button', { name: 'Aprobar pago' }).waitFor();
    // The checkout's address is PUBLIC_URL + the sandbox path (the route sends it to the test server).
    const firstCheckout = page.url();
    expect(firstCheckout).toMatch(/\/api\/payments\/sandbox\/checkout\/sbx-[0-9a-f]{24}\/$/);
    await page.goBack();
    await page.getByRole('button', { name: 'PAGAR CON MERCADOPAGO' }).click();
    await page.getByRole('button', { name: 'Aprobar pago' }).waitFor();
    expect(page.url()).toBe(firstCheckout);
    const rows = async (profileId: number) =>
      (await t.dataSource.query(`SELECT id FROM payments WHERE parent_profile_id = $1`, [profileId])) as {
        id: number;
      }[];
    expect(await rows(employer.profileId!)).toHaveLength(1);
    await page.getByRole('button', { name: 'Rechazar pago' }).click();
    await page.waitForURL(/\/payment\/failure\?/);
    const providerId = new URL(page.url()).searchParams.get('payment_id')!;

    // Another employer opens a checkout and never comes back.
    const abandoned = await createAccount(t, 'Parent');
    await createPreference(t, abandoned);
    const [{ name: abandonedName }] = await t.dataSource.query(
      `SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`,
      [abandoned.userId],
    );
    const admin = await createAccount(t, 'admin');
    await page.context().close();
    page = await newPage(VIEWPORTS.phone);
    // A day and an hour later (the admin logs in then: an admin's session lasts 12 hours), the
    // abandoned checkout reads as Vencido.
    const at = Date.now() + 25 * 3600_000;
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(at));
    await signIn(admin, '/');
    await page.goto(t.baseUrl + '/admin/payments');
    const search = page.getByLabel('Buscar por empleador o ID de transacción');
    await search.fill(providerId);
    const rejectedRow = page.getByRole('row').filter({ hasText: providerId });
    await rejectedRow.getByText('Rechazado').waitFor();
    await search.fill(abandonedName);
    const abandonedRow = page.getByRole('row').filter({ hasText: abandonedName });
    await abandonedRow.getByText('Vencido').waitFor();
    await screenshot(page, 'phone-admin-payments-expired');
    await search.fill('');
    await page.getByText('Vencido').first().waitFor();
    await screenshot(page, 'phone-admin-payments');
  });

  it('labels a renewal Programada until it starts', async () => {
    const employer = await createAccount(t, 'Parent');
    const day = 86_400_000;
    const start = new Date(Date.now() - 2 * day);
    await insertMembership(t, employer.profileId!, { start, end: new Date(start.getTime() + 30 * day) });
    await insertMembership(t, employer.profileId!, {
      start: new Date(start.getTime() + 30 * day),
      end: new Date(start.getTime() + 60 * day),
    });
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      page = await newPage(viewport);
      await signIn(employer);
      await page.locator('.membership-state').nth(1).waitFor();
      const states = await page.locator('.membership-state').allTextContents();
      expect(states.sort()).toEqual(['Activa', 'Programada']);
      await page.getByText(/\(empieza el \d{2}\/\d{2}\/\d{4}\)/).waitFor();
      await screenshot(page, `${viewport === VIEWPORTS.phone ? 'phone' : 'desktop'}-employer-account-scheduled`);
      await page.context().close();
    }
  });

  it('edits an offer in the wizard, stops at two offers and deletes one (desktop)', async () => {
    const employer = await createAccount(t, 'Parent');
    const ids = await catalogIds(t);
    await insertMembership(t, employer.profileId!);
    await addOffer(t, employer, ids, { title: 'Cocinera de lunes a viernes' });
    await addOffer(t, employer, ids, { title: 'Limpieza profunda semanal' });
    page = await newPage(VIEWPORTS.desktop);
    await signIn(employer);

    // Two offers: the add button is disabled with the spec's tooltip, label and warning.
    const full = page.getByRole('button', { name: JOB_OFFER_MESSAGES.limitLabel });
    await full.waitFor();
    expect(await full.isDisabled()).toBe(true);
    expect(await full.getAttribute('title')).toBe(JOB_OFFER_MESSAGES.limitTooltip);
    await page.getByText('Ya tenés el máximo de 2 ofertas laborales').waitFor();
    await screenshot(page, 'desktop-employer-account-full');

    // Edit the first: its heading, a cleared title held back, 'Guardar y salir'.
    const offer = page.locator('.own-offer', { hasText: 'Cocinera de lunes a viernes' });
    await offer.getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar título de la oferta' }).waitFor();
    expect(await page.getByLabel('Título', { exact: true }).inputValue()).toBe('Cocinera de lunes a viernes');
    await page.getByLabel('Título', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Guardar y salir' }).click();
    await page.getByText(JOB_OFFER_MESSAGES.titleRequired).waitFor();
    await page.getByLabel('Título', { exact: true }).fill('Cocinera con retiro');
    await page.getByRole('button', { name: 'Guardar y salir' }).click();
    await page.getByRole('heading', { name: 'Cocinera con retiro' }).waitFor();
    const detail = await http(t).get('/api/job-offers/').query({ page: 1 });
    expect((detail.body.results as { title: string }[]).map((o) => o.title)).toContain('Cocinera con retiro');

    // Delete the second after the spec's confirmation: the add button comes back.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(JOB_OFFER_MESSAGES.deleteConfirm);
      void dialog.accept();
    });
    await page
      .locator('.own-offer', { hasText: 'Limpieza profunda semanal' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await page.getByRole('button', { name: 'Agregar oferta laboral' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Limpieza profunda semanal' }).count()).toBe(0);
  });
});
