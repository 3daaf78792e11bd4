import { deflateSync } from 'node:zlib';

/**
 * Hand-written PDFs for the document tests: plain objects, streams under any of the filters a
 * reader decodes (Flate, ASCIIHex, ASCII85, LZW), objects packed in object streams with a
 * cross-reference stream, or a classic cross-reference table. Object `i + 1` is `objects[i]`.
 */
export type PdfFilter = 'flate' | 'hex' | 'a85' | 'lzw';

export interface PdfStream {
  /** The stream's dictionary entries without `/Length` and `/Filter` (`/Subtype /Image …`). */
  dict: string;
  data: Buffer | string;
  filter?: PdfFilter;
}

export type PdfObject = string | PdfStream;

export interface PdfOptions {
  /** The catalog's number (1 unless told). */
  root?: number;
  /** More trailer entries (`/Encrypt 9 0 R /ID [<…> <…>]`). */
  trailer?: string;
  /** Object numbers written inside object streams (`/Type /ObjStm`), one stream per group. */
  objectStreams?: { objects: number[]; filter?: PdfFilter }[];
}

const FILTER_NAMES: Record<PdfFilter, string> = {
  flate: '/FlateDecode',
  hex: '/ASCIIHexDecode',
  a85: '/ASCII85Decode',
  lzw: '/LZWDecode',
};

export function encode(data: Buffer, filter: PdfFilter): Buffer {
  if (filter === 'flate') return deflateSync(data);
  if (filter === 'hex') return Buffer.from(`${data.toString('hex')}>`, 'latin1');
  if (filter === 'a85') return ascii85(data);
  return lzw(data);
}

/** ASCII base-85, with `z` for four zero bytes and the `~>` end. */
function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    const size = Math.min(4, data.length - i);
    let value = chunk.readUInt32BE(0);
    if (size === 4 && value === 0) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let d = 0; d < 5; d++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, size + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

/** LZW as PDF readers decode it: 9- to 12-bit codes, most significant bit first, early change. */
function lzw(data: Buffer): Buffer {
  const CLEAR = 256;
  const END = 257;
  const table = new Map<string, number>();
  for (let i = 0; i < 256; i++) table.set(String.fromCharCode(i), i);
  let next = 258;
  let width = 9;
  const bits: number[] = [];
  const emit = (code: number) => {
    for (let b = width - 1; b >= 0; b--) bits.push((code >> b) & 1);
  };
  emit(CLEAR);
  let word = '';
  for (const byte of data) {
    const char = String.fromCharCode(byte);
    if (table.has(word + char)) {
      word += char;
      continue;
    }
    emit(table.get(word)!);
    if (next >= 4094) throw new Error('lzw: the test data is too long for one table');
    table.set(word + char, next++);
    // A reader adds its entry one code later and widens one code early: both meet here.
    if (next >= 1 << width) width++;
    word = char;
  }
  if (word) emit(table.get(word)!);
  emit(END);
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => {
    if (bit) out[i >> 3] |= 0x80 >> (i & 7);
  });
  return out;
}

function streamBytes(stream: PdfStream): { head: string; body: Buffer } {
  const raw = Buffer.isBuffer(stream.data) ? stream.data : Buffer.from(stream.data, 'latin1');
  const body = stream.filter ? encode(raw, stream.filter) : raw;
  const filter = stream.filter ? ` /Filter ${FILTER_NAMES[stream.filter]}` : '';
  return { head: `<< ${stream.dict}${filter} /Length ${body.length} >>`, body };
}

export function buildPdf(objects: PdfObject[], options: PdfOptions = {}): Buffer {
  const root = options.root ?? 1;
  const packed = new Map<number, { stream: number; index: number }>();
  const all: PdfObject[] = [...objects];
  for (const group of options.objectStreams ?? []) {
    const number = all.length + 1;
    let header = '';
    let body = '';
    group.objects.forEach((n, index) => {
      const object = objects[n - 1];
      if (typeof object !== 'string') throw new Error(`object ${n} is a stream: it cannot be packed`);
      header += `${n} ${body.length} `;
      body += `${object}\n`;
      packed.set(n, { stream: number, index });
    });
    all.push({
      dict: `/Type /ObjStm /N ${group.objects.length} /First ${header.length}`,
      data: header + body,
      filter: group.filter,
    });
  }

  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const push = (chunk: Buffer | string) => {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'latin1');
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  all.forEach((object, i) => {
    const number = i + 1;
    if (packed.has(number)) return;
    offsets[number] = length;
    if (typeof object === 'string') {
      push(`${number} 0 obj\n${object}\nendobj\n`);
    } else {
      const { head, body } = streamBytes(object);
      push(`${number} 0 obj\n${head}\nstream\n`);
      push(body);
      push('\nendstream\nendobj\n');
    }
  });

  const size = all.length + 1;
  if (packed.size === 0) {
    const xref = length;
    let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (let n = 1; n < size; n++) table += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
    push(table);
    push(`trailer\n<< /Size ${size} /Root ${root} 0 R ${options.trailer ?? ''}>>\nstartxref\n${xref}\n%%EOF\n`);
    return Buffer.concat(parts);
  }
  // A cross-reference stream: entries of 1 + 4 + 2 bytes, the stream itself the last object.
  const xrefNumber = size;
  const xref = length;
  const rows = Buffer.alloc((size + 1) * 7);
  rows.writeUInt8(0, 0);
  rows.writeUInt32BE(0, 1);
  rows.writeUInt16BE(65535, 5);
  for (let n = 1; n <= size; n++) {
    const at = n * 7;
    const inStream = packed.get(n);
    if (inStream) {
      rows.writeUInt8(2, at);
      rows.writeUInt32BE(inStream.stream, at + 1);
      rows.writeUInt16BE(inStream.index, at + 5);
    } else {
      rows.writeUInt8(1, at);
      rows.writeUInt32BE(n === xrefNumber ? xref : offsets[n], at + 1);
      rows.writeUInt16BE(0, at + 5);
    }
  }
  push(
    `${xrefNumber} 0 obj\n<< /Type /XRef /Size ${size + 1} /W [1 4 2] /Root ${root} 0 R ${options.trailer ?? ''}` +
      `/Length ${rows.length} >>\nstream\n`,
  );
  push(rows);
  push(`\nendstream\nendobj\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A page tree of `texts.length` A4 pages, each showing its text in Helvetica: objects 2 onward. */
export function textPages(texts: string[], first = 2): PdfObject[] {
  const font = first + 1;
  const kids = texts.map((_t, i) => `${font + 1 + i * 2} 0 R`).join(' ');
  const objects: PdfObject[] = [
    `<< /Type /Pages /Kids [${kids}] /Count ${texts.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  texts.forEach((text, i) => {
    objects.push(
      `<< /Type /Page /Parent ${first} 0 R /MediaBox [0 0 595 842] /Contents ${font + 2 + i * 2} 0 R ` +
        `/Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      { dict: '', data: `BT /F1 28 Tf 72 740 Td (${text}) Tj ET` },
    );
  });
  return objects;
}

/** What PDFium (the engine the server renders with) reads in a file, for the tests' checks. */
export interface PdfReading {
  /** Why it did not open: PDFium's error (4: a password is needed), or null. */
  error: number | null;
  pages: number;
  /** Per page: the types of its content objects (1 text, 2 path, 3 image, 4 shading, 5 form). */
  objects: number[][];
  /** Per page: its annotations (links, widgets…). */
  annotations: number[];
  /** Per page: whether it has an additional action (/AA) PDFium would run on open or close. */
  pageActions: boolean[];
  /** The document's JavaScript (the /Names /JavaScript tree). */
  javascript: number;
  attachments: number;
  /** The security handler's revision, -1 when the file is not encrypted. */
  security: number;
}

interface PdfiumModule {
  HEAPU8: Uint8Array;
  wasmExports: { malloc(size: number): number; free(ptr: number): void };
  [fn: `_${string}`]: (...args: number[]) => number;
}

let pdfium: Promise<PdfiumModule> | undefined;

export async function readPdf(bytes: Buffer): Promise<PdfReading> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PDFiumLibrary } = require('@hyzyla/pdfium') as typeof import('@hyzyla/pdfium');
  pdfium ??= PDFiumLibrary.init().then((library) => (library as unknown as { module: PdfiumModule }).module);
  const m = await pdfium;
  const ptr = m.wasmExports.malloc(bytes.length);
  m.HEAPU8.set(bytes, ptr);
  const doc = m._FPDF_LoadMemDocument(ptr, bytes.length, 0);
  const reading: PdfReading = {
    error: null,
    pages: 0,
    objects: [],
    annotations: [],
    pageActions: [],
    javascript: 0,
    attachments: 0,
    security: -1,
  };
  if (!doc) {
    reading.error = m._FPDF_GetLastError();
    m.wasmExports.free(ptr);
    return reading;
  }
  try {
    reading.pages = m._FPDF_GetPageCount(doc);
    reading.javascript = m._FPDFDoc_GetJavaScriptActionCount(doc);
    reading.attachments = m._FPDFDoc_GetAttachmentCount(doc);
    reading.security = m._FPDF_GetSecurityHandlerRevision(doc);
    for (let i = 0; i < reading.pages; i++) {
      const page = m._FPDF_LoadPage(doc, i);
      const types: number[] = [];
      for (let o = 0; o < m._FPDFPage_CountObjects(page); o++)
        types.push(m._FPDFPageObj_GetType(m._FPDFPage_GetObject(page, o)));
      reading.objects.push(types);
      reading.annotations.push(m._FPDFPage_GetAnnotCount(page));
      // FPDFPAGE_AACTION_OPEN (0) and _CLOSE (1).
      reading.pageActions.push(m._FPDF_GetPageAAction(page, 0) !== 0 || m._FPDF_GetPageAAction(page, 1) !== 0);
      m._FPDF_ClosePage(page);
    }
  } finally {
    m._FPDF_CloseDocument(doc);
    m.wasmExports.free(ptr);
  }
  return reading;
}

const ALERT = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
/** Catalog (1), one page with text (2–5), then `extra` from object 6 on. */
function onePage(catalog: string, extra: PdfObject[], options: PdfOptions = {}): Buffer {
  return buildPdf([`<< /Type /Catalog /Pages 2 0 R ${catalog} >>`, ...textPages(['Documento']), ...extra], options);
}

/** A script run on open (the catalog's /OpenAction and the /Names /JavaScript tree), packed with `filter`. */
function scriptIn(filter: PdfFilter): Buffer {
  return onePage('/OpenAction 6 0 R /Names 7 0 R', [ALERT, '<< /JavaScript 8 0 R >>', '<< /Names [(a) 6 0 R] >>'], {
    objectStreams: [{ objects: [6, 7, 8], filter }],
  });
}

/**
 * The active content a document upload must never keep, each hidden where a text scanner does not
 * look: in the second object stream, or under a filter other than Flate, or behind `#xx` escapes.
 */
export function hostilePdfs(): Record<string, Buffer> {
  return {
    'a JavaScript OpenAction in the second object stream': onePage(
      '/OpenAction 6 0 R /Names 7 0 R',
      [ALERT, '<< /JavaScript 8 0 R >>', '<< /Names [(a) 6 0 R] >>', '<< /Producer (Prueba) >>'],
      {
        objectStreams: [
          { objects: [3, 9], filter: 'flate' },
          { objects: [6, 7, 8], filter: 'flate' },
        ],
      },
    ),
    'a /Launch action on open': onePage(
      '/OpenAction 6 0 R',
      ['<< /S /Launch /F (calc.exe) /Win << /F (cmd.exe) /P (/c calc) >> >>'],
      {
        objectStreams: [
          { objects: [3], filter: 'flate' },
          { objects: [6], filter: 'flate' },
        ],
      },
    ),
    'a script in an ASCIIHex stream': scriptIn('hex'),
    'a script in an ASCII85 stream': scriptIn('a85'),
    'a script in an LZW stream': scriptIn('lzw'),
    'an embedded file': onePage(
      '/Names 6 0 R',
      [
        '<< /EmbeddedFiles 7 0 R >>',
        '<< /Names [(factura.exe) 8 0 R] >>',
        '<< /Type /Filespec /F (factura.exe) /EF << /F 9 0 R >> >>',
        { dict: '', data: 'MZ not really a program', filter: 'flate' },
      ],
      { objectStreams: [{ objects: [6, 7, 8], filter: 'flate' }] },
    ),
    'a script behind #xx escaped names': onePage(
      '/OpenAction 6 0 R /Names 7 0 R',
      ['<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>', '<< /J#61vaScript 8 0 R >>', '<< /Names [(a) 6 0 R] >>'],
      {
        objectStreams: [
          { objects: [3], filter: 'flate' },
          { objects: [6, 7, 8], filter: 'flate' },
        ],
      },
    ),
  };
}

/** A file that needs a password to open (the standard security handler, a user password set). */
export function passwordPdf(): Buffer {
  const id = '<8f3e2a41c0d95b7768a1f20e4c3b9d51>';
  return onePage('', [`<< /Filter /Standard /V 1 /R 2 /P -44 /O <${'7a'.repeat(32)}> /U <${'c4'.repeat(32)}> >>`], {
    trailer: `/Encrypt 6 0 R /ID [${id} ${id}] `,
  });
}

/** `count` pages, each with its number as text. */
export function pagesPdf(count: number): Buffer {
  const texts = Array.from({ length: count }, (_v, i) => `Pagina ${i + 1}`);
  return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...textPages(texts)]);
}

/** `%PDF-` and then noise, with the words a text scanner looks for. */
export function garbagePdf(): Buffer {
  const noise = Buffer.alloc(2048);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n', 'latin1'),
    noise,
    Buffer.from('\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

/**
 * A PDF's text with every stream's bytes left out (a JPEG's bytes can spell anything), and the
 * streams' dictionaries: for files whose streams all give their `/Length` as a number, as the
 * server's own writer does. Throws on any other stream.
 */
export function pdfSkeleton(bytes: Buffer): { text: string; streams: string[] } {
  const latin = bytes.toString('latin1');
  const start = /\bobj\s*<<((?:(?!\bendobj\b)[\s\S])*?)>>\s*stream\r?\n/g;
  let text = '';
  let from = 0;
  const streams: string[] = [];
  for (let match = start.exec(latin); match; match = start.exec(latin)) {
    const length = /\/Length (\d+)(?![\d ]*R)/.exec(match[1]);
    if (!length) throw new Error(`a stream at ${match.index} has no /Length of its own`);
    const bodyStart = match.index + match[0].length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (!/^\r?\n?endstream/.test(latin.slice(bodyEnd, bodyEnd + 12)))
      throw new Error(`a stream at ${match.index} does not end where its /Length says`);
    streams.push(match[1].trim());
    text += latin.slice(from, bodyStart);
    if (!/\/Filter \/DCTDecode/.test(match[1])) text += latin.slice(bodyStart, bodyEnd);
    from = bodyEnd;
    start.lastIndex = bodyEnd;
  }
  return { text: text + latin.slice(from), streams };
}
