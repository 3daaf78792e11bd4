// The installed app's icons: PNGs drawn from web/public/favicon.svg with sharp, into
// web/public/icons. Run `node scripts/make-icons.mjs` after changing the favicon; the PNGs are
// committed (the build does not draw them).
//
// - icon-192.png, icon-512.png: the favicon as it is (purpose "any"; its rounded square is the icon).
// - maskable-192.png, maskable-512.png: the house on a full-bleed teal square, drawn inside the
//   central 80 % (the maskable safe zone is a circle of 40 % radius), so a launcher's circle or
//   squircle mask never cuts it.
// - apple-touch-icon.png (180 px): full-bleed as well; iOS rounds the corners itself.
import sharp from 'sharp';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public');
const out = join(web, 'icons');
mkdirSync(out, { recursive: true });

const favicon = readFileSync(join(web, 'favicon.svg'), 'utf8');
const color = /fill="(#[0-9a-fA-F]{6})"/.exec(favicon)?.[1] ?? '#0f766e';
const house = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!house) throw new Error('favicon.svg: no <path> (the house) found');

/** The house alone on a full square, scaled to `scale` of the side around its centre. */
function fullBleed(scale) {
  // The house spans x 14–50, y 18–52 in the favicon's 64-unit box: its centre is (32, 35).
  // Moved so that centre is the square's (32, 32).
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${color}"/>` +
    `<g transform="translate(${32 - 32 * scale} ${32 - 35 * scale}) scale(${scale})">${house}</g></svg>`
  );
}

const icons = [
  ['icon-192.png', 192, favicon],
  ['icon-512.png', 512, favicon],
  // The house is 36 units wide in 64 (56 %); at 0.95 it is ~53 % of the side, well inside the
  // safe circle (its farthest corner ~36 % of the side from the centre, under 40 %).
  ['maskable-192.png', 192, fullBleed(0.95)],
  ['maskable-512.png', 512, fullBleed(0.95)],
  ['apple-touch-icon.png', 180, fullBleed(1.1)],
];
for (const [name, size, svg] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(out, name));
  console.log(`web/public/icons/${name} (${size} × ${size})`);
}
