import {
  isClientRoute,
  NOT_FOUND_PAGE,
  PRODUCT_NAME,
  pageTitle,
  PRIVATE_ROUTE_PREFIXES,
  PUBLIC_PAGES,
  routeTitle,
  SERVER_STATE_ELEMENT_ID,
  SITE_DESCRIPTION,
  type PageText,
} from '@cym/common';
import type { FastifyRequest } from 'fastify';
import { SpaIndex } from '../../common/spa-index';
import { escapeHtml, headTags, inlineStyle, PREVIEW_IMAGE_SIZE, type PageHead } from './page-head';
import type { RenderedApp } from './server-renderer';
import { webManifest } from './web-manifest';

/** The preview image of pages without their own (web/public/og-image.png, 1200 × 630). */
export const DEFAULT_IMAGE_PATH = '/og-image.png';

/** What the site's preview image shows, in words. */
export const DEFAULT_IMAGE_ALT = `${PRODUCT_NAME}: trabajo en casas particulares en toda la Argentina`;

/** What a page that does not exist says. */
export const NOT_FOUND: PageText = NOT_FOUND_PAGE;

/** What a page says when the server could not make it. */
const UNAVAILABLE: PageText = {
  title: 'No pudimos cargar la página',
  description: 'Tuvimos un problema al cargar esta página. Probá de nuevo en unos minutos.',
};

/** The app's element in index.html, where a server-rendered page's HTML goes. */
const ROOT_OPEN = '<div id="root">';

/** index.html in the pieces a page is put together from (see ShellPages.split). */
interface ShellTemplate {
  beforeTitle: string;
  beforeHeadEnd: string;
  beforeRoot: string;
  afterRoot: string;
  /** `beforeHeadEnd` for a page the server rendered (ShellPages.paintFirst), made once. */
  renderedHead?: string;
}

/** A rendered page: its status and HTML. */
export interface ShellPage {
  status: number;
  html: string;
  /** False for a page whose server render did not come (busy, failed): it is not kept. */
  complete?: boolean;
}

/**
 * The web app's index.html with each page's own head (title, description, canonical, preview
 * and structured data), so a search engine or a link preview reads the page without running its
 * scripts, and the status code tells the truth: 404 where the app has no page.
 */
export class ShellPages {
  private readonly spa: SpaIndex;
  private template?: ShellTemplate;

  constructor(
    private readonly distDir: string,
    /** The site's public origin (PUBLIC_URL), for absolute addresses. */
    readonly origin: string,
  ) {
    this.spa = new SpaIndex(distDir);
  }

  get available(): boolean {
    return this.spa.available;
  }

  /** An absolute URL on this site. */
  url(path: string): string {
    return `${this.origin}${path}`;
  }

  /** A head from a page's text, with the site's defaults. */
  head(text: PageText, path: string | null, extra: Partial<PageHead> = {}): PageHead {
    return {
      title: pageTitle(text.title),
      description: text.description,
      canonical: path === null ? null : this.url(path),
      image: this.url(DEFAULT_IMAGE_PATH),
      imageAlt: DEFAULT_IMAGE_ALT,
      imageSize: PREVIEW_IMAGE_SIZE,
      type: 'website',
      indexable: path !== null,
      structuredData: [],
      ...extra,
    };
  }

  /**
   * The shell with `head` in place of its own title and description and, for a page the server
   * rendered, its HTML in #root, its pages' links in the head and its answers after #root.
   */
  render(head: PageHead, status = 200, app: RenderedApp | null = null): ShellPage {
    const t = (this.template ??= this.split(this.spa.html()));
    const html = app
      ? `${t.beforeTitle}${headTags(head)}${(t.renderedHead ??= this.paintFirst(t.beforeHeadEnd))}${app.headStyles}` +
        `${t.beforeRoot}${ROOT_OPEN}${app.root}</div>` +
        `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${app.state}</script>${t.afterRoot}`
      : `${t.beforeTitle}${headTags(head)}${t.beforeHeadEnd}${t.beforeRoot}${ROOT_OPEN}</div>${t.afterRoot}`;
    return { status, html };
  }

  /**
   * The head of a page that arrives rendered: it can be painted as soon as its HTML is there, so
   * nothing may hold the paint up or take the slow connection's bandwidth first. The entry's
   * stylesheets are written into it (one request less before the first paint, ~4 KB compressed),
   * the app's preloads go (named in `data-preload` instead, for later), and the app's script gives
   * way to the small start of rendered pages (web/src/boot.ts), which fetches the app (named in
   * `data-app`) and its preloads once the page has loaded.
   */
  private paintFirst(head: string): string {
    const boot = webManifest(this.distDir)['src/boot.ts']?.file;
    const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map((m) => m[1]!);
    return head
      .replace(
        /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
        (link, href: string) => inlineStyle(this.distDir, href) ?? link,
      )
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, boot ? '' : '$&')
      .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (script, app: string) =>
        boot
          ? `<script type="module" src="/${escapeHtml(boot)}" data-app="${escapeHtml(app)}"` +
            ` data-preload="${escapeHtml(preloads.join(' '))}"></script>`
          : script,
      );
  }

  /** The not-found page (404), never indexed. */
  notFound(): ShellPage {
    return this.render(this.head(NOT_FOUND, null), 404);
  }

  /** What a page answers when it could not be made (the database away): `status`, never indexed. */
  unavailable(status: number): ShellPage {
    return this.render(this.head(UNAVAILABLE, null), status);
  }

  /**
   * For a GET no route answered: the app's page where it has one (private pages not indexed),
   * the not-found page otherwise; null for what is not a page (the API, a missing file).
   */
  fallback(request: FastifyRequest): ShellPage | null {
    if (!this.spa.shouldServe(request)) return null;
    const path = request.url.split('?')[0]!;
    if (!isClientRoute(path)) return this.notFound();
    // One address per page: `/workers/` is `/workers`.
    const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const text = PUBLIC_PAGES[page] ?? { title: routeTitle(page), description: SITE_DESCRIPTION };
    const isPrivate = PRIVATE_ROUTE_PREFIXES.some((prefix) => page === prefix || page.startsWith(`${prefix}/`));
    return this.render(this.head(text, isPrivate ? null : page));
  }

  /**
   * index.html around its `<title>` and description (each page's own), the end of its head (where
   * a rendered page's links go, after the entry's stylesheet, as the browser would add them) and
   * its empty #root.
   */
  private split(html: string): ShellTemplate {
    const withoutDescription = html.replace(/\s*<meta\s+name="description"[^>]*>/, '');
    const title = /<title>[\s\S]*?<\/title>/.exec(withoutDescription);
    if (!title) throw new Error('index.html has no <title>');
    const headEnd = withoutDescription.indexOf('</head>');
    const root = withoutDescription.indexOf(`${ROOT_OPEN}</div>`);
    if (headEnd < title.index || root < headEnd)
      throw new Error('index.html has no </head> and empty #root after its <title>');
    return {
      beforeTitle: withoutDescription.slice(0, title.index),
      beforeHeadEnd: withoutDescription.slice(title.index + title[0].length, headEnd),
      beforeRoot: withoutDescription.slice(headEnd, root),
      afterRoot: withoutDescription.slice(root + ROOT_OPEN.length + '</div>'.length),
    };
  }
}
