import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCT_NAME } from '@cym/common';

/**
 * What a page tells machines in its `<head>`: search engines (title, description, canonical,
 * structured data) and link previews (Open Graph, Twitter cards — WhatsApp reads Open Graph).
 */
export interface PageHead {
  /** The whole tab title (common's pageTitle). */
  title: string;
  description: string;
  /** Absolute URL of the page's one address; none on pages that are not indexed. */
  canonical: string | null;
  /** Absolute URL of the preview image. */
  image: string;
  /** What the preview image shows, in words (og:image:alt, twitter:image:alt). */
  imageAlt: string;
  /** Its size in pixels, when known (the site's and the generated images: 1200 × 630). */
  imageSize?: { width: number; height: number };
  /** Open Graph type: `website`, or `profile` for a worker. */
  type: 'website' | 'profile';
  /** False for pages search engines should leave out (private, not found). */
  indexable: boolean;
  /** schema.org objects, each written as one JSON-LD script. */
  structuredData: object[];
}

/** The size of the preview images: the site's (og-image.png) and the cards drawn per page. */
export const PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A built stylesheet of the web app (`/assets/x.css` under `distDir`) as a `<style>` element,
 * read once; null when the file is not there (then the page keeps its link).
 */
export function inlineStyle(distDir: string, href: string): string | null {
  let css = inlineStyles.get(href);
  if (css === undefined) {
    const path = join(distDir, href);
    if (!path.startsWith(join(distDir, 'assets')) || !existsSync(path)) return null;
    css = readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style');
    inlineStyles.set(href, css);
  }
  return `<style data-href="${escapeHtml(href)}">${css}</style>`;
}
const inlineStyles = new Map<string, string>();

/** Text safe inside an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** JSON safe inside a `<script>` element: no `</script>` or comment opener can close it. */
export function scriptJson(value: unknown): string {
  return scriptText(JSON.stringify(value));
}

/** JSON text already written (a server render's answers) made safe inside a `<script>` element. */
export function scriptText(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A description cut to what results and previews show (~160 characters), on a word boundary. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[,.;:]$/, '')}…`;
}

/** The head's tags, to stand where the shell's own title and description were. */
export function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.indexable ? [] : [meta('name', 'robots', 'noindex')]),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:locale', 'es_AR'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    meta('property', 'og:image', head.image),
    ...(head.imageSize
      ? [
          meta('property', 'og:image:width', String(head.imageSize.width)),
          meta('property', 'og:image:height', String(head.imageSize.height)),
        ]
      : []),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'twitter:image:alt', head.imageAlt),
    ...head.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.join('\n    ');
}
