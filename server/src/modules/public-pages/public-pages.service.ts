import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  ageFromBirthDate,
  formatMonthlySalary,
  offerPageText,
  PRIVATE_ROUTE_PREFIXES,
  PRODUCT_NAME,
  PUBLIC_PAGES,
  SITE_PATHS,
  STATIC_PAGE_UPDATED,
  workerPageText,
  type PageText,
} from '@cym/common';
import type { FastifyRequest } from 'fastify';
import { VersionedCache } from '../../common/cache/versioned-cache';
import { PreparedAnswer } from '../../common/http/prepared-answer';
import { Clock } from '../../common/clock/clock';
import { REDIS_CLIENT, type RedisClient } from '../../common/redis/redis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { BrowseRepository } from '../browse/browse.repository';
import { OnDirectoryWrite } from '../browse/directory-cache';
import { type Catalog, CatalogService } from '../catalog/catalog.service';
import { decodeChoiceKeys } from '../browse/filters';
import { LandingPagesService } from './landing-pages.service';
import type { PreviewCard } from './preview-card';
import { type OfferHeadRow, PublicPagesRepository } from './public-pages.repository';
import { PreviewImages, tagCard, type TaggedCard } from './preview-images';
import { ServerRenderer } from './server-renderer';
import { PREVIEW_IMAGE_SIZE, shortDescription, type PageHead } from './page-head';
import { NOT_FOUND, ShellPages, type ShellPage } from './shell-pages';
import { SITEMAP_MAX_URLS, sitemapIndexXml, sitemapParts, urlSetXml, type SitemapEntry } from './sitemap';

/** schema.org's employmentType for each work arrangement (catalog keys, which never change). */
const EMPLOYMENT_TYPES: Record<string, string> = {
  live_out_hourly: 'PART_TIME',
  live_out_full_time: 'FULL_TIME',
  live_out_part_time: 'PART_TIME',
  live_in: 'FULL_TIME',
  weekends: 'PART_TIME',
  replacements: 'TEMPORARY',
};

/** A public page as it is sent: its status and its prepared HTML. */
export interface PreparedPage {
  status: number;
  answer: PreparedAnswer;
  complete: boolean;
}

/**
 * How far ahead a team offer's JobPosting says it is valid: it has no end while published, and
 * its page is made again long before that date comes (docs/ARCHITECTURE.md, "Decisions taken here").
 */
const TEAM_OFFER_HORIZON_MS = 30 * 24 * 60 * 60_000;

/**
 * How long a page's preview card (the fields its image draws) is kept: forgotten on the
 * directory's writes, so the interval bounds only what changes without one (an offer's end).
 */
const PREVIEW_CARD_KEEP_MS = 10 * 60_000;

/** A page's preview image: its ETag, known from its card, and its PNG, drawn only when asked for. */
export interface PreviewImage {
  etag: string;
  png: () => Promise<Buffer>;
}

/**
 * The public pages as machines read them: each page's head and status from the database (a
 * worker's profile, an offer with its JobPosting), the sitemap and robots.txt.
 */
@Injectable()
export class PublicPagesService {
  readonly shell: ShellPages;
  private readonly pages: VersionedCache<PreparedPage>;
  private readonly previewCards: VersionedCache<TaggedCard | null>;
  private readonly previewImages = new PreviewImages();

  constructor(
    private readonly repository: PublicPagesRepository,
    private readonly browse: BrowseRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    private readonly landingPages: LandingPagesService,
    private readonly renderer: ServerRenderer,
    @Optional() @Inject(REDIS_CLIENT) redis: RedisClient | null = null,
  ) {
    this.shell = new ShellPages(config.webDistDir, config.publicUrl);
    this.pages = new VersionedCache<PreparedPage>({
      name: 'PublicPages',
      ttlMs: config.directoryCacheMs,
      shared: redis ? { client: redis, key: `${config.redisKeyPrefix}public-pages:version` } : null,
      sizeOf: (page) => page.answer.size,
      maxEntryBytes: 2 * 1024 * 1024,
      maxTotalBytes: 64 * 1024 * 1024,
      keep: (page) => page.complete,
    });
    this.previewCards = new VersionedCache<TaggedCard | null>({
      name: 'PreviewCards',
      ttlMs: config.directoryCacheMs === 0 ? 0 : PREVIEW_CARD_KEEP_MS,
      shared: redis ? { client: redis, key: `${config.redisKeyPrefix}preview-cards:version` } : null,
      sizeOf: (tagged) => (tagged ? 200 + JSON.stringify(tagged.card).length : 50),
      maxEntryBytes: 64 * 1024,
      maxTotalBytes: 8 * 1024 * 1024,
    });
  }

  /**
   * A page with fixed content (home, static pages, the directories); `url` is the address asked
   * for (with a directory's search), which the page is rendered at.
   */
  async fixed(path: string, url: string): Promise<ShellPage> {
    const text = PUBLIC_PAGES[path]!;
    const home = path === SITE_PATHS.home;
    return this.rendered(this.shell.head(text, path, home ? { structuredData: [this.organization()] } : {}), url);
  }

  /** A worker's public profile: first name, services and place; 404 when hidden or missing. */
  async workerProfile(id: number, url: string): Promise<ShellPage> {
    const worker = await this.worker(id);
    if (!worker) return this.notFound(url);
    const { row, what, place } = worker;
    const text: PageText = {
      title: workerPageText({
        firstName: row.first_name,
        age: row.date_of_birth ? ageFromBirthDate(row.date_of_birth, this.clock.now()) : null,
        service: worker.services[0] ?? null,
        place: worker.municipality ?? worker.province ?? null,
      }),
      description: shortDescription(
        row.introduction?.trim() ||
          `${row.first_name} ofrece ${what.toLowerCase()}${place ? ` en ${place}` : ''}. Chateá en ${PRODUCT_NAME}.`,
      ),
    };
    // Every profile previews as its generated card (1200 × 630, under /preview/, which robots.txt
    // lets link previews fetch): a photo is square and served where crawlers may not go.
    return this.rendered(
      this.shell.head(text, `/worker-profile/${row.id}`, {
        type: 'profile',
        ...this.preview(`worker-profile/${id}`),
        imageAlt: `Perfil de ${row.first_name} en ${PRODUCT_NAME}: ${what}${place ? ` en ${place}` : ''}`,
      }),
      url,
    );
  }

  /**
   * The not-found page (404, never indexed) at `url`: the web app's own not-found page drawn by
   * the server, the same as the browser draws for an unknown address.
   */
  async notFound(url: string): Promise<ShellPage> {
    const app = await this.renderer.render(url, { notFound: true });
    const complete = app ? !app.partial : !this.renderer.available;
    return { ...this.shell.render(this.shell.head(NOT_FOUND, null), 404, app), complete };
  }

  /**
   * For a GET no route answered (HttpExceptionFilter): the shell of the app's page where it has
   * one; where it has none, the not-found page drawn by the server; null for what is not a page.
   */
  fallback(request: FastifyRequest): ShellPage | Promise<ShellPage> | null {
    const page = this.shell.fallback(request);
    if (!page || page.status !== 404 || !this.renderer.available) return page;
    return this.notFound(request.url.split('?')[0]!).catch(() => page);
  }

  /**
   * A page with `head` and its body rendered at `url`; complete (kept) unless the render did not
   * come or drew an answer that failed as loading.
   */
  private async rendered(head: PageHead, url: string): Promise<ShellPage> {
    const app = await this.renderer.render(url);
    const complete = app ? !app.partial : !this.renderer.available;
    return { ...this.shell.render(head, 200, app), complete };
  }

  /**
   * The page at `url` as it is sent (its HTML with its ETag and compressed forms), made by `make`
   * and kept per address for the directory's interval (DIRECTORY_CACHE_SECONDS): public pages are
   * the same for every visitor, so a popular one is read, rendered and compressed once per
   * interval. Forgotten on the directory's writes (every process, with Redis); a page whose
   * render did not come is not kept.
   */
  page(url: string, make: () => ShellPage | Promise<ShellPage>): Promise<PreparedPage> {
    return this.pages.get(url, async () => {
      const page = await make();
      return {
        status: page.status,
        answer: PreparedAnswer.text(page.html, 'text/html; charset=utf-8'),
        complete: page.complete ?? true,
      };
    });
  }

  /** A listed worker's head fields with their services and place named, or null. */
  private async worker(id: number) {
    const row = await this.repository.workerHead(id);
    if (!row) return null;
    const catalog = await this.catalog.get();
    const ids = decodeChoiceKeys(row.filter_keys).services;
    const services = catalog.services.filter((s) => ids.includes(s.id)).map((s) => s.title_display);
    const { municipality, province } = this.places(catalog, row.municipality_id, row.province_id);
    const place = [municipality, province].filter(Boolean).join(', ');
    const what = services.length ? services.join(', ') : 'Trabajo en casas particulares';
    return { row, services, what, place, municipality, province };
  }

  /** A service's landing page in a place; 404 when it has no listed worker there. */
  async landing(path: string, url: string): Promise<ShellPage> {
    const page = await this.landingPages.find(path);
    if (!page) return this.notFound(url);
    const place = page.municipality ? `${page.municipality.name}, ${page.province.name}` : page.province.name;
    const profiles = page.count === 1 ? '1 perfil' : `${page.count} perfiles`;
    const text: PageText = {
      title: page.title,
      description: `${profiles} de ${page.service.plural.toLowerCase()} en ${place}: mirá su experiencia y sus horarios, y chateá en ${PRODUCT_NAME}.`,
    };
    return this.rendered(this.shell.head(text, page.path), url);
  }

  /** A public offer with its JobPosting; 404 when hidden or missing. */
  async jobOffer(id: number, url: string): Promise<ShellPage> {
    const offer = await this.offer(id);
    if (!offer) return this.notFound(url);
    const { row, municipality, province } = offer;
    const salary = row.monthly_price === null ? '' : ` · ${formatMonthlySalary(row.monthly_price)}`;
    const text: PageText = {
      title: offerPageText({ title: row.title, municipality: municipality || null }),
      description: shortDescription(`${municipality}, ${province}${salary}. ${row.description}`),
    };
    const path = `/job-offer/${row.id}`;
    return this.rendered(
      this.shell.head(text, path, {
        structuredData: [this.jobPosting(row, municipality, province, path)],
        ...this.preview(`job-offer/${row.id}`),
        imageAlt: `Oferta de empleo en ${PRODUCT_NAME}: ${row.title}, ${municipality}, ${province}`,
      }),
      url,
    );
  }

  /** A public offer's head fields with its place named, or null. */
  private async offer(id: number) {
    const row = await this.repository.offerHead(id, this.clock.now());
    if (!row) return null;
    const { municipality = '', province = '' } = this.places(
      await this.catalog.get(),
      row.municipality_id,
      row.province_id,
    );
    return { row, municipality, province };
  }

  /** The generated preview image of a page (`job-offer/12`), as a head's image. */
  private preview(page: string): Pick<PageHead, 'image' | 'imageSize'> {
    return { image: this.shell.url(`/preview/${page}.png`), imageSize: PREVIEW_IMAGE_SIZE };
  }

  /**
   * The preview image (PNG) of a public offer (`job-offer`) or of a listed worker (`worker-profile`):
   * what the page is, its title and details, drawn from the page's public fields; null when the
   * page is not public. The fields are read (and kept a few minutes, forgotten on the directory's
   * writes) before anything is drawn: the ETag is theirs, so an unchanged image is answered 304
   * without drawing, and a drawn image is kept until its own page's fields change
   * (PreviewImages: a few drawn at once, the rest refused with a 503 and Retry-After, before
   * their fields are read unless the request is `conditional`, If-None-Match, which may need none).
   */
  async previewImage(
    kind: 'job-offer' | 'worker-profile',
    id: number,
    conditional = false,
  ): Promise<PreviewImage | null> {
    const page = `${kind}/${id}`;
    if (!conditional) await this.previewImages.checkRoom(page);
    const tagged = await this.previewCards.get(page, async () => {
      const card = await this.previewCard(kind, id);
      return card && tagCard(card);
    });
    return tagged && { etag: tagged.etag, png: () => this.previewImages.png(page, tagged) };
  }

  /** What a page's preview image draws, from its public fields; null when the page is not public. */
  private async previewCard(kind: 'job-offer' | 'worker-profile', id: number): Promise<PreviewCard | null> {
    if (kind === 'job-offer') {
      const offer = await this.offer(id);
      if (!offer) return null;
      const { row, municipality, province } = offer;
      return {
        kind: 'Oferta de empleo',
        title: row.title,
        details: [
          `${municipality}, ${province}`,
          ...(row.monthly_price === null ? [] : [formatMonthlySalary(row.monthly_price)]),
        ],
      };
    }
    const worker = await this.worker(id);
    if (!worker) return null;
    return {
      kind: 'Perfil',
      title: worker.row.first_name,
      details: [worker.what, ...(worker.place ? [worker.place] : [])],
    };
  }

  /**
   * The directory's writes: every kept page and preview card goes (here and, with Redis, in every
   * process); a drawn image stays, served again while its page's card is the same.
   */
  @OnDirectoryWrite()
  forgetPages(): void {
    this.pages.invalidate();
    this.previewCards.invalidate();
  }

  /** schema.org JobPosting with what Google for Jobs requires and recommends. */
  private jobPosting(row: OfferHeadRow, municipality: string, province: string, path: string): object {
    const types = [...new Set(row.arrangement_keys.map((key) => EMPLOYMENT_TYPES[key] ?? 'OTHER'))];
    return {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: row.title,
      description: row.description,
      identifier: { '@type': 'PropertyValue', name: PRODUCT_NAME, value: String(row.id) },
      datePosted: row.created_at.toISOString(),
      validThrough: (row.valid_through ?? new Date(this.clock.now().getTime() + TEAM_OFFER_HORIZON_MS)).toISOString(),
      ...(types.length ? { employmentType: types.length === 1 ? types[0] : types } : {}),
      // A private employer is a household, named as the law names it, never by a person's name
      // (docs/ARCHITECTURE.md, "Decisions taken here"); the team's offers are the product's own.
      hiringOrganization: row.employer_first_name
        ? { '@type': 'Organization', name: `Casa particular en ${municipality}` }
        : { '@type': 'Organization', name: PRODUCT_NAME, sameAs: this.shell.origin },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: municipality,
          addressRegion: province,
          addressCountry: 'AR',
        },
      },
      ...(row.monthly_price === null
        ? {}
        : {
            baseSalary: {
              '@type': 'MonetaryAmount',
              currency: 'ARS',
              value: { '@type': 'QuantitativeValue', value: row.monthly_price, unitText: 'MONTH' },
            },
          }),
      directApply: false,
      url: this.shell.url(path),
    };
  }

  private organization(): object {
    return {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: PRODUCT_NAME,
      url: this.shell.url(SITE_PATHS.home),
      logo: this.shell.url('/favicon.svg'),
    };
  }

  /** `/sitemap.xml`: every public address, or the index of its parts beyond SITEMAP_MAX_URLS. */
  async sitemap(): Promise<string> {
    const fixed = (await this.fixedEntries()).length;
    const n = await this.browse.listedCount(this.clock.now());
    const parts = sitemapParts(fixed + n);
    if (parts === 1) return urlSetXml(await this.sitemapEntries(1));
    return sitemapIndexXml(Array.from({ length: parts }, (_, i) => this.shell.url(`/sitemap/${i + 1}.xml`)));
  }

  /** One part of a large sitemap (1-based); null past the last. */
  async sitemapPart(part: number): Promise<string | null> {
    const entries = await this.sitemapEntries(part);
    return entries.length ? urlSetXml(entries) : null;
  }

  /**
   * The pages with fixed content and the landing pages, each with the day its content last
   * changed: a page of fixed text its text's (STATIC_PAGE_UPDATED); the directories their latest
   * profile's or offer's, the home page (which shows both) the later; a landing page its latest
   * listed profile's.
   */
  private async fixedEntries(): Promise<SitemapEntry[]> {
    const latest = await this.repository.latestChanges(this.clock.now());
    const later = (...dates: (Date | null)[]) =>
      dates.reduce<Date | null>((a, b) => (a && (!b || a >= b) ? a : b), null);
    const byContent: Record<string, Date | null> = {
      [SITE_PATHS.home]: later(latest.workers, latest.offers),
      [SITE_PATHS.workers]: latest.workers,
      [SITE_PATHS.jobOffers]: latest.offers,
    };
    const fixed = Object.keys(PUBLIC_PAGES).map((path) => {
      const text = STATIC_PAGE_UPDATED[path];
      return {
        loc: this.shell.url(path),
        lastmod: text ? new Date(`${text}T12:00:00Z`) : (byContent[path] ?? null),
      };
    });
    const landing = (await this.landingPages.all()).map((page) => ({
      loc: this.shell.url(page.path),
      lastmod: page.lastmod,
    }));
    return [...fixed, ...landing];
  }

  /** The part-th slice of SITEMAP_MAX_URLS addresses: fixed and landing pages first, then profiles and offers. */
  private async sitemapEntries(part: number): Promise<SitemapEntry[]> {
    const fixed = await this.fixedEntries();
    const start = (part - 1) * SITEMAP_MAX_URLS;
    const fromFixed = fixed.slice(start, start + SITEMAP_MAX_URLS);
    const offset = Math.max(0, start - fixed.length);
    const limit = SITEMAP_MAX_URLS - fromFixed.length;
    const rows = await this.repository.sitemapRows(this.clock.now(), limit, offset);
    return [
      ...fromFixed,
      ...rows.map((r) => ({
        loc: this.shell.url(r.kind === 1 ? `/worker-profile/${r.id}` : `/job-offer/${r.id}`),
        lastmod: r.lastmod,
      })),
    ];
  }

  /** robots.txt: everything public may be crawled; the private pages and the API not. */
  robots(): string {
    return [
      'User-agent: *',
      ...['/api/', ...PRIVATE_ROUTE_PREFIXES].map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.shell.url('/sitemap.xml')}`,
      '',
    ].join('\n');
  }

  /** The names of a municipality and a province, from the in-memory catalog. */
  private places(
    catalog: Catalog,
    municipalityId: number | null,
    provinceId: number | null,
  ): { municipality?: string; province?: string } {
    return {
      municipality: catalog.municipalities.find((m) => m.id === municipalityId)?.name,
      province: catalog.provinces.find((p) => p.id === provinceId)?.name,
    };
  }
}
