import { formatOfferCount } from '@cym/common';
import { seedDemo } from '../../seed/src/demo-seed';
import { logIn, screenshot, scrollUntilCards, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { visibleWorker } from '../support/accounts';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(90_000);

describe('job offer search in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  beforeAll(async () => {
    await seedDemo(t.dataSource, { workers: 10, employers: 40, seed: 5 });
  });

  it('lists the public offers, filters by service, keeps the filter across a reload and links to each offer', async () => {
    const page = await browser.newPage(VIEWPORTS.desktop);
    const all = (await http(t).get('/api/job-offers/').expect(200)).body as {
      id: number;
      services: { title_display: string }[];
    }[];
    expect(all.length).toBeGreaterThan(0);

    await page.goto(t.baseUrl + '/job-offers');
    await waitForShell(page);
    await page.getByText(formatOfferCount(all.length)).waitFor();
    await scrollUntilCards(page, '.offer-card', all.length);
    await screenshot(page, 'desktop-job-offers', { fullPage: false });

    const service = all[0]!.services[0]!.title_display;
    const matching = all.filter((o) => o.services.some((s) => s.title_display === service)).length;
    await page.getByRole('button', { name: 'Servicios' }).click();
    await page.getByLabel(service).check();
    await page.getByText(formatOfferCount(matching)).waitFor();
    await page.reload();
    await page.getByText(formatOfferCount(matching)).waitFor();

    // 'Ver oferta', named with the offer, opens it in the same tab.
    const link = page.getByRole('link', { name: /^Ver oferta: / }).first();
    expect(await link.getAttribute('target')).toBeNull();
    expect(await link.getAttribute('href')).toMatch(/^\/job-offer\/\d+$/);
    const title = (await link.locator('xpath=ancestor::article').locator('h2').textContent())!;
    expect(await link.getAttribute('aria-label')).toBe(`Ver oferta: ${title}`);
    await link.click();
    await page.waitForURL(/\/job-offer\/\d+$/);
    const offerTab = page;
    await offerTab.getByRole('heading', { level: 1, name: 'Propuesta laboral' }).waitFor();
    await offerTab.getByRole('heading', { name: 'Sueldo mensual' }).waitFor();
    await screenshot(offerTab, 'desktop-job-offer');
    await offerTab.getByRole('button', { name: 'Registrarme para trabajar' }).waitFor();
    await offerTab.getByRole('button', { name: 'Chatear' }).click();
    await offerTab.getByRole('dialog', { name: 'Crear cuenta' }).waitFor();
    await offerTab.keyboard.press('Escape');
    await offerTab.goto(`${t.baseUrl}/job-offer/999999`);
    await offerTab.getByRole('heading', { level: 1, name: 'No hay resultados' }).waitFor();
    await page.context().close();
    browser.expectNoPageErrors();
  });

  it("shows the employer's 'Identidad verificada' on the offer as on its card, and the sign-up buttons to visitors only", async () => {
    const all = (await http(t).get('/api/job-offers/').expect(200)).body as {
      id: number;
      parent_profile: { identity_verified: boolean } | null;
    }[];
    const verified = all.find((o) => o.parent_profile?.identity_verified === true);
    const unverified = all.find((o) => o.parent_profile && !o.parent_profile.identity_verified);
    expect(verified && unverified).toBeTruthy();
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(`${t.baseUrl}/job-offer/${verified!.id}`);
    await waitForShell(page);
    await page.locator('.public-profile__top').getByText('Identidad verificada').waitFor();
    await screenshot(page, 'phone-job-offer-verified', { fullPage: false });
    await page.goto(`${t.baseUrl}/job-offer/${unverified!.id}`);
    await waitForShell(page);
    await page.getByRole('heading', { name: 'Sueldo mensual' }).waitFor();
    expect(await page.getByText('Identidad verificada').count()).toBe(0);

    // A worker signed in: her account links to her public profile, headed with her name; neither
    // it nor an offer offers her to sign up.
    const worker = await visibleWorker(t);
    await logIn(page, t.baseUrl, worker.email, 'clave1234', '/user-account');
    const own = page.getByRole('link', { name: 'Ver mi perfil público' });
    await own.click();
    await page.waitForURL(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await page.getByRole('heading', { level: 1, name: 'Prueba' }).waitFor();
    await page.getByRole('heading', { name: 'Sobre mí' }).waitFor();
    expect(await page.getByRole('button', { name: /^Registrarme (para trabajar|como empleador)$/ }).count()).toBe(0);
    await page.goto(`${t.baseUrl}/job-offer/${verified!.id}`);
    await waitForShell(page);
    await page.getByRole('heading', { name: 'Sueldo mensual' }).waitFor();
    expect(await page.getByRole('button', { name: /^Registrarme (para trabajar|como empleador)$/ }).count()).toBe(0);
    await page.context().close();
    browser.expectNoPageErrors();
  });
});
