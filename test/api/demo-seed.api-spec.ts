import { argentinaToday } from '@cym/common';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DemoFace } from '../../seed/src/demo-plan';
import { DEMO_PASSWORD, SeededDemo, seedDemo } from '../../seed/src/demo-seed';
import { DEMO_ADMIN_TOTP_SECRET } from '../../seed/src/demo-second-factor';
import { totpCode } from '../../server/src/modules/auth/second-factor';
import { UnreadMailer } from '../../server/src/modules/chat/unread-mailer';
import { SavedSearchAlerts } from '../../server/src/modules/saved-searches/saved-search-alerts';
import { LocalImageStorage } from '../../server/src/modules/media/image-storage';
import { getBytes, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(90_000);

/**
 * DiceBear ships ES modules that Jest cannot load (the unit suite checks the real library in a
 * child process): a disc in the face's colours stands in for it, so this suite checks what
 * follows the drawing: the upload pipeline, the stored files and the addresses.
 */
const disc = (face: DemoFace): Promise<Buffer> =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">` +
        `<rect width="512" height="512" fill="#${face.backgroundColor}"/>` +
        `<circle cx="256" cy="230" r="150" fill="#${face.skinColor}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** The bytes as served. */
const served = (t: TestApp, address: string) => getBytes(t, address).expect(200);

describe(bothEngines('demo data: faces and conversations'), () => {
  let t: TestApp;
  let summary: SeededDemo;

  beforeAll(async () => {
    t = await startTestApp();
    const storage = new LocalImageStorage(join(t.config.database.dataDir, 'uploads'));
    summary = await seedDemo(t.dataSource, {
      workers: 30,
      employers: 12,
      seed: 4,
      photos: { storage, render: disc },
      totpKey: t.config.totpKey,
    });
  });
  afterAll(() => t.close());

  it('stores the faces as an upload would: 512 px JPEGs (and WebP) without metadata, served by the media route', async () => {
    expect(summary.photosFailed).toBe(0);
    expect(summary.photos).toBeGreaterThan(20);
    const cards: { user: { profile_image: string | null } }[] = (await http(t).get('/api/workers/').expect(200)).body;
    const photos = cards.flatMap((c) => (c.user.profile_image ? [c.user.profile_image] : []));
    expect(photos.length / cards.length).toBeGreaterThan(0.6);
    expect(photos.length).toBeLessThan(cards.length + 1);
    expect(new Set(photos).size).toBe(photos.length);
    for (const address of photos.slice(0, 3)) {
      expect(address).toMatch(/^\/api\/media\/profile-images\/[a-f0-9]{32}\.jpg$/);
      const res = await served(t, address);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(res.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect((await served(t, address.replace(/\.jpg$/, '.webp'))).headers['content-type']).toBe('image/webp');
    }
    // The upload's "now" is put back: these photos belong to the accounts' past.
    const [{ stamped }] = await t.dataSource.query(
      `SELECT count(*)::int AS stamped FROM users
        WHERE profile_image IS NOT NULL AND updated_at <> COALESCE(last_seen, created_at)`,
    );
    expect(stamped).toBe(0);
  });

  it('opens each demo login on several conversations with unread messages, which both sides can go on', async () => {
    for (const email of ['trabajadora@demo.casaymanos.ar', 'empleador@demo.casaymanos.ar']) {
      const login = await http(t).post('/api/token/').send({ username: email, password: DEMO_PASSWORD }).expect(200);
      const auth = { Authorization: `Bearer ${login.body.access}` };
      const [{ id }] = await t.dataSource.query('SELECT id FROM users WHERE email = $1', [email]);
      const list: { id: number; unread_count: number; partner: { status: string | null } }[] = (
        await http(t).get(`/api/chat/${id}/conversations/get-all`).set(auth).expect(200)
      ).body;
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.reduce((sum, c) => sum + c.unread_count, 0)).toBeGreaterThanOrEqual(1);
      for (const { id: conversationId } of list) {
        const conversation = (await http(t).get(`/api/chat/conversations/${conversationId}`).set(auth).expect(200))
          .body;
        const times = conversation.messages.map((m: { timestamp: string }) => Date.parse(m.timestamp));
        expect(times.length).toBeGreaterThanOrEqual(4);
        expect([...times].sort((a, b) => a - b)).toEqual(times);
        expect(Math.max(...times)).toBeLessThan(Date.now());
        expect(conversation.partner_can_reply).toBe(true);
      }
      // The rules hold today too: the paying employer may still write, and so may the worker
      // (to anyone but a suspended account).
      const open = list.find((c) => c.partner.status === null)!;
      await http(t)
        .post(`/api/chat/conversations/${open.id}/messages`)
        .set(auth)
        .send({ content: '¡Hola! Te leo y te respondo en un rato.' })
        .expect(201);
    }
  });

  it('enrols the demo admin with the development secret printed with the demo logins', async () => {
    expect(summary.adminSecondFactor).toBe(true);
    const login = await http(t)
      .post('/api/token/')
      .send({ username: 'admin@demo.casaymanos.ar', password: DEMO_PASSWORD })
      .expect(200);
    expect(login.body.mfa).toBe('verify');
    const session = await http(t)
      .post('/api/token/mfa/verify/')
      .send({ mfa_token: login.body.mfa_token, code: totpCode(DEMO_ADMIN_TOTP_SECRET, new Date()) })
      .expect(200);
    await http(t).get('/api/admin/stats/get-all/').set('Authorization', `Bearer ${session.body.access}`).expect(200);
  });

  it('e-mails nobody about the seeded unread messages (they count as already e-mailed)', async () => {
    expect(await t.app.get(UnreadMailer).run()).toBe(0);
  });

  it('gives the demo logins hires in each state, with payslips, ARCA payments, a settlement and a waiting proposal', async () => {
    const as = async (email: string) => {
      const login = await http(t).post('/api/token/').send({ username: email, password: DEMO_PASSWORD }).expect(200);
      return { Authorization: `Bearer ${login.body.access}` };
    };
    const employer = await as('empleador@demo.casaymanos.ar');
    const worker = await as('trabajadora@demo.casaymanos.ar');
    const his = (await http(t).get('/api/hires').set(employer).expect(200)).body as { id: number; status: string }[];
    expect(his.map((h) => h.status).sort()).toEqual(['active', 'trial']);
    const hers = (await http(t).get('/api/hires').set(worker).expect(200)).body as { id: number; status: string }[];
    expect(hers).toHaveLength(1);
    const pay = (await http(t).get(`/api/hires/${hers[0]!.id}/pay`).set(worker).expect(200)).body;
    const states = pay.payslips.map((p: { state: string }) => p.state);
    // This month still open, last month's waiting for her 'Recibí conforme', the rest acknowledged.
    expect(states.slice(0, 2)).toEqual(['pendiente', 'confirmado']);
    expect(states.slice(2).every((s: string) => s === 'recibido')).toBe(true);
    // ARCA: every month paid whose due date has passed; none overdue.
    const today = argentinaToday(new Date());
    const unpaid = pay.contributions.filter((c: { paid_on: string | null }) => c.paid_on === null);
    expect(unpaid.length).toBeGreaterThanOrEqual(1);
    expect(unpaid.every((c: { due_date: string }) => c.due_date >= today)).toBe(true);
    const [{ id: endedId }] = await t.dataSource.query(`SELECT employment_id AS id FROM settlements`);
    const [{ user_id: endedWorker }] = await t.dataSource.query(
      `SELECT worker_user_id AS user_id FROM employments WHERE id = $1`,
      [endedId],
    );
    expect(endedWorker).toEqual(expect.any(Number));
    const [pending] = await t.dataSource.query(
      `SELECT p.id FROM hire_proposals p JOIN worker_profiles w ON w.id = p.worker_profile_id
         JOIN users u ON u.id = w.user_id WHERE u.email = 'trabajadora@demo.casaymanos.ar' AND p.status = 'pending'`,
    );
    const proposal = (await http(t).get(`/api/hires/proposals/${pending.id}`).set(worker).expect(200)).body;
    expect(proposal).toMatchObject({ status: 'pending', can_answer: true });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM "references" WHERE hired`);
    expect(n).toBeGreaterThan(0);
  });

  it('gives the demo logins shortlists and saved searches, and e-mails nobody about them', async () => {
    const as = async (email: string) => {
      const login = await http(t).post('/api/token/').send({ username: email, password: DEMO_PASSWORD }).expect(200);
      return { Authorization: `Bearer ${login.body.access}` };
    };
    const employer = await as('empleador@demo.casaymanos.ar');
    const saved = (await http(t).get('/api/shortlist/workers/').set(employer).expect(200)).body as {
      card: object | null;
    }[];
    expect(saved.filter((s) => s.card !== null)).toHaveLength(4);
    expect(saved.filter((s) => s.card === null)).toHaveLength(1);
    const searches = (await http(t).get('/api/saved-searches/').set(employer).expect(200)).body as {
      kind: string;
      match_count: number;
      query: Record<string, string>;
    }[];
    expect(searches).toHaveLength(1);
    expect(searches[0]!.match_count).toBeGreaterThan(0);
    // The saved query finds at least the workers it says matched.
    const page = await http(t).get('/api/workers/').query(searches[0]!.query).expect(200);
    expect(page.body.count).toBeGreaterThanOrEqual(searches[0]!.match_count);

    const worker = await as('trabajadora@demo.casaymanos.ar');
    const offers = (await http(t).get('/api/shortlist/job-offers/').set(worker).expect(200)).body as {
      card: object | null;
    }[];
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.card !== null)).toBe(true);
    expect((await http(t).get('/api/saved-searches/').set(worker).expect(200)).body).toHaveLength(1);
    expect(await t.app.get(SavedSearchAlerts).mailDue()).toBe(0);
  });

  it('gives the admin open reports to moderate and one suspended account, which cannot log in', async () => {
    const groups = await t.dataSource.query(
      `SELECT target_type, count(*)::int AS n FROM reports WHERE handled_at IS NULL GROUP BY 1, target_id ORDER BY n DESC`,
    );
    expect(groups.map((g: { target_type: string }) => g.target_type).sort()).toEqual([
      'job_offer',
      'message',
      'worker_profile',
    ]);
    expect(groups[0]).toEqual({ target_type: 'worker_profile', n: 3 });
    const suspended = await t.dataSource.query(`SELECT email FROM users WHERE suspended_at IS NOT NULL`);
    expect(suspended).toHaveLength(1);
    const login = await http(t).post('/api/token/').send({ username: suspended[0].email, password: DEMO_PASSWORD });
    expect([login.status, login.body.code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    // The demo worker sees the money warning on the message she reported.
    const worker = await http(t)
      .post('/api/token/')
      .send({ username: 'trabajadora@demo.casaymanos.ar', password: DEMO_PASSWORD })
      .expect(200);
    const [{ conversation_id: conversationId }] = await t.dataSource.query(
      `SELECT m.conversation_id FROM reports r JOIN messages m ON m.id = r.target_id
        WHERE r.target_type = 'message' AND r.handled_at IS NULL`,
    );
    const conversation = await http(t)
      .get(`/api/chat/conversations/${conversationId}`)
      .set({ Authorization: `Bearer ${worker.body.access}` })
      .expect(200);
    expect(conversation.body.messages.some((m: { money_warning: boolean }) => m.money_warning)).toBe(true);
  });
});
