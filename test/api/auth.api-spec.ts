import { AUTH_MESSAGES, COMMON_MESSAGES, PHONE_MESSAGES, SECOND_FACTOR_MESSAGES } from '@cym/common';
import { JwtService } from '@nestjs/jwt';
import { hash } from 'bcrypt';
import { Clock } from '../../server/src/common/clock/clock';
import { totpCode } from '../../server/src/modules/auth/second-factor';
import { SessionTokensService } from '../../server/src/modules/auth/session-tokens.service';
import { createAccount } from '../support/accounts';
import { bothEngines } from '../support/engines';
import { expectErrorShape, http } from '../support/http';
import { TestSmtpServer } from '../support/smtp';
import { startTestApp, TestApp } from '../support/test-app';
import { enrolAdmin, nextTotpCode, TEST_TOTP_SECRET } from '../support/totp';

/** Forges tokens as an outsider would: no defaults, the secret and every option given at each call. */
const jwt = new JwtService();

jest.setTimeout(30_000);

describe('accounts and sessions API', () => {
  let t: TestApp;
  const smtp = new TestSmtpServer();
  const PUBLIC_URL = 'https://casaymanos.test';

  beforeAll(async () => {
    await smtp.start();
    // TRUST_PROXY lets each test act as its own client through X-Forwarded-For, so the per-IP
    // limits of one test do not leak into the next.
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '100',
      PUBLIC_URL,
      TRUST_PROXY: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  let client = 0;
  /** A new client address (a header value only; nothing is sent anywhere). */
  const newClient = () => `198.51.100.${(client += 1)}`;
  const signUp = (body: object) => http(t).post('/api/sign-up/').set('X-Forwarded-For', newClient()).send(body);

  const form = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Rosa',
    lastName: 'Benítez',
    email: 'Rosa.Benitez@Example.com',
    phone: '1155550000',
    password: 'clave1234',
    confirmPassword: 'clave1234',
    profileType: 'Worker',
    acceptedTerms: true,
    ...overrides,
  });

  /** Signs up, reads the e-mail, follows the link: answers the verification response. */
  async function signUpAndVerify(email: string, profileType = 'Worker') {
    await signUp(form({ email, profileType })).expect(201);
    const mail = await smtp.waitFor(email.toLowerCase(), '/email-verification/');
    const link = TestSmtpServer.link(mail, `${PUBLIC_URL}/email-verification/`);
    const [uid, token] = link.slice(`${PUBLIC_URL}/email-verification/`.length).split('/');
    const res = await http(t).get(`/api/verify-email/${uid}/${token}/`).expect(200);
    return { res, uid, token };
  }

  describe('sign-up', () => {
    it.each([
      [{ firstName: '' }, AUTH_MESSAGES.required],
      [{ profileType: undefined }, AUTH_MESSAGES.required],
      [{ email: 'rosa-at-example' }, AUTH_MESSAGES.emailInvalid],
      [{ confirmPassword: 'otra12345' }, AUTH_MESSAGES.passwordsDiffer],
      [{ password: 'corta1', confirmPassword: 'corta1' }, AUTH_MESSAGES.passwordRule],
      [{ password: 'sinnumeros', confirmPassword: 'sinnumeros' }, AUTH_MESSAGES.passwordRule],
      [{ phone: '12ab' }, AUTH_MESSAGES.signUpPhone],
      [{ acceptedTerms: false }, AUTH_MESSAGES.termsRequired],
      [{ acceptedTerms: 'yes' }, AUTH_MESSAGES.termsRequired],
      [{ firstName: 'R'.repeat(31) }, AUTH_MESSAGES.nameTooLong],
      [{ password: 'ñ'.repeat(40) + '1', confirmPassword: 'ñ'.repeat(40) + '1' }, AUTH_MESSAGES.passwordTooLong],
    ])('refuses %j with 400 "%s"', async (overrides, message) => {
      const res = await signUp(form(overrides)).expect(400);
      expectErrorShape(res.body);
      expect(res.body.error).toBe(message);
    });

    it('answers 400 for a profile type that does not exist', async () => {
      const res = await signUp(form({ profileType: 'Admin' })).expect(400);
      expect(res.body).toMatchObject({ error: AUTH_MESSAGES.badProfileType, code: 'BAD_PROFILE_TYPE' });
    });

    it('creates the user with an empty profile, lower-cases the e-mail, sends the link, and refuses the same e-mail again', async () => {
      await signUp(form()).expect(201);
      const [user] = await t.dataSource.query(
        `SELECT u.email, u.email_verified_at, u.phone, w.id AS worker_id, w.profile_visibility
           FROM users u JOIN worker_profiles w ON w.user_id = u.id WHERE u.email = 'rosa.benitez@example.com'`,
      );
      // The phone as written (1155550000), stored in E.164.
      expect(user).toMatchObject({
        email: 'rosa.benitez@example.com',
        email_verified_at: null,
        phone: '+5491155550000',
      });
      expect(user.profile_visibility).toBe(false);
      const mail = await smtp.waitFor('rosa.benitez@example.com', 'Confirmar mi correo');
      expect(mail.decoded).toContain(`${PUBLIC_URL}/email-verification/`);

      const again = await signUp(form({ email: 'ROSA.benitez@example.com' })).expect(409);
      expect(again.body).toMatchObject({ error: AUTH_MESSAGES.emailTaken, code: 'EMAIL_TAKEN' });
    });

    it('never trusts the Host header for links', async () => {
      await http(t)
        .post('/api/sign-up/')
        .set('Host', 'evil.example')
        .send(form({ email: 'host@example.com' }))
        .expect(201);
      const mail = await smtp.waitFor('host@example.com', 'email-verification');
      expect(mail.decoded).not.toContain('evil.example');
      expect(mail.decoded).toContain(`${PUBLIC_URL}/email-verification/`);
    });

    it('limits sign-ups per client address', async () => {
      const ip = newClient();
      for (let i = 0; i < 10; i += 1)
        await http(t)
          .post('/api/sign-up/')
          .set('X-Forwarded-For', ip)
          .send(form({ email: `lote${i}@example.com` }))
          .expect(201);
      const res = await http(t)
        .post('/api/sign-up/')
        .set('X-Forwarded-For', ip)
        .send(form({ email: 'lote10@example.com' }))
        .expect(429);
      expect(res.body.code).toBe('RATE_LIMITED');
    });

    it.each([['[]'], ['"hola"'], ['{"firstName": {"a": 1}}'], ['{']])('answers %s with a 4xx', async (body) => {
      const res = await http(t).post('/api/sign-up/').set('content-type', 'application/json').send(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectErrorShape(res.body);
    });
  });

  describe('verification and login', () => {
    it('refuses to log in before verification, then verifies once and logs in', async () => {
      await signUp(form({ email: 'marta@example.com' })).expect(201);
      const early = await http(t)
        .post('/api/token/')
        .send({ username: 'marta@example.com', password: 'clave1234' })
        .expect(403);
      expect(early.body.code).toBe('EMAIL_NOT_VERIFIED');

      const mail = await smtp.waitFor('marta@example.com', '/email-verification/');
      const link = TestSmtpServer.link(mail, `${PUBLIC_URL}/email-verification/`);
      const [uid, token] = link.slice(`${PUBLIC_URL}/email-verification/`.length).split('/');

      const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      await http(t).get(`/api/verify-email/${uid}/${tampered}/`).expect(400);
      await http(t).get(`/api/verify-email/bm9wZQ/${token}/`).expect(400);

      const verified = await http(t).get(`/api/verify-email/${uid}/${token}/`).expect(200);
      expect(verified.body).toMatchObject({
        success: true,
        profile_type: 'Worker',
        profile_id: expect.any(Number),
        is_admin: false,
        profile_visibility: false,
        access: expect.any(String),
        refresh: expect.any(String),
      });
      const claims = jwt.decode(verified.body.access) as Record<string, unknown>;
      expect(claims).toMatchObject({
        email: 'marta@example.com',
        profile_type: 'Worker',
        is_admin: false,
        typ: 'access',
      });
      expect((claims.exp as number) - (claims.iat as number)).toBe(300);

      // The link is single-use: used again, it says the address is verified (to log in).
      const reused = await http(t).get(`/api/verify-email/${uid}/${token}/`).expect(409);
      expectErrorShape(reused.body);
      expect(reused.body).toMatchObject({ code: 'ALREADY_VERIFIED', error: AUTH_MESSAGES.alreadyVerified });
      // A token this account was never sent (issued before the account existed) is only 'not valid'.
      const [, signature] = token.split('-');
      const older = await http(t)
        .get(`/api/verify-email/${uid}/${(1_000_000).toString(36)}-${signature}/`)
        .expect(400);
      expect(older.body.code).toBe('INVALID_LINK');

      const login = await http(t)
        .post('/api/token/')
        .send({ username: 'MARTA@example.com', password: 'clave1234' })
        .expect(200);
      expect(Object.keys(login.body).sort()).toEqual(
        ['access', 'is_admin', 'profile_id', 'profile_type', 'profile_visibility', 'refresh'].sort(),
      );
    });

    it('answers 400 for an unknown e-mail, 401 for a wrong password, 409 when already signed in', async () => {
      const { res } = await signUpAndVerify('lucia@example.com');
      const unknown = await http(t)
        .post('/api/token/')
        .send({ username: 'nadie@example.com', password: 'clave1234' })
        .expect(400);
      expect(unknown.body).toMatchObject({ error: AUTH_MESSAGES.unknownEmail, code: 'UNKNOWN_EMAIL' });
      const wrong = await http(t)
        .post('/api/token/')
        .send({ username: 'lucia@example.com', password: 'otra12345' })
        .expect(401);
      expect(wrong.body).toMatchObject({ error: AUTH_MESSAGES.wrongPassword });
      const twice = await http(t)
        .post('/api/token/')
        .set('Authorization', `Bearer ${res.body.access}`)
        .send({ username: 'lucia@example.com', password: 'clave1234' })
        .expect(409);
      expect(twice.body.error).toBe(AUTH_MESSAGES.alreadyLoggedIn);
      const signUpWhileIn = await http(t)
        .post('/api/sign-up/')
        .set('Authorization', `Bearer ${res.body.access}`)
        .send(form({ email: 'otra@example.com' }))
        .expect(409);
      expect(signUpWhileIn.body.error).toBe(AUTH_MESSAGES.alreadyLoggedIn);
      const missing = await http(t).post('/api/token/').send({ username: 'lucia@example.com' }).expect(400);
      expect(missing.body.error).toBe(AUTH_MESSAGES.required);
    });

    it('gives employers their membership fields', async () => {
      const { res } = await signUpAndVerify('empresa@example.com', 'Parent');
      expect(res.body).toMatchObject({ profile_type: 'Parent', membership_status: false, membership_type: null });
      expect(res.body).not.toHaveProperty('profile_visibility');
    });

    it('limits failed logins per e-mail and address with a 429 in Spanish (details: login-limits suite)', async () => {
      await signUpAndVerify('limite@example.com');
      const from = (ip: string, password: string) =>
        http(t).post('/api/token/').set('X-Forwarded-For', ip).send({ username: 'limite@example.com', password });
      for (let i = 0; i < 10; i += 1) await from('198.51.100.250', 'mala12345').expect(401);
      const res = await from('198.51.100.250', 'clave1234').expect(429);
      expect(res.body).toEqual({ error: COMMON_MESSAGES.rateLimited, code: 'RATE_LIMITED' });
      expect(res.headers['retry-after']).toBeDefined();
      // Another address is not locked out by those failures.
      await from('198.51.100.251', 'clave1234').expect(200);
    });
  });

  describe('refresh tokens', () => {
    const refresh = (token: string) => http(t).post('/api/token/refresh/').send({ refresh: token });
    const jtiOf = (token: string) => (jwt.decode(token) as { jti: string }).jti;
    const getData = (access: string) => http(t).get('/api/user/get-data/').set('Authorization', `Bearer ${access}`);
    /** The app's Clock `ms` after now for the rest of `work`. */
    async function later(ms: number, work: () => Promise<void>) {
      const clock = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + ms));
      try {
        await work();
      } finally {
        clock.mockRestore();
      }
    }

    it('rotate, and a token reused after the grace period revokes the whole family', async () => {
      const { res } = await signUpAndVerify('refresh@example.com');
      const first = res.body.refresh as string;
      const second = await refresh(first).expect(200);
      expect(second.body.refresh).not.toBe(first);
      expect(second.body).toMatchObject({ profile_type: 'Worker', is_admin: false, access: expect.any(String) });

      await later(31_000, async () => {
        const reuse = await refresh(first).expect(401);
        expectErrorShape(reuse.body);
      });
      // The thief's reuse killed the legitimate successor too, and the login with it.
      await refresh(second.body.refresh).expect(401);
      await getData(second.body.access).expect(401);
    });

    it('answer a token reused within the grace period with the same successor, and the login goes on', async () => {
      const { res } = await signUpAndVerify('dos.pestanas@example.com');
      const first = res.body.refresh as string;
      const second = await refresh(first).expect(200);
      // A second tab (or a retry whose first answer was lost), 29 seconds later by the app's clock.
      let again!: { access: string; refresh: string };
      await later(29_000, async () => {
        again = (await refresh(first).expect(200)).body;
      });
      expect(jtiOf(again.refresh)).toBe(jtiOf(second.body.refresh));
      await getData(again.access).expect(200);
      await getData(second.body.access).expect(200);
      // One chain goes on, from either copy of the successor.
      const third = await refresh(again.refresh).expect(200);
      await getData(third.body.access).expect(200);
      await refresh(third.body.refresh).expect(200);
    });

    it('refuse a reuse within the grace once the successor was spent, or the login ended', async () => {
      const chain = await signUpAndVerify('cadena@example.com');
      const first = chain.res.body.refresh as string;
      const second = await refresh(first).expect(200);
      const third = await refresh(second.body.refresh).expect(200);
      // The chain went on without whoever presents `first` now: a theft's reuse, the login ends.
      await refresh(first).expect(401);
      await refresh(third.body.refresh).expect(401);
      await getData(third.body.access).expect(401);

      const out = await signUpAndVerify('salida@example.com');
      const next = await refresh(out.res.body.refresh).expect(200);
      await http(t).post('/api/logout/').set('Authorization', `Bearer ${next.body.access}`).expect(200);
      await refresh(out.res.body.refresh).expect(401);
      await refresh(next.body.refresh).expect(401);
    });

    it(
      bothEngines('answer 30 refreshes with the same token all alike: one successor, and the login valid'),
      async () => {
        const { res } = await signUpAndVerify('treinta@example.com');
        const answers = await Promise.all(Array.from({ length: 30 }, () => refresh(res.body.refresh)));
        expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
        const successors = new Set(answers.map((answer) => jtiOf(answer.body.refresh)));
        expect(successors.size).toBe(1);
        const family = (jwt.decode(res.body.refresh) as { fam: string }).fam;
        const rows: { id: string; used: boolean; revoked: boolean }[] = await t.dataSource.query(
          `SELECT id, used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked
             FROM refresh_tokens WHERE family_id = $1 ORDER BY created_at`,
          [family],
        );
        expect(rows).toEqual([
          { id: jtiOf(res.body.refresh), used: true, revoked: false },
          { id: [...successors][0], used: false, revoked: false },
        ]);
        for (const answer of answers.slice(0, 3)) await getData(answer.body.access).expect(200);
        // Afterwards the one chain continues, whichever copy of the successor is spent.
        const next = await refresh(answers[29].body.refresh).expect(200);
        await getData(next.body.access).expect(200);
      },
    );

    it('refuses tampered, foreign, expired and access tokens', async () => {
      const { res } = await signUpAndVerify('tokens@example.com');
      const refresh = res.body.refresh as string;
      const [h, p, s] = refresh.split('.');
      await http(t)
        .post('/api/token/refresh/')
        .send({ refresh: `${h}.${p}.${s.slice(0, -2)}xx` })
        .expect(401);
      const payload = jwt.decode<Record<string, unknown>>(refresh);
      const forged = jwt.sign({ ...payload }, { secret: 'another-secret-that-is-long-enough-000000' });
      await http(t).post('/api/token/refresh/').send({ refresh: forged }).expect(401);
      const expired = jwt.sign({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 }, { secret: t.config.jwtSecret });
      await http(t).post('/api/token/refresh/').send({ refresh: expired }).expect(401);
      await http(t).post('/api/token/refresh/').send({ refresh: res.body.access }).expect(401);
      await http(t).post('/api/token/refresh/').send({}).expect(401);
      await http(t).post('/api/token/refresh/').send({ refresh: 12 }).expect(400);

      // And the other way round: a refresh token is no access token.
      await http(t).get('/api/user/get-data/').set('Authorization', `Bearer ${refresh}`).expect(401);
      const expiredAccess = jwt.sign(
        { ...(jwt.decode(res.body.access) as object), exp: Math.floor(Date.now() / 1000) - 1 },
        { secret: t.config.jwtSecret },
      );
      await http(t).get('/api/user/get-data/').set('Authorization', `Bearer ${expiredAccess}`).expect(401);
      await http(t).get('/api/user/get-data/').expect(401);
    });
  });

  describe('password reset', () => {
    it('needs the CSRF cookie and header, answers the same for unknown e-mails, and resets once', async () => {
      const { res: session } = await signUpAndVerify('reset@example.com');

      const noCookie = await http(t).post('/api/reset_password/').send({ email: 'reset@example.com' }).expect(403);
      expect(noCookie.body.error).toBe(AUTH_MESSAGES.csrfMissing);

      const csrf = await http(t).get('/api/get_csrf/').expect(200);
      const cookie = (csrf.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
      expect(cookie).toBe(`csrftoken=${csrf.body.csrfToken}`);
      const wrong = await http(t)
        .post('/api/reset_password/')
        .set('Cookie', cookie)
        .set('X-CSRFToken', 'x'.repeat(43))
        .send({ email: 'reset@example.com' })
        .expect(403);
      expect(wrong.body.code).toBe('CSRF_INVALID');

      const send = (email: string) =>
        http(t)
          .post('/api/reset_password/')
          .set('Cookie', cookie)
          .set('X-CSRFToken', csrf.body.csrfToken)
          .send({ email });
      const unknown = await send('nadie@example.com').expect(200);
      const known = await send('reset@example.com').expect(200);
      expect(unknown.body).toEqual(known.body);
      const bad = await send('no-es-correo').expect(400);
      expect(bad.body.error).toBe(AUTH_MESSAGES.forgotEmailInvalid);

      const mail = await smtp.waitFor('reset@example.com', '/reset/');
      const link = TestSmtpServer.link(mail, `${PUBLIC_URL}/reset/`);
      const [uid, token] = link.slice(`${PUBLIC_URL}/reset/`.length).split('/');
      await http(t).get(`/api/reset/${uid}/${token}/`).expect(200);
      const tampered = await http(t)
        .get(`/api/reset/${uid}/${token.slice(0, -1)}Z/`)
        .expect(400);
      expect(tampered.body.error).toBe(AUTH_MESSAGES.tokenInvalid);

      const weak = await http(t).post(`/api/reset/${uid}/${token}/`).send({ password: 'corta' }).expect(400);
      expect(weak.body.error).toBe(AUTH_MESSAGES.passwordRule);
      await http(t).post(`/api/reset/${uid}/${token}/`).send({ password: 'nueva12345' }).expect(200);

      // The link dies with the old password, every session is revoked, the new password works.
      await http(t).post(`/api/reset/${uid}/${token}/`).send({ password: 'otra123456' }).expect(400);
      await http(t).post('/api/token/refresh/').send({ refresh: session.body.refresh }).expect(401);
      await http(t).post('/api/token/').send({ username: 'reset@example.com', password: 'clave1234' }).expect(401);
      await http(t).post('/api/token/').send({ username: 'reset@example.com', password: 'nueva12345' }).expect(200);
    });

    it('resends a verification link only to unverified accounts, with one answer for all', async () => {
      await signUp(form({ email: 'reenvio@example.com' })).expect(201);
      await smtp.waitFor('reenvio@example.com', '/email-verification/');
      const res = await http(t).post('/api/resend-verification/').send({ email: 'reenvio@example.com' }).expect(200);
      const other = await http(t).post('/api/resend-verification/').send({ email: 'nadie@example.com' }).expect(200);
      expect(res.body).toEqual(other.body);
      await smtp.waitFor('reenvio@example.com', '/email-verification/');
    });
  });

  describe('hostile bodies', () => {
    it.each([
      ['/api/token/', '[]'],
      ['/api/token/', '{"username": ["a"], "password": 1}'],
      ['/api/token/refresh/', '"x"'],
      ['/api/resend-verification/', '{"email": {"$ne": 1}}'],
      ['/api/reset/MQ/abc/', '{"password": 12345678}'],
      ['/api/reset/MQ/abc/', '{'],
    ])('POST %s %s answers a 4xx in the error shape', async (path, body) => {
      const res = await http(t).post(path).set('content-type', 'application/json').send(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectErrorShape(res.body);
    });

    it.each([
      '/api/verify-email/' + 'A'.repeat(300) + '/x/',
      '/api/verify-email/' + 'A'.repeat(3000) + '/x/',
      '/api/verify-email/%00/%00/',
      '/api/reset/MTIzNDU2Nzg5MDEyMzQ1/abc/',
      '/api/reset/LTE/abc/',
    ])('GET %s answers a 4xx', async (path) => {
      const res = await http(t).get(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectErrorShape(res.body);
    });
  });

  describe('user endpoints and guards', () => {
    it('reads and updates only your own account', async () => {
      const { res } = await signUpAndVerify('cuenta@example.com');
      const auth = { Authorization: `Bearer ${res.body.access}` };
      const data = await http(t).get('/api/user/get-data/').set(auth).expect(200);
      expect(data.body).toMatchObject({
        email: 'cuenta@example.com',
        first_name: 'Rosa',
        last_name: 'Benítez',
        profile_type: 'Worker',
        formatted_last_seen: 'En línea',
      });
      expect(JSON.stringify(data.body)).not.toContain('$2b$');

      const other = await http(t).get('/api/user/get-data/').set(auth);
      const otherId = other.body.id + 100000;
      await http(t)
        .put(`/api/user/${otherId}/update/`)
        .set(auth)
        .send({ first_name: 'Ana', last_name: 'Paz' })
        .expect(403);
      const [{ id: someoneElse }] = await t.dataSource.query(`SELECT id FROM users WHERE email = 'marta@example.com'`);
      await http(t)
        .put(`/api/user/${someoneElse}/update/`)
        .set(auth)
        .send({ first_name: 'Ana', last_name: 'Paz' })
        .expect(403);
      await http(t).put(`/api/user/abc/update/`).set(auth).send({ first_name: 'Ana', last_name: 'Paz' }).expect(404);

      const invalid = await http(t)
        .put(`/api/user/${data.body.id}/update/`)
        .set(auth)
        .send({ first_name: 'A', last_name: '' })
        .expect(400);
      expect(invalid.body.errors).toEqual({
        first_name: ['El nombre debe tener más de 2 caracteres.'],
        last_name: ['El apellido es obligatorio.'],
      });
      const updated = await http(t)
        .put(`/api/user/${data.body.id}/update/`)
        .set(auth)
        .send({ first_name: ' Rosa María ', last_name: 'Benítez' })
        .expect(200);
      expect(updated.body.first_name).toBe('Rosa María');
    });

    it('checks the phone rules and records activity pings', async () => {
      const { res } = await signUpAndVerify('telefono@example.com');
      const auth = { Authorization: `Bearer ${res.body.access}` };
      for (const [phone, message] of [
        ['', PHONE_MESSAGES.required],
        ['11-5555-0000', PHONE_MESSAGES.digitsOnly],
        ['1234567', PHONE_MESSAGES.tooShort],
        ['1234567890123456', PHONE_MESSAGES.tooLong],
        ['99999999', PHONE_MESSAGES.allSame],
        // Digits, but no Argentine mobile: the one rule of common/phone.ts.
        ['12345678', PHONE_MESSAGES.notMobile],
        ['0911234567', PHONE_MESSAGES.notMobile],
      ]) {
        const bad = await http(t).post('/api/user/update-phone/').set(auth).send({ phone }).expect(400);
        expect(bad.body.error).toBe(message);
      }
      const ok = await http(t).post('/api/user/update-phone/').set(auth).send({ phone: ' 5491155550000 ' }).expect(200);
      expect(ok.body.phone).toBe('+5491155550000');
      // However it is written, it is stored once, in E.164.
      for (const written of ['1155550000', '0111555550000', '541155550000']) {
        const again = await http(t).post('/api/user/update-phone/').set(auth).send({ phone: written }).expect(200);
        expect([written, again.body.phone]).toEqual([written, '+5491155550000']);
      }
      const [{ phone: stored }] = await t.dataSource.query(
        `SELECT phone FROM users WHERE email = 'telefono@example.com'`,
      );
      expect(stored).toBe('+5491155550000');

      await t.dataSource.query(`UPDATE users SET last_seen = NULL WHERE email = 'telefono@example.com'`);
      await http(t).post('/api/activity/ping/').set(auth).expect(204);
      const [{ last_seen }] = await t.dataSource.query(
        `SELECT last_seen FROM users WHERE email = 'telefono@example.com'`,
      );
      expect(last_seen).not.toBeNull();
      await http(t).post('/api/activity/ping/').expect(401);
    });

    it('logs out by revoking every refresh token', async () => {
      const { res } = await signUpAndVerify('salir@example.com');
      await http(t).post('/api/logout/').set('Authorization', `Bearer ${res.body.access}`).expect(200);
      await http(t).post('/api/token/refresh/').send({ refresh: res.body.refresh }).expect(401);
    });
  });

  /**
   * Admins read identity documents and grant memberships: after the password they need a TOTP
   * code (or a one-time recovery code), enrolled at the first login; their sessions end 12 hours
   * after that login whatever the refreshes. Non-admin logins stay as the spec says (above).
   */
  describe("admins' second factor", () => {
    const ADMIN_ROUTE = '/api/admin/stats/get-all/';
    const HOUR = 3_600_000;

    /** An admin straight in the database; `enrolled` with TEST_TOTP_SECRET. */
    async function newAdmin(email: string, enrolled: boolean): Promise<number> {
      const [user] = await t.dataSource.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, is_admin, email_verified_at)
         VALUES ($1, $2, 'Equipo', 'Admin', true, now()) RETURNING id`,
        [email, await hash('clave1234', 4)],
      );
      if (enrolled) await enrolAdmin(t, user.id);
      return user.id;
    }
    const login = (email: string) =>
      http(t).post('/api/token/').set('X-Forwarded-For', newClient()).send({ username: email, password: 'clave1234' });
    const verify = (mfaToken: string, code: string) =>
      http(t).post('/api/token/mfa/verify/').send({ mfa_token: mfaToken, code });
    const asAdmin = (access: string) => http(t).get(ADMIN_ROUTE).set('Authorization', `Bearer ${access}`);
    const codeAt = (secret: string, at: number) => totpCode(secret, new Date(at));

    it('gives an admin with the right password no session, only the second step, and nothing admin answers it', async () => {
      await newAdmin('dos.pasos@example.com', true);
      const res = await login('dos.pasos@example.com').expect(200);
      expect(res.body).toEqual({ mfa: 'verify', mfa_token: expect.any(String), is_admin: true });
      // The second step's token opens nothing: no admin route, no account route, no refresh.
      await asAdmin(res.body.mfa_token).expect(401);
      await http(t).get('/api/user/get-data/').set('Authorization', `Bearer ${res.body.mfa_token}`).expect(401);
      await http(t).post('/api/token/refresh/').send({ refresh: res.body.mfa_token }).expect(401);
      // Without a code, or with a wrong one, no session either.
      expect((await verify(res.body.mfa_token, '').expect(400)).body.error).toBe(SECOND_FACTOR_MESSAGES.codeRequired);
      const wrong = await verify(res.body.mfa_token, '000000').expect(401);
      expect(wrong.body).toEqual({ code: 'SECOND_FACTOR_INVALID', error: SECOND_FACTOR_MESSAGES.wrongCode });
      // A token of another kind, or forged, is no second step.
      const refreshLike = jwt.sign({ id: 1, typ: 'refresh' }, { secret: t.config.jwtSecret, expiresIn: 60 });
      await verify(refreshLike, codeAt(TEST_TOTP_SECRET, Date.now())).expect(401);
      // The right code opens the admin's session.
      const session = await verify(res.body.mfa_token, await nextTotpCode('dos.pasos@example.com')).expect(200);
      expect(session.body).toMatchObject({ is_admin: true, access: expect.any(String), refresh: expect.any(String) });
      await asAdmin(session.body.access).expect(200);
      // Workers and employers log in in one step, as before.
      const worker = await createAccount(t, 'Worker');
      await asAdmin(worker.auth.Authorization.slice('Bearer '.length)).expect(403);
    });

    it('refuses a replayed code, an earlier code, a used recovery code, and too many wrong codes', async () => {
      const email = 'replay@example.com';
      const userId = await newAdmin(email, false);
      // Enrolled through the API, for the recovery codes.
      const first = await login(email).expect(200);
      expect(first.body.mfa).toBe('enroll');
      const { body: enrolment } = await http(t)
        .post('/api/token/mfa/enroll/')
        .send({ mfa_token: first.body.mfa_token })
        .expect(200);
      const now = Date.now();
      const enrolled = await http(t)
        .post('/api/token/mfa/enroll/confirm/')
        .send({ mfa_token: first.body.mfa_token, code: codeAt(enrolment.secret, now) })
        .expect(200);
      const recovery: string[] = enrolled.body.recovery_codes;

      // The code that enrolled is spent; so is any of an earlier step.
      let step = await login(email).expect(200);
      await verify(step.body.mfa_token, codeAt(enrolment.secret, now)).expect(401);
      await verify(step.body.mfa_token, codeAt(enrolment.secret, now - 30_000)).expect(401);
      // The next step's code works once.
      await verify(step.body.mfa_token, codeAt(enrolment.secret, now + 30_000)).expect(200);
      const replay = await verify(step.body.mfa_token, codeAt(enrolment.secret, now + 30_000)).expect(401);
      expect(replay.body.code).toBe('SECOND_FACTOR_INVALID');

      // A recovery code works once, however it is typed.
      step = await login(email).expect(200);
      await verify(step.body.mfa_token, recovery[0].toLowerCase().replace('-', ' ')).expect(200);
      const used = await verify(step.body.mfa_token, recovery[0]).expect(401);
      expect(used.body).toEqual({ code: 'SECOND_FACTOR_INVALID', error: SECOND_FACTOR_MESSAGES.wrongRecoveryCode });
      const [{ left }] = await t.dataSource.query(
        `SELECT cardinality(recovery_codes) AS left FROM admin_totp WHERE user_id = $1`,
        [userId],
      );
      expect(left).toBe(9);

      // Five wrong codes in 15 minutes (the four above and one more): then even a right one waits.
      await verify(step.body.mfa_token, '123456').expect(401);
      const limited = await verify(step.body.mfa_token, recovery[1]).expect(429);
      expect(limited.body.error).toBe(SECOND_FACTOR_MESSAGES.tooManyAttempts);
    });

    it('leads an admin without a second factor through enrolment, before which nothing admin answers', async () => {
      const email = 'primer.ingreso@example.com';
      await newAdmin(email, false);
      const res = await login(email).expect(200);
      expect(res.body).toEqual({ mfa: 'enroll', mfa_token: expect.any(String), is_admin: true });
      await asAdmin(res.body.mfa_token).expect(401);
      // Not enrolled: a code cannot be answered yet.
      const early = await verify(res.body.mfa_token, codeAt(TEST_TOTP_SECRET, Date.now())).expect(403);
      expect(early.body.code).toBe('SECOND_FACTOR_REQUIRED');

      const enrol = () => http(t).post('/api/token/mfa/enroll/').send({ mfa_token: res.body.mfa_token });
      const { body } = await enrol().expect(200);
      expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(body.otpauth_uri).toBe(
        `otpauth://totp/Casa%20y%20Manos:primer.ingreso%40example.com?issuer=Casa%20y%20Manos&secret=${body.secret}&algorithm=SHA1&digits=6&period=30`,
      );
      expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      // Asked again (a reload), the same secret: the app the admin may have filled keeps working.
      expect((await enrol().expect(200)).body.secret).toBe(body.secret);
      // Stored sealed, never in clear.
      const [row] = await t.dataSource.query(
        `SELECT secret FROM admin_totp WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      );
      expect(row.secret).not.toContain(body.secret);

      const confirm = (code: string) =>
        http(t).post('/api/token/mfa/enroll/confirm/').send({ mfa_token: res.body.mfa_token, code });
      await confirm('000000').expect(401);
      const done = await confirm(codeAt(body.secret, Date.now())).expect(200);
      expect(done.body.recovery_codes).toHaveLength(10);
      expect(new Set(done.body.recovery_codes).size).toBe(10);
      for (const code of done.body.recovery_codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      await asAdmin(done.body.access).expect(200);
      // Enrolled once: the first step's token cannot enrol again, and the next login asks a code.
      expect((await enrol().expect(409)).body.code).toBe('SECOND_FACTOR_ENROLLED');
      expect((await login(email).expect(200)).body.mfa).toBe('verify');
    });

    it('refuses an admin session without the second factor on every admin route, and ends it at refresh', async () => {
      // As a session from before the second factor was asked (or a promotion since the login).
      const userId = await newAdmin('sesion.vieja@example.com', true);
      const claims = { id: userId, email: 'sesion.vieja@example.com', profile_type: null, is_admin: true };
      const old = await t.app.get(SessionTokensService).issue(claims, t.dataSource.manager);
      const refused = await asAdmin(old.access).expect(403);
      expect(refused.body).toEqual({ code: 'SECOND_FACTOR_REQUIRED', error: SECOND_FACTOR_MESSAGES.required });
      await http(t).get('/api/admin/verifications/').set('Authorization', `Bearer ${old.access}`).expect(403);
      await http(t).post('/api/token/refresh/').send({ refresh: old.refresh }).expect(401);
      // A forged claim is no second factor: the token's signature is.
      const forged = jwt.sign(
        { ...(jwt.decode(old.access) as object), mfa: true, session_end: Math.floor(Date.now() / 1000) + 3600 },
        { secret: 'not-the-server-secret-but-just-as-long-0123456789' },
      );
      await asAdmin(forged).expect(401);
    });

    it("keeps an admin session's second factor through the refresh grace, and its end within it", async () => {
      const email = 'gracia.admin@example.com';
      await newAdmin(email, true);
      const loggedInAt = Date.now();
      const step = await login(email).expect(200);
      const session = await verify(step.body.mfa_token, await nextTotpCode(email)).expect(200);
      const refresh = () => http(t).post('/api/token/refresh/').send({ refresh: session.body.refresh });
      const jti = (token: string) => (jwt.decode(token) as { jti: string }).jti;
      const clock = jest.spyOn(t.app.get(Clock), 'now');
      try {
        clock.mockReturnValue(new Date(loggedInAt + 12 * HOUR - 10_000));
        const refreshed = await refresh().expect(200);
        // Presented again five seconds later: the same successor, still an admin's session.
        clock.mockReturnValue(new Date(loggedInAt + 12 * HOUR - 5_000));
        const again = await refresh().expect(200);
        expect(jti(again.body.refresh)).toBe(jti(refreshed.body.refresh));
        await asAdmin(again.body.access).expect(200);
        // The session's end comes inside the grace: it ends all the same.
        clock.mockReturnValue(new Date(loggedInAt + 12 * HOUR + 5_000));
        await refresh().expect(401);
        await http(t).post('/api/token/refresh/').send({ refresh: again.body.refresh }).expect(401);
      } finally {
        clock.mockRestore();
      }
    });

    it('ends an admin session 12 hours after its login, and refreshing does not extend it', async () => {
      const email = 'doce.horas@example.com';
      await newAdmin(email, true);
      const loggedInAt = Date.now();
      const step = await login(email).expect(200);
      const session = await verify(step.body.mfa_token, await nextTotpCode(email)).expect(200);
      const clock = jest.spyOn(t.app.get(Clock), 'now');
      try {
        // Eleven hours and 59 minutes later (the app's clock): still in, and a refresh works…
        clock.mockReturnValue(new Date(loggedInAt + 12 * HOUR - 60_000));
        await asAdmin(session.body.access).expect(200);
        const refreshed = await http(t).post('/api/token/refresh/').send({ refresh: session.body.refresh }).expect(200);
        // …but its tokens end with the session, not 14 days (or 5 minutes) later.
        for (const token of [refreshed.body.access, refreshed.body.refresh]) {
          const { exp, session_end } = jwt.decode(token) as { exp: number; session_end: number };
          expect(session_end).toBeLessThanOrEqual(Math.floor(loggedInAt / 1000) + 12 * 3600 + 5);
          expect(exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 61);
        }
        // Twelve hours after the login: neither the old nor the refreshed session answers.
        clock.mockReturnValue(new Date(loggedInAt + 12 * HOUR + 1000));
        await asAdmin(session.body.access).expect(401);
        await asAdmin(refreshed.body.access).expect(401);
        await http(t).post('/api/token/refresh/').send({ refresh: refreshed.body.refresh }).expect(401);
      } finally {
        clock.mockRestore();
      }
    });
  });
});
