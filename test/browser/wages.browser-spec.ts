import { JOB_OFFER_MESSAGES } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { createAccount, type TestAccount } from '../support/accounts';
import { openMenuIfNeeded, screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { completeWorkerProfile } from '../support/admin';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(180_000);

const WARNING = 'El sueldo ofrecido está por debajo del mínimo legal vigente para esta categoría: $ 441.806,54';

/**
 * The legal minimum wage in Chromium at 390 × 844: an employer offers less than the minimum in the
 * wizard, sees the exact warning, and still publishes (the offer's page warns too); an admin opens
 * /admin/salarios, reads the scale in force and adds the next one.
 */
describe('legal minimum wage in Chromium', () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true });
  const t = useTestApp({}, { listen: true });
  let employer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    admin = await createAccount(t, 'admin');
  });
  afterEach(() => jest.restoreAllMocks());

  it('warns an employer below the minimum without blocking, and the offer page says it too', async () => {
    const page = await browser.signedInPage(t.baseUrl, employer.email, '/user-account', VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Agregar oferta laboral' }).click();
    const step = (n: number) => page.getByText(`Paso ${n}/9`).waitFor();
    const next = () => page.getByRole('button', { name: 'Continuar' }).click();
    await step(1);
    await page.getByLabel('Título', { exact: true }).fill('Niñera por la tarde');
    await next();
    await step(2);
    await page.getByText('Niñera/o').click();
    await next();
    await step(3);
    await page.getByLabel('Provincia').selectOption({ label: 'Ciudad Autónoma de Buenos Aires' });
    await page.getByLabel('Partido / localidad').selectOption({ label: 'Comuna 14' });
    await page.getByLabel('Barrio').fill('Palermo');
    await next();
    await step(4);
    await page.getByText('Con retiro (por horas)').click();
    await next();
    await step(5);
    await next();
    await step(6);
    await next();
    await step(7);
    await page.getByLabel('Presentación', { exact: true }).fill('Buscamos a alguien con paciencia para dos chicos.');
    await next();
    await step(8);
    await next();
    await step(9);
    await page.getByText('Mínimo legal vigente: $ 441.806,54').waitFor();
    await page.getByText('Categoría 4: Asistencia y cuidado de personas, con retiro.').waitFor();
    // No shift chosen on step 8: the full month, and the page says so.
    await page.getByText('Mínimo mensual completo: la oferta no indica turnos (cada turno cuenta 4 h).').waitFor();
    expect(await page.getByText(WARNING).count()).toBe(0);
    await page.getByLabel('Sueldo mensual en pesos').fill('400000');
    await page.getByText(WARNING, { exact: true }).waitFor();
    await screenshot(page, 'phone-offer-wizard-legal-minimum', { fullPage: false });
    expect(await page.getByText(JOB_OFFER_MESSAGES.stepRequired).count()).toBe(0);

    // The warning does not block: the offer is created and listed.
    await page.getByRole('button', { name: 'Crear oferta' }).click();
    await page.getByRole('heading', { name: 'Niñera por la tarde' }).waitFor();
    const [offer] = await t.dataSource.query(`SELECT id, monthly_price FROM job_offers WHERE title = $1`, [
      'Niñera por la tarde',
    ]);
    expect(offer.monthly_price).toBe(400000);

    // Its public page (drawn by the server) shows the minimum and the same warning.
    const html = (await http(t).get(`/job-offer/${offer.id}`).expect(200)).text;
    expect(html).toContain('Mínimo legal vigente: <span class="value">$ 441.806,54</span>');
    expect(html).toContain(WARNING);
    await page.goto(`${t.baseUrl}/job-offer/${offer.id}`);
    await page.getByRole('heading', { name: 'Sueldo mensual' }).waitFor();
    await page.getByText('Mínimo legal vigente: $ 441.806,54').waitFor();
    await page.getByText(WARNING, { exact: true }).waitFor();
    await page.getByText(WARNING, { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-job-offer-legal-minimum', { fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('lets an admin read the scale in force and add the next one on a phone', async () => {
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date('2026-02-15T15:00:00Z'));
    const page = await browser.signedInPage(t.baseUrl, admin.email, '/', VIEWPORTS.phone);
    await openMenuIfNeeded(page);
    await page.getByRole('link', { name: 'Salarios' }).first().click();
    await page.getByRole('heading', { name: 'Salarios mínimos de casas particulares' }).waitFor();
    const current = page.locator('section', { has: page.getByRole('heading', { name: 'Escala vigente' }) });
    await current.getByText('Desde 01/01/2026').waitFor();
    const caseros = current.getByRole('row', { name: /3\. Caseros/ });
    await caseros.getByText('$ 3.494,25').waitFor();
    await caseros.getByText('$ 441.806,54').waitFor();
    await screenshot(page, 'phone-admin-wages', { fullPage: false });

    // A new scale from March: the January values, the monthly of category 5 con retiro raised.
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Nueva escala' }) });
    await form.getByRole('button', { name: 'Guardar escala' }).click();
    await form.getByText('Ingresá una fecha de vigencia válida.').waitFor();
    await form.getByLabel('Vigente desde').fill('2026-03-01');
    await form.getByLabel('Fuente').fill('CNTCP, escala de marzo de 2026 (prueba)');
    await form.getByRole('button', { name: 'Copiar los valores de la escala vigente' }).click();
    const generales = form.getByRole('group', { name: '5. Personal para tareas generales' });
    await generales.getByLabel('Por mes con retiro').fill('420.000,00');
    await form.getByRole('button', { name: 'Guardar escala' }).click();
    await form.getByText('Escala guardada: vigente desde 01/03/2026.').waitFor();
    await screenshot(page, 'phone-admin-wages-saved', { fullPage: false });

    const history = page.locator('section', { has: page.getByRole('heading', { name: 'Historial' }) });
    await history.getByText('Próxima').waitFor();
    await page.getByText('Próxima: desde 01/03/2026.').waitFor();
    const [row] = await t.dataSource.query(
      `SELECT r.monthly::float8 AS monthly FROM wage_rates r JOIN wage_scales s ON s.id = r.scale_id
        WHERE s.effective_from = '2026-03-01' AND r.category = 5 AND r.arrangement = 'con_retiro'`,
    );
    expect(row.monthly).toBe(420000);

    // The service → category mapping.
    await page
      .getByLabel('Limpieza y mantenimiento comercial')
      .selectOption({ label: '5. Personal para tareas generales' });
    await page.getByText('Guardado: Limpieza y mantenimiento comercial.').waitFor();
    const [mapped] = await t.dataSource.query(
      `SELECT w.category FROM wage_service_categories w JOIN services s ON s.id = w.service_id
        WHERE s.title = 'commercial_cleaning'`,
    );
    expect(mapped.category).toBe(5);
    // Nothing sticks out sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // On a desktop: the table with its four columns, the history with both scales.
    const desk = await browser.signedInPage(t.baseUrl, admin.email, '/', VIEWPORTS.desktop);
    await desk.goto(`${t.baseUrl}/admin/salarios`);
    await desk.getByRole('heading', { name: 'Escala vigente' }).waitFor();
    await desk.getByRole('columnheader', { name: 'Por mes' }).first().waitFor();
    await desk.getByText('Próxima: desde 01/03/2026.').waitFor();
    await screenshot(desk, 'desktop-admin-wages');
    // The admin's navbar, longer with each back-office page, wraps instead of widening the page.
    expect(await desk.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  it("asks before 'Salir y cancelar' discards the offer wizard; one exit per step", async () => {
    const page = await browser.signedInPage(t.baseUrl, employer.email, '/user-account', VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Agregar oferta laboral' }).click();
    await page.getByText('Paso 1/9').waitFor();
    // Step 1: 'Cancelar' is its one exit.
    expect(await page.getByRole('button', { name: 'Salir y cancelar' }).count()).toBe(0);
    await page.getByLabel('Título', { exact: true }).fill('Cocinera para los jueves');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Paso 2/9').waitFor();
    expect(await page.getByRole('button', { name: 'Cancelar', exact: true }).count()).toBe(0);
    const exit = page.getByRole('button', { name: 'Salir y cancelar' });
    await exit.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog', { name: '¿Salir sin guardar?' });
    await question.getByText('Se va a perder todo lo que cargaste en esta oferta.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Seguir editando');
    await screenshot(page, 'phone-offer-wizard-exit-confirm', { fullPage: false });
    // Keeping on: the question goes, the draft and the step stay, focus is back on the exit.
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await page.getByText('Paso 2/9').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Salir y cancelar');
    await exit.click();
    await question.getByRole('button', { name: 'Salir sin guardar' }).click();
    await page.getByRole('button', { name: 'Agregar oferta laboral' }).waitFor();
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM job_offers WHERE title = $1`, [
      'Cocinera para los jueves',
    ]);
    expect(n).toBe(0);
  });

  it('takes a part-time offer of five afternoons (20 h a week) by the hour on its page', async () => {
    const ids = await catalogIds(t);
    const one = async (sql: string) => ((await t.dataSource.query(sql)) as { id: number }[])[0]!.id;
    const babysitter = await one(`SELECT id FROM services WHERE title = 'babysitter'`);
    const hourly = await one(`SELECT id FROM work_arrangements WHERE key = 'live_out_hourly'`);
    const afternoons = (await t.dataSource.query(
      `SELECT id FROM shifts WHERE shift = 'tarde' AND day IN ('lunes', 'martes', 'miércoles', 'jueves', 'viernes')`,
    )) as { id: number }[];
    expect(afternoons).toHaveLength(5);
    const offer = await addOffer(t, employer, ids, {
      title: 'Niñera cinco tardes',
      services: [babysitter],
      work_arrangements: [hourly],
      work_shifts: afternoons.map((s) => s.id),
      location: { neighborhood: 'Palermo', province: 2, municipality: 2098 },
      monthly_price: 280000,
    });
    const warning = 'El sueldo ofrecido está por debajo del mínimo legal vigente para esta categoría: $ 302.835,00';
    const basis = 'Calculado por hora: 20 h semanales (menos de 24) × 52/12 semanas × $ 3.494,25 la hora.';
    const html = (await http(t).get(`/job-offer/${offer.id}`).expect(200)).text;
    expect(html).toContain('Mínimo legal vigente: <span class="value">$ 302.835,00</span>');
    expect(html).toContain(basis);
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(`${t.baseUrl}/job-offer/${offer.id}`);
    await page.getByText('Mínimo legal vigente: $ 302.835,00').waitFor();
    await page.getByText(basis, { exact: true }).waitFor();
    await page.getByText(warning, { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-job-offer-hourly-minimum', { fullPage: true });
  });

  it("shows a worker the legal minimum per hour beside her 'Valor por hora'", async () => {
    const worker = await createAccount(t, 'Worker');
    await completeWorkerProfile(t, worker, await catalogIds(t));
    const page = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Editar Valor por hora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar: Valor por hora' });
    await dialog.getByText('Valor hora mínimo legal: $ 3.250,10').waitFor();
    await dialog.getByText(/Categoría 5: Personal para tareas generales, con retiro\./).waitFor();
    await screenshot(page, 'phone-worker-hourly-minimum', { fullPage: false });
  });
});
