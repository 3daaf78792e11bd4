import { AUTH_MESSAGES } from '@cym/common';
import { createAccount, TestAccount } from '../support/accounts';
import { bothEngines } from '../support/engines';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { useTestApp } from '../support/test-app';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_LOGIN_SUBJECT = 'Nuevo inicio de sesión en Casa y Manos';

interface Login {
  access: string;
  refresh: string;
  auth: { Authorization: string };
}

interface ListedSession {
  id: string;
  browser: string;
  system: string;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

/**
 * 'Sesiones activas': a row per login with its browser and system, listed newest use first with
 * the asking login marked; ending one (or all the others) revokes its tokens at once; a login
 * from a browser the account has not used sends one e-mail, never for the first login.
 */
describe('login sessions', () => {
  // A pool of several connections on PostgreSQL, so the logins made at once race for real.
  const t = useTestApp({}, { poolSize: 6 });

  /** A fresh account whose first login came from Chrome on Android. */
  async function account(): Promise<{ account: TestAccount; first: Login }> {
    const created = await createAccount(t, 'Worker');
    // createAccount's own login (no User-Agent) is ended, so the tests start from one known login.
    await http(t).post('/api/logout/').set(created.auth).expect(200);
    await t.dataSource.query(`DELETE FROM login_sessions WHERE user_id = $1`, [created.userId]);
    return { account: created, first: await logIn(created, CHROME_ANDROID) };
  }

  async function logIn(who: TestAccount, userAgent: string): Promise<Login> {
    const res = await http(t)
      .post('/api/token/')
      .set('User-Agent', userAgent)
      .send({ username: who.email, password: 'clave1234' })
      .expect(200);
    return { access: res.body.access, refresh: res.body.refresh, auth: { Authorization: `Bearer ${res.body.access}` } };
  }

  const list = async (login: Login): Promise<ListedSession[]> =>
    (await http(t).get('/api/account/sessions/').set(login.auth).expect(200)).body;

  const newLoginMails = async (who: TestAccount): Promise<{ subject: string; text: string; html: string }[]> =>
    t.dataSource.query(
      `SELECT subject, text, html FROM email_outbox WHERE to_address = $1 AND subject = $2 ORDER BY id`,
      [who.email, NEW_LOGIN_SUBJECT],
    );

  it('lists both logins with their browser and system, the newest use first, the current one marked', async () => {
    const { account: who, first } = await account();
    const second = await logIn(who, FIREFOX_WINDOWS);
    const seenBySecond = await list(second);
    expect(seenBySecond).toEqual([
      expect.objectContaining({ browser: 'Firefox', system: 'Windows', current: true }),
      expect.objectContaining({ browser: 'Chrome', system: 'Android', current: false }),
    ]);
    for (const session of seenBySecond) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(session.created_at)).not.toBeNaN();
      expect(Date.parse(session.last_used_at)).toBeGreaterThanOrEqual(Date.parse(session.created_at));
    }
    const seenByFirst = await list(first);
    expect(seenByFirst.map((s) => [s.browser, s.current])).toEqual([
      ['Firefox', false],
      ['Chrome', true],
    ]);
    // Only the labels are stored: no header, no address.
    const [columns] = await t.dataSource.query(
      `SELECT string_agg(column_name, ',' ORDER BY column_name) AS names FROM information_schema.columns WHERE table_name = 'login_sessions'`,
    );
    expect(columns.names).toBe('browser,created_at,family_id,last_used_at,revoked_at,system,user_id');
  });

  it('a refresh moves the login to the top and keeps its id', async () => {
    const { account: who, first } = await account();
    const second = await logIn(who, FIREFOX_WINDOWS);
    const [before] = await list(second);
    expect(before.browser).toBe('Firefox');
    const refreshed = (
      await http(t)
        .post('/api/token/refresh/')
        .set('User-Agent', CHROME_ANDROID)
        .send({ refresh: first.refresh })
        .expect(200)
    ).body;
    const after = await list(second);
    expect(after[0]).toEqual(expect.objectContaining({ browser: 'Chrome', current: false }));
    expect(after.map((s) => s.id).sort()).toEqual([before.id, after[0].id].sort());
    const mine = await list({
      access: refreshed.access,
      refresh: refreshed.refresh,
      auth: { Authorization: `Bearer ${refreshed.access}` },
    });
    expect(mine[0]).toEqual(expect.objectContaining({ id: after[0].id, current: true }));
  });

  it('ending a login stops its refresh token and its access token at once', async () => {
    const { account: who, first } = await account();
    const second = await logIn(who, FIREFOX_WINDOWS);
    const other = (await list(first)).find((s) => !s.current)!;
    await http(t).delete(`/api/account/sessions/${other.id}/`).set(first.auth).expect(204);
    const refused = await http(t).get('/api/user/get-data/').set(second.auth).expect(401);
    expect(refused.body).toEqual({ error: AUTH_MESSAGES.sessionExpired, code: 'INVALID_TOKEN' });
    await http(t).post('/api/token/refresh/').send({ refresh: second.refresh }).expect(401);
    expect((await list(first)).map((s) => s.browser)).toEqual(['Chrome']);
    // Once ended it is gone: a second try is 404.
    const again = await http(t).delete(`/api/account/sessions/${other.id}/`).set(first.auth).expect(404);
    expectErrorShape(again.body);
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it('ending the current login is a logout', async () => {
    const { first } = await account();
    const [current] = await list(first);
    await http(t).delete(`/api/account/sessions/${current.id}/`).set(first.auth).expect(204);
    await http(t).get('/api/account/sessions/').set(first.auth).expect(401);
    await http(t).post('/api/token/refresh/').send({ refresh: first.refresh }).expect(401);
  });

  it('"end the others" keeps only the current login', async () => {
    const { account: who, first } = await account();
    const second = await logIn(who, FIREFOX_WINDOWS);
    const third = await logIn(who, SAFARI_IPHONE);
    await http(t).post('/api/account/sessions/end-others/').set(second.auth).expect(204);
    expect(await list(second)).toEqual([expect.objectContaining({ browser: 'Firefox', current: true })]);
    for (const ended of [first, third]) {
      await http(t).get('/api/user/get-data/').set(ended.auth).expect(401);
      await http(t).post('/api/token/refresh/').send({ refresh: ended.refresh }).expect(401);
    }
    await http(t).get('/api/user/get-data/').set(second.auth).expect(200);
  });

  it("someone else's login, an unknown id or a malformed one is 404, and nothing ends", async () => {
    const { first: mine } = await account();
    const { first: theirs } = await account();
    const [theirLogin] = await list(theirs);
    for (const id of [theirLogin.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const res = await http(t).delete(`/api/account/sessions/${id}/`).set(mine.auth).expect(404);
      expect(res.body).toEqual({ error: 'No encontramos esa sesión. Puede que ya esté cerrada.', code: 'NOT_FOUND' });
    }
    expect(await list(theirs)).toEqual([expect.objectContaining({ id: theirLogin.id, current: true })]);
    await http(t).get('/api/account/sessions/').expect(401);
  });

  it('e-mails a login from a new browser once: not the first login, not a known browser', async () => {
    const created = await createAccount(t, 'Parent');
    // The account's first login (createAccount's, without a User-Agent) sends nothing.
    expect(await newLoginMails(created)).toEqual([]);
    await logIn(created, CHROME_ANDROID);
    const mails = await newLoginMails(created);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('desde Chrome en Android el ');
    expect(mails[0].text).toMatch(/el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2} \(hora de Argentina\)/);
    expect(mails[0].text).toContain('Mi cuenta → Sesiones activas');
    expect(mails[0].text).toContain('/user-account');
    // No token of any kind travels in it.
    expect(mails[0].text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(mails[0].html).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    // The same browser again, even after that login ended: known.
    await logIn(created, CHROME_ANDROID);
    expect(await newLoginMails(created)).toHaveLength(1);
    // Another browser on the same system is new.
    await logIn(created, 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0');
    expect(await newLoginMails(created)).toHaveLength(2);
  });

  it(bothEngines('e-mails a new browser once when it logs in five times at once'), async () => {
    const created = await createAccount(t, 'Worker');
    const answers = await atOnce(5, () =>
      http(t)
        .post('/api/token/')
        .set('User-Agent', SAFARI_IPHONE)
        .send({ username: created.email, password: 'clave1234' }),
    );
    expect(statusCounts(answers)).toEqual({ 200: 5 });
    expect(await newLoginMails(created)).toHaveLength(1);
  });

  it('a browser last used more than 180 days ago counts as new again', async () => {
    const created = await createAccount(t, 'Worker');
    await logIn(created, FIREFOX_WINDOWS);
    expect(await newLoginMails(created)).toHaveLength(1);
    await t.dataSource.query(
      `UPDATE login_sessions SET created_at = now() - interval '200 days', last_used_at = now() - interval '200 days'
        WHERE user_id = $1 AND browser = 'Firefox'`,
      [created.userId],
    );
    await logIn(created, FIREFOX_WINDOWS);
    expect(await newLoginMails(created)).toHaveLength(2);
    // The old row was forgotten at that login.
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM login_sessions WHERE user_id = $1 AND last_used_at < now() - interval '180 days'`,
      [created.userId],
    );
    expect(n).toBe(0);
  });

  it("an admin's login through the second factor counts as a login", async () => {
    const admin = await createAccount(t, 'admin');
    const sessions = (await http(t).get('/api/account/sessions/').set(admin.auth).expect(200)).body as ListedSession[];
    expect(sessions).toEqual([expect.objectContaining({ current: true })]);
  });
});
