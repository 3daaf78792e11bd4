import sharp from 'sharp';
import { createAccount } from '../support/accounts';
import { screenshot, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * Verified documents end to end on a phone: a worker uploads a photo of the DNI's front, an admin
 * approves it on /admin/verificaciones, the badge shows on the public profile, and the worker
 * appears under 'Solo verificados'.
 */
describe('verified documents in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  it('uploads a DNI on a phone, an admin approves it, and the badge and filter follow', async () => {
    const worker = await createAccount(t, 'Worker', 'clave1234');
    const admin = await createAccount(t, 'admin', 'clave1234');
    const [place] = await t.dataSource.query('SELECT id, province_id FROM municipalities ORDER BY id LIMIT 1');
    await t.dataSource.query(`UPDATE users SET first_name = 'Verónica' WHERE id = $1;`, [worker.userId]);
    await t.dataSource.query(
      `UPDATE worker_profiles SET profile_visibility = true, province_id = $2, municipality_id = $3 WHERE id = $1`,
      [worker.profileId, place.province_id, place.id],
    );

    const page = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    const section = page.locator('.verification-section');
    await section.getByRole('heading', { name: 'Verificación' }).waitFor();
    // A plain generated card, as a phone's camera would hand it over.
    const photo = await sharp({ create: { width: 1000, height: 640, channels: 3, background: '#dbeafe' } })
      .jpeg()
      .toBuffer();
    await section
      .getByLabel('Subir DNI (frente)')
      .setInputFiles({ name: 'dni.jpg', mimeType: 'image/jpeg', buffer: photo });
    await section.getByText('En revisión').waitFor();
    expect(await section.getByLabel('Subir DNI (frente)').getAttribute('accept')).toBe('image/*,application/pdf');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-verification-uploaded', { fullPage: false });

    const adminPage = await browser.signedInPage(t.baseUrl, admin.email, '/', VIEWPORTS.phone);
    await adminPage.goto(`${t.baseUrl}/admin/verificaciones`);
    await adminPage.getByRole('heading', { name: 'Verificaciones' }).waitFor();
    const card = adminPage.locator('.admin-verification', { hasText: 'Verónica' });
    await card.locator('img').waitFor();
    await screenshot(adminPage, 'phone-admin-verifications', { fullPage: false });
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    // The decision is said in the page's polite live region, there before it.
    const live = adminPage.locator('.admin-live[role="status"]');
    expect(await live.textContent()).toBe('');
    await card.getByRole('button', { name: 'Aprobar' }).click();
    await adminPage.locator('.admin-verification', { hasText: 'Verónica' }).getByText('Aprobado').waitFor();
    await adminPage
      .locator('.admin-live[role="status"]', { hasText: /^Aprobaste: DNI \(frente\) de Verónica/ })
      .waitFor();

    // The same queue on a desktop, with its decision, and the navbar still on one screen.
    const desktop = await browser.signedInPage(t.baseUrl, admin.email, '/', VIEWPORTS.desktop);
    await desktop.goto(`${t.baseUrl}/admin/verificaciones`);
    await desktop.getByRole('heading', { name: 'Revisados recientemente' }).waitFor();
    expect(await desktop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.desktop.width,
    );
    await screenshot(desktop, 'desktop-admin-verifications', { fullPage: false });

    // The owner sees when the document was decided and when the team last opened it.
    await page.goto(`${t.baseUrl}/user-account`);
    await section
      .getByText(/^Revisado el \d\d\/\d\d\/\d{4}\. El equipo de revisión lo abrió por última vez el \d\d\/\d\d\/\d{4} /)
      .waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-verification-reviewed', { fullPage: false });

    await page.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(page);
    await page.getByText('Identidad verificada').first().waitFor();
    await screenshot(page, 'phone-profile-verified', { fullPage: false });

    await page.goto(`${t.baseUrl}/workers?verified=1`);
    await waitForShell(page);
    const onlyVerified = page.getByRole('button', { name: /Solo verificados/ });
    await page.locator('.worker-card', { hasText: 'Verónica' }).waitFor();
    await page.locator('.filter-bar__toggle').click();
    expect(await onlyVerified.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'phone-workers-verified', { fullPage: false });
  });
});
