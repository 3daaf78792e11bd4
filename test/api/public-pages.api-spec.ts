import {
  formatProfileCount,
  LANDING_MIN_MUNICIPALITY_WORKERS,
  MAX_TITLE_LENGTH,
  offerPageText,
  pageTitle,
  PUBLIC_PAGES,
  routeTitle,
  STATIC_PAGE_UPDATED,
} from '@cym/common';
import { HtmlValidate } from 'html-validate';
import sharp from 'sharp';
import { seedDemo } from '../../seed/src/demo-seed';
import { PublicPagesService } from '../../server/src/modules/public-pages/public-pages.service';
import { ServerRenderer } from '../../server/src/modules/public-pages/server-renderer';
import * as previewCardModule from '../../server/src/modules/public-pages/preview-card';
import {
  PREVIEW_DRAWINGS_AT_ONCE,
  PREVIEW_DRAWINGS_WAITING,
} from '../../server/src/modules/public-pages/preview-images';
import { DomainEvents } from '../../server/src/common/events/domain-events';
import { LandingPagesService } from '../../server/src/modules/public-pages/landing-pages.service';
import { PublicProfileCache } from '../../server/src/modules/worker-profile/public-profile-cache';
import { expectErrorShape, getBytes, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/*
 * The public pages as a search engine or a link preview reads them: the HTML as answered, no
 * script run.
 */

/** The decoded text of an attribute or element (the few entities the server writes). */
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function head(html: string) {
  const meta = (attribute: string, key: string) => {
    const found = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
    return found ? decode(found[1]!) : null;
  };
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    titles: html.match(/<title>/g)?.length ?? 0,
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    og: (key: string) => meta('property', `og:${key}`),
    twitter: (key: string) => meta('name', `twitter:${key}`),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
  };
}

/**
 * html-validate's recommended rules, less those about how markup is written rather than what it
 * says (quotes, case, self-closing, whitespace, inline styles: React's and the build's choice).
 * `valid-id` takes HTML5's ids: React's useId ids (`_R_9_`) start with an underscore.
 */
const htmlValidate = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'attr-case': 'off',
    'attr-quotes': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'doctype-style': 'off',
    'element-case': 'off',
    'no-self-closing': 'off',
    'no-trailing-whitespace': 'off',
    'void-style': 'off',
    'no-inline-style': 'off',
    'valid-id': ['error', { relaxed: true }],
  },
});

describe('public pages for machines', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp();
    origin = t.config.publicUrl;
    await seedDemo(t.dataSource, { workers: 30, employers: 8, seed: 11 });
  });
  afterAll(() => t.close());

  /** The kept pages and previews go, as after a write's event (these tests write to the database directly). */
  const forgetPages = () => t.app.get(PublicPagesService).forgetPages();

  async function page(path: string, status = 200) {
    const res = await http(t).get(path).expect(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return head(res.text);
  }

  it('gives the home page its title, description, canonical, preview and Organization', async () => {
    const h = await page('/');
    expect(h.title).toBe(pageTitle(null));
    expect(h.titles).toBe(1);
    expect(h.descriptions).toBe(1);
    expect(h.description).toBe(PUBLIC_PAGES['/']!.description);
    expect(h.canonical).toBe(`${origin}/`);
    expect(h.robots).toBeNull();
    expect(h.og('image')).toBe(`${origin}/og-image.png`);
    expect(h.twitter('card')).toBe('summary_large_image');
    expect(h.jsonLd).toEqual([expect.objectContaining({ '@type': 'Organization', url: `${origin}/` })]);
    await http(t).get('/og-image.png').expect(200).expect('content-type', 'image/png');
  });

  it.each(Object.entries(PUBLIC_PAGES).filter(([path]) => path !== '/'))(
    'gives %s its own title, description and canonical',
    async (path, text) => {
      const h = await page(path);
      expect(h.title).toBe(pageTitle(text.title));
      expect(h.description).toBe(text.description);
      expect(h.canonical).toBe(`${origin}${path}`);
      expect(h.og('title')).toBe(h.title);
      expect(h.og('url')).toBe(h.canonical);
    },
  );

  it("names a visible worker's profile with first name, services and place", async () => {
    const [card] = (await http(t).get('/api/workers/?page=1&page_size=1').expect(200)).body.results as {
      id: number;
      user: { first_name: string };
      services: { title_display: string }[];
      location: { province: { name: string } | null };
    }[];
    const h = await page(`/worker-profile/${card!.id}`);
    // Who, what and where ('Lucía, 34 — Niñera/o en Comuna 6'), as the browser's tab says it.
    expect(h.title).toMatch(new RegExp(`^${card!.user.first_name}(, \\d+)? — `));
    expect(h.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(h.description!.length).toBeGreaterThan(20);
    expect(h.description!.length).toBeLessThanOrEqual(160);
    expect(h.canonical).toBe(`${origin}/worker-profile/${card!.id}`);
    expect(h.og('type')).toBe('profile');
    expect(h.og('image')).toMatch(/^https?:\/\//);
    expect(h.robots).toBeNull();
  });

  it('answers 404, not indexed, for a hidden, missing or malformed profile', async () => {
    const [hidden] = (await t.dataSource.query(
      `SELECT id FROM worker_profiles WHERE id NOT IN (SELECT worker_profile_id FROM worker_search) LIMIT 1`,
    )) as { id: number }[];
    const [visible] = (await t.dataSource.query(`SELECT worker_profile_id AS id FROM worker_search LIMIT 1`)) as {
      id: number;
    }[];
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = false WHERE id = $1`, [visible!.id]);
    t.app.get(PublicProfileCache).invalidate();
    forgetPages();
    for (const path of [
      ...(hidden ? [`/worker-profile/${hidden.id}`] : []),
      `/worker-profile/${visible!.id}`,
      '/worker-profile/999999',
      '/worker-profile/abc',
      '/worker-profile/0',
    ]) {
      const h = await page(path, 404);
      expect(h.title).toBe(pageTitle('Página no encontrada'));
      expect(h.robots).toBe('noindex');
      expect(h.canonical).toBeNull();
    }
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [visible!.id]);
    forgetPages();
    await page(`/worker-profile/${visible!.id}`, 200);
  });

  it("gives every public offer a JobPosting with Google for Jobs' required and recommended fields", async () => {
    const offers = (await http(t).get('/api/job-offers/').expect(200)).body as {
      id: number;
      title: string;
      monthly_price: number | null;
      parent_profile: { user: { first_name: string } } | null;
      location: { municipality: { name: string }; province: { name: string } };
    }[];
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      const h = await page(`/job-offer/${offer.id}`);
      expect(h.title).toBe(
        pageTitle(offerPageText({ title: offer.title, municipality: offer.location.municipality.name })),
      );
      expect(h.canonical).toBe(`${origin}/job-offer/${offer.id}`);
      const [posting] = h.jsonLd;
      expect(posting).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: offer.title,
        identifier: { '@type': 'PropertyValue', name: 'Casa y Manos', value: String(offer.id) },
        // A household is named as the law names it, never by its employer's first name.
        hiringOrganization: {
          '@type': 'Organization',
          name: offer.parent_profile ? `Casa particular en ${offer.location.municipality.name}` : 'Casa y Manos',
        },
        jobLocation: {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: offer.location.municipality.name,
            addressRegion: offer.location.province.name,
            addressCountry: 'AR',
          },
        },
      });
      expect(typeof posting!.description).toBe('string');
      expect(Number.isNaN(Date.parse(posting!.datePosted as string))).toBe(false);
      expect(posting!.employmentType).toBeDefined();
      // Every offer says until when it is valid, the team's too.
      expect(Date.parse(posting!.validThrough as string)).toBeGreaterThan(Date.now());
      if (offer.parent_profile)
        expect(JSON.stringify(posting!.hiringOrganization)).not.toContain(offer.parent_profile.user.first_name);
      if (offer.monthly_price !== null) {
        expect(posting!.baseSalary).toEqual({
          '@type': 'MonetaryAmount',
          currency: 'ARS',
          value: { '@type': 'QuantitativeValue', value: offer.monthly_price, unitText: 'MONTH' },
        });
      }
      // Nothing personal beyond what the page shows: no e-mail, phone or last name.
      expect(JSON.stringify(posting)).not.toMatch(/@[a-z0-9-]+\.[a-z]|"telephone"|"email"/i);
    }
  });

  it('previews an offer and every worker (with a photo or not) with an image made from the page (1200 × 630)', async () => {
    const offers = (await http(t).get('/api/job-offers/?page=1&page_size=2').expect(200)).body.results as {
      id: number;
    }[];
    expect(offers.length).toBe(2);
    const images: Buffer[] = [];
    for (const offer of offers) {
      const h = await page(`/job-offer/${offer.id}`);
      expect(h.og('image')).toBe(`${origin}/preview/job-offer/${offer.id}.png`);
      expect(h.og('image:width')).toBe('1200');
      expect(h.og('image:height')).toBe('630');
      const res = await http(t)
        .get(`/preview/job-offer/${offer.id}.png`)
        .buffer(true)
        .parse((response, done) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => done(null, Buffer.concat(parts)));
        })
        .expect(200)
        .expect('content-type', 'image/png');
      const image = res.body as Buffer;
      expect(await sharp(image).metadata()).toMatchObject({ width: 1200, height: 630, format: 'png' });
      images.push(image);
    }
    // Drawn from each page: two offers, two images.
    expect(images[0]!.equals(images[1]!)).toBe(false);

    // A worker with a photo and one without: both preview as their card, with words for it, at
    // an address robots.txt lets link previews fetch.
    const workers = (await t.dataSource.query(
      `(SELECT w.id FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
          JOIN users u ON u.id = w.user_id WHERE u.profile_image IS NOT NULL ORDER BY w.id LIMIT 1)
       UNION ALL
       (SELECT w.id FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
          JOIN users u ON u.id = w.user_id WHERE u.profile_image IS NULL ORDER BY w.id LIMIT 1)`,
    )) as { id: number }[];
    expect(workers.length).toBeGreaterThan(0);
    const robots = (await http(t).get('/robots.txt').expect(200)).text;
    for (const worker of workers) {
      const h = await page(`/worker-profile/${worker.id}`);
      expect(h.og('image')).toBe(`${origin}/preview/worker-profile/${worker.id}.png`);
      expect(h.og('image:width')).toBe('1200');
      expect(h.og('image:height')).toBe('630');
      expect(h.og('image:alt')).toMatch(/^Perfil de \S+/);
      expect(h.twitter('image:alt')).toBe(h.og('image:alt'));
      const image = await http(t)
        .get(`/preview/worker-profile/${worker.id}.png`)
        .buffer(true)
        .parse((response, done) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => done(null, Buffer.concat(parts)));
        })
        .expect(200)
        .expect('content-type', 'image/png');
      expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ width: 1200, height: 630 });
    }
    for (const line of robots.split('\n').filter((l) => l.startsWith('Disallow: ')))
      expect('/preview/worker-profile/1.png'.startsWith(line.slice('Disallow: '.length))).toBe(false);

    // No image for what is not public, nor for addresses that are not previews.
    for (const path of [
      '/preview/job-offer/999999.png',
      '/preview/worker-profile/0.png',
      '/preview/users/1.png',
      '/preview/job-offer/1.jpg',
    ])
      await http(t).get(path).expect(404);
  });

  it('answers 404 for a hidden or missing offer', async () => {
    const [hidden] = (await t.dataSource.query(
      `SELECT id FROM job_offers WHERE id NOT IN (SELECT job_offer_id FROM offer_search WHERE visible_until > now()) LIMIT 1`,
    )) as { id: number }[];
    if (hidden) expect((await page(`/job-offer/${hidden.id}`, 404)).robots).toBe('noindex');
    await page('/job-offer/999999', 404);
  });

  it('answers 404 where the app has no page, 200 unindexed on private pages, and JSON for a missing file', async () => {
    expect((await page('/no-existe', 404)).title).toBe(pageTitle('Página no encontrada'));
    await page('/workers/extra/path', 404);
    for (const path of ['/user-account', '/conversations', '/admin/workers', '/reset/abc/def']) {
      const h = await page(path);
      expect(h.robots).toBe('noindex');
      expect(h.canonical).toBeNull();
      // The browser's title for the page (the router's, common's ROUTE_TITLES), not the site's.
      expect(h.title).toBe(pageTitle(routeTitle(path)));
      expect(h.title).not.toBe(pageTitle(null));
    }
    expect((await page('/user-account')).title).toBe(pageTitle('Mi cuenta'));
    expect((await page('/workers/')).canonical).toBe(`${origin}/workers`);
    const missing = await http(t).get('/assets/no-existe.js').expect(404);
    expect(missing.body).toEqual({ code: 'NOT_FOUND', error: expect.any(String) });
  });

  it('lists every public page, visible profile and public offer in the sitemap, and nothing hidden', async () => {
    const res = await http(t)
      .get('/sitemap.xml')
      .expect(200)
      .expect('content-type', /application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]!));
    const workers = (await http(t).get('/api/workers/').expect(200)).body as { id: number }[];
    const offers = (await http(t).get('/api/job-offers/').expect(200)).body as { id: number }[];
    const landing = (await t.app.get(LandingPagesService).all()).map((page) => page.path);
    expect(landing.length).toBeGreaterThan(0);
    expect(locs.sort()).toEqual(
      [
        ...Object.keys(PUBLIC_PAGES).map((path) => `${origin}${path}`),
        ...landing.map((path) => `${origin}${path}`),
        ...workers.map((w) => `${origin}/worker-profile/${w.id}`),
        ...offers.map((o) => `${origin}/job-offer/${o.id}`),
      ].sort(),
    );
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // Every address says when its content last changed: fixed text its own day, a landing page
    // its latest listed profile's, the workers' directory its latest profile's.
    const lastmod = new Map(
      [...res.text.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => [
        decode(m[1]!),
        m[2] ?? null,
      ]),
    );
    expect([...lastmod.values()].filter((day) => day === null)).toEqual([]);
    for (const [path, day] of Object.entries(STATIC_PAGE_UPDATED)) expect(lastmod.get(`${origin}${path}`)).toBe(day);
    const [{ day: latestWorker }] = (await t.dataSource.query(
      `SELECT to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM worker_profiles`,
    )) as [{ day: string }];
    expect(lastmod.get(`${origin}/workers`)).toBe(latestWorker);
    const page = (await t.app.get(LandingPagesService).all())[0]!;
    const [{ day: latestListed }] = (await t.dataSource.query(
      `SELECT to_char(max(w.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
         FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
         JOIN worker_services ws ON ws.worker_profile_id = w.id
        WHERE ws.service_id = $1 AND w.province_id = $2`,
      [page.service.id, page.province.id],
    )) as [{ day: string }];
    expect(lastmod.get(`${origin}${page.path}`)).toBe(latestListed);
    expect((await http(t).get('/sitemap/1.xml').expect(200)).text).toContain('<urlset');
    await http(t).get('/sitemap/2.xml').expect(404);
  });

  describe('landing pages per service and place', () => {
    interface Landing {
      path: string;
      title: string;
      count: number;
      service: { title_display: string; plural: string };
      province: { id: number; name: string };
      municipality: { id: number; name: string } | null;
      places: { path: string; title: string; count: number }[];
      services: { path: string; title: string; count: number }[];
    }

    /** The directory's count for a landing page's search. */
    async function directoryCount(landing: Landing) {
      const res = await http(t)
        .get('/api/workers/')
        .query({
          services: landing.service.title_display,
          province: String(landing.province.id),
          ...(landing.municipality ? { municipality: String(landing.municipality.id) } : {}),
          page: '1',
          page_size: '1',
        })
        .expect(200);
      return res.body.count as number;
    }

    it('lists the most popular province pages, most workers first, each counting what the directory finds', async () => {
      const popular = (await http(t).get('/api/landing-pages/popular/').expect(200)).body as Landing[];
      expect(popular.length).toBeGreaterThan(0);
      expect(popular.map((p) => p.count)).toEqual([...popular.map((p) => p.count)].sort((a, b) => b - a));
      for (const link of popular.slice(0, 4)) {
        expect(link.path).toMatch(/^\/trabajadores\/[a-z0-9-]+\/[a-z0-9-]+$/);
        const landing = (
          await http(t)
            .get(`/api${link.path.replace('/trabajadores', '/landing-pages')}/`)
            .expect(200)
        ).body as Landing;
        expect(landing.count).toBe(link.count);
        expect(await directoryCount(landing)).toBe(landing.count);
        expect(landing.title).toBe(`${landing.service.plural} en ${landing.province.name}`);
        const h = await page(link.path);
        expect(h.title).toBe(pageTitle(landing.title));
        expect(h.canonical).toBe(`${origin}${link.path}`);
        expect(h.description).toContain(String(landing.count));
      }
    });

    it('gives a municipality its page from the minimum of workers, linked with its province', async () => {
      const landing = t.app.get(LandingPagesService);
      for (const m of (await landing.all()).filter((p) => p.municipality)) {
        expect(m.count).toBeGreaterThanOrEqual(LANDING_MIN_MUNICIPALITY_WORKERS);
      }
      // Gather the minimum of one province page's workers in one of its municipalities.
      const province = (await landing.all()).find(
        (p) => !p.municipality && p.count >= LANDING_MIN_MUNICIPALITY_WORKERS,
      )!;
      const [place] = (await t.dataSource.query(
        `SELECT id, name FROM municipalities WHERE province_id = $1 ORDER BY id LIMIT 1`,
        [province.province.id],
      )) as { id: number; name: string }[];
      await t.dataSource.query(
        `UPDATE worker_profiles SET municipality_id = $1 WHERE id IN (
           SELECT w.id FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
             JOIN worker_services ws ON ws.worker_profile_id = w.id AND ws.service_id = $2
            WHERE w.province_id = $3 ORDER BY w.id LIMIT $4)`,
        [place!.id, province.service.id, province.province.id, LANDING_MIN_MUNICIPALITY_WORKERS],
      );
      landing.invalidate();
      forgetPages();
      const here = (await landing.all()).find(
        (p) => p.municipality?.id === place!.id && p.service.id === province.service.id,
      );
      expect(here).toBeDefined();
      const answer = (
        await http(t)
          .get(`/api${here!.path.replace('/trabajadores', '/landing-pages')}/`)
          .expect(200)
      ).body as Landing;
      expect(answer.title).toBe(`${province.service.plural} en ${place!.name}, ${province.province.name}`);
      expect(await directoryCount(answer)).toBe(answer.count);
      expect(answer.places.map((p) => p.path)).toContain(province.path);
      const fromProvince = (await http(t).get(`/api${province.path.replace('/trabajadores', '/landing-pages')}/`))
        .body as Landing;
      expect(fromProvince.places.map((p) => p.path)).toContain(here!.path);
      expect((await page(here!.path)).canonical).toBe(`${origin}${here!.path}`);
    });

    it('answers 404 where no listed worker offers the service, and once the last one is hidden', async () => {
      await http(t).get('/api/landing-pages/nineras/no-existe/').expect(404);
      await page('/trabajadores/nineras/no-existe', 404);
      await page('/trabajadores/no-existe/cordoba', 404);
      const landing = t.app.get(LandingPagesService);
      const smallest = [...(await landing.all())].filter((p) => !p.municipality).sort((a, b) => a.count - b.count)[0]!;
      const hidden = (await t.dataSource.query(
        `UPDATE worker_profiles w SET profile_visibility = false
          WHERE w.province_id = $1 AND EXISTS (SELECT 1 FROM worker_services ws
                 WHERE ws.worker_profile_id = w.id AND ws.service_id = $2) AND w.profile_visibility
          RETURNING w.id`,
        [smallest.province.id, smallest.service.id],
      )) as [{ id: number }[], number];
      landing.invalidate();
      forgetPages();
      await page(smallest.path, 404);
      await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = ANY($1)`, [
        hidden[0].map((r) => r.id),
      ]);
      landing.invalidate();
      forgetPages();
      await page(smallest.path, 200);
    });
  });

  describe('rendered on the server', () => {
    /** What a page's #root holds as text (tags dropped, entities decoded), and the answers it carries. */
    async function rendered(path: string, status = 200) {
      const res = await http(t).get(path).expect(status);
      const found =
        /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="cym-state">([\s\S]*?)<\/script>/.exec(
          res.text,
        );
      const text = found ? decode(found[1]!.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ') : '';
      const state = found ? (JSON.parse(found[2]!) as { queries: { queryKey: unknown[] }[] }) : null;
      // Written into the page (the entry's and the rendered page's), each naming its file.
      const stylesheets = [...res.text.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1]!);
      return { html: res.text, text, state, stylesheets };
    }

    /** An address of each kind of public page with its status: the fixed pages, a profile, an offer, a landing page, and not found. */
    async function everyKindOfPage(): Promise<[string, number][]> {
      const [worker] = (await http(t).get('/api/workers/?page=1&page_size=1').expect(200)).body.results as {
        id: number;
      }[];
      const [offer] = (await http(t).get('/api/job-offers/?page=1&page_size=1').expect(200)).body.results as {
        id: number;
      }[];
      const [landing] = (await http(t).get('/api/landing-pages/popular/').expect(200)).body as { path: string }[];
      return [
        ...Object.keys(PUBLIC_PAGES).map((path): [string, number] => [path, 200]),
        [`/worker-profile/${worker!.id}`, 200],
        [`/job-offer/${offer!.id}`, 200],
        [landing!.path, 200],
        ['/no-existe', 404],
        ['/worker-profile/999999', 404],
        ['/job-offer/999999', 404],
      ];
    }

    it('draws the home page, the static pages and both directories with their content and styles', async () => {
      const home = await rendered('/');
      expect(home.text).toContain('La persona de confianza');
      expect(home.text).toContain('Niñera/o'); // the services, an answer of the API fetched for the render
      expect((await rendered('/terms')).text).toContain('Términos y condiciones');

      const workers = (await http(t).get('/api/workers/?page=1&page_size=50').expect(200)).body as {
        count: number;
        results: { user: { first_name: string } }[];
      };
      const directory = await rendered('/workers');
      expect(directory.text).toContain(formatProfileCount(workers.count));
      for (const card of workers.results.slice(0, 5)) expect(directory.text).toContain(card.user.first_name);
      expect(directory.state!.queries.map((q) => q.queryKey[0])).toContain('directory');
      // The entry's stylesheet and the page's own (its lazy chunk's) are in the page, and served.
      expect(directory.stylesheets.length).toBeGreaterThan(1);
      expect(directory.html).not.toMatch(/<link rel="stylesheet"/);
      // The app is fetched after the paint by the small start script, which names it and the
      // parts it imports one after another (to ask for them all at once then); no preloads.
      const boot =
        /<script type="module" src="(\/assets\/boot-[^"]+\.js)" data-app="(\/assets\/index-[^"]+\.js)" data-preload="([^"]+)"><\/script>/.exec(
          directory.html,
        );
      expect(boot).not.toBeNull();
      // The start script imports nothing: a module it shared with the app would bring the app's
      // whole shared chunk in before the paint.
      const start = (await http(t).get(boot![1]!).expect(200)).text;
      expect(start).not.toMatch(/(^|[;\s])import\s*["'`{*]|\bfrom\s*["'`]/);
      const entry = (await http(t).get(boot![2]!).expect(200)).text;
      const parts = boot![3]!.split(' ');
      // React, the libraries, common's rules and the app, each its own chunk, the entry's steps.
      for (const name of ['react', 'libraries', 'common', 'app'])
        expect(parts.some((part) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(part))).toBe(true);
      for (const part of parts) {
        await http(t).get(part).expect(200);
        expect(entry).toContain(part.slice(1));
      }
      expect(directory.html).not.toMatch(/modulepreload/);
      for (const href of directory.stylesheets) await http(t).get(href).expect(200);

      const offers = (await http(t).get('/api/job-offers/?page=1&page_size=50').expect(200)).body as {
        results: { title: string }[];
      };
      const offersPage = await rendered('/job-offers');
      for (const offer of offers.results.slice(0, 3)) expect(offersPage.text).toContain(offer.title);
      // The cards' own styles (browse/cards.css, imported by the card components) come written in.
      expect(directory.html).toMatch(/\.worker-card\{[^}]*grid-template-columns/);
      expect(offersPage.html).toMatch(/\.offer-card h2\{/);
    });

    it('draws the search an address names: its filters and page', async () => {
      const [row] = (await t.dataSource.query(
        `SELECT w.province_id AS id FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
          WHERE w.province_id IS NOT NULL GROUP BY w.province_id ORDER BY count(*) DESC LIMIT 1`,
      )) as { id: number }[];
      const filtered = (await http(t).get(`/api/workers/?province=${row!.id}&page=1&page_size=50`).expect(200))
        .body as {
        count: number;
        results: { user: { first_name: string } }[];
      };
      const page = await rendered(`/workers?province=${row!.id}`);
      expect(page.text).toContain(formatProfileCount(filtered.count));
      expect(page.text).toContain(filtered.results[0]!.user.first_name);
    });

    it("draws a worker's profile, an offer and a landing page with what the API answers for them", async () => {
      const [card] = (await http(t).get('/api/workers/?page=1&page_size=1').expect(200)).body.results as {
        id: number;
        user: { first_name: string };
      }[];
      const intro = (await http(t).get(`/api/worker-profile/${card!.id}/introduction/get/`).expect(200)).body as {
        introduction: string | null;
      };
      const profile = await rendered(`/worker-profile/${card!.id}`);
      expect(profile.text).toContain(card!.user.first_name);
      if (intro.introduction)
        expect(profile.text).toContain(intro.introduction.replace(/\s+/g, ' ').trim().slice(0, 40));
      expect(profile.text).toContain('Chatear');

      const [offer] = (await http(t).get('/api/job-offers/?page=1&page_size=1').expect(200)).body.results as {
        id: number;
        title: string;
        description: string;
      }[];
      const offerPage = await rendered(`/job-offer/${offer!.id}`);
      expect(offerPage.text).toContain(offer!.title);
      expect(offerPage.text).toContain(offer!.description.replace(/\s+/g, ' ').trim().slice(0, 40));

      const [landing] = (await http(t).get('/api/landing-pages/popular/').expect(200)).body as {
        path: string;
        title: string;
        count: number;
      }[];
      const landingPage = await rendered(landing!.path);
      expect(landingPage.text).toContain(landing!.title);
      expect(landingPage.text).toContain(formatProfileCount(landing!.count));
      expect(landingPage.html).toMatch(/\.worker-card\{[^}]*grid-template-columns/);
    });

    it('draws each kind of page once, after fetching every query its routes declare', async () => {
      const renderer = t.app.get(ServerRenderer);
      const pages: [string, number][] = [...(await everyKindOfPage()), ['/workers?services=Ni%C3%B1era%2Fo', 200]];
      for (const [path, status] of pages) {
        const page = await renderer.render(path, { notFound: status === 404 });
        // A query drawn but not declared would have gone out as loading; a failed one marks the page partial.
        expect({ path, undeclared: page!.undeclared, partial: page!.partial }).toEqual({
          path,
          undeclared: 0,
          partial: false,
        });
      }
    });

    it('answers a page with its ETag (304 when unchanged) and brotli, whatever tracking parameters it carries', async () => {
      const plain = await http(t).get('/workers?page=1').expect(200);
      const tagged = await http(t).get('/workers?utm_source=whatsapp&page=1').expect(200);
      expect(tagged.headers.etag).toBe(plain.headers.etag);
      expect(tagged.text).toBe(plain.text);
      await http(t).get('/workers?page=1').set('if-none-match', plain.headers.etag!).expect(304);
      const compressed = await http(t).get('/workers?page=1').set('accept-encoding', 'br').expect(200);
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['content-type']).toMatch(/^text\/html/);
      expect(compressed.text).toBe(plain.text);
    });

    it('carries no answer meant for a signed-in person', async () => {
      const directory = await rendered('/workers');
      const keys = JSON.stringify(directory.state!.queries.map((q) => q.queryKey));
      expect(keys).not.toMatch(/conversations|user-account|membership|unread/i);
      expect(directory.html).not.toMatch(/@demo\.casaymanos|"email"/);
    });

    it('draws the not-found page for an unknown address and a hidden or missing profile, offer or landing page', async () => {
      const [hidden] = (await t.dataSource.query(
        `SELECT id FROM worker_profiles WHERE id NOT IN (SELECT worker_profile_id FROM worker_search) LIMIT 1`,
      )) as { id: number }[];
      const unknown = await rendered('/no-existe', 404);
      expect(unknown.text).toContain('No hay resultados');
      for (const path of [
        ...(hidden ? [`/worker-profile/${hidden.id}`] : []),
        '/worker-profile/999999',
        '/worker-profile/abc',
        '/job-offer/999999',
        '/trabajadores/nineras/no-existe',
      ]) {
        const missing = await rendered(path, 404);
        expect(head(missing.html).title).toBe(pageTitle('Página no encontrada'));
        expect(missing.text).toContain('No hay resultados');
        expect(missing.text).toContain('El contenido que estás buscando no existe.');
        expect(missing.text).not.toMatch(/Error loading job offer|Error al obtener datos|Mi perfil/);
        // The mark that tells the browser, and no answer of the page's own (nothing was asked).
        const keys = JSON.stringify(missing.state!.queries.map((q) => q.queryKey));
        expect(keys).toContain(JSON.stringify(['page-not-found', path]));
        expect(keys).not.toMatch(/"worker-profile"|"job-offer"|"landing-page"|"worker-badges"/);
      }
    });

    it('validates every kind of public page with html-validate: no error, short titles, words for each preview', async () => {
      const errors: string[] = [];
      for (const [path, status] of await everyKindOfPage()) {
        const { html } = await rendered(path, status);
        const report = await htmlValidate.validateString(html);
        errors.push(...report.results.flatMap((r) => r.messages).map((m) => `${path}: ${m.ruleId} ${m.message}`));
        const h = head(html);
        expect(h.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
        expect(h.og('image:alt')!.length).toBeGreaterThan(10);
        expect(h.twitter('image:alt')).toBe(h.og('image:alt'));
        // No closed dialog's markup in the page: it comes when a dialog opens.
        expect(html).not.toContain('<dialog');
      }
      expect([...new Set(errors)]).toEqual([]);
    });
  });

  describe('preview images under a crawl', () => {
    const emit = (workerProfileId: number) =>
      t.app.get(DomainEvents).emit('worker-profile.updated', { workerProfileId });
    const firstNameOf = async (workerProfileId: number) =>
      (
        (await t.dataSource.query(
          'SELECT u.first_name FROM users u JOIN worker_profiles w ON w.user_id = u.id WHERE w.id = $1',
          [workerProfileId],
        )) as { first_name: string }[]
      )[0]!.first_name;
    const rename = (workerProfileId: number, name: string) =>
      t.dataSource.query(
        'UPDATE users SET first_name = $2 WHERE id = (SELECT user_id FROM worker_profiles WHERE id = $1)',
        [workerProfileId, name],
      );
    const listedWorkers = async () =>
      (
        (await t.dataSource.query('SELECT worker_profile_id AS id FROM worker_search ORDER BY 1 DESC')) as {
          id: number;
        }[]
      ).map((r) => r.id);

    it('draws a few previews at once, queues a few more and asks the rest to come back (503, Retry-After)', async () => {
      const pages = (await t.dataSource.query(
        `SELECT 'worker-profile' AS kind, worker_profile_id AS id FROM worker_search
         UNION ALL SELECT 'job-offer', job_offer_id FROM offer_search WHERE visible_until > now()`,
      )) as { kind: string; id: number }[];
      const held = PREVIEW_DRAWINGS_AT_ONCE + PREVIEW_DRAWINGS_WAITING;
      expect(pages.length).toBeGreaterThan(held + 10);
      // Each drawing waits at a gate, which opens once every request not drawn or queued has
      // been answered (or at once when more than the bound are drawing: the test has failed).
      const draw = previewCardModule.previewCard;
      let running = 0;
      let most = 0;
      let open = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const spy = jest.spyOn(previewCardModule, 'previewCard').mockImplementation(async (card) => {
        running += 1;
        most = Math.max(most, running);
        if (running > PREVIEW_DRAWINGS_AT_ONCE) open();
        await gate;
        try {
          return await draw(card);
        } finally {
          running -= 1;
        }
      });
      let answered = 0;
      try {
        const answers = await Promise.all(
          pages.map(({ kind, id }) =>
            getBytes(t, `/preview/${kind}/${id}.png`).then((res) => {
              answered += 1;
              if (answered >= pages.length - held) open();
              return { path: `/preview/${kind}/${id}.png`, res };
            }),
          ),
        );
        expect(most).toBeLessThanOrEqual(PREVIEW_DRAWINGS_AT_ONCE);
        expect([...new Set(answers.map(({ res }) => res.status))].sort()).toEqual([200, 503]);
        const refused = answers.filter(({ res }) => res.status === 503);
        for (const { res } of refused) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          const body = JSON.parse((res.body as Buffer).toString()) as unknown;
          expectErrorShape(body);
          expect(body).toMatchObject({ code: 'BUSY' });
        }
        // A crawler that comes back gets its image.
        await getBytes(t, refused[0]!.path).expect(200).expect('content-type', 'image/png');
      } finally {
        spy.mockRestore();
      }
    });

    it("keeps a preview through another page's write and draws it again when its own card changes", async () => {
      const [mine, other] = await listedWorkers();
      const path = `/preview/worker-profile/${mine}.png`;
      const names = [await firstNameOf(mine!), await firstNameOf(other!)];
      const first = await getBytes(t, path).expect(200);
      const draws = jest.spyOn(previewCardModule, 'previewCard');
      try {
        await rename(other!, `${names[1]}a`);
        emit(other!);
        const again = await getBytes(t, path).expect(200);
        expect(draws).not.toHaveBeenCalled();
        expect((again.body as Buffer).equals(first.body as Buffer)).toBe(true);

        await rename(mine!, 'Zulema');
        emit(mine!);
        const changed = await getBytes(t, path).expect(200);
        expect(draws).toHaveBeenCalledTimes(1);
        expect((changed.body as Buffer).equals(first.body as Buffer)).toBe(false);
        expect(changed.headers.etag).not.toBe(first.headers.etag);
      } finally {
        draws.mockRestore();
        await rename(mine!, names[0]!);
        await rename(other!, names[1]!);
        emit(mine!);
        emit(other!);
      }
    });

    it('answers a preview with its ETag, and 304 without drawing while its card is unchanged', async () => {
      const path = `/preview/worker-profile/${(await listedWorkers())[2]}.png`;
      const res = await getBytes(t, path).expect(200);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(res.headers['cache-control']).toMatch(/^public, /);
      const draws = jest.spyOn(previewCardModule, 'previewCard');
      try {
        forgetPages();
        await http(t).get(path).set('if-none-match', res.headers.etag!).expect(304);
        await http(t).get(path).set('if-none-match', '"another"').expect(200).expect('etag', res.headers.etag!);
        expect(draws).not.toHaveBeenCalled();
      } finally {
        draws.mockRestore();
      }
    });
  });

  it('keeps private routes and the API out of robots.txt and points to the sitemap', async () => {
    const res = await http(t)
      .get('/robots.txt')
      .expect(200)
      .expect('content-type', /text\/plain/);
    for (const path of ['/api/', '/user-account', '/conversations', '/admin']) {
      expect(res.text).toContain(`Disallow: ${path}\n`);
    }
    expect(res.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
