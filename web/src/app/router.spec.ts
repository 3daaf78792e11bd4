import './text-encoding.test-polyfill';
import { CLIENT_ROUTES, isClientRoute } from '@cym/common';
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
});
