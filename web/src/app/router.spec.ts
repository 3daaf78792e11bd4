import './text-encoding.test-polyfill';
import { CLIENT_ROUTES, isClientRoute, PUBLIC_PAGES, ROUTE_TITLES } from '@cym/common';
import type { RouteObject } from 'react-router';
import { routes } from './router';

/** Every path the router declares, nested or not, but the catch-all. */
function declared(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...declared(route.children ?? []),
  ]);
}

describe('the router and common route list', () => {
  it('declare the same pages, so the server answers 404 exactly where the app shows its not-found page', () => {
    expect([...declared(routes)].sort()).toEqual([...CLIENT_ROUTES].sort());
  });

  it('match addresses with parameters and a trailing slash, and nothing else', () => {
    expect(isClientRoute('/worker-profile/12')).toBe(true);
    expect(isClientRoute('/workers/')).toBe(true);
    expect(isClientRoute('/')).toBe(true);
    expect(isClientRoute('/worker-profile/12/extra')).toBe(false);
    expect(isClientRoute('/no-existe')).toBe(false);
  });

  it("title each page as common's ROUTE_TITLES, which the server's shell carries", () => {
    const titled = (routes: RouteObject[]): [string, string][] =>
      routes.flatMap((route) => [
        ...(route.path && route.path !== '*' && !(route.path in PUBLIC_PAGES)
          ? [[route.path, (route.handle as { title?: string } | undefined)?.title ?? ''] as [string, string]]
          : []),
        ...titled(route.children ?? []),
      ]);
    for (const [path, title] of titled(routes)) {
      if (title) expect([path, title]).toEqual([path, ROUTE_TITLES[path]]);
      else expect([path, ROUTE_TITLES[path]]).toEqual([path, expect.any(String)]);
    }
  });
});
