import type { Page } from 'playwright-core';
import { createAccount, type TestAccount } from '../support/accounts';
import { eventually, screenshot, useBrowser, VIEWPORTS, type Viewport } from '../support/browser';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(240_000);

const DAY = 86_400_000;

/**
 * In Chromium: what the public sees of each offer (and the filter), the membership switch for an
 * employer without one ('Manual'), the employer view /admin/parents/{id}, and the admin lists as
 * cards on a 390 px phone.
 */
describe('admin employers, offer visibility and phone cards in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });
  let admin: TestAccount;
  let fresh: TestAccount;
  let lapsed: TestAccount;

  beforeAll(async () => {
    const ids = await catalogIds(t);
    admin = await createAccount(t, 'admin');
    // An employer who never paid, with an offer nobody sees yet.
    fresh = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = 'Lucía', last_name = 'Benítez' WHERE id = $1`, [
      fresh.userId,
    ]);
    await addOffer(t, fresh, ids, { title: 'Niñera por la tarde' });
    // An employer whose membership ran out: the offer is switched on, and hidden.
    lapsed = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = 'Horacio', last_name = 'Ferreyra' WHERE id = $1`, [
      lapsed.userId,
    ]);
    await insertMembership(t, lapsed.profileId!, {
      start: new Date(Date.now() - 40 * DAY),
      end: new Date(Date.now() - 10 * DAY),
    });
    await addOffer(t, lapsed, ids, { title: 'Limpieza de oficina' });
    // A worker, so the workers list has a row with every action.
    const worker = await createAccount(t, 'Worker');
    await t.dataSource.query(`UPDATE users SET first_name = 'Rosa', last_name = 'Quispe' WHERE id = $1`, [
      worker.userId,
    ]);
  });

  const signedIn = (viewport: Viewport) => browser.signedInPage(t.baseUrl, admin.email, '/', viewport);

  it('shows and filters what the public sees, grants a membership by hand and opens the employer', async () => {
    const page = await signedIn(VIEWPORTS.desktop);

    // Offers: the lapsed employer's offer is switched on, but the public does not see it.
    await page.goto(`${t.baseUrl}/admin/job-offers`);
    await page.getByRole('heading', { name: 'Empleos' }).waitFor();
    const lapsedRow = page.getByRole('row').filter({ hasText: 'Limpieza de oficina' });
    await lapsedRow.getByText('Oculta: sin membresía activa').waitFor();
    expect(await lapsedRow.getByRole('switch').isChecked()).toBe(true);
    await http(t).get('/api/job-offers/').expect(200);
    const filtered = page.waitForResponse((r) => new URL(r.url()).searchParams.get('visibility') === 'no_membership');
    await page.getByLabel('Visibilidad').selectOption('no_membership');
    await filtered;
    await page.getByText('2 ofertas laborales').waitFor();
    const visibleFilter = page.waitForResponse((r) => new URL(r.url()).searchParams.get('visibility') === 'visible');
    await page.getByLabel('Visibilidad').selectOption('visible');
    await visibleFilter;
    await page.getByText('No se encontraron ofertas laborales.').waitFor();

    // Employers: the switch works for one without any membership, and grants 30 days, 'Manual'.
    await page.goto(`${t.baseUrl}/admin/parents`);
    await page.getByRole('heading', { name: 'Empleadores' }).waitFor();
    // An expired membership is off and says so; switching it on grants a new
    // month, and the page's polite live region (there from the start) says it.
    const live = page.locator('.admin-live[role="status"]');
    expect(await live.textContent()).toBe('');
    const expired = page.getByRole('switch', { name: 'Membresía de Horacio Ferreyra' });
    expect(await expired.isChecked()).toBe(false);
    const expiredRow = page.getByRole('row').filter({ hasText: 'Horacio Ferreyra' });
    await expiredRow.getByText('Vencida', { exact: true }).waitFor();
    await expired.focus();
    await page.keyboard.press('Space');
    await eventually(() => expired.isChecked(), true);
    await expiredRow.getByText('Activa', { exact: true }).waitFor();
    await eventually(() => live.textContent(), 'La membresía de Horacio Ferreyra está activa.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Membresía de Horacio Ferreyra',
    );
    // Off again (his offer stays hidden for the phone's check below): said too, focus kept.
    await page.keyboard.press('Space');
    await eventually(() => expired.isChecked(), false);
    await eventually(() => live.textContent(), 'La membresía de Horacio Ferreyra quedó desactivada.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Membresía de Horacio Ferreyra',
    );
    // The admin's eleven links in one row at 1280 px.
    const linkTops = await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(linkTops).toHaveLength(11);
    expect(new Set(linkTops).size).toBe(1);
    const membership = page.getByRole('switch', { name: 'Membresía de Lucía Benítez' });
    expect(await membership.isChecked()).toBe(false);
    expect(await membership.isDisabled()).toBe(false);
    await membership.click();
    await eventually(() => membership.isChecked(), true);
    const payments = await t.dataSource.query(
      `SELECT payment_method, amount, status, granted_by FROM payments WHERE parent_profile_id = $1`,
      [fresh.profileId],
    );
    expect(payments).toEqual([{ payment_method: 'manual', amount: 0, status: 'approved', granted_by: admin.userId }]);
    const publicIds = ((await http(t).get('/api/job-offers/').expect(200)).body as { title: string }[]).map(
      (o) => o.title,
    );
    expect(publicIds).toContain('Niñera por la tarde');

    // The employer view, from the row.
    await page.getByRole('link', { name: 'Ver empleador de Lucía Benítez' }).click();
    await page.waitForURL(`${t.baseUrl}/admin/parents/${fresh.profileId}`);
    await page.getByRole('heading', { name: 'Lucía Benítez', level: 1 }).waitFor();
    await page.getByText(fresh.email).waitFor();
    const history = page.getByRole('region', { name: 'Historial de membresías' });
    await history.getByText('Manual').waitFor();
    await history.getByText('Prueba Apellido').waitFor();
    await page.getByRole('region', { name: 'Pagos' }).getByText('Manual').waitFor();
    const offers = page.getByRole('region', { name: 'Ofertas laborales' });
    await offers.getByText('Niñera por la tarde').waitFor();
    await offers.getByText('Visible', { exact: true }).waitFor();
    await screenshot(page, 'emp-desktop-admin-parent', { fullPage: true });

    // Switched off from the view: the offer says why it is hidden.
    await page.getByRole('switch', { name: 'Membresía de Lucía Benítez' }).click();
    await offers.getByText('Oculta: sin membresía activa').waitFor();

    // The payments list names the grant 'Manual'.
    await page.goto(`${t.baseUrl}/admin/payments`);
    await page.getByRole('heading', { name: 'Pagos' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Lucía Benítez' }).getByText('Manual', { exact: true }).waitFor();
    browser.expectNoPageErrors();
  });

  /** Every button and link of the first rows lies inside the 390 px viewport; nothing scrolls sideways. */
  async function expectCardsFit(page: Page, rows = 3) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const cards = page.locator('.admin-table tbody tr');
    const n = Math.min(rows, await cards.count());
    expect(n).toBeGreaterThan(0);
    let checked = 0;
    for (let i = 0; i < n; i += 1) {
      const controls = cards.nth(i).locator('button, a, label.switch');
      for (let j = 0; j < (await controls.count()); j += 1) {
        const box = await controls.nth(j).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  }

  it('shows each admin row as a card with its actions in view on a 390 px phone', async () => {
    const phone = await signedIn(VIEWPORTS.phone);

    await phone.goto(`${t.baseUrl}/admin/parents`);
    await phone.getByRole('heading', { name: 'Empleadores' }).waitFor();
    await phone.getByRole('link', { name: 'Ver empleador de Horacio Ferreyra' }).waitFor();
    await expectCardsFit(phone);
    // Phones as people write them, each on one line.
    const number = phone.locator('.admin-phone > span').first();
    expect(await number.textContent()).toBe('+54 9 11 5555-0000');
    expect(await number.evaluate((el) => el.getClientRects().length)).toBe(1);
    // The actions are named buttons at the card's end, not bare icons.
    await phone.getByRole('button', { name: 'Eliminar Horacio Ferreyra' }).getByText('Eliminar').waitFor();
    await screenshot(phone, 'emp-phone-admin-parents', { fullPage: false });

    await phone.goto(`${t.baseUrl}/admin/workers`);
    await phone.getByRole('heading', { name: 'Perfiles' }).waitFor();
    await phone.getByRole('button', { name: 'Eliminar Rosa Quispe' }).waitFor();
    await expectCardsFit(phone);
    await screenshot(phone, 'emp-phone-admin-workers', { fullPage: false });

    await phone.goto(`${t.baseUrl}/admin/job-offers`);
    await phone.getByRole('heading', { name: 'Empleos' }).waitFor();
    await phone.getByRole('button', { name: 'Eliminar la oferta Limpieza de oficina' }).waitFor();
    await expectCardsFit(phone);
    await screenshot(phone, 'emp-phone-admin-job-offers', { fullPage: false });

    await phone.goto(`${t.baseUrl}/admin/payments`);
    await phone.getByRole('heading', { name: 'Pagos' }).waitFor();
    await phone.getByText('Manual', { exact: true }).first().waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The search's placeholder is read whole at 390 px.
    const search = phone.getByLabel('Buscar por empleador o ID de transacción');
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inner - context.measureText(input.placeholder).width;
    });
    expect(room).toBeGreaterThan(0);
    await screenshot(phone, 'emp-phone-admin-payments', { fullPage: false });

    // The employer view at 390 px: every control in view, nothing sideways.
    await phone.goto(`${t.baseUrl}/admin/parents/${lapsed.profileId}`);
    await phone.getByRole('heading', { name: 'Horacio Ferreyra', level: 1 }).waitFor();
    await phone.getByRole('region', { name: 'Ofertas laborales' }).getByText('Oculta: sin membresía activa').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const controls = phone.locator('main button, main a');
    for (let i = 0; i < (await controls.count()); i += 1) {
      const box = await controls.nth(i).boundingBox();
      if (!box) continue;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    await screenshot(phone, 'emp-phone-admin-parent', { fullPage: true });

    // An id that is no employer says so.
    await phone.goto(`${t.baseUrl}/admin/parents/99999999`);
    await phone.getByText('No encontramos este empleador.').waitFor();
    browser.expectNoPageErrors();
  });
});
