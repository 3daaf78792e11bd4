import { inflateSync } from 'node:zlib';

/**
 * A PDF as the document upload accepts it (issue 22): stored as sent, so it is checked instead of
 * re-encoded. It must start with `%PDF-`, end with `%%EOF` (a complete file, as writers leave it),
 * and hold no active content: JavaScript, launch actions or embedded files — in the file's own
 * text or inside its compressed streams (inflated with a ceiling, never without bound), with the
 * names' `#xx` escapes (`/J#61vaScript`) undone first.
 */
export type PdfVerdict = 'ok' | 'unreadable' | 'hostile';

const HOSTILE_NAMES =
  /\/(JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA|SubmitForm|ImportData)(?![A-Za-z0-9])/;
/** All the streams of one file inflate to at most this much (a zip bomb stops here). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

export function checkPdf(bytes: Buffer): PdfVerdict {
  if (bytes.length < 16 || bytes.toString('latin1', 0, 5) !== '%PDF-') return 'unreadable';
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - 1024));
  if (!tail.includes('%%EOF')) return 'unreadable';
  const text = bytes.toString('latin1');
  if (!/\bobj\b/.test(text) || !/\/Type\s*\/Catalog|\/Root\b/.test(text)) return 'unreadable';
  if (hostile(text)) return 'hostile';
  let budget = MAX_INFLATED_BYTES;
  const stream = /stream\r?\n/g;
  for (let match = stream.exec(text); match; match = stream.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    stream.lastIndex = end;
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: Math.max(1, budget) });
    } catch (error) {
      // Not a Flate stream (an image's DCT data…) is fine; past the ceiling is refused.
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'hostile';
      continue;
    }
    budget -= inflated.length;
    if (budget <= 0) return 'hostile';
    if (hostile(inflated.toString('latin1'))) return 'hostile';
  }
  return 'ok';
}

/** Whether PDF text names active content, once the names' `#xx` escapes are undone. */
function hostile(text: string): boolean {
  const unescaped = text.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return HOSTILE_NAMES.test(unescaped);
}
