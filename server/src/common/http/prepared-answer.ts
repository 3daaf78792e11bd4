import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) =>
    promisify(brotliCompress)(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json) => promisify(gzip)(json, { level: 6 }),
};

/** Below this size compressing costs more than it saves (the same threshold as @fastify/compress). */
const COMPRESS_FROM_BYTES = 1024;

/** JSON already written as text (e.g. a directory page of CardJson cards), kept as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A serialised JSON answer with its strong ETag and, made on first demand and kept with it, its
 * compressed forms: an answer kept in memory (a directory page, a public profile, the catalog's
 * lists) is serialised, hashed and compressed once, however many phones ask for it.
 */
export class PreparedAnswer {
  readonly json: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  /** `body` is serialised, unless it is JsonText; `contentType` is what it is sent as. */
  constructor(
    body: unknown,
    readonly contentType = 'application/json; charset=utf-8',
  ) {
    this.json = Buffer.from(body instanceof JsonText ? body.text : JSON.stringify(body));
    this.etag = `"${createHash('sha1').update(this.json).digest('base64url')}"`;
  }

  /** Text that is not JSON (a page's HTML), sent as `contentType`. */
  static text(text: string, contentType: string): PreparedAnswer {
    return new PreparedAnswer(new JsonText(text), contentType);
  }

  get size(): number {
    return this.json.length;
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let result = this.encoded.get(encoding);
    if (!result) {
      result = compressors[encoding](this.json);
      this.encoded.set(encoding, result);
    }
    return result;
  }
}

/** The best encoding the client accepts (brotli, then gzip), honouring q=0; null for none. */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Sends a prepared answer: 304 with no body when If-None-Match holds its ETag (a repeated list
 * request on a slow network costs a few hundred bytes), otherwise the JSON, compressed when the
 * client accepts it. `cacheControl` is `no-cache` unless told (always revalidated, by ETag).
 */
export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  cacheControl = 'no-cache',
): Promise<void> {
  void reply.header('etag', answer.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) {
    await reply.status(304).send();
    return;
  }
  void reply.header('content-type', answer.contentType);
  const encoding = answer.size >= COMPRESS_FROM_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) {
    await reply.send(answer.json);
    return;
  }
  const body = await answer.encodedAs(encoding);
  await reply.header('content-encoding', encoding).send(body);
}
