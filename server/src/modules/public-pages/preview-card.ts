import { join } from 'node:path';
import { PRODUCT_NAME } from '@cym/common';
import sharp, { type OverlayOptions } from 'sharp';
import { REPO_ROOT } from '../../config/app-config';
import { PREVIEW_IMAGE_SIZE, shortDescription } from './page-head';

/** The size link previews (WhatsApp, Facebook, X) show best: 1.91:1. */
const { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT } = PREVIEW_IMAGE_SIZE;

/** The fonts ship with the server (DejaVu, free licence beside them): no system font is needed. */
const FONTS = join(REPO_ROOT, 'server/assets/fonts');
const BOLD = { family: 'DejaVu Sans Bold', file: join(FONTS, 'DejaVuSans-Bold.ttf') };
const REGULAR = { family: 'DejaVu Sans', file: join(FONTS, 'DejaVuSans.ttf') };

const BRAND = '#0f766e';
const INK = '#0f172a';
const MUTED = '#475569';
const MARGIN = 40;
const PADDING = 80;
const TEXT_WIDTH = PREVIEW_WIDTH - 2 * PADDING;

/** What a page's preview image says. */
export interface PreviewCard {
  /** What the page is: 'Oferta de empleo', 'Perfil'. */
  kind: string;
  /** The largest line: an offer's title, a worker's first name. */
  title: string;
  /** Up to three short lines: the place, the salary, the services. */
  details: string[];
}

const MARKUP_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const markup = (text: string) => text.replace(/[&<>]/g, (c) => MARKUP_ESCAPES[c]!);

/** A block of wrapped text as a transparent PNG, and its height. */
async function text(
  content: string,
  font: { family: string; file: string },
  size: number,
  color: string,
): Promise<{ input: Buffer; height: number }> {
  const image = sharp({
    text: {
      text: `<span foreground="${color}">${markup(content)}</span>`,
      font: `${font.family} ${size}`,
      fontfile: font.file,
      width: TEXT_WIDTH,
      dpi: 72,
      wrap: 'word',
      rgba: true,
    },
  });
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  return { input: data, height: info.height };
}

/**
 * A page's preview image (PNG, 1200 × 630): the site's name, what the page is, its title and a
 * few details, on the brand's colour, drawn from the page's public fields only.
 */
export async function previewCard(card: PreviewCard): Promise<Buffer> {
  // One block after the other: a drawing holds one of libuv's threads at a time, not four.
  const blocks = [
    { ...(await text(PRODUCT_NAME, BOLD, 34, BRAND)), gap: 0 },
    { ...(await text(card.kind, REGULAR, 30, MUTED)), gap: 48 },
    { ...(await text(shortDescription(card.title, 70), BOLD, 58, INK)), gap: 12 },
  ];
  for (const [i, line] of card.details.slice(0, 3).entries())
    blocks.push({ ...(await text(shortDescription(line, 60), REGULAR, 36, INK)), gap: i === 0 ? 32 : 12 });
  let top = MARGIN + 56;
  const layers: OverlayOptions[] = [];
  for (const block of blocks) {
    top += block.gap;
    // Whatever does not fit is left off rather than drawn over the edge.
    if (top + block.height > PREVIEW_HEIGHT - MARGIN - 32) break;
    layers.push({ input: block.input, top, left: PADDING });
    top += block.height;
  }
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}">` +
      `<rect width="100%" height="100%" fill="${BRAND}"/>` +
      `<rect x="${MARGIN}" y="${MARGIN}" width="${PREVIEW_WIDTH - 2 * MARGIN}" height="${PREVIEW_HEIGHT - 2 * MARGIN}" rx="32" fill="#ffffff"/>` +
      `</svg>`,
  );
  return sharp(background).composite(layers).png({ compressionLevel: 9, palette: true }).toBuffer();
}
