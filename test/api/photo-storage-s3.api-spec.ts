import { COMMON_MESSAGES } from '@cym/common';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Clock } from '../../server/src/common/clock/clock';
import { IMAGE_STORAGE, type ImageStorage } from '../../server/src/modules/media/image-storage';
import { PhotoFilesSweep } from '../../server/src/modules/media/photo-files-sweep';
import { DocumentFilesSweep } from '../../server/src/modules/verifications/document-files-sweep';
import { DOCUMENT_STORAGE } from '../../server/src/modules/verifications/document-storage';
import { createAccount, TestAccount } from '../support/accounts';
import { expectErrorShape, getBytes, http } from '../support/http';
import { buildServerIfStale, launch } from '../support/processes';
import { TestS3Server } from '../support/s3';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const CACHE = 'public, max-age=31536000, immutable';
const PREFIX = 'fotos/';
const CLI = 'server/dist/server/src/cli/photos-to-s3.js';

const photo = () =>
  sharp({ create: { width: 700, height: 500, channels: 3, background: { r: 40, g: 130, b: 200 } } })
    .jpeg()
    .toBuffer();

/**
 * With S3_BUCKET, photos live in an S3-compatible bucket that every server process shares, still
 * served by the app at the same addresses. The bucket is s3rver, started here.
 */
describe('photos in an S3-compatible bucket', () => {
  const s3 = new TestS3Server();
  const folders: string[] = [];
  let a: TestApp;
  let b: TestApp;
  let owner: TestAccount;

  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cym-photos-'));
    folders.push(dir);
    return dir;
  };

  beforeAll(async () => {
    await s3.start();
    // Two processes on one database and one bucket, each with a data folder of its own.
    a = await startTestApp({ DATA_DIR: tempDir(), ...s3.settings(PREFIX) });
    b = await startTestApp({ DATA_DIR: tempDir(), ...s3.settings(PREFIX) }, { databaseUrl: a.databaseUrl });
    owner = await createAccount(a, 'Worker');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3.close();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const upload = async () => {
    const res = await http(a)
      .post(`/api/user/${owner.userId}/profile-image/upload/`)
      .set(owner.auth)
      .attach('image', await photo(), 'foto.jpg')
      .expect(201);
    return res.body.image as string;
  };
  const nameOf = (address: string) => address.split('/').pop()!;

  it('stores an upload in the bucket, and another process serves it with a year of caching', async () => {
    const address = await upload();
    expect(address).toMatch(/^\/api\/media\/profile-images\/[a-f0-9]{32}\.jpg$/);
    const name = nameOf(address);

    for (const [key, type] of [
      [name, 'image/jpeg'],
      [name.replace('.jpg', '.webp'), 'image/webp'],
    ]) {
      const object = await s3.head(`${PREFIX}${key}`);
      expect(object).toMatchObject({ ContentType: type, CacheControl: CACHE });
    }
    expect(existsSync(join(a.config.database.dataDir, 'uploads', name))).toBe(false);

    const fromB = await getBytes(b, address).expect(200);
    expect(fromB.headers['content-type']).toBe('image/jpeg');
    expect(fromB.headers['cache-control']).toBe(CACHE);
    expect(await sharp(fromB.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    const fromA = await getBytes(a, address).expect(200);
    expect((fromA.body as Buffer).equals(fromB.body as Buffer)).toBe(true);

    const webp = await getBytes(b, address.replace('.jpg', '.webp')).expect(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe(CACHE);
  });

  it('answers 404 for a name the bucket does not hold, as the folder does', async () => {
    const res = await http(b)
      .get(`/api/media/profile-images/${'0'.repeat(32)}.jpg`)
      .expect(404);
    expectErrorShape(res.body);
    expect(res.body.code).toBe('NOT_FOUND');
    await http(b).get('/api/media/profile-images/no-es-un-nombre.jpg').expect(404);
  });

  it('removes both objects when the photo is replaced or deleted', async () => {
    const first = await upload();
    const second = await upload();
    expect(await s3.head(`${PREFIX}${nameOf(first)}`)).toBeNull();
    expect(await s3.head(`${PREFIX}${nameOf(first).replace('.jpg', '.webp')}`)).toBeNull();
    await http(b).get(first).expect(404);

    await http(a).delete(`/api/user/${owner.userId}/profile-image/delete/`).set(owner.auth).expect(204);
    expect(await s3.head(`${PREFIX}${nameOf(second)}`)).toBeNull();
    expect(await s3.head(`${PREFIX}${nameOf(second).replace('.jpg', '.webp')}`)).toBeNull();
    await http(b).get(second).expect(404);
    const get = await http(b).get(`/api/user/${owner.userId}/profile-image/get/`).expect(200);
    expect(get.body).toEqual({ image: null });
  });

  it('npm run photos:to-s3 copies DATA_DIR/uploads into the bucket, again without duplicates, and deletes only when asked', async () => {
    buildServerIfStale([
      'src/cli/photos-to-s3.ts',
      'src/modules/media/s3-image-storage.ts',
      'src/modules/media/image-storage.ts',
      'src/config/app-config.ts',
    ]);
    const dataDir = tempDir();
    const uploads = join(dataDir, 'uploads');
    mkdirSync(uploads);
    const jpeg = await sharp(await photo())
      .resize(512, 512)
      .jpeg()
      .toBuffer();
    const names = ['a', 'b', 'c'].map((digit) => `${digit.repeat(32)}.jpg`);
    for (const name of names) writeFileSync(join(uploads, name), jpeg);
    writeFileSync(join(uploads, `${'a'.repeat(32)}.webp`), await sharp(jpeg).webp().toBuffer());
    writeFileSync(join(uploads, 'notas.txt'), 'no es una foto');
    const run = async (...args: string[]) => {
      const cli = launch(CLI, args, { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...s3.settings(PREFIX) });
      const { code } = await cli.exit;
      return { code, output: cli.output() };
    };

    const first = await run();
    expect(first.code).toBe(0);
    expect(first.output).toContain(
      'Subidas: 4. Ya estaban en el bucket: 0. Con error: 0. Ignorados (no son fotos): 1.',
    );
    expect(first.output).toContain('Los archivos locales quedan en');
    expect(readdirSync(uploads)).toHaveLength(5);
    expect(await s3.head(`${PREFIX}${names[0]}`)).toMatchObject({ ContentType: 'image/jpeg', CacheControl: CACHE });
    expect(await s3.head(`${PREFIX}${'a'.repeat(32)}.webp`)).toMatchObject({ ContentType: 'image/webp' });
    // The addresses stay the same: the app serves the moved files from the bucket.
    const moved = await getBytes(b, `/api/media/profile-images/${names[1]}`).expect(200);
    expect((moved.body as Buffer).equals(jpeg)).toBe(true);

    const again = await run();
    expect(again.code).toBe(0);
    expect(again.output).toContain('Subidas: 0. Ya estaban en el bucket: 4. Con error: 0.');

    const deleting = await run('--delete-local');
    expect(deleting.code).toBe(0);
    expect(deleting.output).toContain('Subidas: 0. Ya estaban en el bucket: 4.');
    expect(deleting.output).toContain('Archivos locales borrados: 4.');
    expect(readdirSync(uploads)).toEqual(['notas.txt']);
    await getBytes(b, `/api/media/profile-images/${names[2]}`).expect(200);

    const wrong = await run('--borrar');
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('Uso: npm run photos:to-s3');
  });

  it('the daily sweeps delete objects no row points at once an hour old, each in its own prefix', async () => {
    const kept = nameOf(await upload());
    const photos = a.app.get<ImageStorage>(IMAGE_STORAGE);
    const orphan = 'e'.repeat(32);
    await photos.put(`${orphan}.jpg`, await photo());
    await photos.put(`${orphan}.webp`, await photo());
    const document = `${'d'.repeat(32)}.pdf`; // no row points at it either
    await a.app.get<ImageStorage>(DOCUMENT_STORAGE).put(document, Buffer.from('%PDF-1.4'));
    const present = async (key: string) => (await s3.head(key)) !== null;

    expect(await a.app.get(PhotoFilesSweep).sweep()).toBe(0); // all written just now
    const clock = jest.spyOn(a.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 2 * 3_600_000));
    try {
      await a.app.get(PhotoFilesSweep).sweep();
      expect(await present(`${PREFIX}${orphan}.jpg`)).toBe(false);
      expect(await present(`${PREFIX}${orphan}.webp`)).toBe(false);
      expect(await present(`${PREFIX}${kept}`)).toBe(true);
      expect(await present(`${PREFIX}${kept.replace('.jpg', '.webp')}`)).toBe(true);
      // Under the photos' prefix but one level down: the photos' sweep never lists it.
      expect(await present(`${PREFIX}private-documents/${document}`)).toBe(true);
      expect(await a.app.get(DocumentFilesSweep).sweep()).toBe(1);
      expect(await present(`${PREFIX}private-documents/${document}`)).toBe(false);
    } finally {
      clock.mockRestore();
    }
    await getBytes(b, `/api/media/profile-images/${kept}`).expect(200);
  });

  it('answers 503 in the error shape, not 500, while the bucket cannot be reached', async () => {
    const address = await upload();
    await s3.stop();

    const read = await http(b).get(address).expect(503);
    expectErrorShape(read.body);
    expect(read.body).toEqual({ code: 'SERVICE_UNAVAILABLE', error: COMMON_MESSAGES.unavailable });
    expect(read.headers['cache-control']).not.toBe(CACHE);

    const write = await http(a)
      .post(`/api/user/${owner.userId}/profile-image/upload/`)
      .set(owner.auth)
      .attach('image', await photo(), 'foto.jpg')
      .expect(503);
    expect(write.body).toEqual({ code: 'SERVICE_UNAVAILABLE', error: COMMON_MESSAGES.unavailable });
    // The failed upload left the photo as it was.
    const get = await http(a).get(`/api/user/${owner.userId}/profile-image/get/`).expect(200);
    expect(get.body).toEqual({ image: address });
  });
});
