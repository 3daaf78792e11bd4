// Disarming a PDF upload (server/src/modules/verifications/document-pdf.ts): how long a typical
// certificate of 1 page, and a file of 10 pages (the most accepted), take to be drawn by PDFium
// in its worker and written into a new file of JPEG pages. Each page is a certificate-like A4:
// a heading, 40 lines of text and a photo (a generated 900 × 600 JPEG). Prints the first run (it
// compiles PDFium's WebAssembly, once per process) and the median of BENCH_ROUNDS (default 7)
// after it, with the sizes sent and stored. `npm run build -w server` first; a few seconds.
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { ROOT } from '../scripts/lib.mjs';

const require = createRequire(import.meta.url);
const { disarmPdf } = require(`${ROOT}/server/dist/server/src/modules/verifications/document-pdf.js`);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/** A PDF of `pages` certificate-like pages (classic cross-reference table). */
async function certificate(pages) {
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const lines = Array.from(
    { length: 40 },
    (_v, i) => `0 -16 Td (Linea ${i + 1}: el Registro Nacional certifica que la persona no registra antecedentes.) Tj`,
  );
  const drawing = `BT /F1 20 Tf 60 790 Td (CERTIFICADO DE ANTECEDENTES) Tj /F1 10 Tf 0 -20 Td ${lines.join(' ')} ET q 200 0 0 133 340 60 cm /Im1 Do Q`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_v, i) => `${6 + i} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    { dict: '', data: Buffer.from(drawing, 'latin1') },
    {
      dict: '/Type /XObject /Subtype /Image /Width 900 /Height 600 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
      data: photo,
    },
    ...Array.from(
      { length: pages },
      () =>
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 5 0 R >> >> >>',
    ),
  ];
  const parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0].length;
  const offsets = [];
  const push = (chunk) => {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'latin1');
    parts.push(bytes);
    length += bytes.length;
  };
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === 'string') return push(`${i + 1} 0 obj\n${object}\nendobj\n`);
    push(`${i + 1} 0 obj\n<< ${object.dict} /Length ${object.data.length} >>\nstream\n`);
    push(object.data);
    push('\nendstream\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  push(offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join(''));
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

const kib = (bytes) => `${Math.round(bytes / 1024)} KiB`;
for (const pages of [1, 10]) {
  const sent = await certificate(pages);
  const times = [];
  let stored = 0;
  for (let round = 0; round <= ROUNDS; round += 1) {
    const start = performance.now();
    stored = (await disarmPdf(sent)).length;
    times.push(performance.now() - start);
  }
  const [first, ...rest] = times;
  rest.sort((a, b) => a - b);
  const median = rest[Math.floor(rest.length / 2)];
  console.log(
    `${pages} page(s): first ${first.toFixed(0)} ms, median ${median.toFixed(0)} ms of ${ROUNDS} ` +
      `(min ${rest[0].toFixed(0)}, max ${rest.at(-1).toFixed(0)}); sent ${kib(sent.length)}, stored ${kib(stored)}`,
  );
}
