import { writeFileSync } from 'node:fs';
import { isErrorCode } from '@cym/common';
import { createAccount, TestAccount } from '../support/accounts';
import { addOffer, catalogIds, insertMembership, offerBody, payInSandbox } from '../support/employer';
import { AccessClaims, SessionTokensService } from '../../server/src/modules/auth/session-tokens.service';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(300_000);

/**
 * No 5xx from bad bytes: every operation of the app's own OpenAPI document (read from the running
 * app, so a route is covered the day it lands) is sent hostile path ids, hostile query values, and
 * broken bodies, as a visitor, a worker, an employer with a membership and an admin (who passes
 * every guard, so the bodies reach the validators and the services). Every answer must be below
 * 500, and a JSON 4xx must be the one Spanish error shape `{ error, code }`. Each test lists every
 * offending request at once.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  nullable?: boolean;
  minimum?: number;
  maxLength?: number;
  pattern?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

interface OpenApi {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Op {
  method: Method;
  /** As declared: `/api/worker-profile/{id}/info/update`. */
  path: string;
  pathParams: string[];
  /** The path parameters declared as numbers: ids. */
  numericParams: string[];
  queryParams: Parameter[];
  /** The declared body's media type and schema, if any. */
  body?: { type: string; schema: Schema };
}

/** One request of the walk, and what it is meant to try (shown when it fails). */
interface Attempt {
  method: Method;
  url: string;
  input: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** A hostile value in a numeric id: it names nothing, so it must not succeed either. */
  notAnId?: boolean;
}

// ── Hostile values ────────────────────────────────────────────────────────────

/** Raw (already URL-encoded where they must be) path and query values. */
const HOSTILE_SEGMENTS: [string, string][] = [
  ['0', '0'],
  ['-1', '-1'],
  ['01', '01'],
  ['0x1', '0x1'],
  ['1e0', '1e0'],
  ['99999999999', '99999999999'],
  ['%00', '%00'],
  ['abc', 'abc'],
  ['5000 chars', 'a'.repeat(5000)],
  ['bad UTF-8', '%F0%28%8C%28'],
  ['..%2F..', '..%2F..'],
];

/** Stands for `1e400` in a body (JSON.parse reads it as Infinity; JSON.stringify cannot write it). */
const INFINITY = '\u0001fuzz-1e400\u0001';

/** What each body field is replaced with in turn: the same list for all, plus what fits its valid value. */
function hostileFields(valid: unknown): [string, unknown][] {
  const values: [string, unknown][] = [
    ['NUL string', 'a\u0000b'],
    ['100,000 chars', 'x'.repeat(100_000)],
    // Under the body limit, so it reaches the validators and the database's column widths.
    ['10,000 chars', 'x'.repeat(10_000)],
    ['number 99999999999', 99_999_999_999],
    ['number -1.5', -1.5],
    ['array', [valid]],
    ['object', { a: 'b' }],
    ['null', null],
    ['true', true],
  ];
  if (typeof valid === 'number')
    values.push(
      ['number 2147483648', 2_147_483_648],
      ['number 0', 0],
      ['number 1e400', INFINITY],
      ['numeric string', String(valid)],
    );
  if (typeof valid === 'string') {
    values.push(['lone surrogate', 'a\ud800b'], ['blank', '   '], ['empty string', ''], ['number string', '1e400']);
    if (/^\d{4}-\d{2}-\d{2}/.test(valid))
      for (const date of [
        '2023-02-30',
        '0000-01-01',
        '99999-01-01',
        '1990-13-45',
        '1990-05-17T25:61:00Z',
        '-001990-05-17',
      ])
        values.push([`date ${date}`, date]);
  }
  if (Array.isArray(valid))
    values.push(
      ['duplicated items', [...valid, ...valid]],
      ['2,000 items', Array(2000).fill(valid[0] ?? 1)],
      ['empty array', []],
    );
  return values;
}

const DEPTH = 5000;

/** Whole-body attacks, for every operation that takes a body. */
const HOSTILE_BODIES: [string, Record<string, string>, string | Buffer | undefined][] = [
  [`[[[…]]] ${DEPTH} deep`, json(), '['.repeat(DEPTH) + ']'.repeat(DEPTH)],
  [`{"a":{"a":…}} ${DEPTH} deep`, json(), '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)],
  ['top-level array', json(), '[1,"a",null]'],
  ['top-level string', json(), '"a"'],
  ['top-level number', json(), '99999999999'],
  ['top-level null', json(), 'null'],
  ['empty JSON body', json(), ''],
  ['no body, no content type', {}, undefined],
  ['invalid JSON', json(), '{"a":'],
  ['NUL in raw JSON', json(), '{"a":"\\u0000"}'],
  ['text/plain', { 'content-type': 'text/plain' }, 'hola\u0000'],
  ['application/xml', { 'content-type': 'application/xml' }, '<a><b>1</b></a>'],
  [
    'multipart garbage',
    { 'content-type': 'multipart/form-data; boundary=xyz' },
    Buffer.from('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\xff\xfe\r\n--x'),
  ],
  ['multipart without boundary', { 'content-type': 'multipart/form-data' }, 'garbage'],
  ['form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&a=2&b=%00'],
  ['unknown content type', { 'content-type': 'application/x-fuzz' }, '\u0000\u0001'],
  ['bad charset', { 'content-type': 'application/json; charset=utf-7' }, '{}'],
  ['__proto__ key', json(), '{"__proto__":{"isAdmin":true}}'],
  ['constructor.prototype key', json(), '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['BOM before JSON', json(), '\ufeff{}'],
  [
    'invalid UTF-8 bytes',
    json(),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xf0, 0x28, 0x8c, 0x28, 0x22, 0x7d]),
  ],
];

function json(): Record<string, string> {
  return { 'content-type': 'application/json' };
}

// ── Reading the document ──────────────────────────────────────────────────────

function operations(doc: OpenApi): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      ops.push({
        method,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        numericParams: parameters
          .filter((p) => p.in === 'path' && ['integer', 'number'].includes(p.schema?.type ?? ''))
          .map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: type ? { type, schema: content[type]!.schema ?? {} } : undefined,
      });
    }
  }
  return ops;
}

function resolve(doc: OpenApi, schema: Schema): Schema {
  let current = schema;
  for (let i = 0; current.$ref && i < 10; i += 1)
    current = doc.components?.schemas?.[current.$ref.replace('#/components/schemas/', '')] ?? {};
  if (current.allOf?.length) return Object.assign({}, ...current.allOf.map((s) => resolve(doc, s))) as Schema;
  return current;
}

let unique = 0;

/**
 * A plausible valid value for a schema, so that the one hostile field of a body is the only
 * thing wrong with it (and the rest reaches the service). Catalog ids are small serials: 1 exists.
 */
function sample(doc: OpenApi, raw: Schema, known: Record<string, unknown>, name = ''): unknown {
  if (name in known) return known[name];
  const schema = resolve(doc, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return sample(doc, variant, known, name);
  switch (schema.type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        if (resolve(doc, property).format !== 'binary') body[key] = sample(doc, property, known, key);
      return body;
    }
    case 'array':
      return schema.items ? [sample(doc, schema.items, known, name)] : [];
    case 'number':
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default: {
      unique += 1;
      if (schema.format === 'email' || /e-?mail|username/i.test(name))
        return `fuzz${unique}.${process.pid}@example.com`;
      if (/password/i.test(name)) return 'clave12345';
      if (/phone/i.test(name)) return '1155550000';
      if (/date/i.test(name)) return '1990-05-17';
      if (/(_id|Id)$/.test(name)) return `fuzz-${unique}`;
      if (/digits/i.test(schema.description ?? '') || schema.pattern === '^\\d*$') return '100';
      return 'Texto de prueba'.slice(0, schema.maxLength ?? 100);
    }
  }
}

/** Every field path of a sample body: `location`, `location.province`, `services`, `services.0`. */
function fieldPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.slice(0, 1).map((item, i) => [String(i), item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...fieldPaths(child, [...prefix, key], depth + 1)]);
}

function replaced(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as Record<string, unknown>) };
  const [head, ...rest] = path;
  (copy as Record<string, unknown>)[head!] = replaced((copy as Record<string, unknown>)[head!], rest, replacement);
  return copy;
}

// ── The people and the ids they may name ─────────────────────────────────────

interface World {
  /**
   * Valid path values, looked up by parameter name (`profileId`), then by the two segments before
   * the parameter (`admin/user`), then by the one segment before it (`worker-profile`).
   */
  path: Record<string, string>;
  /** Valid body values by field name (catalog places, the caller's own profile ids). */
  fields: Record<string, unknown>;
}

interface Caller {
  name: string;
  /** Headers for the next operation: a fresh session each time, as one may log out or be refused a refresh. */
  headers(): Promise<Record<string, string>>;
  world: World;
}

/** The valid value of a path parameter for a caller, or undefined when none is known. */
function validValue(op: Op, param: string, world: World): string | undefined {
  const segments = op.path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const before = segments.slice(Math.max(0, at - 2), at);
  return world.path[param] ?? world.path[before.join('/')] ?? world.path[before[before.length - 1] ?? ''];
}

function urlFor(op: Op, world: World, override: Record<string, string> = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => override[name] ?? validValue(op, name, world) ?? '1');
}

// ── What is sent ──────────────────────────────────────────────────────────────

/** The operation's valid sample body (JSON), or nothing. */
function validBody(doc: OpenApi, op: Op, world: World): Pick<Attempt, 'headers' | 'payload'> {
  if (op.body?.type !== 'application/json') return {};
  return { headers: json(), payload: JSON.stringify(sample(doc, op.body.schema, world.fields)) };
}

/** Each path parameter in turn hostile (the others valid), with the valid body. */
function pathAttempts(doc: OpenApi, op: Op, world: World): Attempt[] {
  return op.pathParams.flatMap((param) => {
    const valid = validValue(op, param, world);
    const values: [string, string][] = valid === undefined ? HOSTILE_SEGMENTS : [...HOSTILE_SEGMENTS, ['valid', valid]];
    return values.map(([label, value]) => ({
      method: op.method,
      url: urlFor(op, world, { [param]: value }),
      input: `path ${param}=${label}`,
      notAnId: label !== 'valid' && op.numericParams.includes(param),
      ...validBody(doc, op, world),
    }));
  });
}

function queryAttempts(doc: OpenApi, op: Op, world: World): Attempt[] {
  const url = urlFor(op, world);
  const attempt = (query: string, input: string): Attempt => ({
    method: op.method,
    url: `${url}?${query}`,
    input,
    ...validBody(doc, op, world),
  });
  return op.queryParams.flatMap(({ name }) => [
    ...HOSTILE_SEGMENTS.map(([label, value]) => attempt(`${name}=${value}`, `query ${name}=${label}`)),
    attempt(`${name}=1&${name}=2`, `query ${name} twice`),
    attempt(`${name}[]=1`, `query ${name}[]`),
    attempt(`${name}[a]=1`, `query ${name}[a]`),
    attempt(name, `query ${name} without value`),
  ]);
}

/**
 * Broken bodies on the operations that declare one and on every POST, PUT and PATCH (a DELETE
 * declares none here; its ids are walked last, see the suite).
 */
function bodyAttempts(doc: OpenApi, op: Op, world: World): Attempt[] {
  if (!op.body && op.method !== 'post' && op.method !== 'put' && op.method !== 'patch') return [];
  const url = urlFor(op, world);
  const attempts: Attempt[] = HOSTILE_BODIES.map(([label, headers, payload]) => ({
    method: op.method,
    url,
    input: `body ${label}`,
    headers,
    payload,
  }));
  if (op.body?.type === 'application/json') {
    const schema = op.body.schema;
    const valid = sample(doc, schema, world.fields);
    attempts.push({
      method: op.method,
      url,
      input: 'body valid sample',
      headers: json(),
      payload: JSON.stringify(valid),
    });
    for (const path of fieldPaths(valid))
      for (const [label, value] of hostileFields(path.reduce<unknown>((v, k) => (v as never)[k], valid))) {
        // A fresh sample each time: unique e-mails keep per-address limits out of the way.
        const body = replaced(sample(doc, schema, world.fields), path, value);
        attempts.push({
          method: op.method,
          url,
          input: `body ${path.join('.')}=${label}`,
          headers: json(),
          payload: JSON.stringify(body).replaceAll(JSON.stringify(INFINITY), '1e400'),
        });
      }
  }
  if (op.body?.type === 'multipart/form-data') {
    const properties = Object.keys(resolve(doc, op.body.schema).properties ?? { file: {} });
    const files: [string, string, Buffer][] = [
      ['garbage bytes', 'a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xff, 0xfe, 0x00])],
      ['NUL file name', 'a\u0000.png', Buffer.from('GIF89a\u0000')],
      ['bad UTF-8 file name', '\xf0\x28\x8c\x28.png', Buffer.from('GIF89a')],
      ['empty file', '', Buffer.alloc(0)],
      // The right first bytes, then garbage: past the type check, into the decoder.
      ['JPEG header, then garbage', 'a.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0xff, 0xff, 0, 1])],
      ['PNG signature, then garbage', 'a.png', Buffer.from('89504e470d0a1a0a0000000d49484452ffffffff', 'hex')],
      ['WebP header, then garbage', 'a.webp', Buffer.from('RIFF\xff\xff\xff\xffWEBPVP8 \u0000', 'latin1')],
      ['HEIC header, then garbage', 'a.heic', Buffer.from('\u0000\u0000\u0000\u0018ftypheic\u0000\u0000', 'latin1')],
    ];
    for (const field of properties)
      for (const [label, filename, bytes] of files)
        attempts.push({
          method: op.method,
          url,
          input: `multipart ${field} ${label}`,
          headers: { 'content-type': 'multipart/form-data; boundary=fuzzfuzz' },
          payload: Buffer.concat([
            Buffer.from(
              `--fuzzfuzz\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
                'Content-Type: image/png\r\n\r\n',
              'latin1',
            ),
            bytes,
            Buffer.from('\r\n--fuzzfuzz--\r\n'),
          ]),
        });
  }
  return attempts;
}

// ── Running and judging ───────────────────────────────────────────────────────

const ENGLISH =
  /Validation failed|Bad Request|Unexpected token|object is expected|must be|should not|Internal server error|Not Found|Unsupported Media Type|Unexpected end|is not valid JSON|cannot be empty|Unauthorized|Forbidden|Payload Too Large|Method Not Allowed|Body cannot|Invalid|an unknown value/i;

let clientCounter = 0;

/** FUZZ_LOG=file: every request and its answer, one line each (to see what the walk reaches). */
const log: string[] | undefined = process.env.FUZZ_LOG ? [] : undefined;

/**
 * The access guards' refusals: decided by who calls (their token, type, membership), never by the
 * path, query or body, since Nest runs guards before any pipe or validation.
 */
const GUARD_CODES = new Set([
  'AUTH_REQUIRED',
  'ADMIN_ONLY',
  'WRONG_PROFILE_TYPE',
  'MEMBERSHIP_REQUIRED',
  'SECOND_FACTOR_REQUIRED',
]);

/**
 * Runs each operation's attempts with a few in flight, one operation after the other (each in
 * its own session); answers the offenders, one line each, and the indexes of the operations it
 * walked in full (see walkOne).
 */
async function walk(
  t: TestApp,
  caller: Caller,
  operations: Attempt[][],
  concurrency = 6,
): Promise<{ offenders: string[]; full: number[] }> {
  const offenders: string[] = [];
  const full: number[] = [];
  for (const [index, attempts] of operations.entries()) {
    if (attempts.length === 0) continue;
    const walked = await walkOne(t, caller, await caller.headers(), attempts, concurrency);
    offenders.push(...walked.offenders);
    if (walked.full) full.push(index);
  }
  return { offenders: offenders.sort(), full };
}

/**
 * The attempts of one operation. A plain request to its address goes first: when an access
 * guard refuses it, the guard refuses this caller whatever the input, and the attempts would only
 * meet the same refusal
 * (what comes before the guard, Fastify's parser and router, answers alike for every caller and
 * is walked with the callers the guard lets through). `full` says whether all were sent.
 */
async function walkOne(
  t: TestApp,
  caller: Caller,
  headers: Record<string, string>,
  attempts: Attempt[],
  concurrency: number,
): Promise<{ offenders: string[]; full: boolean }> {
  const offenders: string[] = [];
  // The probe: the first attempt's address with a plain body, which Fastify's parser passes on.
  const first = attempts[0]!;
  const plain = first.method === 'get' || first.method === 'delete' ? undefined : '{}';
  const probe: Attempt = { method: first.method, url: first.url, input: 'probe', headers: json(), payload: plain };
  if ((await send(t, caller, headers, probe, offenders)).guarded && offenders.length === 0)
    return { offenders, full: false };
  let next = 0;
  const worker = async () => {
    while (next < attempts.length) await send(t, caller, headers, attempts[next++]!, offenders);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { offenders, full: true };
}

/** Sends one attempt and judges its answer; `guarded` when an access guard refused it. */
async function send(
  t: TestApp,
  caller: Caller,
  headers: Record<string, string>,
  attempt: Attempt,
  offenders: string[],
): Promise<{ guarded: boolean }> {
  clientCounter += 1;
  const res = await t.app.inject({
    method: attempt.method.toUpperCase() as 'GET',
    url: attempt.url,
    headers: { ...headers, ...attempt.headers },
    payload: attempt.payload,
    // A fresh client address per request: per-address limits must not hide what comes after them.
    remoteAddress: `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`,
  });
  log?.push(
    `${res.statusCode}\t${caller.name}\t${attempt.method.toUpperCase()} ${short(attempt.url, 120)}\t${attempt.input}\t${short(res.body, 200)}`,
  );
  const problem =
    attempt.notAnId && res.statusCode < 300
      ? 'not an id, yet a success'
      : judge(res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
  if (problem)
    offenders.push(
      `${caller.name} ${attempt.method.toUpperCase()} ${short(attempt.url)} [${attempt.input}] → ${res.statusCode} ${short(res.body, 300)}${problem === true ? '' : ` (${problem})`}`,
    );

  let code: unknown;
  try {
    code = (JSON.parse(res.body) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  return { guarded: (res.statusCode === 401 || res.statusCode === 403) && GUARD_CODES.has(String(code)) };
}

/** True for a 5xx, a reason for a malformed 4xx, null when the answer is acceptable. */
function judge(status: number, contentType: string, body: string): true | string | null {
  if (status >= 500) return true;
  if (status < 400 || !contentType.includes('json')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'not JSON';
  }
  const error = (parsed as { error?: unknown })?.error;
  const code = (parsed as { code?: unknown })?.code;
  if (typeof error !== 'string' || typeof code !== 'string') return 'not the { error, code } shape';
  // Clients match on the code: one missing from common's ERROR_CODES would never match.
  if (!isErrorCode(code)) return `code ${code} is not in ERROR_CODES`;
  if (ENGLISH.test(error)) return 'English error';
  const fields = (parsed as { errors?: Record<string, unknown> }).errors;
  if (
    fields &&
    Object.values(fields)
      .flat()
      .some((m) => typeof m !== 'string' || ENGLISH.test(m))
  )
    return 'English field error';
  return null;
}

function short(text: string, max = 160): string {
  const squeezed = text.replace(/(.)\1{49,}/g, (run, c: string) => `${c}×${run.length}`);
  return squeezed.length > max ? `${squeezed.slice(0, max)}…` : squeezed;
}

// ── The suite ─────────────────────────────────────────────────────────────────

describe('fuzz: no 5xx and no English from bad bytes, on every documented operation', () => {
  let t: TestApp;
  let doc: OpenApi;
  let ops: Op[];
  const callers: Caller[] = [];
  const started = Date.now();
  let sent = 0;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenApi;
    ops = operations(doc);

    const ids = await catalogIds(t);
    const price: number = (await http(t).get('/api/membership-type/get/').expect(200)).body.price;
    const admin = await createAccount(t, 'admin');
    const teamOffer = await http(t)
      .post('/api/admin/job-offers/add/')
      .set(admin.auth)
      .send(offerBody(ids, { title: 'Oferta del equipo' }))
      .expect(201);

    /** A worker and an employer with a membership, and one of each of the things they own. */
    const pair = async () => {
      const worker = await createAccount(t, 'Worker');
      const employer = await createAccount(t, 'Parent');
      await insertMembership(t, employer.profileId!);
      const post = async (account: TestAccount, url: string, body: object): Promise<{ id: number }> => {
        const created = await http(t).post(url).set(account.auth).send(body);
        if (created.status >= 300) throw new Error(`set-up ${url}: ${created.status} ${JSON.stringify(created.body)}`);
        return created.body;
      };
      const base = `/api/worker-profile/${worker.profileId}`;
      const experience = await post(worker, `${base}/experience/add/`, {
        title: 'Niñera',
        description: 'Cuidé a dos chicos durante tres años.',
      });
      const education = await post(worker, `${base}/education/add/`, {
        title: 'Primeros auxilios',
        place: 'Cruz Roja',
        status: 'completo',
      });
      const offer = await addOffer(t, employer, ids);
      // The worker writes (a new profile is hidden until complete; the employer publishes an offer).
      const chat = await post(worker, '/api/chat/conversation/start-chat/', {
        workerId: worker.profileId,
        parentId: employer.profileId,
      });
      const payment = await payInSandbox(t, employer);
      const [membership] = await t.dataSource.query(
        `SELECT id FROM memberships WHERE parent_profile_id = $1 ORDER BY id LIMIT 1`,
        [employer.profileId],
      );
      const [type] = await t.dataSource.query(`SELECT id FROM membership_types ORDER BY id LIMIT 1`);
      return {
        worker,
        employer,
        path: {
          profileId: String(employer.profileId),
          membershipTypeId: String(type.id),
          paymentId: payment.providerPaymentId,
          'worker-profile': String(worker.profileId),
          'parent-profile': String(employer.profileId),
          experience: String(experience.id),
          education: String(education.id),
          'job-offer': String(offer.id),
          'admin/job-offer': String(teamOffer.body.id),
          'admin/user': String(worker.userId),
          membership: String(membership.id),
          conversations: String(chat.id),
        },
        fields: {
          province: ids.province,
          municipality: ids.municipalities[0],
          workerId: worker.profileId,
          parentId: employer.profileId,
          profile_id: employer.profileId,
          adminId: null,
          amount: price,
        },
      };
    };
    const mine = await pair();
    const theirs = await pair();
    /** The caller's own user for the `user/{id}` routes, and the things of `pair` for the rest. */
    const world = (things: typeof mine, user: TestAccount): World => ({
      path: { ...things.path, user: String(user.userId), user_id: String(user.userId), userId: String(user.userId) },
      fields: things.fields,
    });
    // Any client may send the double-submit CSRF pair (cookie and header); it proves nothing else.
    const csrf = { cookie: 'csrftoken=fuzz-csrf-token', 'x-csrftoken': 'fuzz-csrf-token' };
    const tokens = t.app.get(SessionTokensService);
    // A login of its own per operation (as the token endpoint would issue it, without bcrypt).
    const session =
      (account: TestAccount, profileType: AccessClaims['profile_type'], isAdmin = false) =>
      async () => {
        const claims: AccessClaims = {
          id: account.userId,
          email: account.email,
          profile_type: profileType,
          is_admin: isAdmin,
        };
        // An admin's session is one opened with the second factor (SecondFactorService).
        if (isAdmin) Object.assign(claims, { mfa: true, session_end: Math.floor(Date.now() / 1000) + 3600 });
        const pair = await tokens.issue(claims, t.dataSource.manager);
        return { ...csrf, Authorization: `Bearer ${pair.access}` };
      };
    callers.push(
      { name: 'visitor', headers: async () => csrf, world: world(theirs, theirs.worker) },
      { name: 'worker', headers: session(mine.worker, 'Worker'), world: world(mine, mine.worker) },
      { name: 'employer', headers: session(mine.employer, 'Parent'), world: world(mine, mine.employer) },
      { name: 'admin', headers: session(admin, null, true), world: world(theirs, admin) },
    );
  });

  afterAll(async () => {
    if (log) writeFileSync(process.env.FUZZ_LOG!, log.join('\n') + '\n');
    console.log(
      `fuzz: ${ops?.length ?? 0} operations, ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    await t?.close();
  });

  /** Per kind of attempt, the operations (by index) that had attempts, and those some caller walked in full. */
  const reach = new Map<string, { tried: Set<number>; full: Set<number> }>();
  const check = async (kind: string, batches: [Caller, Attempt[][]][], concurrency?: number) => {
    const offenders: string[] = [];
    const seen = reach.get(kind) ?? { tried: new Set<number>(), full: new Set<number>() };
    reach.set(kind, seen);
    for (const [caller, attempts] of batches) {
      attempts.forEach((list, index) => list.length > 0 && seen.tried.add(index));
      const walked = await walk(t, caller, attempts, concurrency);
      // Each operation's probe, and the attempts of those walked in full.
      sent += attempts.filter((list) => list.length > 0).length;
      sent += walked.full.reduce((n, index) => n + attempts[index]!.length, 0);
      walked.full.forEach((index) => seen.full.add(index));
      offenders.push(...walked.offenders);
    }
    expect(offenders).toEqual([]);
  };
  const caller = (name: string) => callers.find((c) => c.name === name)!;
  /** Deletes are walked last, in their own test: with valid ids (or `01` read as 1) they delete. */
  const kept = () => ops.filter((op) => op.method !== 'delete');

  it('reads a document with operations of every kind', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.some((op) => op.pathParams.length > 0)).toBe(true);
    expect(ops.some((op) => op.queryParams.length > 0)).toBe(true);
    expect(ops.some((op) => op.body?.type === 'application/json')).toBe(true);
    expect(ops.some((op) => op.method === 'delete')).toBe(true);
  });

  describe.each(['visitor', 'worker', 'employer', 'admin'])('as %s', (name) => {
    it('hostile path parameters', () =>
      check('path', [[caller(name), kept().map((op) => pathAttempts(doc, op, caller(name).world))]]));
    it('hostile query parameters', () =>
      check('query', [[caller(name), kept().map((op) => queryAttempts(doc, op, caller(name).world))]]));
    it('hostile bodies', () =>
      check('body', [[caller(name), kept().map((op) => bodyAttempts(doc, op, caller(name).world))]]));
  });

  it('deletes: hostile path parameters, then valid ids (the admin last: it deletes whole accounts)', async () => {
    const deletes = ops.filter((op) => op.method === 'delete');
    const order = ['visitor', 'worker', 'employer', 'admin'].map(caller);
    await check(
      'delete',
      order.map((c) => [c, deletes.map((op) => pathAttempts(doc, op, c.world))]),
      1,
    );
  });

  it('walked every operation in full as some caller its guards let through', () => {
    // A caller refused by a guard sends one attempt; the others must have met the rest.
    for (const [kind, { tried, full }] of reach)
      expect({ kind, notWalked: [...tried].filter((index) => !full.has(index)) }).toEqual({ kind, notWalked: [] });
    expect([...reach.keys()].sort()).toEqual(['body', 'delete', 'path', 'query']);
  });
});
