import { hash } from 'bcrypt';
import { http } from './http';
import type { TestApp } from './test-app';

export interface TestAccount {
  userId: number;
  profileId: number | null;
  email: string;
  auth: { Authorization: string };
}

let counter = 0;

/**
 * A verified account straight in the database (the sign-up flow has its own suite), logged in
 * through the real token endpoint.
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
  const res = await http(t)
    .post('/api/token/')
    .set('X-Forwarded-For', `203.0.113.${counter % 250}`)
    .send({ username: email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { userId: user.id, profileId, email, auth: { Authorization: `Bearer ${res.body.access}` } };
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
