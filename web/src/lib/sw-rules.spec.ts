import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_ROUTE_PREFIXES } from '@cym/common';

/** web/public/sw-rules.js, as the service worker loads it (importScripts sets self.cymCacheRules). */
interface Rules {
  PRIVATE_PAGES: string[];
  strategyFor(request: FakeRequest, origin: string): 'page' | 'asset' | 'network';
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

  it('never keeps private pages, the API, other sites, writes or requests with credentials', () => {
    for (const path of [
      '/user-account',
      '/user-account/profile',
      '/conversations/chat/4',
      '/admin/workers',
      '/guardados',
      '/alertas',
      '/alertas/baja?t=abc',
      '/payment/success',
      '/membership-type/bank-transfer/payment',
      '/reset-password',
      '/email-verification/xyz',
      '/sitemap.xml',
    ])
      expect([path, rules.strategyFor(request(path), ORIGIN)]).toEqual([path, 'network']);
    expect(rules.strategyFor(request('/api/workers/', { mode: 'cors' }), ORIGIN)).toBe('network');
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
