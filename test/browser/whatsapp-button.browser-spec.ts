import type { Page } from 'playwright-core';
import { createAccount, type TestAccount } from '../support/accounts';
import { logIn, screenshot, settleNetwork, useBrowser, type Viewport } from '../support/browser';
import { ADMIN_ROUTES, EMPLOYER_ROUTES, publicRoutes, walkAccounts } from '../support/routes';
import { useTestApp } from '../support/test-app';

jest.setTimeout(300_000);

/** A phone, a small laptop (the navbar shows its links) and the desktop the spec was drawn at. */
const VIEWPORTS: Viewport[] = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1280, height: 900 },
];

interface Overlap {
  shown: boolean;
  placement: string | null;
  hits: string[];
}

/**
 * The WhatsApp button never lies over something a person taps or reads as a status (a link, a
 * button, a field, a badge) on any page of the app, at any scroll position, and never shows in the
 * back office. Computed from bounding boxes, page by page.
 */
describe('the WhatsApp button', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });
  let worker: TestAccount;
  let employer: TestAccount;
  let payer: TestAccount;
  let admin: TestAccount;
  let workerId: number;
  let offerId: number;

  beforeAll(async () => {
    ({ worker, employer, admin, workerId, offerId } = await walkAccounts(t));
    payer = await createAccount(t, 'Parent');
  });

  /** Where the button is, and what it lies over at each scroll position from top to bottom. */
  async function overlaps(page: Page): Promise<Overlap> {
    return page.evaluate(async () => {
      const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
      const button = [...document.querySelectorAll('.whatsapp-button')].find(visible);
      if (!button) return { shown: false, placement: null, hits: [] };
      // In the sticky navbar the page scrolls beneath the whole bar: only the bar's own controls
      // can meet the button. Floating, everything on the page can.
      const navbar = button.closest('.navbar');
      const scope = navbar ?? document.body;
      const targets =
        'a, button, input, select, textarea, label, summary, [role="button"], [tabindex]:not([tabindex="-1"]), .badge';
      const hits = new Set<string>();
      const step = Math.max(200, window.innerHeight / 2);
      const bottom = document.documentElement.scrollHeight - window.innerHeight;
      for (let y = 0; ; y = Math.min(bottom, y + step)) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        const b = button.getBoundingClientRect();
        for (const el of scope.querySelectorAll(targets)) {
          if (button.contains(el) || el.contains(button) || !visible(el)) continue;
          for (const r of el.getClientRects()) {
            if (r.width === 0 || r.height === 0) continue;
            if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
              hits.add(`${el.tagName.toLowerCase()} '${(el.textContent ?? '').trim().slice(0, 40)}' at y=${y}`);
          }
        }
        if (y >= bottom) break;
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
      return { shown: true, placement: navbar ? 'navbar' : 'floating', hits: [...hits] };
    });
  }

  /**
   * Shows the page at `viewport` and waits for two frames: the first lays it out at the new size
   * (and runs what the app does on a resize: media queries, observers), the second draws what
   * those changed.
   */
  async function resize(page: Page, viewport: Viewport) {
    const current = page.viewportSize();
    if (current?.width === viewport.width && current.height === viewport.height) return;
    await page.setViewportSize(viewport);
    const width = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.innerWidth))),
        ),
    );
    expect(width).toBe(viewport.width);
  }

  /** Each person's page (null: a visitor's), signed in once and kept for all of their walks. */
  const pages = new Map<TestAccount | null, Page>();

  async function pageOf(account: TestAccount | null, landing: string): Promise<Page> {
    let page = pages.get(account);
    if (!page) {
      page = await browser.newPage(VIEWPORTS[0]);
      if (account) await logIn(page, t.baseUrl, account.email, 'clave1234', landing);
      pages.set(account, page);
    }
    return page;
  }

  /**
   * Opens each route once and measures it at every viewport by resizing the page, which is much
   * quicker than a load per size: the button's placement is CSS alone, and the boxes of everything
   * tappable came out as on a fresh load at each size (sections that fade in move by up to 16 px
   * while they do, however the page was loaded). Every other route takes the viewports in
   * reverse, so that it loads at the size it is first measured at.
   */
  async function walk(account: TestAccount | null, landing: string, routes: string[], expectShown: boolean) {
    const page = await pageOf(account, landing);
    for (const [i, route] of routes.entries()) {
      const viewports = i % 2 === 0 ? VIEWPORTS : [...VIEWPORTS].reverse();
      await resize(page, viewports[0]);
      // Only html[data-ready]: the client-drawn pages' one-second start-up cover is no tappable
      // thing and moves nothing, and the page is drawn beneath it meanwhile.
      await settleNetwork(page, async () => {
        await page.goto(t.baseUrl + route);
        await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 10_000 });
      });
      for (const viewport of viewports) {
        await resize(page, viewport);
        const result = await overlaps(page);
        expect({ route, viewport, shown: result.shown }).toEqual({ route, viewport, shown: expectShown });
        expect({ route, viewport, hits: result.hits }).toEqual({ route, viewport, hits: [] });
        if (expectShown)
          expect({ route, placement: result.placement }).toEqual({
            route,
            placement: viewport.width >= 1272 ? 'floating' : 'navbar',
          });
      }
    }
    await resize(page, VIEWPORTS[0]);
    await screenshot(page, `whatsapp-${account ? 'account' : 'visitor'}-phone`);
  }

  it('covers nothing on the public pages', async () => {
    await walk(null, '/', publicRoutes(workerId, offerId), true);
  });

  it("covers nothing on a worker's and an employer's pages", async () => {
    await walk(worker, '/user-account', ['/user-account', '/job-offers', `/job-offer/${offerId}`], true);
    await walk(employer, '/user-account', ['/user-account', '/workers', `/worker-profile/${workerId}`], true);
    await walk(payer, '/user-account', EMPLOYER_ROUTES, true);
  });

  it('never shows in the back office, on the chat or on /maintenance', async () => {
    await walk(admin, '/', [...ADMIN_ROUTES, '/', '/workers'], false);
    await walk(employer, '/user-account', ['/conversations'], false);
    // /maintenance stands outside the shell: no navbar, no button.
    await walk(null, '/', ['/maintenance'], false);
  });
});
