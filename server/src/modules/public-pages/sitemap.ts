import { escapeHtml } from './page-head';

/** The sitemaps protocol's limit of addresses in one file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod: Date | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The W3C date (YYYY-MM-DD) the protocol's `lastmod` takes. */
const day = (date: Date) => date.toISOString().slice(0, 10);

/** One `<urlset>` of at most SITEMAP_MAX_URLS entries. */
export function urlSetXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` naming each part's address. */
export function sitemapIndexXml(parts: string[]): string {
  const items = parts.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** How many files `total` addresses take (at least one, so an empty site still has its sitemap). */
export function sitemapParts(total: number, max = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(total / max));
}
