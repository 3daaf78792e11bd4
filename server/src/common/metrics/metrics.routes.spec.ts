import { bearerMatches, routeLabel } from './metrics.routes';

const TOKEN = 'a-metrics-token-of-forty-characters-0123';

describe('routeLabel', () => {
  const request = (routeOptions: unknown) => ({ routeOptions }) as Parameters<typeof routeLabel>[0];

  it('is the template a request matched, never the address asked for', () => {
    expect(routeLabel(request({ url: '/api/workers/:id', config: {} }))).toBe('/api/workers/:id');
    expect(routeLabel(request({ url: '/trabajadoras/:slug' }))).toBe('/trabajadoras/:slug');
  });

  it('names every static file of the web build alike, and a request no route matched', () => {
    expect(
      routeLabel(request({ url: '/assets/index-gbs9Zh6y.js', config: { file: '/assets/index-gbs9Zh6y.js' } })),
    ).toBe('static');
    expect(routeLabel(request({ url: undefined, config: {} }))).toBe('unmatched');
    expect(routeLabel(request(undefined))).toBe('unmatched');
  });
});

describe('bearerMatches', () => {
  it('takes the token as a bearer credential, the scheme in any case', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['the token alone', TOKEN],
    ['another scheme', `Basic ${TOKEN}`],
    ['a longer token', `Bearer ${TOKEN}x`],
    ['a shorter token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['another token of the same length', `Bearer ${'x'.repeat(TOKEN.length)}`],
    ['the token and more', `Bearer ${TOKEN} ${TOKEN}`],
    ['a repeated header', [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]],
  ])('refuses %s', (_label, header) => {
    expect(bearerMatches(header, TOKEN)).toBe(false);
  });
});
