import { dataSourceOptions } from '../../server/src/database/database';
import { adminAccountProblem, ensureAdmin } from '../../server/src/database/first-admin';
import { totpCode } from '../../server/src/modules/auth/second-factor';
import { createAccount } from '../support/accounts';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/** The first admin of a fresh installation, from ADMIN_EMAIL/ADMIN_PASSWORD or `npm run create-admin`. */
describe('first admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());
  const options = () => dataSourceOptions(t.databaseUrl, 1);

  it('creates a verified admin who can log in and open the back office, once', async () => {
    const account = { email: 'Equipo@Ejemplo.com ', password: 'segura123' };
    expect(await ensureAdmin(options(), account, 4)).toBe('created');
    expect(await ensureAdmin(options(), account, 4)).toBe('exists');
    const rows = await t.dataSource.query(
      `SELECT is_admin, profile_type FROM users WHERE email = 'equipo@ejemplo.com'`,
    );
    expect(rows).toEqual([{ is_admin: true, profile_type: null }]);
    // The first login enrols an authenticator app (second factor), then the back office opens.
    const login = await http(t).post('/api/token/').send({ username: 'equipo@ejemplo.com', password: 'segura123' });
    expect(login.status).toBe(200);
    expect(login.body.mfa).toBe('enroll');
    expect(login.body.access).toBeUndefined();
    const { mfa_token } = login.body;
    const { secret } = (await http(t).post('/api/token/mfa/enroll/').send({ mfa_token }).expect(200)).body;
    const session = await http(t)
      .post('/api/token/mfa/enroll/confirm/')
      .send({ mfa_token, code: totpCode(secret, new Date()) })
      .expect(200);
    const stats = await http(t)
      .get('/api/admin/stats/get-all/')
      .set({ Authorization: `Bearer ${session.body.access}` });
    expect(stats.status).toBe(200);
  });

  it('never turns a worker or employer into an admin', async () => {
    const worker = await createAccount(t, 'Worker');
    expect(await ensureAdmin(options(), { email: worker.email, password: 'segura123' }, 4)).toBe('refused');
    const [row] = await t.dataSource.query(`SELECT is_admin FROM users WHERE id = $1`, [worker.userId]);
    expect(row.is_admin).toBe(false);
  });

  it('refuses a bad e-mail or a weak password before touching the database', async () => {
    expect(adminAccountProblem({ email: 'no-es-mail', password: 'segura123' })).toMatch(/ADMIN_EMAIL/);
    expect(adminAccountProblem({ email: 'a@b.com', password: 'corta' })).toMatch(/ADMIN_PASSWORD/);
    await expect(ensureAdmin(options(), { email: 'a@b.com', password: 'sinnumeros' }, 4)).rejects.toThrow(
      /ADMIN_PASSWORD/,
    );
  });
});
