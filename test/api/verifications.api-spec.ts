import { addMonths, argentinaToday, VERIFICATION_MESSAGES } from '@cym/common';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Clock } from '../../server/src/common/clock/clock';
import { seedDemo } from '../../seed/src/demo-seed';
import { DOCUMENT_STORAGE } from '../../server/src/modules/verifications/document-storage';
import type { ImageStorage } from '../../server/src/modules/media/image-storage';
import { IMAGE_BUSY_MESSAGE, IMAGE_DECODE_QUEUE, ImageDecoder } from '../../server/src/modules/media/image-decoder';
import { IMAGE_MESSAGES } from '../../server/src/modules/media/media.errors';
import { JobQueue } from '../../server/src/modules/jobs/job-queue';
import { DOCUMENT_FILES_SWEEP_JOB } from '../../server/src/modules/verifications/document-files-sweep';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { VerificationReminders } from '../../server/src/modules/verifications/verification-reminders';
import { createAccount, visibleWorker, type TestAccount } from '../support/accounts';
import { auditRows, lastAuditId } from '../support/admin';
import { addOffer, catalogIds, insertMembership, type CatalogIds } from '../support/employer';
import { expectErrorShape, getBytes, http } from '../support/http';
import { zeroPng } from '../support/images';
import { garbagePdf, hostilePdfs, pagesPdf, passwordPdf, pdfSkeleton, readPdf } from '../support/pdfs';
import { atOnce, statusCounts } from '../support/race';
import { useTestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(120_000);

interface Outbox {
  to_address: string;
  subject: string;
  text: string;
}

/** A plain generated card, never a real document; with EXIF and GPS to be dropped. */
async function cardPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 760, channels: 3, background: { r: 180, g: 200, b: 230 } } })
    .withExif({
      IFD0: { Make: 'Telefono', Model: 'Prueba', Copyright: 'Persona Real' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '34/1 36/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '58/1 22/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

/** Names of active content: none may be left anywhere in a stored PDF. */
const ACTIVE =
  /\/(JS|JavaScript|Launch|EmbeddedFiles?|OpenAction|AA|Names|AcroForm|URI|RichMedia|XFA)\b|#[0-9A-Fa-f]{2}/;

/**
 * A stored PDF is a new file of `pages` pictures: PDFium reads in it one image per page and
 * nothing else (no script, attachment, annotation or page action), and its own text, streams'
 * dictionaries and drawings included (the JPEGs' bytes left out), names no active content.
 */
async function expectDisarmed(stored: Buffer, sent: Buffer, pages: number): Promise<void> {
  expect(stored.equals(sent)).toBe(false);
  expect(await readPdf(stored)).toEqual({
    error: null,
    pages,
    objects: Array.from({ length: pages }, () => [3]),
    annotations: Array.from({ length: pages }, () => 0),
    pageActions: Array.from({ length: pages }, () => false),
    javascript: 0,
    attachments: 0,
    security: -1,
  });
  const { text, streams } = pdfSkeleton(stored);
  expect(text).not.toMatch(ACTIVE);
  expect(streams).toHaveLength(pages * 2);
  for (const dict of streams)
    expect(dict).toMatch(/^\/Type \/XObject \/Subtype \/Image .*\/Filter \/DCTDecode \/Length \d+$|^\/Length \d+$/);
}

describe('verified documents', () => {
  // A data folder of its own: the stored-files sweep lists and deletes in it. Parallel uploads
  // race for real on PostgreSQL only with several connections.
  const dataDir = mkdtempSync(join(tmpdir(), 'cym-documents-'));
  const t = useTestApp({ DATA_DIR: dataDir }, { poolSize: 10 });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let ids: CatalogIds;
  let admin: TestAccount;

  beforeAll(async () => {
    ids = await catalogIds(t);
    admin = await createAccount(t, 'admin');
  });

  afterEach(() => jest.restoreAllMocks());

  const mails = (to: string): Promise<Outbox[]> =>
    t.dataSource.query('SELECT to_address, subject, text FROM email_outbox WHERE to_address = $1 ORDER BY id', [to]);

  function upload(account: TestAccount, kind: string, bytes: Buffer, filename = 'dni.jpg') {
    return http(t).post(`/api/verifications/mine/${kind}`).set(account.auth).attach('file', bytes, filename);
  }

  async function listedWorker(): Promise<TestAccount> {
    const worker = await visibleWorker(t);
    await t.dataSource.query('UPDATE worker_profiles SET province_id = $2, municipality_id = $3 WHERE id = $1', [
      worker.profileId,
      ids.province,
      ids.municipalities[0],
    ]);
    return worker;
  }

  async function approvedDni(worker: TestAccount): Promise<number> {
    const up = await upload(worker, 'dni', await cardPhoto()).expect(200);
    await http(t).post(`/api/admin/verifications/${up.body.id}/approve`).set(admin.auth).send({}).expect(200);
    return up.body.id;
  }

  async function card(workerProfileId: number, query = '') {
    const res = await http(t).get(`/api/workers/?page_size=100${query}`).expect(200);
    return (res.body.results as { id: number; verified: { identity: boolean; background: boolean } }[]).find(
      (c) => c.id === workerProfileId,
    );
  }

  it('re-encodes an image without its EXIF and lets only the owner and admins read it', async () => {
    const owner = await createAccount(t, 'Worker');
    const other = await createAccount(t, 'Worker');
    const employer = await createAccount(t, 'Parent');
    const res = await upload(owner, 'dni', await cardPhoto()).expect(200);
    expect(res.body).toMatchObject({ kind: 'dni', status: 'pending', content_type: 'image/jpeg', badge: null });
    const address = res.body.file_url as string;
    expect(address).toBe(`/api/verifications/documents/${res.body.id}/file`);

    const mine = await getBytes(t, address).set(owner.auth);
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-disposition']).toMatch(/^inline; filename="dni-\d+\.jpg"$/);
    const meta = await sharp(mine.body as Buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect((mine.body as Buffer).includes(Buffer.from('Persona Real'))).toBe(false);

    expect((await getBytes(t, address).set(admin.auth)).status).toBe(200);
    for (const stranger of [other, employer]) {
      const denied = await http(t).get(address).set(stranger.auth).expect(404);
      expectErrorShape(denied.body);
    }
    await http(t).get(address).expect(401);

    // Never under the public photo route, whatever the name.
    const [{ storage_key: key }] = await t.dataSource.query(
      'SELECT storage_key FROM verification_documents WHERE id = $1',
      [res.body.id],
    );
    await http(t).get(`/api/media/profile-images/${key}`).expect(404);

    const listed = await http(t).get('/api/verifications/mine').set(owner.auth).expect(200);
    expect(listed.body).toHaveLength(1);
    expect((await http(t).get('/api/verifications/mine').set(other.auth).expect(200)).body).toEqual([]);
  });

  it("writes down every admin opening of someone's document; the owner sees when", async () => {
    const owner = await createAccount(t, 'Worker');
    const up = await upload(owner, 'dni', await cardPhoto()).expect(200);
    expect(up.body).toMatchObject({ reviewed_at: null, viewed_at: null });
    const before = await lastAuditId(t);

    // The owner's own openings are not an admin's: nothing is written.
    await getBytes(t, up.body.file_url).set(owner.auth).expect(200);
    expect(await auditRows(t, before)).toEqual([]);

    await getBytes(t, up.body.file_url).set(admin.auth).expect(200);
    await getBytes(t, up.body.file_url).set(admin.auth).expect(200);
    const rows = await auditRows(t, before);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor_id: admin.userId,
      action: 'verification.view',
      target_type: 'user',
      target_id: owner.userId,
      after: { document_id: up.body.id, kind: 'dni', status: 'pending' },
    });

    // Listed in /admin/audit with its Spanish name, found by the owner's e-mail.
    const audit = await http(t)
      .get('/api/admin/audit-log/get-all')
      .query({ action: 'verification.view', person: owner.email })
      .set(admin.auth)
      .expect(200);
    expect(audit.body.count).toBe(2);
    expect(audit.body.results[0]).toMatchObject({ action: 'verification.view', action_display: 'Documento abierto' });

    const [mine] = (await http(t).get('/api/verifications/mine').set(owner.auth).expect(200)).body;
    // The app's clock and the database's (the audit row's default) agree within the request.
    expect(Math.abs(Date.parse(mine.viewed_at) - new Date(rows[1]!.created_at).getTime())).toBeLessThan(5_000);
    expect(mine.reviewed_at).toBeNull();
  });

  it('refuses files too big or of the wrong type; a PDF is stored as a new one, drawn', async () => {
    const owner = await createAccount(t, 'Worker');
    const big = await upload(owner, 'background_check', Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'a.pdf').expect(413);
    expect(big.body).toMatchObject({ code: 'DOCUMENT_TOO_LARGE', error: VERIFICATION_MESSAGES.tooLarge });
    const text = await upload(owner, 'dni', Buffer.from('hola, no soy una foto'), 'a.txt').expect(415);
    expect(text.body.code).toBe('DOCUMENT_TYPE');
    const clean = pagesPdf(2);
    const turns = jest.spyOn(t.app.get(ImageDecoder), 'run');
    const ok = await upload(owner, 'background_check', clean, 'c.pdf').expect(200);
    expect(turns).toHaveBeenCalledTimes(1); // drawn in a turn of the decode queue
    expect(ok.body.content_type).toBe('application/pdf');
    const file = await getBytes(t, ok.body.file_url).set(owner.auth);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="certificado-antecedentes-\d+\.pdf"$/);
    expect(ok.body.size_bytes).toBe((file.body as Buffer).length);
    await expectDisarmed(file.body as Buffer, clean, 2);
    // Employers verify their DNI only.
    const employer = await createAccount(t, 'Parent');
    const refused = await upload(employer, 'background_check', clean, 'c.pdf').expect(403);
    expect(refused.body.code).toBe('DOCUMENT_KIND_NOT_ALLOWED');
    await upload(owner, 'passport', clean, 'c.pdf').expect(404);
  });

  describe('a PDF is never kept as sent: its pages are drawn into a new file', () => {
    it.each(Object.entries(hostilePdfs()))('%s: the stored file has none of it', async (_attack, sent) => {
      const owner = await createAccount(t, 'Worker');
      const res = await upload(owner, 'background_check', sent, 'c.pdf').expect(200);
      expect(res.body.content_type).toBe('application/pdf');
      const file = await getBytes(t, res.body.file_url).set(owner.auth).expect(200);
      await expectDisarmed(file.body as Buffer, sent, 1);
    });

    it.each([
      ['needs a password', passwordPdf(), 'DOCUMENT_PASSWORD', VERIFICATION_MESSAGES.passwordPdf],
      ['has 11 pages', pagesPdf(11), 'DOCUMENT_TOO_MANY_PAGES', VERIFICATION_MESSAGES.tooManyPagesPdf],
      ['is noise after %PDF-', garbagePdf(), 'DOCUMENT_UNREADABLE', VERIFICATION_MESSAGES.unreadablePdf],
      ['has no page', pagesPdf(0), 'DOCUMENT_UNREADABLE', VERIFICATION_MESSAGES.unreadablePdf],
      ['is cut short', pagesPdf(1).subarray(0, 60), 'DOCUMENT_UNREADABLE', VERIFICATION_MESSAGES.unreadablePdf],
    ])('refuses a PDF that %s, in Spanish, and keeps nothing', async (_case, sent, code, message) => {
      const owner = await createAccount(t, 'Worker');
      const res = await upload(owner, 'background_check', sent, 'c.pdf').expect(422);
      expectErrorShape(res.body);
      expect(res.body).toMatchObject({ code, error: message });
      const [{ n }] = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM verification_documents WHERE user_id = $1',
        [owner.userId],
      );
      expect(n).toBe(0);
    });
  });

  it('one current document per kind: a new upload replaces the pending one and its file', async () => {
    const owner = await createAccount(t, 'Worker');
    const first = await upload(owner, 'dni', await cardPhoto()).expect(200);
    const second = await upload(owner, 'dni', await cardPhoto()).expect(200);
    expect(second.body.id).not.toBe(first.body.id);
    await http(t).get(first.body.file_url).set(owner.auth).expect(404);
    const [{ n }] = await t.dataSource.query(
      'SELECT count(*)::int AS n FROM verification_documents WHERE user_id = $1',
      [owner.userId],
    );
    expect(n).toBe(1);
  });

  it('the admin approves with an audit row and an e-mail; the badge shows on cards and the profile', async () => {
    const worker = await listedWorker();
    expect((await card(worker.profileId!))?.verified).toEqual({ identity: false, background: false });
    const up = await upload(worker, 'dni', await cardPhoto()).expect(200);

    const queue = await http(t).get('/api/admin/verifications').set(admin.auth).expect(200);
    const pending = (queue.body as { id: number; status: string }[]).filter((d) => d.status === 'pending');
    expect(pending.map((d) => d.id)).toContain(up.body.id);
    await http(t).get('/api/admin/verifications').set(worker.auth).expect(403);

    const approved = await http(t)
      .post(`/api/admin/verifications/${up.body.id}/approve`)
      .set(admin.auth)
      .send({})
      .expect(200);
    expect(approved.body.status).toBe('approved');
    const [audit] = await t.dataSource.query(
      `SELECT action, target_id, after FROM admin_audit_log WHERE action = 'verification.approve' AND target_id = $1`,
      [worker.userId],
    );
    expect(audit.after).toMatchObject({ document_id: up.body.id, status: 'approved' });
    const [mail] = await mails(worker.email);
    expect(mail.subject).toBe('Aprobamos tu DNI (frente)');
    expect(mail.text).toContain('Identidad verificada');

    expect((await card(worker.profileId!))?.verified).toEqual({ identity: true, background: false });
    const badges = await http(t).get(`/api/verifications/workers/${worker.profileId}/badges`).expect(200);
    expect(badges.body).toEqual({ identity: true, background: false, background_until: null });
    // An employer's saved card (/guardados) tells the same.
    const employer = await createAccount(t, 'Parent');
    await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).set(employer.auth).expect(204);
    const saved = await http(t).get('/api/shortlist/workers/').set(employer.auth).expect(200);
    expect(saved.body[0].card.verified).toEqual({ identity: true, background: false });
    const again = await http(t).post(`/api/admin/verifications/${up.body.id}/approve`).set(admin.auth).send({});
    expect(again.status).toBe(409);
  });

  it('rejects with a reason (5–300 characters), e-mailed with how to upload again', async () => {
    const worker = await createAccount(t, 'Worker');
    const up = await upload(worker, 'dni', await cardPhoto()).expect(200);
    const short = await http(t)
      .post(`/api/admin/verifications/${up.body.id}/reject`)
      .set(admin.auth)
      .send({ reason: 'no' })
      .expect(400);
    expect(short.body.errors.reason).toEqual([VERIFICATION_MESSAGES.reasonLength]);
    await http(t)
      .post(`/api/admin/verifications/${up.body.id}/reject`)
      .set(admin.auth)
      .send({ reason: 'x'.repeat(301) })
      .expect(400);
    await http(t)
      .post(`/api/admin/verifications/${up.body.id}/reject`)
      .set(admin.auth)
      .send({ reason: 'La foto está borrosa' })
      .expect(200);
    const mine = await http(t).get('/api/verifications/mine').set(worker.auth).expect(200);
    expect(mine.body[0]).toMatchObject({ status: 'rejected', rejection_reason: 'La foto está borrosa' });
    const [mail] = await mails(worker.email);
    expect(mail.subject).toBe('No pudimos aprobar tu DNI (frente)');
    expect(mail.text).toContain('La foto está borrosa');
    expect(mail.text).toContain('Verificación');
    const [audit] = await t.dataSource.query(
      `SELECT after FROM admin_audit_log WHERE action = 'verification.reject' AND target_id = $1`,
      [worker.userId],
    );
    expect(audit.after).toMatchObject({ reason: 'La foto está borrosa' });
  });

  it('a certificate needs its issue date; its badge ends by itself after 12 months; one reminder a month before', async () => {
    const worker = await listedWorker();
    const up = await upload(worker, 'background_check', pagesPdf(1), 'c.pdf').expect(200);
    const approve = (body: object) =>
      http(t).post(`/api/admin/verifications/${up.body.id}/approve`).set(admin.auth).send(body);
    const today = argentinaToday(new Date());
    expect((await approve({}).expect(400)).body.errors.issued_on).toEqual([VERIFICATION_MESSAGES.issuedRequired]);
    expect((await approve({ issued_on: addMonths(today, 1) }).expect(400)).body.errors.issued_on).toEqual([
      VERIFICATION_MESSAGES.issuedFuture,
    ]);
    expect((await approve({ issued_on: addMonths(today, -13) }).expect(400)).body.errors.issued_on).toEqual([
      VERIFICATION_MESSAGES.issuedTooOld,
    ]);
    const issued = addMonths(today, -2);
    const expires = addMonths(issued, 12);
    const done = await approve({ issued_on: issued }).expect(200);
    expect(done.body).toMatchObject({ issued_on: issued, expires_on: expires });
    const [mail] = await mails(worker.email);
    expect(mail.text).toContain('Antecedentes verificados');
    expect(mail.text).toContain(expires.split('-').reverse().join('/'));

    expect((await card(worker.profileId!))?.verified.background).toBe(true);
    const reminders = t.app.get(VerificationReminders);
    const clock = jest.spyOn(t.app.get(Clock), 'now');
    const at = (iso: string) => new Date(`${iso}T15:00:00Z`);

    // Two months before expiry: no reminder yet.
    clock.mockReturnValue(at(addMonths(expires, -2)));
    expect(await reminders.sendDue()).toBe(0);
    // A little less than a month before: one reminder, once.
    clock.mockReturnValue(at(addMonths(expires, -1)));
    await reminders.sendDue();
    const sent = (await mails(worker.email)).filter((m) => m.subject.includes('vence en un mes'));
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(expires.split('-').reverse().join('/'));
    await reminders.sendDue();
    expect((await mails(worker.email)).filter((m) => m.subject.includes('vence en un mes'))).toHaveLength(1);

    // The day of expiry the badge is gone from the card and the profile, with no write.
    clock.mockReturnValue(at(expires));
    const badges = await http(t).get(`/api/verifications/workers/${worker.profileId}/badges`).expect(200);
    expect(badges.body.background).toBe(false);
    const mine = await http(t).get('/api/verifications/mine').set(worker.auth).expect(200);
    expect(mine.body[0]).toMatchObject({ status: 'approved', expired: true, badge: null });
    // The directory keeps answers DIRECTORY_CACHE_SECONDS: read it past that.
    clock.mockReturnValue(at(addMonths(expires, 0)));
    t.app.get(DirectoryCache).invalidate();
    expect((await card(worker.profileId!))?.verified.background).toBe(false);
  });

  it("'Solo verificados' filters both directories; deleting the DNI takes the badge away", async () => {
    const plain = await listedWorker();
    const verified = await listedWorker();
    await approvedDni(verified);
    const only = (await http(t).get('/api/workers/?verified=1&page_size=100').expect(200)).body.results as {
      id: number;
    }[];
    expect(only.map((c) => c.id)).toContain(verified.profileId);
    expect(only.map((c) => c.id)).not.toContain(plain.profileId);
    // verified=0 (or anything but 1) is no filter.
    const all = (await http(t).get('/api/workers/?verified=0&page_size=100').expect(200)).body.results as {
      id: number;
    }[];
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining([plain.profileId, verified.profileId]));

    // Offers: an employer with an approved DNI, or the team's.
    const trusted = await createAccount(t, 'Parent');
    const unknown = await createAccount(t, 'Parent');
    for (const employer of [trusted, unknown]) await insertMembership(t, employer.profileId!);
    const trustedOffer = await addOffer(t, trusted, ids);
    const unknownOffer = await addOffer(t, unknown, ids);
    await approvedDni(trusted);
    const [team] = await t.dataSource.query(
      `INSERT INTO job_offers (title, description, status, neighborhood, province_id, municipality_id, monthly_price)
       VALUES ('Oferta del equipo', 'Una oferta publicada por el equipo del sitio.', true, 'Centro', $1, $2, 500000) RETURNING id`,
      [ids.province, ids.municipalities[0]],
    );
    const offers = (await http(t).get('/api/job-offers/?verified=1&page_size=100').expect(200)).body.results as {
      id: number;
      parent_profile: { identity_verified: boolean } | null;
    }[];
    const offerIds = offers.map((o) => o.id);
    expect(offerIds).toEqual(expect.arrayContaining([trustedOffer.id, team.id]));
    expect(offerIds).not.toContain(unknownOffer.id);
    expect(offers.find((o) => o.id === trustedOffer.id)?.parent_profile?.identity_verified).toBe(true);

    // Delete: the bytes and the badge go.
    const [doc] = await http(t)
      .get('/api/verifications/mine')
      .set(verified.auth)
      .then((r) => r.body as { file_url: string }[]);
    await http(t).delete('/api/verifications/mine/dni').set(verified.auth).expect(204);
    await http(t).get(doc.file_url).set(admin.auth).expect(404);
    expect((await card(verified.profileId!))?.verified.identity).toBe(false);
    const after = (await http(t).get('/api/workers/?verified=1&page_size=100').expect(200)).body.results as {
      id: number;
    }[];
    expect(after.map((c) => c.id)).not.toContain(verified.profileId);
    await http(t).delete('/api/verifications/mine/dni').set(verified.auth).expect(404);
  });

  describe('uploads under load', () => {
    const documentsFolder = () => join(dataDir, 'private-documents');
    const storedFiles = () => (existsSync(documentsFolder()) ? readdirSync(documentsFolder()) : []);

    it('refuses a 77 KB PNG of 1 × 40,000,000 pixels from its header, taking no turn to decode', async () => {
      const owner = await createAccount(t, 'Worker');
      const strip = zeroPng(1, 40_000_000);
      expect(strip.length).toBeLessThan(80_000);
      const turns = jest.spyOn(t.app.get(ImageDecoder), 'run');
      const res = await upload(owner, 'dni', strip, 'dni.png').expect(422);
      expect(res.body).toEqual({ code: 'IMAGE_TOO_MANY_PIXELS', error: IMAGE_MESSAGES.tooManyPixels });
      expect(turns).not.toHaveBeenCalled();
    });

    it('answers 429 BUSY with a Retry-After while the decode queue is full, and decodes once it drains', async () => {
      const owner = await createAccount(t, 'Worker');
      const decoder = t.app.get(ImageDecoder);
      let drain!: () => void;
      const gate = new Promise<void>((resolve) => (drain = resolve));
      const held: Promise<void>[] = [];
      while (decoder.load.waiting < IMAGE_DECODE_QUEUE) held.push(decoder.run(() => gate));
      const refused = await upload(owner, 'dni', await cardPhoto()).expect(429);
      expect(refused.body).toEqual({ code: 'BUSY', error: IMAGE_BUSY_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      drain();
      await Promise.all(held);
      await upload(owner, 'dni', await cardPhoto()).expect(200);
    });

    it(bothEngines('eight parallel uploads of one kind: no 5xx, one document, one stored file'), async () => {
      const owner = await createAccount(t, 'Worker');
      const before = new Set(storedFiles());
      const photo = await cardPhoto();
      const answers = await atOnce(8, () => upload(owner, 'dni', photo));
      expect(statusCounts(answers)).toEqual({ 200: 8 });
      const rows: { storage_key: string }[] = await t.dataSource.query(
        'SELECT storage_key FROM verification_documents WHERE user_id = $1',
        [owner.userId],
      );
      expect(rows).toHaveLength(1);
      expect(storedFiles().filter((name) => !before.has(name))).toEqual([rows[0].storage_key]);
    });

    it('the daily sweep deletes stored files no row points at once they are an hour old', async () => {
      const owner = await createAccount(t, 'Worker');
      const kept = await upload(owner, 'dni', await cardPhoto()).expect(200);
      const [{ storage_key: referenced }] = await t.dataSource.query(
        'SELECT storage_key FROM verification_documents WHERE id = $1',
        [kept.body.id],
      );
      const storage = t.app.get<ImageStorage>(DOCUMENT_STORAGE);
      const orphan = `${randomBytes(16).toString('hex')}.jpg`;
      const fresh = `${randomBytes(16).toString('hex')}.pdf`;
      for (const name of [orphan, fresh, 'notas.txt']) await storage.put(name, Buffer.from('sin fila'));
      // Written two hours ago: all but `fresh` (an upload that may be about to write its row).
      const old = new Date(Date.now() - 2 * 3_600_000);
      for (const name of [referenced, orphan, 'notas.txt']) utimesSync(join(documentsFolder(), name), old, old);

      const jobs = t.app.get(JobQueue);
      await jobs.send(DOCUMENT_FILES_SWEEP_JOB, {});
      expect(await jobs.runDue(DOCUMENT_FILES_SWEEP_JOB)).toBe(1);
      const left = storedFiles();
      expect(left).not.toContain(orphan);
      expect(left).toEqual(expect.arrayContaining([referenced, fresh, 'notas.txt']));
      await getBytes(t, kept.body.file_url).set(owner.auth).expect(200);
    });
  });

  it('demo data: the demo worker and some listed workers verified, one DNI waiting, files readable', async () => {
    await seedDemo(t.dataSource, {
      workers: 24,
      employers: 4,
      seed: 5,
      documents: t.app.get<ImageStorage>(DOCUMENT_STORAGE),
    });
    const [demo] = await t.dataSource.query(
      `SELECT d.status, d.kind, w.id AS profile_id FROM verification_documents d JOIN users u ON u.id = d.user_id
         JOIN worker_profiles w ON w.user_id = u.id WHERE u.email = 'trabajadora@demo.casaymanos.ar'`,
    );
    expect(demo).toMatchObject({ status: 'approved', kind: 'dni' });
    const badges = await http(t).get(`/api/verifications/workers/${demo.profile_id}/badges`).expect(200);
    expect(badges.body.identity).toBe(true);
    const queue = (await http(t).get('/api/admin/verifications').set(admin.auth).expect(200)).body as {
      status: string;
      file_url: string;
      content_type: string;
    }[];
    const waiting = queue.find((d) => d.status === 'pending')!;
    expect(waiting).toBeDefined();
    const file = await getBytes(t, waiting.file_url).set(admin.auth);
    expect(file.status).toBe(200);
    expect((await sharp(file.body as Buffer).metadata()).format).toBe('jpeg');
    const [{ certificates }] = await t.dataSource.query(
      `SELECT count(*)::int AS certificates FROM verification_documents WHERE kind = 'background_check' AND status = 'approved' AND expires_on > now()`,
    );
    expect(certificates).toBeGreaterThan(0);
  });
});
