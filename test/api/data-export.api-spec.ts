import { DATA_EXPORT_MESSAGES } from '@cym/common';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { Clock } from '../../server/src/common/clock/clock';
import { DATA_EXPORT_JOB, DataExportBuilder } from '../../server/src/modules/data-export/data-export-builder';
import { DATA_EXPORT_SWEEP_JOB } from '../../server/src/modules/data-export/data-export-sweep';
import { EXPORT_STORAGE } from '../../server/src/modules/data-export/export-storage';
import { JobQueue } from '../../server/src/modules/jobs/job-queue';
import type { ImageStorage } from '../../server/src/modules/media/image-storage';
import { createAccount, type TestAccount } from '../support/accounts';
import { bothEngines } from '../support/engines';
import { expectErrorShape, getBytes, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

const HOUR = 3_600_000;

/** A plain generated picture (a photo, a DNI's front). */
function picture(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

describe("'Descargar mis datos'", () => {
  const t = useTestApp({}, { poolSize: 10 });
  const jobs = () => t.app.get(JobQueue);

  /** Moves the app's Clock by `ms` for the rest of `work`. */
  async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
    const clock = t.app.get(Clock);
    const spy = jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + ms));
    try {
      return await work();
    } finally {
      spy.mockRestore();
    }
  }

  const request = (account: TestAccount) => http(t).post('/api/account/data-exports').set(account.auth);
  const download = (account: TestAccount, id: number) =>
    getBytes(t, `/api/account/data-exports/${id}/file`).set(account.auth);

  /** Clears the person's requests (the 24-hour count) between tests that ask again. */
  const forget = (account: TestAccount) =>
    t.dataSource.query('DELETE FROM data_exports WHERE user_id = $1', [account.userId]);

  it('prepares a ZIP with the JSON files and the uploaded files, e-mails a link without a token, and serves it to its owner', async () => {
    const worker = await createAccount(t, 'Worker');
    const employer = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = 'Lucía' WHERE id = $1`, [worker.userId]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Marcela' WHERE id = $1`, [employer.userId]);
    await http(t)
      .post(`/api/user/${worker.userId}/profile-image/upload/`)
      .set(worker.auth)
      .attach('image', await picture(600, 600, '#c7d2fe'), 'foto.jpg')
      .expect(201);
    await http(t)
      .post('/api/verifications/mine/dni')
      .set(worker.auth)
      .attach('file', await picture(1000, 640, '#dbeafe'), 'dni.jpg')
      .expect(200);
    const [conversation] = await t.dataSource.query(
      `INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
      [worker.profileId, employer.profileId, `export-${worker.profileId}-${employer.profileId}`],
    );
    await t.dataSource.query(
      `INSERT INTO messages (conversation_id, sender_id, content, is_read) VALUES ($1, $2, 'Hola, ¿seguís buscando?', true), ($1, $3, 'Sí, ¿podés el lunes?', false)`,
      [conversation.id, worker.userId, employer.userId],
    );

    const asked = await request(worker).expect(201);
    expect(asked.body).toEqual(
      expect.objectContaining({
        status: 'requested',
        ready_at: null,
        expires_at: null,
        expired: false,
        file_url: null,
      }),
    );
    const id = asked.body.id as number;
    // Not ready yet: the job has not run.
    const early = await download(worker, id).expect(409);
    expect(early.body.toString()).toContain(DATA_EXPORT_MESSAGES.notReady);

    await jobs().runDue(DATA_EXPORT_JOB);
    const [listed] = (await http(t).get('/api/account/data-exports').set(worker.auth).expect(200)).body;
    expect(listed).toEqual(expect.objectContaining({ id, status: 'ready', expired: false }));
    expect(new Date(listed.expires_at).getTime() - new Date(listed.ready_at).getTime()).toBe(24 * HOUR);
    expect(listed.file_url).toBe(`/api/account/data-exports/${id}/file`);

    const file = await download(worker, id).expect(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="mis-datos-casa-y-manos-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(file.body.length).toBe(listed.size_bytes);
    const entries = unzipSync(new Uint8Array(file.body));
    expect(Object.keys(entries).sort()).toEqual(
      [
        'README.txt',
        'archivos/dni.jpg',
        'archivos/foto-de-perfil.jpg',
        'avisos.json',
        'bloqueos.json',
        'busquedas-guardadas.json',
        'contrataciones.json',
        'conversaciones.json',
        'cuenta.json',
        'denuncias.json',
        'documentos-verificacion.json',
        'guardados.json',
        'perfil-trabajador.json',
        'referencias.json',
        'sesiones.json',
      ].sort(),
    );
    const json = (name: string) => JSON.parse(strFromU8(entries[name]!));
    const account = json('cuenta.json');
    expect(account).toEqual(expect.objectContaining({ id: worker.userId, email: worker.email, first_name: 'Lucía' }));
    expect(account).not.toHaveProperty('password_hash');
    expect(json('perfil-trabajador.json')).toEqual(
      expect.objectContaining({ id: worker.profileId, services: [], experiences: [], educations: [] }),
    );
    expect(json('conversaciones.json')).toEqual([
      expect.objectContaining({
        with: 'Marcela',
        messages: [
          expect.objectContaining({ from: 'yo', text: 'Hola, ¿seguís buscando?' }),
          expect.objectContaining({ from: 'Marcela', text: 'Sí, ¿podés el lunes?' }),
        ],
      }),
    ]);
    expect(json('documentos-verificacion.json')).toEqual([
      expect.objectContaining({ kind: 'dni', status: 'pending', content_type: 'image/jpeg' }),
    ]);
    expect((await sharp(Buffer.from(entries['archivos/foto-de-perfil.jpg']!)).metadata()).format).toBe('jpeg');
    expect((await sharp(Buffer.from(entries['archivos/dni.jpg']!)).metadata()).format).toBe('jpeg');
    const readme = strFromU8(entries['README.txt']!);
    expect(readme).toContain('Ley 25.326');
    for (const name of Object.keys(entries).filter((n) => n !== 'README.txt')) expect(readme).toContain(`- ${name}: `);

    // The e-mail: the page's address, no token, the expiry in Argentina's time, logged in only.
    const mails = await t.dataSource.query(`SELECT subject, text, html FROM email_outbox WHERE to_address = $1`, [
      worker.email,
    ]);
    const ready = mails.filter((m: { subject: string }) => m.subject === 'Tus datos están listos');
    expect(ready).toHaveLength(1);
    expect(ready[0].text).toContain(`${t.config.publicUrl}/mis-datos/${id}\n`);
    expect(ready[0].text).toMatch(/hasta el \d\d\/\d\d\/\d{4} \d\d:\d\d \(hora de Argentina\)/);
    expect(ready[0].text).toContain('solo funciona si ingresás con tu propia cuenta');
    expect(ready[0].text).not.toMatch(/[?&](t|token)=/);

    // Someone else, an admin included, gets 404 with no hint; so does an unknown id.
    const admin = await createAccount(t, 'admin');
    for (const other of [employer, admin]) {
      const refused = await http(t).get(`/api/account/data-exports/${id}/file`).set(other.auth).expect(404);
      expectErrorShape(refused.body);
      expect(refused.body.error).toBe(DATA_EXPORT_MESSAGES.notFound);
      expect((await http(t).get('/api/account/data-exports').set(other.auth).expect(200)).body).toEqual([]);
    }
    await http(t).get('/api/account/data-exports/999999/file').set(worker.auth).expect(404);
    await http(t).get(`/api/account/data-exports/${id}/file`).expect(401);

    // A second run of the job changes nothing (idempotent): no second e-mail.
    expect(await t.app.get(DataExportBuilder).build(id)).toBe(false);
    expect(
      (
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1 AND subject = 'Tus datos están listos'`,
          [worker.email],
        )
      )[0].n,
    ).toBe(1);

    // After 24 hours: 410 with its message, and the list says expired.
    await later(24 * HOUR + 1000, async () => {
      const gone = await http(t).get(`/api/account/data-exports/${id}/file`).set(worker.auth).expect(410);
      expectErrorShape(gone.body);
      expect(gone.body).toEqual({
        error: 'El enlace venció. Pedí una nueva descarga desde Mi cuenta.',
        code: 'DATA_EXPORT_EXPIRED',
      });
      const [after] = (await http(t).get('/api/account/data-exports').set(worker.auth).expect(200)).body;
      expect(after).toEqual(expect.objectContaining({ id, expired: true, file_url: null }));
    });

    // The sweep: the expired file goes at once, the row 7 days after its expiry.
    const storage = t.app.get<symbol, ImageStorage>(EXPORT_STORAGE);
    const [{ storage_key: key }] = await t.dataSource.query('SELECT storage_key FROM data_exports WHERE id = $1', [id]);
    expect(await storage.get(key)).not.toBeNull();
    await later(25 * HOUR, async () => {
      await jobs().send(DATA_EXPORT_SWEEP_JOB, {});
      expect(await jobs().runDue(DATA_EXPORT_SWEEP_JOB)).toBe(1);
    });
    expect(await storage.get(key)).toBeNull();
    expect((await t.dataSource.query('SELECT id FROM data_exports WHERE id = $1', [id])).length).toBe(1);
    await later(8 * 24 * HOUR + HOUR, async () => {
      await jobs().send(DATA_EXPORT_SWEEP_JOB, {});
      expect(await jobs().runDue(DATA_EXPORT_SWEEP_JOB)).toBe(1);
    });
    expect((await t.dataSource.query('SELECT id FROM data_exports WHERE id = $1', [id])).length).toBe(0);
  });

  it('gives an employer their profile, offers, memberships and payments, and an admin their account only', async () => {
    const employer = await createAccount(t, 'Parent');
    const { body } = await request(employer).expect(201);
    await jobs().runDue(DATA_EXPORT_JOB);
    const entries = unzipSync(new Uint8Array((await download(employer, body.id).expect(200)).body));
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining(['perfil-empleador.json', 'ofertas.json', 'membresias-y-pagos.json']),
    );
    expect(Object.keys(entries)).not.toContain('perfil-trabajador.json');
    expect(JSON.parse(strFromU8(entries['membresias-y-pagos.json']!))).toEqual({ memberships: [], payments: [] });

    const admin = await createAccount(t, 'admin');
    const own = await request(admin).expect(201);
    await jobs().runDue(DATA_EXPORT_JOB);
    const adminEntries = unzipSync(new Uint8Array((await download(admin, own.body.id).expect(200)).body));
    expect(JSON.parse(strFromU8(adminEntries['cuenta.json']!))).toEqual(
      expect.objectContaining({ id: admin.userId, is_admin: true }),
    );
    expect(Object.keys(adminEntries)).not.toContain('perfil-empleador.json');
  });

  it('keeps one export in preparation and at most 3 a day, with Spanish 409 and 429', async () => {
    const worker = await createAccount(t, 'Worker');
    const first = await request(worker).expect(201);
    const again = await request(worker).expect(409);
    expectErrorShape(again.body);
    expect(again.body).toEqual({ error: DATA_EXPORT_MESSAGES.inProgress, code: 'DATA_EXPORT_IN_PROGRESS' });
    await jobs().runDue(DATA_EXPORT_JOB);
    await request(worker).expect(201);
    await jobs().runDue(DATA_EXPORT_JOB);
    await request(worker).expect(201);
    await jobs().runDue(DATA_EXPORT_JOB);
    const fourth = await request(worker).expect(429);
    expect(fourth.body).toEqual({ error: DATA_EXPORT_MESSAGES.limit, code: 'DATA_EXPORT_LIMIT' });
    expect((await http(t).get('/api/account/data-exports').set(worker.auth).expect(200)).body).toHaveLength(3);
    // A day after the first, one more.
    await later(24 * HOUR + 60_000, () => request(worker).expect(201));
    await jobs().runDue(DATA_EXPORT_JOB);
    expect(first.body.id).toEqual(expect.any(Number));
    await forget(worker);
  });

  it(bothEngines('keeps one export in preparation when ten are asked for at once'), async () => {
    const worker = await createAccount(t, 'Worker');
    const answers = await atOnce(10, () => request(worker));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 9 });
    expect(
      (await t.dataSource.query('SELECT count(*)::int AS n FROM data_exports WHERE user_id = $1', [worker.userId]))[0]
        .n,
    ).toBe(1);
    await jobs().runDue(DATA_EXPORT_JOB);
  });

  it('turns an export failed after its last attempt, so the person may ask again', async () => {
    const worker = await createAccount(t, 'Worker');
    // A request's row without its job, so that only this test's attempts run.
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO data_exports (user_id, storage_key) VALUES ($1, 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.zip') RETURNING id`,
      [worker.userId],
    );
    const builder = t.app.get(DataExportBuilder);
    const broken = jest.spyOn(builder, 'build').mockRejectedValue(new Error('storage down'));
    try {
      await expect(builder.handle({ exportId: id }, { retryCount: 0, retryLimit: 3 })).rejects.toThrow('storage down');
      await request(worker).expect(409);
      await expect(builder.handle({ exportId: id }, { retryCount: 3, retryLimit: 3 })).rejects.toThrow('storage down');
    } finally {
      broken.mockRestore();
    }
    const [row] = (await http(t).get('/api/account/data-exports').set(worker.auth).expect(200)).body;
    expect(row).toEqual(expect.objectContaining({ id, status: 'failed', file_url: null }));
    await http(t).get(`/api/account/data-exports/${id}/file`).set(worker.auth).expect(404);
    await request(worker).expect(201);
    await jobs().runDue(DATA_EXPORT_JOB);
  });
});
