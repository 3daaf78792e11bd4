import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_ROUTE_PREFIXES } from '@cym/common';

/** web/public/sw-rules.js, as the service worker loads it (importScripts sets self.cymCacheRules). */
interface Rules {
  PRIVATE_PAGES: string[];
  strategyFor(request: FakeRequest, origin: string): 'page' | 'navigation' | 'asset' | 'network';
  storable(response: FakeResponse | null): boolean;
  storablePage(response: FakeResponse | null): boolean;
}
interface FakeRequest {
  method: string;
  url: string;
  mode: string;
  headers: { get(name: string): string | null };
}
interface FakeResponse {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

function loadRules(): Rules {
  const code = readFileSync(join(__dirname, '../../public/sw-rules.js'), 'utf8');
  const scope: { cymCacheRules?: Rules } = {};
  new Function('self', code)(scope);
  return scope.cymCacheRules!;
}

const headers = (values: Record<string, string> = {}) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});
const ORIGIN = 'https://casaymanos.com.ar';
const request = (path: string, options: Partial<FakeRequest> & { auth?: string } = {}): FakeRequest => ({
  method: 'GET',
  url: path.startsWith('http') ? path : ORIGIN + path,
  mode: 'navigate',
  headers: headers(options.auth ? { authorization: options.auth } : {}),
  ...options,
});
const response = (status: number, values: Record<string, string>, redirected = false): FakeResponse => ({
  status,
  type: 'basic',
  redirected,
  headers: headers(values),
});

describe('the service worker’s cache rules (web/public/sw-rules.js)', () => {
  const rules = loadRules();

  it('knows the same private pages as the server', () => {
    expect([...rules.PRIVATE_PAGES].sort()).toEqual([...PRIVATE_ROUTE_PREFIXES].sort());
  });

  it('keeps the public pages a person opens', () => {
    for (const path of ['/', '/workers', '/workers?page=2&province=1', '/worker-profile/12', '/job-offer/3', '/faqs'])
      expect(rules.strategyFor(request(path), ORIGIN)).toBe('page');
  });

  it('never keeps private pages, but opens them offline on the offline page, as any navigation of the site', () => {
    for (const path of [
      '/user-account',
      '/user-account/profile',
      '/conversations',
      '/conversations/',
      '/conversations/chat/4',
      '/admin/workers',
      '/guardados',
      '/guardados/',
      '/alertas',
      '/alertas/baja?t=abc',
      '/payment/success',
      '/membership-type/bank-transfer/payment',
      '/reset-password',
      '/reset/abc/def',
      '/email-verification/xyz',
      '/maintenance',
      '/sitemap.xml',
      '/api/docs',
      '/preview/worker-profile/1.png',
    ])
      expect([path, rules.strategyFor(request(path), ORIGIN)]).toEqual([path, 'navigation']);
  });

  it('leaves the API, other sites, writes and requests with credentials to the network', () => {
    expect(rules.strategyFor(request('/api/workers/', { mode: 'cors' }), ORIGIN)).toBe('network');
    expect(rules.strategyFor(request('/guardados', { mode: 'cors' }), ORIGIN)).toBe('network');
    expect(rules.strategyFor(request('/guardados', { method: 'POST' }), ORIGIN)).toBe('network');
    expect(rules.strategyFor(request('/api/auth/me', { mode: 'cors', auth: 'Bearer x' }), ORIGIN)).toBe('network');
    expect(rules.strategyFor(request('/workers', { method: 'POST' }), ORIGIN)).toBe('network');
    expect(rules.strategyFor(request('/workers', { auth: 'Bearer x' }), ORIGIN)).toBe('network');
    expect(rules.strategyFor(request('https://example.com/workers'), ORIGIN)).toBe('network');
    expect(rules.strategyFor(request('/socket.io/?EIO=4', { mode: 'cors' }), ORIGIN)).toBe('network');
  });

  it('keeps the hashed bundles and the shell’s files, not other files', () => {
    expect(rules.strategyFor(request('/assets/index-abc123.js', { mode: 'cors' }), ORIGIN)).toBe('asset');
    expect(rules.strategyFor(request('/icons/icon-192.png', { mode: 'no-cors' }), ORIGIN)).toBe('asset');
    expect(rules.strategyFor(request('/offline.html', { mode: 'no-cors' }), ORIGIN)).toBe('asset');
    expect(rules.strategyFor(request('/preview/worker-profile/1.png', { mode: 'no-cors' }), ORIGIN)).toBe('network');
    expect(rules.strategyFor(request('/sw.js', { mode: 'no-cors' }), ORIGIN)).toBe('network');
  });

  it('stores only full answers no header forbids; pages only as HTML and not redirected', () => {
    expect(rules.storable(response(200, { 'cache-control': 'public, max-age=3600' }))).toBe(true);
    expect(rules.storable(response(200, { 'cache-control': 'no-store' }))).toBe(false);
    expect(rules.storable(response(200, { 'cache-control': 'private, max-age=60' }))).toBe(false);
    expect(rules.storable(response(200, { vary: '*' }))).toBe(false);
    expect(rules.storable(response(206, {}))).toBe(false);
    expect(rules.storable(null)).toBe(false);
    expect(
      rules.storablePage(response(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })),
    ).toBe(true);
    expect(rules.storablePage(response(404, { 'content-type': 'text/html; charset=utf-8' }))).toBe(false);
    expect(rules.storablePage(response(503, { 'content-type': 'text/html; charset=utf-8' }))).toBe(false);
    expect(rules.storablePage(response(200, { 'content-type': 'application/json' }))).toBe(false);
    expect(rules.storablePage(response(200, { 'content-type': 'text/html' }, true))).toBe(false);
  });
});

/**
 * web/public/sw.js itself, run on stand-ins for the worker's globals (its listeners, the caches,
 * fetch): what it answers a navigation with, and what it keeps.
 */
describe('the service worker’s answers to navigations (web/public/sw.js)', () => {
  type Listener = (event: unknown) => void;
  const OFFLINE_PAGE = { status: 200, body: 'offline.html' };

  function loadWorker(network: (request: FakeRequest) => Promise<FakeResponse>) {
    const listeners: Record<string, Listener> = {};
    const stores = new Map<string, Map<string, unknown>>();
    const key = (entry: string | { url: string }) =>
      new URL(typeof entry === 'string' ? entry : entry.url, ORIGIN).href;
    const store = (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return stores.get(name)!;
    };
    const caches = {
      open: async (name: string) => {
        const entries = store(name);
        return {
          match: async (entry: string | { url: string }) => entries.get(key(entry)),
          put: async (entry: string | { url: string }, value: unknown) => void entries.set(key(entry), value),
          delete: async (entry: string | { url: string }) => entries.delete(key(entry)),
          keys: async () => [...entries.keys()].map((url) => ({ url })),
        };
      },
      match: async (entry: string | { url: string }) => {
        for (const entries of stores.values()) if (entries.has(key(entry))) return entries.get(key(entry));
        return undefined;
      },
      keys: async () => [...stores.keys()],
    };
    const self = {
      location: { origin: ORIGIN },
      addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    };
    const importScripts = () =>
      new Function('self', readFileSync(join(__dirname, '../../public/sw-rules.js'), 'utf8'))(self);
    const code = readFileSync(join(__dirname, '../../public/sw.js'), 'utf8');
    new Function('self', 'importScripts', 'caches', 'fetch', 'Response', code)(self, importScripts, caches, network, {
      error: () => ({ status: 0, body: 'Response.error()' }),
    });
    store('cym-shell-v1').set(`${ORIGIN}/offline.html`, OFFLINE_PAGE);

    /** The worker's answer to `path` (undefined: left to the browser), once its side work is done. */
    async function answer(path: string, options: Partial<FakeRequest> = {}) {
      let answered: Promise<unknown> | undefined;
      const work: Promise<unknown>[] = [];
      listeners.fetch({
        request: request(path, options),
        respondWith: (promise: Promise<unknown>) => (answered = promise),
        waitUntil: (promise: Promise<unknown>) => work.push(promise),
      });
      const result = await answered;
      await Promise.all(work);
      return result;
    }
    /** Every address kept, in any cache but the offline page's. */
    const kept = () =>
      [...stores.values()].flatMap((entries) => [...entries.keys()]).filter((url) => !url.endsWith('/offline.html'));
    return { answer, kept };
  }

  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const html = (body: string) => {
    const page = { ...response(200, { 'content-type': 'text/html; charset=utf-8' }), body, clone: () => page };
    return page;
  };

  it('opens a private page offline on the offline page, and keeps nothing of it', async () => {
    const worker = loadWorker(offline);
    for (const path of ['/guardados', '/alertas', '/user-account', '/conversations', '/conversations/chat/4'])
      expect([path, await worker.answer(path)]).toEqual([path, OFFLINE_PAGE]);
    expect(worker.kept()).toEqual([]);
  });

  it('answers a private page online from the network and keeps nothing of it', async () => {
    const page = html('<h1>Guardados</h1>');
    const worker = loadWorker(async () => page);
    expect(await worker.answer('/guardados')).toBe(page);
    expect(worker.kept()).toEqual([]);
  });

  it('keeps a public page seen online, shows it offline, and the offline page for one never seen', async () => {
    const page = html('<h1>Perfiles</h1>');
    let online = true;
    const worker = loadWorker(async () => (online ? page : offline()));
    expect(await worker.answer('/workers')).toBe(page);
    expect(worker.kept()).toEqual([`${ORIGIN}/workers`]);
    online = false;
    expect(await worker.answer('/workers')).toBe(page);
    expect(await worker.answer('/job-offers')).toEqual(OFFLINE_PAGE);
  });

  it('leaves the API’s requests and writes to the browser', async () => {
    const worker = loadWorker(offline);
    expect(await worker.answer('/api/saved/', { mode: 'cors' })).toBeUndefined();
    expect(await worker.answer('/guardados', { method: 'POST' })).toBeUndefined();
  });
});
