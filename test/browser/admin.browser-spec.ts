import { text } from 'node:stream/consumers';
import { hash } from 'bcrypt';
import {
  ADMIN_CSV_HEADER,
  ADMIN_TEAM_MESSAGES,
  adminCsvFileName,
  formatPesos,
  SECOND_FACTOR_MESSAGES,
  secondFactorResetDone,
} from '@cym/common';
import { totpCode } from '../../server/src/modules/auth/second-factor';
import { createAccount, type TestAccount } from '../support/accounts';
import {
  eventually,
  openMenuIfNeeded,
  screenshot,
  submitLogin,
  useBrowser,
  VIEWPORTS,
  waitForShell,
  type Viewport,
} from '../support/browser';
import { addOffer, catalogIds, membershipTypeId, offerBody } from '../support/employer';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(180_000);

/**
 * An admin runs the marketplace from the browser: finds a worker by name, hides and shows the
 * profile, activates a bank-transfer membership, changes the membership price (the employer sees
 * it), exports the workers' CSV and opens the statistics.
 */
describe('admin back office in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  const signedIn = (account: TestAccount, landing: string, viewport: Viewport = VIEWPORTS.desktop) =>
    browser.signedInPage(t.baseUrl, account.email, landing, viewport);

  const workerVisible = async (profileId: number) =>
    (await t.dataSource.query(`SELECT profile_visibility FROM worker_profiles WHERE id = $1`, [profileId]))[0]
      .profile_visibility as boolean;

  it('finds, hides and shows a worker, activates a transfer, sets the price, exports and counts', async () => {
    const admin = await createAccount(t, 'admin');
    const worker = await createAccount(t, 'Worker');
    const other = await createAccount(t, 'Worker');
    const employer = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = 'Rosalía', last_name = 'Quispe' WHERE id = $1`, [
      worker.userId,
    ]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Marta', last_name = 'Gómez' WHERE id = $1`, [
      other.userId,
    ]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Pablo', last_name = 'Medina' WHERE id = $1`, [
      employer.userId,
    ]);
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    const typeId = await membershipTypeId(t);
    const transfer = await http(t)
      .post(`/api/parent-profile/${employer.profileId}/membership/${typeId}/create/`)
      .set(employer.auth)
      .send({ payment: { amount: 40000, payment_method: 'bank_transfer' } });
    expect(transfer.status).toBe(201);

    const page = await signedIn(admin, '/');

    // Find the worker by part of her name, case aside.
    await page.getByRole('link', { name: 'Trabajadores' }).first().click();
    await page.waitForURL(`${t.baseUrl}/admin/workers`);
    await page.getByRole('heading', { name: 'Perfiles' }).waitFor();
    // The list answers after the search box pauses: wait for that answer, not for a stale table.
    const listAnswer = (search: string | null) =>
      page.waitForResponse((r) => {
        const url = new URL(r.url());
        return (
          /\/api\/admin\/worker-profiles\/get-all\/?$/.test(url.pathname) && url.searchParams.get('search') === search
        );
      });
    await page.getByRole('rowheader', { name: 'Marta Gómez', exact: true }).waitFor();
    const searched = listAnswer('ROSAL');
    await page.getByLabel('Buscar por nombre').fill('ROSAL');
    await searched;
    await page.getByRole('rowheader', { name: 'Marta Gómez', exact: true }).waitFor({ state: 'detached' });
    const visible = page.getByRole('switch', { name: 'Perfil visible de Rosalía Quispe' });
    expect(await visible.isChecked()).toBe(true);

    // Hide, then show: the switch follows the server, and the public directory with it.
    // By the keyboard, the focus stays on the switch (not <body>), and the result is
    // said in the page's polite live region, there before it changes.
    const live = page.locator('.admin-live[role="status"]');
    expect(await live.count()).toBe(1);
    expect(await live.textContent()).toBe('');
    const liveBefore = await live.elementHandle();
    await visible.focus();
    await page.keyboard.press('Space');
    await eventually(() => workerVisible(worker.profileId!), false);
    await eventually(() => visible.isChecked(), false);
    await eventually(() => live.textContent(), 'El perfil de Rosalía Quispe quedó oculto.');
    const focusedSwitch = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    expect(await focusedSwitch()).toBe('Perfil visible de Rosalía Quispe');
    // The same region, its text changed (not a new one).
    expect(await liveBefore!.evaluate((el) => el.isConnected && el.textContent)).toBe(
      'El perfil de Rosalía Quispe quedó oculto.',
    );
    const publicList = await http(t).get('/api/workers/');
    expect(publicList.body.map((w: { id: number }) => w.id)).not.toContain(worker.profileId);
    await page.keyboard.press('Space');
    await eventually(() => workerVisible(worker.profileId!), true);
    await eventually(() => live.textContent(), 'El perfil de Rosalía Quispe ahora es visible.');
    expect(await focusedSwitch()).toBe('Perfil visible de Rosalía Quispe');

    // The CSV of what the search shows: header and her row, with the spec's defaults.
    const cleared = listAnswer(null);
    await page.getByLabel('Buscar por nombre').fill('');
    await cleared;
    await page.getByRole('rowheader', { name: 'Marta Gómez', exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar datos' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(adminCsvFileName('workers'));
    // Read through the connection: the run's one Chromium is a server, its files not ours.
    const csv = (await text(await download.createReadStream())).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(ADMIN_CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    const rosalia = lines.find((line) => line.includes('Rosalía Quispe'))!;
    expect(rosalia.split(',')).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      'Rosalía Quispe',
      worker.email,
      "'+54 9 11 5555-0000",
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    ]);
    await screenshot(page, 'desktop-admin-workers', { fullPage: false });

    // The employer's pending transfer: the admin sees the money and switches the membership on.
    await page.getByRole('link', { name: 'Empleadores' }).first().click();
    await page.getByRole('heading', { name: 'Empleadores' }).waitFor();
    const membership = page.getByRole('switch', { name: 'Membresía de Pablo Medina' });
    expect(await membership.isChecked()).toBe(false);
    await membership.click();
    await eventually(() => membership.isChecked(), true);
    const [payment] = await t.dataSource.query(`SELECT status FROM payments WHERE transaction_id = $1`, [
      transfer.body.transaction_id,
    ]);
    expect(payment.status).toBe('approved');
    await page.getByRole('button', { name: 'Ver membresía de Pablo Medina' }).click();
    const details = page.getByRole('dialog', { name: 'Detalle de membresía' });
    await details.getByText('Activa', { exact: true }).waitFor();
    await details.getByText(transfer.body.transaction_id).waitFor();
    await details.getByRole('button', { name: 'Cerrar' }).last().click();

    // A new price, which the employer's membership screen shows at once.
    await page.getByRole('link', { name: 'Pagos' }).first().click();
    await page.getByRole('heading', { name: 'Pagos' }).waitFor();
    await page.getByRole('cell', { name: transfer.body.transaction_id, exact: true }).waitFor();
    // The new price is said in the page's polite live region, there before it changes.
    const priceLive = page.locator('.admin-live[role="status"]');
    expect(await priceLive.textContent()).toBe('');
    await page.getByRole('button', { name: 'Valor membresía' }).click();
    const priceDialog = page.getByRole('dialog', { name: 'Valor de la membresía' });
    await priceDialog.getByText(formatPesos(40000)).first().waitFor();
    await priceDialog.getByLabel('Nuevo precio (pesos)').fill('0');
    await priceDialog.getByRole('button', { name: 'Guardar precio' }).click();
    await priceDialog.getByText('Ingresá un precio válido mayor a 0').waitFor();
    await priceDialog.getByLabel('Nuevo precio (pesos)').fill('45000');
    await priceDialog.getByRole('button', { name: 'Guardar precio' }).click();
    await priceDialog.waitFor({ state: 'hidden' });
    expect(await priceLive.textContent()).toBe(`Nuevo valor de la membresía: ${formatPesos(45000)}`);
    const employerPage = await signedIn(employer, '/user-account', VIEWPORTS.phone);
    await employerPage.goto(`${t.baseUrl}/memberships`);
    await employerPage.getByText(formatPesos(45000)).first().waitFor();

    // The figures: five cards and the 30-day chart.
    await page.getByRole('link', { name: 'Estadísticas' }).first().click();
    for (const label of ['Usuarios', 'Trabajadores', 'Empleadores', 'Ofertas laborales', 'Membresías activas'])
      await page.getByText(label, { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Últimos 30 días' }).waitFor();
    expect(await page.locator('svg[aria-labelledby]').count()).toBe(1);
    await screenshot(page, 'desktop-admin-stats', { fullPage: false });

    // The audit log kept every change: hide, show, membership, price.
    const audit = await t.dataSource.query(`SELECT action FROM admin_audit_log WHERE actor_id = $1 ORDER BY id`, [
      admin.userId,
    ]);
    expect(audit.map((row: { action: string }) => row.action)).toEqual([
      'user.visibility',
      'user.visibility',
      'membership.toggle',
      'membership_type.price',
    ]);
    browser.expectNoPageErrors();
  });

  it("edits the team's offers (never an employer's), searches by title and deletes", async () => {
    const admin = await createAccount(t, 'admin');
    const employer = await createAccount(t, 'Parent');
    const ids = await catalogIds(t);
    await addOffer(t, employer, ids, { title: 'Niñera de la familia' });
    const team = await http(t)
      .post('/api/admin/job-offers/add/')
      .set(admin.auth)
      .send(offerBody(ids, { title: 'Cocinera del equipo' }));
    expect(team.status).toBe(201);

    const page = await signedIn(admin, '/');
    await page.getByRole('link', { name: 'Empleos' }).first().click();
    await page.getByRole('heading', { name: 'Empleos' }).waitFor();
    await page.getByRole('button', { name: 'Editar la oferta Cocinera del equipo' }).waitFor();
    expect(await page.getByRole('button', { name: 'Editar la oferta Niñera de la familia' }).count()).toBe(0);

    // The team's offer through the same wizard, saved from its first step.
    await page.getByRole('button', { name: 'Editar la oferta Cocinera del equipo' }).click();
    await page.getByRole('heading', { name: 'Editar título de la oferta' }).waitFor();
    await page.getByLabel('Título', { exact: true }).fill('Cocinera con retiro');
    await page.getByRole('button', { name: 'Guardar y salir' }).click();
    await page.getByRole('button', { name: 'Editar la oferta Cocinera con retiro' }).waitFor();
    const [saved] = await t.dataSource.query(`SELECT title FROM job_offers WHERE id = $1`, [team.body.id]);
    expect(saved.title).toBe('Cocinera con retiro');

    // Search by part of the title, then delete after the confirmation.
    const searched = page.waitForResponse((r) => new URL(r.url()).searchParams.get('search') === 'niñera');
    await page.getByLabel('Buscar por título').fill('niñera');
    await searched;
    await page.getByRole('button', { name: 'Editar la oferta Cocinera con retiro' }).waitFor({ state: 'detached' });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Eliminar la oferta Niñera de la familia' }).click();
    await page.getByText('No se encontraron ofertas laborales.').waitFor();
    const left = await t.dataSource.query(`SELECT title FROM job_offers ORDER BY id`);
    expect(left).toEqual([{ title: 'Cocinera con retiro' }]);
    browser.expectNoPageErrors();
  });

  it('sends everyone else away from the admin pages, and shows the tables on a phone', async () => {
    const employer = await createAccount(t, 'Parent');
    const employerPage = await signedIn(employer, '/user-account', VIEWPORTS.phone);
    await employerPage.goto(`${t.baseUrl}/admin/workers`);
    await employerPage.waitForURL(`${t.baseUrl}/`);

    const admin = await createAccount(t, 'admin');
    const phone = await signedIn(admin, '/', VIEWPORTS.phone);
    await phone.goto(`${t.baseUrl}/admin/parents`);
    await phone.getByRole('heading', { name: 'Empleadores' }).waitFor();
    await phone.getByRole('button', { name: 'Descargar datos' }).waitFor();
    // The page never scrolls sideways; only the table does, inside its frame.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'phone-admin-parents', { fullPage: false });
    browser.expectNoPageErrors();
  });

  it("resets another admin's second factor from the team page, by the keyboard, on a phone", async () => {
    const admin = await createAccount(t, 'admin');
    const lost = await createAccount(t, 'admin');
    await t.dataSource.query(`UPDATE users SET first_name = 'Julia', last_name = 'Ríos' WHERE id = $1`, [admin.userId]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Lucía', last_name = 'Ferreyra' WHERE id = $1`, [
      lost.userId,
    ]);
    const enrolled = async () =>
      (await t.dataSource.query(`SELECT count(*)::int AS n FROM admin_totp WHERE user_id = $1`, [lost.userId]))[0]
        .n as number;

    const page = await signedIn(admin, '/', VIEWPORTS.phone);
    await openMenuIfNeeded(page);
    await page.getByRole('link', { name: 'Equipo' }).first().click();
    await page.waitForURL(`${t.baseUrl}/admin/equipo`);
    await page.getByRole('heading', { name: ADMIN_TEAM_MESSAGES.title }).waitFor();
    const card = (name: string) => page.locator('.team-member', { hasText: name });
    await card('Lucía Ferreyra').getByText(ADMIN_TEAM_MESSAGES.enrolled).waitFor();
    // Their own card says so, and has no reset (they use a recovery code).
    await card('Julia Ríos').getByText(ADMIN_TEAM_MESSAGES.you).waitFor();
    expect(await card('Julia Ríos').getByRole('button').count()).toBe(0);

    // Opened by the keyboard, the confirmation starts on 'Cancelar'; Escape changes nothing.
    const resetButton = page.getByRole('button', { name: `${ADMIN_TEAM_MESSAGES.resetButton} de Lucía Ferreyra` });
    await resetButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: ADMIN_TEAM_MESSAGES.confirmTitle });
    await dialog.getByText(/cerrar todas sus sesiones/).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe(ADMIN_TEAM_MESSAGES.cancel);
    await screenshot(page, 'phone-admin-team-reset-confirm', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await resetButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await enrolled()).toBe(1);

    // Confirmed: said in the live region, the card shows no second factor, the server agrees.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(ADMIN_TEAM_MESSAGES.confirmAction);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await eventually(
      () => page.locator('.admin-live[role="status"]').textContent(),
      secondFactorResetDone('Lucía Ferreyra'),
    );
    await card('Lucía Ferreyra').getByText(ADMIN_TEAM_MESSAGES.notEnrolled).waitFor();
    expect(await enrolled()).toBe(0);
    await http(t).get('/api/user/get-data/').set(lost.auth).expect(401);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-admin-team-reset-done', { fullPage: false });
    browser.expectNoPageErrors();
  });

  it('enrols a new admin at the first login, then asks the app or a recovery code, on a phone', async () => {
    const email = 'nueva.admin@example.com';
    await t.dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, is_admin, email_verified_at)
       VALUES ($1, $2, 'Equipo', 'Nueva', true, now())`,
      [email, await hash('clave1234', 4)],
    );
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(t.baseUrl + '/');
    await waitForShell(page);
    await submitLogin(page, email, 'clave1234');
    const dialog = page.getByRole('dialog', { name: 'Ingresar' });

    // First login: the app to add, as a QR code or the key written out, then a first code.
    await dialog.getByText('Activá la verificación en dos pasos').waitFor();
    await dialog.getByRole('img', { name: /Código QR/ }).waitFor();
    const first = dialog.getByLabel('Código de la app');
    expect(await first.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await first.getAttribute('inputmode')).toBe('numeric');
    expect(await first.getAttribute('autocomplete')).toBe('one-time-code');
    await screenshot(page, 'phone-admin-second-factor-enrol', { fullPage: false });
    const secret = (await dialog.locator('.second-factor__secret code').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await dialog.getByText(SECOND_FACTOR_MESSAGES.wrongCode).waitFor();
    await first.fill(totpCode(secret, new Date()));
    await page.keyboard.press('Enter');

    // The ten recovery codes, shown once; going on needs saying they were kept.
    await dialog.getByText(/Copiá o descargá estos códigos/).waitFor();
    const codes = await dialog.locator('.second-factor__codes code').allInnerTexts();
    expect(codes).toHaveLength(10);
    await screenshot(page, 'phone-admin-second-factor-codes', { fullPage: false });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar códigos' }).click();
    expect((await download).suggestedFilename()).toBe('casa-y-manos-codigos-de-recuperacion.txt');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByText('Marcá que guardaste los códigos para continuar.').waitFor();
    await dialog.getByLabel('Guardé mis códigos de recuperación').focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await openMenuIfNeeded(page);
    await page.getByRole('link', { name: 'Estadísticas' }).first().waitFor();

    // The next login asks for the app's code; a recovery code does instead, once.
    const again = await browser.newPage(VIEWPORTS.phone);
    await again.goto(t.baseUrl + '/');
    await waitForShell(again);
    await submitLogin(again, email, 'clave1234');
    const next = again.getByRole('dialog', { name: 'Ingresar' });
    const code = next.getByLabel('Código de verificación');
    await code.waitFor();
    expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await screenshot(again, 'phone-admin-second-factor-code', { fullPage: false });
    await next.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    const recovery = next.getByLabel('Código de recuperación');
    expect(await recovery.evaluate((input) => input === document.activeElement)).toBe(true);
    await again.keyboard.type(codes[0]!);
    await again.keyboard.press('Enter');
    await next.waitFor({ state: 'hidden' });
    await again.waitForURL(`${t.baseUrl}/`);
    const [{ left }] = await t.dataSource.query(
      `SELECT cardinality(recovery_codes) AS left FROM admin_totp t JOIN users u ON u.id = t.user_id WHERE u.email = $1`,
      [email],
    );
    expect(left).toBe(9);
    browser.expectNoPageErrors();
  });
});
