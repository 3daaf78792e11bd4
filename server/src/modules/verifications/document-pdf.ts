import { VERIFICATION_LIMITS } from '@cym/common';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

/**
 * A PDF upload disarmed: nothing of the sent file is kept. PDFium (Chrome's PDF engine, compiled to
 * WebAssembly by @hyzyla/pdfium; no JavaScript engine in that build) draws each page to pixels in
 * a worker thread, and a new PDF is written here holding only those pictures as JPEGs: no script,
 * action, form, annotation, attachment or metadata of the upload can survive, however it was
 * hidden (object streams, filters, `#xx` names). Files that need a password to open, that PDFium
 * cannot open or draw, with no page or with more than VERIFICATION_LIMITS.maxPdfPages are refused.
 * A file encrypted only against editing (no password to open it) is drawn like any other.
 */
export type PdfRefusal = 'password' | 'too-many-pages' | 'unreadable';

export class PdfRefusedError extends Error {
  constructor(
    readonly reason: PdfRefusal,
    detail: string,
  ) {
    super(detail);
  }
}

export interface PdfRenderLimits {
  maxPages: number;
  /** Pixels per inch of the drawn pages (150: a DNI or a certificate stays legible). */
  dpi: number;
  /** A page's longest side in pixels at most (a huge page cannot grow the memory). */
  maxSide: number;
  /** The whole file is drawn within this, or refused (a file the engine is stuck on). */
  timeoutMs: number;
  /** JPEG quality of each page. */
  quality: number;
}

export const PDF_RENDER_LIMITS: PdfRenderLimits = {
  maxPages: VERIFICATION_LIMITS.maxPdfPages,
  dpi: 150,
  maxSide: 2000,
  timeoutMs: 30_000,
  quality: 80,
};

/** One drawn page: RGBA pixels and the page's size in points (after its /Rotate). */
interface DrawnPage {
  width: number;
  height: number;
  pointsWide: number;
  pointsHigh: number;
  data: Uint8Array;
}

type Message = { page: DrawnPage } | { done: true } | { refused: PdfRefusal; detail: string };

/**
 * The worker (CommonJS, run with `eval` so that the same source works from ts-jest and dist/):
 * loads PDFium, opens the file from memory, and posts its pages one at a time as RGBA pixels on
 * white, annotations' appearances (filled forms, stamps) drawn, nothing else run.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFiumLibrary } = require(workerData.library);
const { engine, bytes, maxPages, dpi, maxSide } = workerData;
const refuse = (refused, detail) => parentPort.postMessage({ refused, detail });
const instantiateWasm = (imports, done) => {
  WebAssembly.instantiate(engine, imports).then((instance) => done(instance, engine));
  return {};
};
(async () => {
  const m = (await PDFiumLibrary.init({ instantiateWasm })).module;
  const file = m.wasmExports.malloc(bytes.length);
  m.HEAPU8.set(bytes, file);
  const doc = m._FPDF_LoadMemDocument(file, bytes.length, 0);
  if (!doc) {
    const code = m._FPDF_GetLastError();
    // 4: a password is needed; 5: a security handler PDFium does not know.
    return refuse(code === 4 || code === 5 ? 'password' : 'unreadable', 'PDFium error ' + code);
  }
  const count = m._FPDF_GetPageCount(doc);
  if (!(count > 0)) return refuse('unreadable', 'no page');
  if (count > maxPages) return refuse('too-many-pages', count + ' pages');
  for (let i = 0; i < count; i++) {
    const page = m._FPDF_LoadPage(doc, i);
    if (!page) return refuse('unreadable', 'page ' + (i + 1) + ' did not load');
    const pointsWide = m._FPDF_GetPageWidthF(page);
    const pointsHigh = m._FPDF_GetPageHeightF(page);
    if (!(pointsWide > 0 && pointsHigh > 0 && isFinite(pointsWide) && isFinite(pointsHigh)))
      return refuse('unreadable', 'page ' + (i + 1) + ' has no size');
    const scale = Math.min(dpi / 72, maxSide / Math.max(pointsWide, pointsHigh));
    const width = Math.max(1, Math.min(maxSide, Math.round(pointsWide * scale)));
    const height = Math.max(1, Math.min(maxSide, Math.round(pointsHigh * scale)));
    const stride = width * 4;
    const pixels = m.wasmExports.malloc(stride * height);
    if (!pixels) return refuse('unreadable', 'no memory for page ' + (i + 1));
    // FPDFBitmap_BGRA (4) over our buffer; white; FPDF_ANNOT (1) | FPDF_REVERSE_BYTE_ORDER (0x10): RGBA.
    const bitmap = m._FPDFBitmap_CreateEx(width, height, 4, pixels, stride);
    m._FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    m._FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, 0x01 | 0x10);
    const data = m.HEAPU8.slice(pixels, pixels + stride * height);
    m._FPDFBitmap_Destroy(bitmap);
    m.wasmExports.free(pixels);
    m._FPDF_ClosePage(page);
    parentPort.postMessage({ page: { width, height, pointsWide, pointsHigh, data } }, [data.buffer]);
  }
  m._FPDF_CloseDocument(doc);
  parentPort.postMessage({ done: true });
})().catch((error) => refuse('unreadable', String(error)));
`;

/** A page of the new file: its JPEG and sizes. */
interface ImagePage {
  jpeg: Buffer;
  width: number;
  height: number;
  gray: boolean;
  pointsWide: number;
  pointsHigh: number;
}

/**
 * The upload drawn page by page into a new, image-only PDF; refuses with PdfRefusedError. The
 * engine runs in its own worker thread, started for this file and ended after it: a hostile file
 * can block no request, a crash or a hang ends only that worker (`timeoutMs`), and its
 * WebAssembly memory is returned at once.
 */
export async function disarmPdf(bytes: Buffer, limits: PdfRenderLimits = PDF_RENDER_LIMITS): Promise<Buffer> {
  const pages = await drawPages(await engine(), bytes, limits);
  return writeImagePdf(pages);
}

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PDFium's WebAssembly, compiled once per process (a few MB, 0.2 s) and handed to each worker,
 * which only instantiates it (its own memory, gone with the worker).
 */
function engine(): Promise<WebAssembly.Module> {
  compiled ??= readFile(join(dirname(require.resolve('@hyzyla/pdfium')), 'pdfium.wasm')).then((wasm) =>
    WebAssembly.compile(wasm),
  );
  compiled.catch(() => (compiled = undefined));
  return compiled;
}

function drawPages(compiledEngine: WebAssembly.Module, bytes: Buffer, limits: PdfRenderLimits): Promise<ImagePage[]> {
  const copy = new Uint8Array(bytes); // its own buffer, moved to the worker
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      library: require.resolve('@hyzyla/pdfium'),
      engine: compiledEngine,
      bytes: copy,
      maxPages: limits.maxPages,
      dpi: limits.dpi,
      maxSide: limits.maxSide,
    },
    transferList: [copy.buffer],
  });
  worker.unref(); // a file being drawn never keeps the process alive
  return new Promise<ImagePage[]>((resolve, reject) => {
    let settled = false;
    // Pages are encoded in order, one at a time, while the next one is drawn.
    let encoded: Promise<ImagePage[]> = Promise.resolve([]);
    const finish = (error: PdfRefusedError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else encoded.then(resolve, () => reject(new PdfRefusedError('unreadable', 'a page did not encode')));
    };
    const timer = setTimeout(
      () => finish(new PdfRefusedError('unreadable', 'drawing took too long')),
      limits.timeoutMs,
    );
    timer.unref();
    worker.on('message', (message: Message) => {
      if ('refused' in message) return finish(new PdfRefusedError(message.refused, message.detail));
      if ('done' in message) return finish(null);
      const page = message.page;
      encoded = encoded.then(async (done) => [...done, await encodePage(page, limits.quality)]);
      encoded.catch(() => undefined); // handled when the last page arrives
    });
    worker.on('error', (error) => finish(new PdfRefusedError('unreadable', error.message)));
    worker.on('exit', (code) => finish(new PdfRefusedError('unreadable', `the renderer exited (${code})`)));
  });
}

async function encodePage(page: DrawnPage, quality: number): Promise<ImagePage> {
  const pixels = Buffer.from(page.data.buffer, page.data.byteOffset, page.data.byteLength);
  const { data, info } = await sharp(pixels, { raw: { width: page.width, height: page.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality }) // libjpeg-turbo: mozjpeg took five times longer on a page
    .toBuffer({ resolveWithObject: true });
  return {
    jpeg: data,
    width: info.width,
    height: info.height,
    gray: info.channels === 1,
    pointsWide: page.pointsWide,
    pointsHigh: page.pointsHigh,
  };
}

/**
 * A PDF of picture pages: a catalog, a page tree, and per page a page, its drawing (the picture
 * over the whole page) and the picture (DCTDecode). Nothing but these objects, no metadata.
 */
export function writeImagePdf(pages: ImagePage[]): Buffer {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (number: number, body: string, stream?: Buffer) => {
    offsets[number] = length;
    push(`${number} 0 obj\n${body}\n`);
    if (stream) {
      push('stream\n');
      push(stream);
      push('\nendstream\n');
    }
    push('endobj\n');
  };
  const points = (value: number) => String(Math.round(value * 100) / 100);
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  // Page i: page 3 + 3i, drawing 4 + 3i, picture 5 + 3i.
  const kids = pages.map((_p, i) => `${3 + i * 3} 0 R`).join(' ');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  pages.forEach((page, i) => {
    const [pageNumber, drawing, picture] = [3 + i * 3, 4 + i * 3, 5 + i * 3];
    const w = points(page.pointsWide);
    const h = points(page.pointsHigh);
    const content = Buffer.from(`q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`, 'latin1');
    object(
      pageNumber,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${picture} 0 R >> >> ` +
        `/Contents ${drawing} 0 R >>`,
    );
    object(drawing, `<< /Length ${content.length} >>`, content);
    object(
      picture,
      `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} ` +
        `/ColorSpace /${page.gray ? 'DeviceGray' : 'DeviceRGB'} /BitsPerComponent 8 /Filter /DCTDecode ` +
        `/Length ${page.jpeg.length} >>`,
      page.jpeg,
    );
  });
  const size = 3 + pages.length * 3;
  const xref = length;
  let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) table += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  push(table);
  push(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
