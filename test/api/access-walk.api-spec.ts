import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { Response } from 'supertest';
import { AUTH_MESSAGES } from '@cym/common';
import { ACCESS_EXTENSION } from '../../server/src/modules/auth/access/auth.decorators';
import { encodeUid } from '../../server/src/modules/auth/link-tokens';
import { createAccount, TestAccount } from '../support/accounts';
import {
  addOffer,
  catalogIds,
  CatalogIds,
  createPreference,
  insertMembership,
  membershipTypeId,
  payInSandbox,
} from '../support/employer';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

/** Forges tokens as an outsider would: no defaults, the secret and every option given at each call. */
const jwt = new JwtService();

jest.setTimeout(300_000);

/**
 * Every route, as every role, against the access it declares. The routes come from the OpenAPI
 * document, where each access decorator of server/src/modules/auth/access/auth.decorators.ts
 * publishes `x-access`, plus the routes Nest serves but the document leaves out (the sandbox
 * checkout): a new route is walked without anyone adding it here, and one without a declaration
 * fails the suite.
 *
 * The check is about the door, not the room: a role the declaration lets in must not meet a guard
 * (a 401, or a guard's 403 told by its code and message), whatever the route answers next (400 for
 * the empty body, 404, a 403 of its own such as NOT_YOUR_PROFILE); a role it keeps out must meet
 * exactly the guard's refusal. The roles: a visitor, a caller with a forged token, a worker, an
 * employer without and one with an active membership, an admin. Ids in paths name things none of
 * the callers owns. Every answer is below 500, every error has the one `{ error, code }` shape, and
 * its status and code are among the operation's documented responses (the declared errors).
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  method: Method;
  /** As the OpenAPI document writes it: `/api/worker-profile/{id}/get-info`. */
  path: string;
  access: string | undefined;
  /** A page for people (its responses declare text/html): its errors are pages, not the JSON shape. */
  page?: boolean;
  /** The document's responses, by status (routes the document leaves out have none). */
  responses?: Record<string, { description?: string }>;
}

type Role = 'visitor' | 'forged' | 'worker' | 'employer' | 'member' | 'admin';
const ROLES: [string, Role][] = [
  ['a visitor', 'visitor'],
  ['a caller with a forged token', 'forged'],
  ['a worker', 'worker'],
  ['an employer without membership', 'employer'],
  ['an employer with an active membership', 'member'],
  ['an admin', 'admin'],
];
const PROFILE_TYPE: Record<Role, 'Worker' | 'Parent' | null> = {
  visitor: null,
  forged: null,
  worker: 'Worker',
  employer: 'Parent',
  member: 'Parent',
  admin: null,
};

/** The values `x-access` may take (auth.decorators.ts). */
const ACCESS = /^(public|optional|auth|admin|membership|profile:(Worker|Parent)(,(Worker|Parent))*)$/;

/**
 * The guards' refusals (auth.guards.ts), told apart from a route's own 401/403 (NOT_YOUR_PROFILE,
 * the chat's MEMBERSHIP_REQUIRED, a webhook's INVALID_SIGNATURE) by their code and message.
 */
const GUARD = {
  AUTH_REQUIRED: { status: 401, error: AUTH_MESSAGES.loginRequired },
  INVALID_TOKEN: { status: 401, error: AUTH_MESSAGES.sessionExpired },
  ADMIN_ONLY: { status: 403, error: AUTH_MESSAGES.adminOnly },
  WRONG_PROFILE_TYPE: { status: 403, error: AUTH_MESSAGES.wrongProfileType },
  MEMBERSHIP_REQUIRED: { status: 403, error: AUTH_MESSAGES.membershipRequired },
} as const;
type GuardCode = keyof typeof GUARD;

const byGuard = (res: Response, code: GuardCode) =>
  res.status === GUARD[code].status && res.body?.code === code && res.body?.error === GUARD[code].error;

/**
 * Refusals a caller the declaration lets in must never meet. Not INVALID_TOKEN: the walk's tokens
 * are valid (the guard never answers it to them), and POST /api/token/refresh answers the very
 * same about the refresh token in its body; the forged caller checks the guard's INVALID_TOKEN.
 */
const DOOR_SHUT: GuardCode[] = ['AUTH_REQUIRED', 'ADMIN_ONLY', 'WRONG_PROFILE_TYPE', 'MEMBERSHIP_REQUIRED'];

/** What a role meets at the door of a route with this declared access: through it, or a guard's refusal. */
function door(access: string, role: Role): 'pass' | GuardCode {
  if (access === 'public' || access === 'optional') return 'pass';
  if (role === 'visitor') return 'AUTH_REQUIRED';
  if (role === 'forged') return 'INVALID_TOKEN';
  if (role === 'admin' || access === 'auth') return 'pass';
  if (access === 'admin') return 'ADMIN_ONLY';
  if (access.startsWith('profile:'))
    return access.slice('profile:'.length).split(',').includes(PROFILE_TYPE[role]!) ? 'pass' : 'WRONG_PROFILE_TYPE';
  if (access === 'membership')
    return role === 'member' ? 'pass' : role === 'worker' ? 'WRONG_PROFILE_TYPE' : 'MEMBERSHIP_REQUIRED';
  throw new Error(`unknown x-access ${access}`);
}

/** `{ error, code }`, with `errors` only for fields (the one error shape). */
function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { error, code } = body as Record<string, unknown>;
  return (
    typeof error === 'string' &&
    typeof code === 'string' &&
    /^[A-Z_]+$/.test(code) &&
    Object.keys(body).every((key) => ['error', 'code', 'errors'].includes(key))
  );
}

/** Whatever is wrong with one answer, as readable lines (none when the answer is right). */
function problemsOf(op: Operation, role: Role, res: Response): string[] {
  const where = `${op.method.toUpperCase()} ${op.path} [${op.access}] as ${role}`;
  const code = (res.body as { code?: unknown } | undefined)?.code;
  const got = `${res.status}${typeof code === 'string' ? ` ${code}` : ''}`;
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`${where}: ${res.status} ${JSON.stringify(res.body)}`);
  const page = op.page === true && /^text\/html/.test(String(res.headers['content-type']));
  if (res.status >= 400 && !page && !isErrorShape(res.body))
    problems.push(`${where}: error body ${JSON.stringify(res.body) ?? res.text} is not { error, code }`);
  // What a route answers, its document says: the status, and the code among the declared errors
  // that @ApiErrors wrote into that status's description (server/src/common/errors/).
  if (res.status >= 400 && !page && op.responses && typeof code === 'string') {
    const documented = op.responses[String(res.status)];
    if (!documented?.description?.includes(`\`${code}\``))
      problems.push(`${where}: answered ${got}, which its OpenAPI responses do not declare`);
  }
  const expected = door(op.access!, role);
  if (expected !== 'pass') {
    if (!byGuard(res, expected))
      problems.push(`${where}: expected the guard's ${GUARD[expected].status} ${expected}, got ${got}`);
  } else {
    // On a public route a 401 is the route's own business (a wrong password, a webhook's
    // signature); on any other, a caller the declaration lets in is never 401.
    const open = op.access === 'public' || op.access === 'optional';
    if ((!open && res.status === 401) || DOOR_SHUT.some((guard) => byGuard(res, guard)))
      problems.push(`${where}: expected to pass the guard, got ${got}`);
  }
  return problems;
}

/** `/api/{prefix}/{path}` with Nest's `:name` as OpenAPI's `{name}`, without a trailing slash. */
const routePath = (...parts: string[]) =>
  `/${['api', ...parts].join('/')}`
    .replace(/\/+/g, '/')
    .replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    .replace(/\/$/, '');

/** @nestjs/swagger's metadata key for ApiExtension (not exported by the package). */
const API_EXTENSION_METADATA = 'swagger/apiExtension';

/** Every route Nest serves, with the access its handler declares, read from the controllers' metadata. */
function nestRoutes(t: TestApp): Operation[] {
  const routes: Operation[] = [];
  for (const module of t.app.get(ModulesContainer).values())
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat();
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = name === 'constructor' ? undefined : prototype[name];
        if (typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase();
        const extensions = Reflect.getMetadata(API_EXTENSION_METADATA, handler) as Record<string, string> | undefined;
        for (const prefix of prefixes)
          for (const path of [paths].flat())
            routes.push({
              method: method as Method,
              path: routePath(prefix, path),
              access: extensions?.[ACCESS_EXTENSION],
            });
      }
    }
  return routes;
}

const key = (op: { method: string; path: string }) => `${op.method.toUpperCase()} ${op.path}`;

/** Reads first, then deletes (on throwaway targets), then whatever ends the caller's session. */
const rank = (op: Operation) => (/\/logout$/.test(op.path) ? 2 : op.method === 'delete' ? 1 : 0);

describe('access walk: every route, as every role, answers as its declared x-access says', () => {
  let t: TestApp;
  let ids: CatalogIds;
  let operations: Operation[];
  let documented: Operation[];
  let routes: Operation[];
  /** Owned by none of the callers: the targets of the walk. */
  let worker: TestAccount;
  let employer: TestAccount;
  let experienceId: number;
  let educationId: number;
  let offerId: number;
  let membershipId: number;
  let conversationId: number;
  let typeId: number;
  let providerPaymentId: string;
  let preferenceId: string;
  let ip = 0;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    ids = await catalogIds(t);
    typeId = await membershipTypeId(t);

    worker = await createAccount(t, 'Worker');
    // Visible, so that the public reads and the chat find it.
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    [{ id: experienceId }] = await t.dataSource.query(
      `INSERT INTO experiences (worker_profile_id, title, description, currently_working)
       VALUES ($1, 'Niñera', 'Cuidé a dos chicos durante tres años.', false) RETURNING id`,
      [worker.profileId],
    );
    [{ id: educationId }] = await t.dataSource.query(
      `INSERT INTO educations (worker_profile_id, title, place, status)
       VALUES ($1, 'Primeros auxilios', 'Cruz Roja', 'completo') RETURNING id`,
      [worker.profileId],
    );

    employer = await createAccount(t, 'Parent');
    providerPaymentId = (await payInSandbox(t, employer)).providerPaymentId;
    preferenceId = (await createPreference(t, employer)).preference_id;
    membershipId = await insertMembership(t, employer.profileId!);
    offerId = (await addOffer(t, employer, ids)).id;
    const chat = await http(t)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId });
    if (chat.status !== 201) throw new Error(`start-chat: ${chat.status} ${JSON.stringify(chat.body)}`);
    conversationId = chat.body.id;

    const doc = await http(t).get('/api/openapi.json').expect(200);
    documented = [];
    for (const [path, item] of Object.entries(doc.body.paths as Record<string, Record<string, unknown>>))
      for (const method of METHODS) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (operation)
          documented.push({
            method,
            path,
            access: operation[ACCESS_EXTENSION] as string | undefined,
            page: JSON.stringify(operation.responses ?? {}).includes('"text/html"'),
            responses: operation.responses as Operation['responses'],
          });
      }
    routes = nestRoutes(t);
    const inDocument = new Set(documented.map(key));
    operations = [...documented, ...routes.filter((route) => !inDocument.has(key(route)))].sort(
      (a, b) => rank(a) - rank(b),
    );
  });
  afterAll(() => t?.close());

  /** A valid address of its own for each request, so the per-IP limits never answer for the guard. */
  const nextIp = () => {
    ip += 1;
    return `198.18.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
  };

  /** An employer of its own with an active membership and an offer, for a delete to take away. */
  const throwawayOffer = async () => {
    const owner = await createAccount(t, 'Parent');
    await insertMembership(t, owner.profileId!);
    return { profileId: owner.profileId!, id: (await addOffer(t, owner, ids)).id };
  };

  /** Deletes hit targets made for the one request, so the walk never removes what it walks on. */
  const throwaways: Record<string, () => Promise<Record<string, number>>> = {
    'DELETE /api/admin/user/{id}/delete': async () => ({ id: (await createAccount(t, 'Worker')).userId }),
    'DELETE /api/admin/job-offer/{id}/delete': async () => ({ id: (await throwawayOffer()).id }),
    'DELETE /api/parent-profile/{profileId}/job-offer/{id}/delete': () => throwawayOffer(),
    'DELETE /api/user/{user_id}/profile-image/delete': async () => ({
      user_id: (await createAccount(t, 'Worker')).userId,
    }),
    'DELETE /api/worker-profile/experience/{id}/delete': async () => {
      const [row] = await t.dataSource.query(
        `INSERT INTO experiences (worker_profile_id, title, description, currently_working)
         VALUES ($1, 'Descartable', 'Una experiencia para borrar.', false) RETURNING id`,
        [worker.profileId],
      );
      return { id: row.id };
    },
    'DELETE /api/worker-profile/education/{id}/delete': async () => {
      const [row] = await t.dataSource.query(
        `INSERT INTO educations (worker_profile_id, title, place, status)
         VALUES ($1, 'Descartable', 'Instituto', 'completo') RETURNING id`,
        [worker.profileId],
      );
      return { id: row.id };
    },
  };

  /** The `{id}` of a path, by what the path is about; a route not listed here gets 1. */
  const idFor = (path: string): number => {
    const rules: [RegExp, number][] = [
      [/^\/api\/worker-profile\/experience\/\{id\}/, experienceId],
      [/^\/api\/worker-profile\/education\/\{id\}/, educationId],
      [/^\/api\/worker-profile\/\{id\}/, worker.profileId!],
      [/^\/api\/(admin\/)?user\/\{id\}/, worker.userId],
      [/^\/api\/parent-profile\/\{id\}/, employer.profileId!],
      [/\/job-offer\/\{id\}/, offerId],
      [/^\/api\/chat\/conversations\/\{id\}/, conversationId],
      [/^\/api\/admin\/membership\/\{id\}/, membershipId],
    ];
    return rules.find(([pattern]) => pattern.test(path))?.[1] ?? 1;
  };

  /** The path with real values: someone else's profile, offer, conversation, payment. */
  const urlFor = async (op: Operation): Promise<string> => {
    const own = throwaways[key(op)] ? await throwaways[key(op)]!() : {};
    const byName: Record<string, string | number> = {
      id: idFor(op.path),
      user_id: worker.userId,
      userId: worker.userId,
      profileId: employer.profileId!,
      membershipTypeId: typeId,
      paymentId: providerPaymentId,
      preferenceId,
      uidb64: encodeUid(worker.userId),
      token: 'not-a-valid-link-token',
      name: `${'0'.repeat(32)}.jpg`,
      ...own,
    };
    return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(byName[name] ?? 1)));
  };

  /** The headers a role calls with: a fresh account's token (tokens last 5 minutes), or a forged admin token. */
  const headersOf = async (role: Role): Promise<Record<string, string>> => {
    if (role === 'visitor') return {};
    if (role === 'forged') {
      const claims = { id: worker.userId, email: worker.email, profile_type: null, is_admin: true, typ: 'access' };
      const token = jwt.sign(claims, {
        secret: 'not-the-server-secret-but-just-as-long-0123456789',
        algorithm: 'HS256',
        expiresIn: 300,
        issuer: 'casa-y-manos',
        audience: 'casa-y-manos-web',
      });
      return { Authorization: `Bearer ${token}` };
    }
    const account = await createAccount(t, role === 'worker' ? 'Worker' : role === 'admin' ? 'admin' : 'Parent');
    if (role === 'member') await insertMembership(t, account.profileId!);
    return account.auth;
  };

  it('declares x-access on every operation of the OpenAPI document and on every route Nest serves', () => {
    expect(documented.length).toBeGreaterThanOrEqual(90);
    expect(routes.filter((route) => !METHODS.includes(route.method)).map(key)).toEqual([]);
    expect(documented.filter((op) => !ACCESS.test(op.access ?? '')).map(key)).toEqual([]);
    expect(routes.filter((route) => !ACCESS.test(route.access ?? '')).map(key)).toEqual([]);
    // The document and the handlers agree (the document is built from the same metadata).
    const declared = new Map(routes.map((route) => [key(route), route.access]));
    expect(documented.filter((op) => declared.get(key(op)) !== op.access).map(key)).toEqual([]);
    // Left out of the document on purpose and walked all the same; a new one belongs in this list.
    expect(operations.filter((op) => !documented.includes(op)).map(key)).toEqual([
      'GET /api/payments/sandbox/checkout/{preferenceId}',
      'POST /api/payments/sandbox/checkout/{preferenceId}',
    ]);
    // Every throwaway names a route that exists (a stale row would quietly stop protecting a fixture).
    expect(Object.keys(throwaways).filter((name) => !operations.some((op) => key(op) === name))).toEqual([]);
  });

  it.each(ROLES)('walks every route as %s and meets the declared door', async (_who, role) => {
    const headers = await headersOf(role);
    const problems: string[] = [];
    for (const op of operations) {
      if (!ACCESS.test(op.access ?? '') || !METHODS.includes(op.method)) continue; // reported by the test above
      const url = await urlFor(op);
      const req = http(t)[op.method](url).set(headers).set('X-Forwarded-For', nextIp());
      const res = op.method === 'get' || op.method === 'delete' ? await req : await req.send({});
      problems.push(...problemsOf(op, role, res));
    }
    expect(problems).toEqual([]);
  });
});
