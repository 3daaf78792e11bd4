import { formatOfferCount } from '@cym/common';
import { seedDemo } from '../../server/src/database/seeds/demo-seed';
import { screenshot, scrollUntilCards, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(90_000);

describe('job offer search in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({ BCRYPT_COST: '4' }, { listen: true });

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

    const link = page.getByRole('link', { name: 'Ver oferta' }).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toMatch(/^\/job-offer\/\d+$/);
    const [offerTab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await offerTab.getByRole('heading', { level: 1, name: 'Propuesta laboral' }).waitFor();
    await offerTab.getByRole('heading', { name: 'Sueldo mensual' }).waitFor();
    await screenshot(offerTab, 'desktop-job-offer');
    await offerTab.getByRole('button', { name: 'Chatear' }).click();
    await offerTab.getByRole('dialog', { name: 'Crear cuenta' }).waitFor();
    await offerTab.goto(`${t.baseUrl}/job-offer/999999`);
    await offerTab.getByText('Error loading job offer.').waitFor();
    await page.context().close();
    browser.expectNoPageErrors();
  });
});
