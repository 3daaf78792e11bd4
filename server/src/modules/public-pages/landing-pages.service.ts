import { Inject, Injectable, Optional } from '@nestjs/common';
import { LANDING_MIN_MUNICIPALITY_WORKERS, LANDING_SERVICES, landingPath, landingTitle, placeSlug } from '@cym/common';
import { VersionedCache } from '../../common/cache/versioned-cache';
import { REDIS_CLIENT, type RedisClient } from '../../common/redis/redis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { CatalogService } from '../catalog/catalog.service';
import { OnDomainEvent, PUBLIC_CARD_EVENTS } from '../../common/events/domain-events';
import { PublicPagesRepository } from './public-pages.repository';

/** One landing page: a service in a province, or in one of its municipalities. */
export interface LandingPage {
  path: string;
  title: string;
  service: { id: number; label: string; plural: string; slug: string };
  province: { id: number; name: string; slug: string };
  municipality: { id: number; name: string; slug: string } | null;
  /** Listed workers offering the service there. */
  count: number;
  /** The latest change among those workers' profiles (the sitemap's <lastmod>). */
  lastmod: Date;
}

/** How long the pages are kept at most; any write that changes the directory forgets them sooner. */
const KEEP_MS = 5 * 60_000;

/** How many links a page shows of each kind, and the home page and footer of the most popular. */
const LINKS_PER_KIND = 12;

/**
 * Which landing pages exist, with their counts: one grouped query over the listed workers,
 * kept for a few minutes (in every process, forgotten with Redis's version on the directory's
 * writes: a page stops existing when its last worker is hidden).
 */
@Injectable()
export class LandingPagesService {
  private readonly cache: VersionedCache<LandingPage[]>;

  constructor(
    private readonly repository: PublicPagesRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly catalog: CatalogService,
    @Optional() @Inject(REDIS_CLIENT) redis: RedisClient | null = null,
  ) {
    this.cache = new VersionedCache<LandingPage[]>({
      name: 'LandingPages',
      ttlMs: config.directoryCacheMs === 0 ? 0 : KEEP_MS,
      shared: redis ? { client: redis, key: `${config.redisKeyPrefix}landing-pages:version` } : null,
      sizeOf: (pages) => pages.length * 200,
      maxEntryBytes: 64 * 1024 * 1024,
      maxTotalBytes: 64 * 1024 * 1024,
    });
  }

  /** Every landing page, the provinces' first, each kind by count. */
  all(): Promise<LandingPage[]> {
    return this.cache.get('all', () => this.read());
  }

  /** The page at `path`, or null when it does not exist (no listed worker there). */
  async find(path: string): Promise<LandingPage | null> {
    return (await this.all()).find((page) => page.path === path) ?? null;
  }

  /** The provinces' pages with the most workers (the home page's and footer's links). */
  async popular(): Promise<LandingPage[]> {
    return (await this.all()).filter((page) => !page.municipality).slice(0, LINKS_PER_KIND);
  }

  /**
   * Pages near `page`: the same service in its municipalities (or, from a municipality, its
   * province and the neighbouring municipalities) and in other provinces; other services there.
   */
  async neighbours(page: LandingPage): Promise<{ places: LandingPage[]; services: LandingPage[] }> {
    const all = (await this.all()).filter((other) => other.path !== page.path);
    const sameService = all.filter((other) => other.service.id === page.service.id);
    const inProvince = sameService.filter((other) => other.province.id === page.province.id);
    const places = page.municipality
      ? inProvince // the province's page first (provinces come first), then its municipalities
      : [
          ...inProvince,
          ...sameService.filter((other) => !other.municipality && other.province.id !== page.province.id),
        ];
    const services = all.filter(
      (other) =>
        other.service.id !== page.service.id &&
        other.province.id === page.province.id &&
        (other.municipality?.id ?? null) === (page.municipality?.id ?? null),
    );
    return { places: places.slice(0, LINKS_PER_KIND), services: services.slice(0, LINKS_PER_KIND) };
  }

  @OnDomainEvent(...PUBLIC_CARD_EVENTS)
  invalidate(): void {
    this.cache.invalidate();
  }

  private async read(): Promise<LandingPage[]> {
    const rows = await this.repository.landingCounts();
    const catalog = await this.catalog.get();
    const services = new Map(catalog.services.map((s) => [s.id, s]));
    const provinces = new Map(catalog.provinces.map((p) => [p.id, p]));
    const municipalities = new Map(catalog.municipalities.map((m) => [m.id, m]));
    const byProvince = new Map<string, LandingPage>();
    const byMunicipality: LandingPage[] = [];
    for (const row of rows) {
      const service = services.get(row.service_id);
      const words = service && LANDING_SERVICES[service.title];
      const province = provinces.get(row.province_id);
      if (!service || !words || !province) continue;
      const serviceRef = { id: service.id, label: service.title_display, plural: words.plural, slug: words.slug };
      const provinceRef = { id: province.id, name: province.name, slug: placeSlug(province.name) };
      const key = `${service.id}:${province.id}`;
      const total = byProvince.get(key);
      if (total) {
        total.count += row.n;
        if (row.lastmod > total.lastmod) total.lastmod = row.lastmod;
      } else {
        byProvince.set(key, {
          path: landingPath(words.slug, provinceRef.slug),
          title: landingTitle(words.plural, province.name),
          service: serviceRef,
          province: provinceRef,
          municipality: null,
          count: row.n,
          lastmod: row.lastmod,
        });
      }
      const municipality = row.municipality_id === null ? undefined : municipalities.get(row.municipality_id);
      if (municipality && row.n >= LANDING_MIN_MUNICIPALITY_WORKERS) {
        const slug = placeSlug(municipality.name);
        byMunicipality.push({
          path: landingPath(words.slug, provinceRef.slug, slug),
          title: landingTitle(words.plural, `${municipality.name}, ${province.name}`),
          service: serviceRef,
          province: provinceRef,
          municipality: { id: municipality.id, name: municipality.name, slug },
          count: row.n,
          lastmod: row.lastmod,
        });
      }
    }
    const byCount = (a: LandingPage, b: LandingPage) => b.count - a.count || a.path.localeCompare(b.path);
    return [...[...byProvince.values()].sort(byCount), ...byMunicipality.sort(byCount)];
  }
}
