import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a browser's push service (RFC 8030) on the loopback, for the push sender's
 * tests: it hands out subscriptions whose keys the test owns, and decrypts and checks what
 * arrives, from the RFCs rather than from the library under test:
 * - RFC 8188 (aes128gcm): the header `salt(16) | rs(4) | idlen(1) | keyid`, then records of
 *   `ciphertext | tag(16)`, each nonce the base nonce XOR its sequence number, each plaintext
 *   `data | 0x02 (last) or 0x01 | 0x00 padding`;
 * - RFC 8291: the keyid is the sender's ephemeral public key (as_public); ecdh_secret =
 *   ECDH(ua_private, as_public); IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 |
 *   ua_public | as_public, 32); CEK = HKDF(salt, IKM, "Content-Encoding: aes128gcm" 0x00, 16);
 *   NONCE = HKDF(salt, IKM, "Content-Encoding: nonce" 0x00, 12);
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<P-256 public key>`, the JWT signed ES256
 *   by that key, `aud` the endpoint's origin, `exp` at most 24 hours ahead, `sub` a contact.
 */

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload's text (undefined when it did not decrypt: see `problem`). */
  text?: string;
  /** The VAPID JWT's claims and key, when the signature verified. */
  vapid?: { claims: { aud: string; exp: number; sub: string }; publicKey: string };
  /** What was wrong with the request, if anything. */
  problem?: string;
  /** The status this receiver answered. */
  status: number;
}

interface Owned {
  ecdh: ECDH;
  auth: Buffer;
  /** Answers still to give, in order; then 201. */
  answers: number[];
}

const b64u = (bytes: Buffer) => bytes.toString('base64url');

function hkdfExtract(salt: Buffer, ikm: Buffer): Buffer {
  return createHmac('sha256', salt).update(ikm).digest();
}

/** HKDF-Expand (RFC 5869) for at most one block, all Web Push needs. */
function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/** Decrypts an aes128gcm body for the subscriber's keys (RFC 8188 and RFC 8291). */
export function decryptWebPush(body: Buffer, uaPrivate: ECDH, authSecret: Buffer): string {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || asPublic[0] !== 0x04) throw new Error(`keyid is not a P-256 public key (${idlen} bytes)`);
  if (rs < 18) throw new Error(`record size ${rs} too small`);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdfExpand(hkdfExtract(authSecret, ecdhSecret), keyInfo, 32);
  const prk = hkdfExtract(salt, ikm);
  const cek = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq += 1, at += rs) {
    const record = records.subarray(at, at + rs);
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = at + rs >= records.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('record without its padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out).toString('utf8');
}

/** Checks `vapid t=…, k=…` for `audience`; answers the claims and key or throws. */
export function verifyVapid(
  authorization: string | undefined,
  audience: string,
): { claims: { aud: string; exp: number; sub: string }; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${authorization}`);
  const [, jwt, key] = match;
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('k is not an uncompressed P-256 key');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: 'jwk',
  });
  const [header, payload, signature] = jwt.split('.');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`JWT alg ${head.alg}`);
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud} is not ${audience}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub} is no contact`);
  return { claims, publicKey: key };
}

export class WebPushReceiver {
  readonly received: ReceivedPush[] = [];
  private readonly owned = new Map<string, Owned>();
  private server?: Server;
  private origin = '';
  private next = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = this.receive(request.url ?? '', request.method ?? '', request.headers, Buffer.concat(chunks));
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A new subscription whose private key and auth secret this receiver keeps. */
  subscription(): TestSubscription {
    this.next += 1;
    const id = `${process.pid}-${this.next}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.owned.set(id, { ecdh, auth, answers: [] });
    return { id, endpoint: `${this.origin}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
  }

  /** The next answers to pushes for this subscription (e.g. 500, then 410); 201 after them. */
  answer(id: string, ...statuses: number[]): void {
    this.owned.get(id)!.answers.push(...statuses);
  }

  for(id: string): ReceivedPush[] {
    return this.received.filter((push) => push.subscriptionId === id);
  }

  private receive(path: string, method: string, headers: IncomingHttpHeaders, body: Buffer): number {
    const id = /^\/push\/([\w-]+)$/.exec(path)?.[1];
    const owned = id ? this.owned.get(id) : undefined;
    if (!id || !owned || method !== 'POST') return 404;
    const push: ReceivedPush = { subscriptionId: id, headers, status: 201 };
    try {
      if (headers['content-encoding'] !== 'aes128gcm')
        throw new Error(`Content-Encoding ${headers['content-encoding']}`);
      push.vapid = verifyVapid(headers.authorization, this.origin);
      push.text = decryptWebPush(body, owned.ecdh, owned.auth);
    } catch (error) {
      push.problem = (error as Error).message;
    }
    push.status = push.problem ? 400 : (owned.answers.shift() ?? 201);
    this.received.push(push);
    return push.status;
  }
}
