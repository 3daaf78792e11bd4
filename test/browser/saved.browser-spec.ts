import { EMAIL_FREQUENCY_HINTS, SAVED_SEARCH_MESSAGES, SHORTLIST_MESSAGES, unsubscribedMessage } from '@cym/common';
import { seedDemo } from '../../seed/src/demo-seed';
import { SavedSearchesService } from '../../server/src/modules/saved-searches/saved-searches.service';
import { createAccount } from '../support/accounts';
import { openMenuIfNeeded, screenshot, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

describe('shortlists and saved searches in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  beforeAll(async () => {
    await seedDemo(t.dataSource, { workers: 40, employers: 6, seed: 8 });
  });

  it('lets an employer on a phone save a worker and a search, then manage both', async () => {
    const employer = await createAccount(t, 'Parent', 'clave1234');
    const page = await browser.signedInPage(t.baseUrl, employer.email, '/user-account', VIEWPORTS.phone);

    await page.goto(`${t.baseUrl}/workers`);
    await waitForShell(page);
    const card = page.locator('.worker-card').first();
    const name = (await card.getByRole('heading', { level: 2 }).textContent())!.split(',')[0]!.trim();
    const heart = card.getByRole('button', { name: `Guardar a ${name}` });
    // The heart fills at once; the save itself is the PUT, awaited before the next page load.
    const put = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/shortlist\/workers\//.test(r.url()),
    );
    await heart.click();
    expect((await put).status()).toBe(204);
    await card.getByRole('button', { name: `Quitar a ${name} de guardados` }).waitFor();
    expect(await card.getByRole('button', { name: `Quitar a ${name} de guardados` }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await screenshot(page, 'phone-workers-saved-heart', { fullPage: false });

    // The search as it is now, under a name, e-mailed once a day.
    await page.getByRole('button', { name: 'Guardar búsqueda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar búsqueda' });
    await dialog.getByLabel('Nombre de la búsqueda').fill('Todos los perfiles');
    await dialog.getByLabel('¿Cuándo te avisamos por e-mail?').selectOption({ label: 'Un resumen por día' });
    // The choice reads whole at 390 px, its detail on the line under it.
    await dialog.getByText(EMAIL_FREQUENCY_HINTS.daily).waitFor();
    expect(
      await dialog
        .getByLabel('¿Cuándo te avisamos por e-mail?')
        .evaluate((select: HTMLSelectElement) => select.scrollWidth <= select.clientWidth),
    ).toBe(true);
    await screenshot(page, 'phone-save-search-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByText(SAVED_SEARCH_MESSAGES.saved).waitFor();
    await dialog.getByRole('link', { name: 'Ver mis alertas' }).click();

    await page.waitForURL(`${t.baseUrl}/alertas`);
    const search = page.locator('.alert-card').first();
    await search.getByRole('heading', { name: 'Todos los perfiles' }).waitFor();
    expect(await search.getByLabel('Avisos por e-mail').inputValue()).toBe('daily');
    expect(await search.locator('.alert-card__summary').textContent()).toBe('Todos los perfiles');
    await search.getByRole('button', { name: 'Pausar avisos' }).click();
    await search.getByText('En pausa').waitFor();
    // The frequency select and the buttons under it are apart (the card's gap).
    const gap = await search.evaluate((card) => {
      const select = card.querySelector('select')!.getBoundingClientRect();
      const actions = card.querySelector('.alert-card__actions')!.getBoundingClientRect();
      return actions.top - select.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(8);
    await search.getByRole('button', { name: 'Cambiar nombre' }).click();
    await search.getByLabel('Nombre de la búsqueda').fill('Perfiles para casa');
    await search.getByRole('button', { name: 'Guardar nombre' }).click();
    await search.getByRole('heading', { name: 'Perfiles para casa' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'phone-alerts');
    const [row] = await t.dataSource.query(
      `SELECT name, paused, email_frequency FROM saved_searches WHERE user_id = $1`,
      [employer.userId],
    );
    expect(row).toEqual({ name: 'Perfiles para casa', paused: true, email_frequency: 'daily' });

    // 'Ver resultados' opens the directory with the search's filters.
    await search.getByRole('link', { name: 'Ver resultados' }).click();
    await page.waitForURL(`${t.baseUrl}/workers`);
    await page.goto(`${t.baseUrl}/alertas`);
    await page.locator('.alert-card').first().getByRole('button', { name: 'Borrar' }).click();
    await page.getByRole('button', { name: 'Sí, borrar' }).click();
    await page.getByText(SAVED_SEARCH_MESSAGES.empty).waitFor();

    // The saved worker, from the navbar; hidden since, then removed.
    await openMenuIfNeeded(page);
    await page.getByRole('link', { name: 'Guardados', exact: true }).click();
    await page.waitForURL(`${t.baseUrl}/guardados`);
    await page
      .locator('.worker-card')
      .getByRole('heading', { name: new RegExp(`^${name}`) })
      .waitFor();
    await screenshot(page, 'phone-saved-workers');
    const [saved] = await t.dataSource.query(
      `SELECT worker_profile_id AS id FROM shortlist_entries WHERE user_id = $1`,
      [employer.userId],
    );
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = false WHERE id = $1`, [saved.id]);
    await page.reload();
    await page.getByRole('heading', { name: SHORTLIST_MESSAGES.workerUnavailable }).waitFor();
    await screenshot(page, 'phone-saved-worker-unavailable', { fullPage: false });
    await page.getByRole('button', { name: 'Quitar' }).click();
    await page.getByText(SHORTLIST_MESSAGES.noWorkers).waitFor();
    await browser.closePages();
    browser.expectNoPageErrors();
  });

  it('lets a worker save an offer from its page and find it on /guardados at desktop width', async () => {
    const worker = await createAccount(t, 'Worker', 'clave1234');
    const [offer]: { id: number; title: string }[] = await t.dataSource.query(
      `SELECT o.id, o.title FROM offer_search s JOIN job_offers o ON o.id = s.job_offer_id
        WHERE s.visible_until > now() ORDER BY s.created_at DESC LIMIT 1`,
    );
    const page = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.desktop);
    await page.goto(`${t.baseUrl}/job-offer/${offer!.id}`);
    await waitForShell(page);
    const put = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/shortlist\/job-offers\//.test(r.url()),
    );
    await page.getByRole('button', { name: `Guardar la oferta «${offer!.title}»` }).click();
    expect((await put).status()).toBe(204);
    await page.getByRole('button', { name: `Quitar la oferta «${offer!.title}» de guardados` }).waitFor();
    // Opened directly (an e-mail's link, a reload), /guardados brings the cards' own styles.
    await page.goto(`${t.baseUrl}/guardados`);
    await page.locator('.offer-card').getByRole('heading', { name: offer!.title }).waitFor();
    expect(
      await page.locator('.offer-card').evaluate((card) => ({
        title: getComputedStyle(card.querySelector('h2')!).fontSize,
        icons: getComputedStyle(card.querySelector('.worker-card__icons')!).display,
      })),
    ).toEqual({ title: '19.2px', icons: 'flex' });
    // The signed-in navbar (Guardados, Chat, Mi cuenta, Cerrar sesión) in one row at 1280 px.
    const navbar = await page.evaluate(() => {
      const links = [...document.querySelectorAll('.navbar__links a')].map((a) => a.getBoundingClientRect());
      const signOut = document.querySelector('.navbar__actions .button')!.getBoundingClientRect();
      const middle = signOut.top + signOut.height / 2;
      return {
        linkRows: new Set(links.map((r) => Math.round(r.top))).size,
        besideLinks: links.every((r) => r.top < middle && r.bottom > middle),
      };
    });
    expect(navbar).toEqual({ linkRows: 1, besideLinks: true });
    await screenshot(page, 'desktop-saved-offers');
    await browser.closePages();
    browser.expectNoPageErrors();
  });

  it("opens the e-mail's unsubscribe link without logging in", async () => {
    const employer = await createAccount(t, 'Parent');
    const [search] = await t.dataSource.query(
      `INSERT INTO saved_searches (user_id, kind, name, query, codes, email_frequency)
       VALUES ($1, 'workers', 'Niñeras en Palermo', '{}', '{}', 'immediate') RETURNING id`,
      [employer.userId],
    );
    const token = t.app.get(SavedSearchesService).unsubscribeToken(search.id);
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(`${t.baseUrl}/alertas/baja?t=${token}`);
    await page.getByText(unsubscribedMessage('Niñeras en Palermo')).waitFor();
    await screenshot(page, 'phone-unsubscribed', { fullPage: false });
    const [row] = await t.dataSource.query(`SELECT email_frequency FROM saved_searches WHERE id = $1`, [search.id]);
    expect(row.email_frequency).toBe('never');
    await page.goto(`${t.baseUrl}/alertas/baja?t=${search.id}.${'x'.repeat(32)}`);
    await page.getByText(SAVED_SEARCH_MESSAGES.badLink).waitFor();
    await browser.closePages();
    browser.expectNoPageErrors();
  });
});
