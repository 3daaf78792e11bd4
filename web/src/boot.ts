/**
 * The start of a page the server rendered: the page is on screen and its links work, so the app
 * (src/main.tsx: React and the page's code, ~165 KB compressed) is fetched only once the page has
 * loaded — its photo before it, on a slow connection — and painted, or at the first tap, or after
 * APP_START_LATEST_MS. The app's entry imports its parts one after another (main.tsx); they are
 * all asked for at once, with the entry, from the list the server gives in `data-preload`. A tap on a button before the app is there is kept and given to the button
 * once the page is live (`<html data-ready>`, set by the app: usePageLive). The server puts this
 * script in place of the app's and names the app's in `data-app` (public-pages/shell-pages.ts);
 * pages the browser draws load the app at once.
 *
 * It imports nothing: any module it shared with the app would be bundled into the app's shared
 * chunk, and this script would then fetch and run the whole app before the page's paint.
 */

const APP_START_LATEST_MS = 3_000;

/** How long after the page is live a kept tap is given (the stored session applies first). */
const REPLAY_DELAY_MS = 100;

/** What shows when the app's code could not be fetched (a dropped connection): the page stays. */
const NOT_LOADED = 'No pudimos terminar de cargar la página. Revisá tu conexión y volvé a intentar.';

const script = document.querySelector<HTMLScriptElement>('script[data-app]');
const app = script?.dataset.app;
const preloads = (script?.dataset.preload ?? '').split(' ').filter(Boolean);
let started = false;
let live = false;
let tapped: HTMLElement | null = null;

function notLoaded(): void {
  const notice = document.createElement('p');
  notice.className = 'notice notice--error container';
  notice.setAttribute('role', 'alert');
  notice.textContent = NOT_LOADED;
  document.getElementById('root')?.prepend(notice);
}
// The entry fetched, one of the parts it imports in turn was not (src/main.tsx).
document.addEventListener('cym-app-failed', notLoaded, { once: true });

function startApp(now = false): void {
  if (started || !app) return;
  started = true;
  const load = () => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    return import(/* @vite-ignore */ app).catch(notLoaded);
  };
  if (now) void load();
  else requestAnimationFrame(() => setTimeout(() => void load(), 0));
}

// A button pressed before the app can answer: kept (and its form not sent by the browser).
document.addEventListener(
  'click',
  (event) => {
    if (live) return;
    const button = (event.target as Element | null)?.closest<HTMLElement>('button, [role="button"], summary');
    if (!button) return;
    // Nothing else sees it: not the browser (a form would be sent), nor the app while it starts.
    event.preventDefault();
    event.stopPropagation();
    tapped = button;
    startApp(true);
  },
  true,
);
// Once the page is live, a kept tap goes to its button.
const root = document.documentElement;
const pageLive = new MutationObserver(() => {
  if (root.dataset.ready === undefined) return;
  pageLive.disconnect();
  live = true;
  const button = tapped;
  tapped = null;
  if (button) setTimeout(() => button.isConnected && button.click(), REPLAY_DELAY_MS);
});
pageLive.observe(root, { attributes: true, attributeFilter: ['data-ready'] });

if (document.readyState === 'complete') startApp();
else window.addEventListener('load', () => startApp(), { once: true });
setTimeout(() => startApp(), APP_START_LATEST_MS);
