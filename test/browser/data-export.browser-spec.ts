import { DATA_EXPORT_MESSAGES } from '@cym/common';
import { unzipSync } from 'fflate';
import type { Download, Page } from 'playwright-core';
import { DATA_EXPORT_JOB } from '../../server/src/modules/data-export/data-export-builder';
import { JobQueue } from '../../server/src/modules/jobs/job-queue';
import { createAccount } from '../support/accounts';
import { expectNoSideScroll, screenshot, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/** The downloaded file's bytes. */
async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Clicks `button` and answers the download it starts. */
async function downloads(page: Page, button: ReturnType<Page['getByRole']>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}

/**
 * 'Descargar mis datos' on a phone: the request in /user-account, the job run from the test
 * through the app, the e-mail's page /mis-datos/{id} (logged out first: the login, then back),
 * and the ZIP's entries.
 */
describe("'Descargar mis datos' in Chromium", () => {
  const browser = useBrowser({ noPageErrors: true });
  const t = useTestApp({}, { listen: true });

  it('asks for the data, then downloads the ZIP from the account and from the e-mail link', async () => {
    const worker = await createAccount(t, 'Worker');
    const page = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    const section = page.locator('section.data-export');
    await section.getByRole('heading', { name: 'Tus datos' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-data-export-section', { fullPage: false });

    await section.getByRole('button', { name: 'Descargar mis datos' }).click();
    await section.getByRole('status').filter({ hasText: DATA_EXPORT_MESSAGES.requested }).waitFor();
    expect(await section.getByRole('button', { name: 'Descargar mis datos' }).isDisabled()).toBe(true);
    await expectNoSideScroll(page);
    await screenshot(page, 'phone-data-export-requested', { fullPage: false });

    // The job, run now through the app; the page shows the ready ZIP on its next visit.
    await t.app.get(JobQueue).runDue(DATA_EXPORT_JOB);
    const [row] = await t.dataSource.query('SELECT id FROM data_exports WHERE user_id = $1', [worker.userId]);
    await page.reload();
    const item = section.locator('.data-export__item');
    await item.getByText(/^Listo el \d\d\/\d\d\/\d{4} \d\d:\d\d$/).waitFor();
    await item.getByText(/Vence el \d\d\/\d\d\/\d{4} \d\d:\d\d/).waitFor();
    expect(await section.getByRole('button', { name: 'Descargar mis datos' }).isDisabled()).toBe(false);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-data-export-ready', { fullPage: false });
    const fromAccount = await downloads(page, item.getByRole('button', { name: 'Descargar' }));
    expect(fromAccount.suggestedFilename()).toMatch(/^mis-datos-casa-y-manos-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(Object.keys(unzipSync(await bytesOf(fromAccount)))).toEqual(
      expect.arrayContaining(['README.txt', 'cuenta.json', 'perfil-trabajador.json', 'conversaciones.json']),
    );

    // The e-mail's link opened logged out: the login popup, then the page itself.
    const visitor = await browser.newPage(VIEWPORTS.phone);
    await visitor.goto(`${t.baseUrl}/mis-datos/${row.id}`);
    await visitor.waitForURL(`${t.baseUrl}/`);
    const dialog = visitor.getByRole('dialog', { name: 'Ingresar' });
    await dialog.getByLabel('Correo electrónico').fill(worker.email);
    await dialog.getByLabel('Contraseña').fill('clave1234');
    await dialog.getByRole('button', { name: 'Ingresar' }).click();
    await visitor.waitForURL(`${t.baseUrl}/mis-datos/${row.id}`);
    await visitor.getByRole('heading', { level: 1, name: 'Tus datos' }).waitFor();
    await visitor.getByText(/^Tu archivo ZIP está listo/).waitFor();
    await expectNoSideScroll(visitor);
    await screenshot(visitor, 'phone-data-export-page');
    const fromLink = await downloads(visitor, visitor.getByRole('button', { name: 'Descargar' }));
    const entries = unzipSync(await bytesOf(fromLink));
    expect(new TextDecoder().decode(entries['README.txt'])).toContain('Qué hay en cada archivo');
    expect(JSON.parse(new TextDecoder().decode(entries['cuenta.json']))).toEqual(
      expect.objectContaining({ id: worker.userId, email: worker.email }),
    );

    // Someone else's id says it is not found, with no hint.
    const other = await createAccount(t, 'Parent');
    const stranger = await browser.signedInPage(t.baseUrl, other.email, `/mis-datos/${row.id}`, VIEWPORTS.phone);
    await stranger.getByText(DATA_EXPORT_MESSAGES.notFound).waitFor();
    expect(await stranger.getByRole('button', { name: 'Descargar' }).count()).toBe(0);
  });

  it('shows the expired message, and fits a desktop', async () => {
    const employer = await createAccount(t, 'Parent');
    const [row] = await t.dataSource.query(
      `INSERT INTO data_exports (user_id, status, requested_at, ready_at, expires_at, size_bytes, storage_key)
       VALUES ($1, 'ready', now() - interval '30 hours', now() - interval '29 hours', now() - interval '5 hours', 2048,
               'ffffffffffffffffffffffffffffffff.zip') RETURNING id`,
      [employer.userId],
    );
    const page = await browser.signedInPage(t.baseUrl, employer.email, `/mis-datos/${row.id}`, VIEWPORTS.desktop);
    await page.getByText(DATA_EXPORT_MESSAGES.expired).waitFor();
    expect(await page.getByRole('button', { name: 'Descargar' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.desktop.width,
    );
    await screenshot(page, 'desktop-data-export-expired', { fullPage: false });

    await page.goto(`${t.baseUrl}/user-account`);
    await waitForShell(page);
    const section = page.locator('section.data-export');
    await section.getByRole('button', { name: 'Descargar mis datos' }).waitFor();
    // An expired one is not offered for download.
    expect(await section.locator('.data-export__item').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'desktop-data-export-section', { fullPage: false });
  });
});
