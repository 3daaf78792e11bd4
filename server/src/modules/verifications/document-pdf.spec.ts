import sharp from 'sharp';
import {
  buildPdf,
  garbagePdf,
  hostilePdfs,
  pagesPdf,
  passwordPdf,
  pdfSkeleton,
  readPdf,
  textPages,
} from '../../../../test/support/pdfs';
import { disarmPdf, PDF_RENDER_LIMITS, PdfRefusedError, type PdfRefusal } from './document-pdf';

jest.setTimeout(60_000);

/** The pictures of a disarmed file, in page order, with their declared sizes. */
function pictures(pdf: Buffer): { width: number; height: number; jpeg: Buffer }[] {
  const text = pdf.toString('latin1');
  const found = [...text.matchAll(/\/Width (\d+) \/Height (\d+) [^>]*\/Length (\d+) >>\nstream\n/g)];
  return found.map((m) => {
    const start = m.index + m[0].length;
    return { width: Number(m[1]), height: Number(m[2]), jpeg: pdf.subarray(start, start + Number(m[3])) };
  });
}

async function refusal(bytes: Buffer, limits = PDF_RENDER_LIMITS): Promise<PdfRefusal> {
  const error: unknown = await disarmPdf(bytes, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdfRefusedError);
  return (error as PdfRefusedError).reason;
}

describe('disarmPdf: a PDF drawn page by page into a new file of pictures', () => {
  it('the attacks the tests send are real: PDFium finds the script or the file in each', async () => {
    for (const [attack, bytes] of Object.entries(hostilePdfs())) {
      const read = await readPdf(bytes);
      expect({ attack, pages: read.pages }).toEqual({ attack, pages: 1 });
      if (attack.includes('Launch')) continue; // an /OpenAction PDFium has no count for
      expect({ attack, found: read.javascript + read.attachments }).toEqual({ attack, found: 1 });
    }
  });

  it('keeps each page, its size and its drawing, at 150 dpi, and nothing else', async () => {
    const sent = pagesPdf(2);
    const out = await disarmPdf(sent);
    const read = await readPdf(out);
    expect(read).toMatchObject({ error: null, pages: 2, objects: [[3], [3]], javascript: 0, attachments: 0 });
    expect(out.toString('latin1')).toContain('/MediaBox [0 0 595 842]');
    const [first, second] = pictures(out);
    expect([first.width, first.height]).toEqual([1240, 1754]);
    // The text is there: dark pixels on white.
    for (const page of [first, second]) {
      const meta = await sharp(page.jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', page.width, page.height]);
      const stats = await sharp(page.jpeg).stats();
      expect(stats.channels[0].min).toBeLessThan(80);
      expect(stats.channels[0].max).toBeGreaterThan(240);
    }
    expect(pdfSkeleton(out).streams).toHaveLength(4);
  });

  it('draws a page turned by /Rotate as it is shown, and caps a huge page at 2000 px', async () => {
    const turned = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Rotate 90 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 7200] >>',
    ]);
    const out = await disarmPdf(turned);
    expect(pictures(out).map((p) => [p.width, p.height])).toEqual([
      [1754, 1240],
      [2000, 1000],
    ]);
    expect(out.toString('latin1')).toContain('/MediaBox [0 0 842 595]');
  });

  it('accepts 10 pages; refuses 11, a password, noise, no page, a file cut short', async () => {
    expect((await readPdf(await disarmPdf(pagesPdf(10)))).pages).toBe(10);
    expect(await refusal(pagesPdf(11))).toBe('too-many-pages');
    expect(await refusal(passwordPdf())).toBe('password');
    expect(await refusal(garbagePdf())).toBe('unreadable');
    expect(await refusal(pagesPdf(0))).toBe('unreadable');
    expect(await refusal(pagesPdf(1).subarray(0, 60))).toBe('unreadable');
  });

  it('a file that takes too long to draw is refused, its worker ended', async () => {
    const many = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...textPages(['Uno', 'Dos', 'Tres'])]);
    expect(await refusal(many, { ...PDF_RENDER_LIMITS, timeoutMs: 1 })).toBe('unreadable');
  });
});
