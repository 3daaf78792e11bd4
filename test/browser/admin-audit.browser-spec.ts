import type { Page } from 'playwright-core';
import { formatPesos } from '@cym/common';
import { createAccount, type TestAccount } from '../support/accounts';
import { rename } from '../support/admin';
import { screenshot, useBrowser, VIEWPORTS, type Viewport } from '../support/browser';
import { insertMembership, membershipTypeId } from '../support/employer';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(180_000);

/**
 * In Chromium at desktop and 390 × 844: the audit screen (who did what to whom and when, before and
 * after, filters, pages) and the operator's figures on /admin/stats with what each one counts.
 */
describe('admin audit screen and operator figures in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });
  let admin: TestAccount;
  let other: TestAccount;
  let worker: TestAccount;

  beforeAll(async () => {
    admin = await createAccount(t, 'admin');
    await rename(t, admin.userId, 'Ana', 'Operadora');
    other = await createAccount(t, 'admin');
    await rename(t, other.userId, 'Beto', 'Revisor');
    worker = await createAccount(t, 'Worker');
    await rename(t, worker.userId, 'Lucía', 'García Fernández');
    const employer = await createAccount(t, 'Parent');
    await rename(t, employer.userId, 'Ramón', 'Núñez');
    const membership = await insertMembership(t, employer.profileId!);
    const show = (a: TestAccount, visible: boolean) =>
      http(t)
        .put(`/api/admin/user/${worker.userId}/toggle-profile-visibility/`)
        .set(a.auth)
        .send({ visible })
        .expect(200);
    await show(admin, true);
    await http(t).put(`/api/admin/membership/${membership}/toggle-status/`).set(other.auth).expect(200);
    await http(t).put('/api/admin/membership-type/').set(admin.auth).send({ price: 45000 }).expect(200);
    // 51 more entries by Beto, the last one showing her: a second page.
    for (let i = 0; i < 51; i += 1) await show(other, i % 2 === 0);
    // Revenue this month: an approved payment now.
    await t.dataSource.query(
      `INSERT INTO payments (parent_profile_id, membership_type_id, amount, payment_method, status)
       VALUES ($1, $2, 40000, 'bank_transfer', 'approved')`,
      [employer.profileId, await membershipTypeId(t)],
    );
  });

  const signedIn = (viewport: Viewport) => browser.signedInPage(t.baseUrl, admin.email, '/', viewport);

  const cards = (page: Page) => page.locator('.audit-entry');

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows who did what to whom, filters and pages the audit log (${name})`, async () => {
      const page = await signedIn(viewport);
      const toggle = page.getByRole('button', { name: 'Abrir menú' });
      if (await toggle.isVisible()) await toggle.click();
      await page.getByRole('link', { name: 'Actividad' }).first().click();
      await page.getByRole('heading', { name: 'Registro de actividad' }).waitFor();
      await page.getByText('54 acciones').waitFor();
      expect(await cards(page).count()).toBe(50);
      await page.getByRole('button', { name: 'Página 2' }).waitFor();

      // Ana's actions only: the price (before → after) and the worker shown.
      await page.getByLabel('Administrador', { exact: true }).selectOption({ label: 'Ana Operadora' });
      await page.getByText('2 acciones').waitFor();
      const price = cards(page).filter({ hasText: 'Precio de la membresía' }).first();
      await price.getByText(formatPesos(40000)).waitFor();
      await price.getByText(formatPesos(45000)).waitFor();
      const shown = cards(page).filter({ hasText: 'Visibilidad del perfil' });
      await shown.getByText('Lucía García Fernández').waitFor();
      await shown.getByText('Ana Operadora').waitFor();
      await shown.getByRole('row', { name: /Perfil visible\s+No\s+Sí/ }).waitFor();
      if (name === 'phone') await screenshot(page, 'phone-admin-audit', { fullPage: false });

      // Everyone's again, then by action and by person, accents aside.
      await page.getByLabel('Administrador', { exact: true }).selectOption({ label: 'Todos' });
      await page.getByLabel('Acción', { exact: true }).selectOption({ label: 'Membresía activada o desactivada' });
      await page.getByText('1 acción', { exact: true }).waitFor();
      await cards(page).first().getByText('Beto Revisor').waitFor();
      await cards(page)
        .first()
        .getByText(/Ramón Núñez/)
        .waitFor();
      await page.getByLabel('Acción', { exact: true }).selectOption({ label: 'Todas' });
      await page.getByLabel('Persona', { exact: true }).fill('ramon nunez');
      await page.getByText('1 acción', { exact: true }).waitFor();
      await page.getByLabel('Persona', { exact: true }).fill('garcia');
      await page.getByText('52 acciones').waitFor();
      await page.getByLabel('Persona', { exact: true }).fill('nadie así');
      await page.getByText('Ninguna acción coincide con los filtros.').waitFor();
      await page.getByLabel('Persona', { exact: true }).fill('');
      await page.getByText('54 acciones').waitFor();
      await page.getByRole('button', { name: 'Página 2' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.audit-entry').length === 4);

      if (name === 'phone') {
        // Each entry a card that fits the screen: nothing wider than the phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const widest = await cards(page).evaluateAll((els) =>
          Math.max(...els.map((e) => e.getBoundingClientRect().right)),
        );
        expect(widest).toBeLessThanOrEqual(390);
        // A field's name breaks between words only, never inside one.
        const broken = await page.locator('.audit-entry__changes tbody th').evaluateAll((cells) =>
          cells
            .filter((cell) => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
              return lines > (cell.textContent ?? '').trim().split(/\s+/).length;
            })
            .map((cell) => cell.textContent),
        );
        expect(broken).toEqual([]);
        await screenshot(page, 'phone-admin-audit-page-2', { fullPage: true });
      } else {
        await screenshot(page, 'desktop-admin-audit', { fullPage: false });
      }
      browser.expectNoPageErrors();
    });

    it(`shows the operator's figures with what each one counts (${name})`, async () => {
      const page = await signedIn(viewport);
      await page.goto(`${t.baseUrl}/admin/stats`);
      await page.getByRole('heading', { name: 'Para operar' }).waitFor();
      const card = (label: string) => page.locator('.stats-card').filter({ hasText: label });
      await card('Ingresos de este mes').getByText(formatPesos(40000)).waitFor();
      await card('Ingresos del mes anterior').getByText(formatPesos(0)).waitFor();
      await card('Conversión a 7 días')
        .getByText(/^100\s?%$/)
        .waitFor();
      await card('Conversión a 7 días').getByText('1 de 1 empleadores nuevos pagaron en su primera semana').waitFor();
      await card('Membresías que vencen en 7 días').getByText('0', { exact: true }).waitFor();
      await card('Trabajadores visibles este mes').getByText('1', { exact: true }).waitFor();
      // Background jobs that used up their retries: none here.
      await card('Tareas fallidas').getByText('0', { exact: true }).waitFor();
      await card('Tareas fallidas').getByText('Todo procesado').waitFor();
      // Membresías activas counts employers: the toggled one is off, none is active.
      await card('Membresías activas').getByText('0', { exact: true }).waitFor();
      const help = page.getByText('¿Qué cuenta cada cifra?');
      await help.click();
      await page.getByText(/pagos aprobados creados en el mes calendario/).waitFor();
      await page.getByText(/incluidas las que se eliminaron después/).waitFor();
      if (name === 'phone') {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await page.getByRole('heading', { name: 'Para operar' }).scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-admin-stats-operator`, { fullPage: name === 'phone' });
      browser.expectNoPageErrors();
    });
  }
});
