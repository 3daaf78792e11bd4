import sharp from 'sharp';
import { createAccount, TestAccount } from '../support/accounts';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

describe('profile images', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    t = await startTestApp({ BCRYPT_COST: '4' });
    owner = await createAccount(t, 'Worker');
    other = await createAccount(t, 'Parent');
  });
  afterAll(() => t.close());

  const upload = (userId: number, file: Buffer, name = 'foto.jpg', auth = owner.auth) =>
    http(t).post(`/api/user/${userId}/profile-image/upload/`).set(auth).attach('image', file, name);

  async function photoWithGps(): Promise<Buffer> {
    return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 80 } } })
      .withExif({
        IFD0: { Make: 'Telefono', Model: 'Prueba', Copyright: 'Persona Real' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '34/1 36/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '58/1 22/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
  }

  it('re-encodes to a 512 px square JPEG and WebP with no metadata, and serves it with long caching', async () => {
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(owner.userId, original).expect(201);
    expect(res.body.image).toMatch(/^\/api\/media\/profile-images\/[a-f0-9]{32}\.jpg$/);

    const served = await http(t)
      .get(res.body.image)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect((served.body as Buffer).includes(Buffer.from('Persona Real'))).toBe(false);

    const webp = await http(t).get(res.body.image.replace('.jpg', '.webp')).expect(200);
    expect(webp.headers['content-type']).toBe('image/webp');

    const get = await http(t).get(`/api/user/${owner.userId}/profile-image/get/`).expect(200);
    expect(get.body).toEqual({ image: res.body.image });
  });

  it('replaces the old files on a new upload and deletes them on delete', async () => {
    const first = (await upload(owner.userId, await photoWithGps()).expect(201)).body.image as string;
    const png = await sharp({ create: { width: 300, height: 800, channels: 4, background: '#336699' } })
      .png()
      .toBuffer();
    const second = (await upload(owner.userId, png, 'otra.png').expect(201)).body.image as string;
    expect(second).not.toBe(first);
    await http(t).get(first).expect(404);
    await http(t).delete(`/api/user/${owner.userId}/profile-image/delete/`).set(owner.auth).expect(204);
    await http(t).get(second).expect(404);
    expect((await http(t).get(`/api/user/${owner.userId}/profile-image/get/`).expect(200)).body).toEqual({
      image: null,
    });
  });

  it('refuses a text file named .jpg, an SVG and an empty request', async () => {
    for (const [content, name] of [
      [Buffer.from('Esto no es una imagen, aunque se llame foto.jpg'), 'foto.jpg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'foto.svg'],
    ] as const) {
      const res = await upload(owner.userId, content, name).expect(415);
      expectErrorShape(res.body);
    }
    const empty = await http(t)
      .post(`/api/user/${owner.userId}/profile-image/upload/`)
      .set(owner.auth)
      .send({})
      .expect(400);
    expectErrorShape(empty.body);
  });

  it('refuses files over 1 MB, and a 20 MB body from its header', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1024 * 1024 + 10)]);
    expect((await upload(owner.userId, big).expect(413)).body.error).toBe('Máximo 1 MB permitido');
    const huge = await upload(owner.userId, Buffer.alloc(20 * 1024 * 1024)).expect(413);
    expectErrorShape(huge.body);
  });

  it('refuses a decompression bomb and a corrupt image without a 5xx', async () => {
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(owner.userId, bomb, 'bomba.png').expect(422);
    expect(res.body.code).toBe('IMAGE_TOO_MANY_PIXELS');
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('basura'.repeat(100))]);
    expect((await upload(owner.userId, corrupt).expect(422)).body.code).toBe('IMAGE_UNREADABLE');
  });

  it('answers a HEIC photo sharp cannot decode with a Spanish 415', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(200)]);
    const res = await upload(owner.userId, heic, 'IMG_0001.HEIC').expect(415);
    expect(res.body.code).toBe('HEIC_NOT_SUPPORTED');
  });

  it('lets nobody else change or delete the photo', async () => {
    await upload(owner.userId, await photoWithGps(), 'foto.jpg', other.auth).expect(403);
    await http(t).delete(`/api/user/${owner.userId}/profile-image/delete/`).set(other.auth).expect(403);
    await http(t)
      .post(`/api/user/${owner.userId}/profile-image/upload/`)
      .attach('image', Buffer.from('x'), 'x.jpg')
      .expect(401);
    await http(t).get('/api/media/profile-images/..%2F..%2Fjwt-secret').expect(404);
    await http(t).get('/api/user/abc/profile-image/get/').expect(404);
  });
});
