import {
  DEFAULT_TITLE,
  isClientRoute,
  matchRoute,
  MAX_TITLE_LENGTH,
  offerPageText,
  pageTitle,
  routeTitle,
  workerPageText,
} from './site-pages';

describe('the web app’s routes', () => {
  it('knows fixed pages, the admin’s pages and pages with parameters, a trailing slash being the same page', () => {
    for (const path of [
      '/',
      '/workers',
      '/workers/',
      '/job-offers',
      '/admin/workers',
      '/admin/parents/3',
      '/worker-profile/5',
      '/reset/abc/def',
      '/trabajadores/nineras/cordoba',
      '/trabajadores/nineras/cordoba/capital',
    ])
      expect([path, isClientRoute(path)]).toEqual([path, true]);
  });

  it('has no page at any other address', () => {
    for (const path of [
      '/nope',
      '/admin',
      '/workers/extra',
      '/worker-profile',
      '/worker-profile/5/edit',
      '/trabajadores/nineras',
    ])
      expect([path, isClientRoute(path)]).toEqual([path, false]);
  });

  it('reads the parameters of a pattern, segment by segment', () => {
    expect(matchRoute('/reset/:uidb64/:token', '/reset/abc/def')).toEqual({ uidb64: 'abc', token: 'def' });
    expect(matchRoute('/reset/:uidb64/:token', '/reset/abc/def/')).toEqual({ uidb64: 'abc', token: 'def' });
    expect(matchRoute('/workers', '/workers')).toEqual({});
    expect(matchRoute('/reset/:uidb64/:token', '/reset/abc')).toBeNull();
    expect(matchRoute('/reset/:uidb64/:token', '/resets/abc/def')).toBeNull();
    expect(matchRoute('/workers', '/workers:')).toBeNull();
  });

  it('titles the app’s other pages by their pattern', () => {
    expect(routeTitle('/user-account')).toBe('Mi cuenta');
    expect(routeTitle('/worker-profile/5')).toBe('Perfil de trabajador');
    expect(routeTitle('/admin/parents/3')).toBe('Admin: Empleador');
    expect(routeTitle('/nope')).toBeNull();
    expect(routeTitle('/workers')).toBeNull();
  });
});

describe('tab titles', () => {
  it('adds the product to a page’s words, with spaces tidied', () => {
    expect(pageTitle('Contacto')).toBe('Contacto · Casa y Manos');
    expect(pageTitle('  Mi   cuenta\n')).toBe('Mi cuenta · Casa y Manos');
  });

  it('is the default title for a page without words', () => {
    for (const text of [null, undefined, '']) expect(pageTitle(text)).toBe(DEFAULT_TITLE);
  });

  it(`keeps ${MAX_TITLE_LENGTH} characters whole, and cuts a longer title on a word, without trailing punctuation`, () => {
    const fits = 'x'.repeat(MAX_TITLE_LENGTH - ' · Casa y Manos'.length);
    expect(pageTitle(fits)).toBe(`${fits} · Casa y Manos`);
    expect(pageTitle(`${fits}x`)).toBe(`${'x'.repeat(fits.length - 1)}… · Casa y Manos`);
    expect(
      pageTitle('Empleadas domésticas, niñeras, cuidadoras de adultos mayores y cocineras en toda la Argentina'),
    ).toBe('Empleadas domésticas, niñeras, cuidadoras de adultos… · Casa y Manos');
    expect(pageTitle('Cuidadora de adultos mayores en Villa Carlos Paz — Punilla, Córdoba')).toBe(
      'Cuidadora de adultos mayores en Villa Carlos Paz… · Casa y Manos',
    );
    expect(pageTitle('Cuidadora de adultos mayores en Villa Carlos Paz, Punilla y Córdoba')).toBe(
      'Cuidadora de adultos mayores en Villa Carlos Paz… · Casa y Manos',
    );
    // A last space in the first half would waste the room: the cut is then inside the word.
    expect(pageTitle(`Niñera ${'x'.repeat(60)}`)).toBe(`Niñera ${'x'.repeat(47)}… · Casa y Manos`);
  });
});

describe('titles of public profiles and offers', () => {
  it('says who, what and where of a worker, whatever is known', () => {
    const lucia = { firstName: 'Lucía', age: 34, service: 'Niñera/o', place: 'Comuna 6' };
    expect(workerPageText(lucia)).toBe('Lucía, 34 — Niñera/o en Comuna 6');
    expect(workerPageText({ ...lucia, age: null })).toBe('Lucía — Niñera/o en Comuna 6');
    expect(workerPageText({ ...lucia, service: null })).toBe('Lucía, 34 — en Comuna 6');
    expect(workerPageText({ ...lucia, place: null })).toBe('Lucía, 34 — Niñera/o');
    expect(workerPageText({ ...lucia, service: null, place: null })).toBe('Lucía, 34');
    expect(workerPageText({ ...lucia, age: 0 })).toBe('Lucía, 0 — Niñera/o en Comuna 6');
  });

  it('says an offer’s title and its municipality', () => {
    expect(offerPageText({ title: 'Niñera por la tarde', municipality: 'Palermo' })).toBe(
      'Niñera por la tarde — Palermo',
    );
    expect(offerPageText({ title: 'Niñera por la tarde', municipality: null })).toBe('Niñera por la tarde');
  });
});
