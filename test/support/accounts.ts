import { hash } from 'bcrypt';
import request from 'supertest';
import { http } from './http';
import type { TestApp } from './test-app';
import { enrolAdmin, nextTotpCode } from './totp';

export interface TestAccount {
  userId: number;
  profileId: number | null;
  email: string;
  auth: { Authorization: string };
}

let counter = 0;

/**
 * A verified account straight in the database (the sign-up flow has its own suite), logged in
 * through the real token endpoint. An admin is enrolled in the second factor with
 * TEST_TOTP_SECRET (totp.ts) and logs in through both steps, the code computed from it.
 */
export async function createAccount(
  t: TestApp,
  kind: 'Worker' | 'Parent' | 'admin',
  password = 'clave1234',
  /** Accounts have a phone unless a test needs the phone-required popup (null). */
  phone: string | null = '1155550000',
): Promise<TestAccount> {
  counter += 1;
  const email = `${kind.toLowerCase()}${counter}.${process.pid}@example.com`;
  const passwordHash = await hash(password, 4);
  const [user] = await t.dataSource.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, profile_type, is_admin, email_verified_at, phone)
     VALUES ($1, $2, 'Prueba', 'Apellido', $3, $4, now(), $5) RETURNING id`,
    [email, passwordHash, kind === 'admin' ? null : kind, kind === 'admin', phone],
  );
  let profileId: number | null = null;
  if (kind !== 'admin') {
    const table = kind === 'Worker' ? 'worker_profiles' : 'parent_profiles';
    const [profile] = await t.dataSource.query(`INSERT INTO ${table} (user_id) VALUES ($1) RETURNING id`, [user.id]);
    profileId = profile.id;
  }
  if (kind === 'admin') await enrolAdmin(t, user.id);
  const access = await logInThroughApi(t, email, password);
  return { userId: user.id, profileId, email, auth: { Authorization: `Bearer ${access}` } };
}

/** The access token of a login through the token endpoint, an admin's through both steps. */
export async function logInThroughApi(t: TestApp, email: string, password = 'clave1234'): Promise<string> {
  return (await sessionThroughApi(t, email, password)).access;
}

/** The pair of tokens a login stores (the login dialog keeps it in local storage). */
export interface Session {
  access: string;
  refresh: string;
}

/**
 * The tokens of a login through the token endpoint, an admin's through the second step with the
 * code of their authenticator app; from the app itself, or from its address when it listens.
 */
export async function sessionThroughApi(
  app: TestApp | string,
  email: string,
  password = 'clave1234',
): Promise<Session> {
  const client = typeof app === 'string' ? request(app) : http(app);
  let res = await client
    .post('/api/token/')
    .set('X-Forwarded-For', `203.0.113.${counter % 250}`)
    .send({ username: email, password });
  if (res.status === 200 && res.body.mfa === 'verify')
    res = await client
      .post('/api/token/mfa/verify/')
      .send({ mfa_token: res.body.mfa_token, code: await nextTotpCode(email) });
  if (res.status !== 200 || typeof res.body.access !== 'string' || typeof res.body.refresh !== 'string')
    throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { access: res.body.access, refresh: res.body.refresh };
}

/**
 * A worker whose profile the public sees (what a complete profile gets), for suites about what
 * happens between people rather than about completing a profile: a hidden worker cannot be
 * reached by chat.
 */
export async function visibleWorker(t: TestApp): Promise<TestAccount> {
  const worker = await createAccount(t, 'Worker');
  await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
  return worker;
}
