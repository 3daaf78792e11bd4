import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_BUSY_MESSAGE, IMAGE_DECODE_QUEUE, ImageDecoder } from '../../server/src/modules/media/image-decoder';
import { createAccount, TestAccount } from '../support/accounts';
import { expectErrorShape, getBytes, http } from '../support/http';
import { zeroPng } from '../support/images';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

describe('profile images', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createAccount(t, 'Worker');
    other = await createAccount(t, 'Parent');
  });
  afterAll(() => t.close());

  const upload = (userId: number, file: Buffer, name = 'foto.jpg', auth = owner.auth) =>
    http(t).post(`/api/user/${userId}/profile-image/upload/`).set(auth).attach('image', file, name);

  /** The bytes of a stored photo, as served. */
  async function served(address: string): Promise<Buffer> {
    const res = await getBytes(t, address).expect(200);
    return res.body as Buffer;
  }

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

    const file = await getBytes(t, res.body.image);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(file.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect((file.body as Buffer).includes(Buffer.from('Persona Real'))).toBe(false);

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

  it('refuses a side over 12,000 px from the header, within the pixel limit (20,000 × 1,000)', async () => {
    const strip = zeroPng(20_000, 1_000);
    const res = await upload(owner.userId, strip, 'tira.png').expect(422);
    expect(res.body).toEqual({
      code: 'IMAGE_TOO_MANY_PIXELS',
      error: 'La imagen es demasiado grande en píxeles. Probá con una foto más chica.',
    });
  });

  it('answers 429 BUSY with a Retry-After while the decode queue is full', async () => {
    const decoder = t.app.get(ImageDecoder);
    let drain!: () => void;
    const gate = new Promise<void>((resolve) => (drain = resolve));
    const held: Promise<void>[] = [];
    while (decoder.load.waiting < IMAGE_DECODE_QUEUE) held.push(decoder.run(() => gate));
    const refused = await upload(owner.userId, await photoWithGps()).expect(429);
    expect(refused.body).toEqual({ code: 'BUSY', error: IMAGE_BUSY_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    drain();
    await Promise.all(held);
  });

  describe('HEIC photos (iPhones), decoded by libheif in WebAssembly', () => {
    // Real HEIC files made with heif-enc: see test/fixtures/README.md. Displayed upright, both are
    // 640 × 480: a yellow band on top, red left half, blue right half, a green square in the middle.
    const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures', name));
    const YELLOW = [240, 208, 32];
    const RED = [224, 32, 32];
    const BLUE = [32, 64, 224];
    const GREEN = [32, 192, 64];

    /** Uploads a HEIC and checks the stored JPEG: 512 px square, no metadata, upright colours. */
    async function expectStoredUpright(file: Buffer, name: string): Promise<Buffer> {
      const res = await upload(owner.userId, file, name).expect(201);
      expect(res.body.image).toMatch(/^\/api\/media\/profile-images\/[a-f0-9]{32}\.jpg$/);
      const jpeg = await served(res.body.image);
      const meta = await sharp(jpeg).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      // 480 px high scaled to 512 (× 16/15), the sides cropped by 85 px each: sample well inside each shape.
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * 512 + x) * info.channels, (y * 512 + x) * info.channels + 3),
      ];
      const near = (actual: number[], expected: number[]) =>
        expect(actual.every((value, i) => Math.abs(value - expected[i]) <= 40) ? expected : actual).toEqual(expected);
      near(pixel(256, 30), YELLOW); // the band on top
      near(pixel(40, 420), RED); // bottom left
      near(pixel(470, 420), BLUE); // bottom right
      near(pixel(256, 256), GREEN); // the middle
      expect((await served(res.body.image.replace('.jpg', '.webp'))).subarray(8, 12).toString('latin1')).toBe('WEBP');
      return jpeg;
    }

    it('stores an iPhone photo as the same 512 px JPEG as any other', async () => {
      const heic = fixture('photo.heic');
      expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
      await expectStoredUpright(heic, 'IMG_0001.HEIC');
      // Browsers that do not know .heic send no type: the server goes by the bytes all the same.
      await http(t)
        .post(`/api/user/${owner.userId}/profile-image/upload/`)
        .set(owner.auth)
        .attach('image', heic, { filename: 'IMG_0001.heic', contentType: 'application/octet-stream' })
        .expect(201);
    });

    it('turns a photo taken upright once, by its irot, and drops its EXIF', async () => {
      // Stored sideways with irot and EXIF orientation 6, as an iPhone does: applying both would turn it twice.
      const heic = fixture('photo-rotated.heic');
      expect(heic.includes(Buffer.from('iPhone de prueba'))).toBe(true);
      const jpeg = await expectStoredUpright(heic, 'IMG_0002.HEIC');
      expect(jpeg.includes(Buffer.from('iPhone de prueba'))).toBe(false);
    });

    it('answers a truncated or corrupt HEIC like any unreadable image, never with a 5xx', async () => {
      const heic = fixture('photo.heic');
      const mdat = heic.indexOf('mdat');
      const garbled = Buffer.from(heic);
      garbled.fill(0x5a, mdat + 40, heic.length - 10);
      for (const [bytes, label] of [
        [heic.subarray(0, Math.floor(heic.length * 0.6)), 'cut short'],
        [heic.subarray(0, mdat + 20), 'cut in the picture data'],
        [Buffer.concat([heic.subarray(0, 32), Buffer.alloc(400)]), 'only the header'],
        [Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(200)]), 'zeros'],
      ] as const) {
        const res = await upload(owner.userId, bytes, 'IMG_0003.HEIC');
        expect([label, res.status, res.body.code]).toEqual([label, 422, 'IMAGE_UNREADABLE']);
        expect(res.body.error).toBe('No pudimos leer esta imagen. Probá con otra foto JPG o PNG.');
        expectErrorShape(res.body);
      }
      // HEVC hides damage inside the picture data as a browser would: a blotchy photo, or a 422.
      expect([201, 422]).toContain((await upload(owner.userId, garbled, 'IMG_0004.HEIC')).status);
      await expectStoredUpright(heic, 'IMG_0005.HEIC'); // the decoder still works after them
    });

    it('refuses a HEIC that declares absurd dimensions before decoding it', async () => {
      // The picture's size lives in its 'ispe' property: 20000 × 20000 = 400 megapixels.
      const heic = Buffer.from(fixture('photo.heic'));
      const ispe = heic.indexOf('ispe');
      expect([heic.readUInt32BE(ispe + 8), heic.readUInt32BE(ispe + 12)]).toEqual([640, 480]);
      heic.writeUInt32BE(20_000, ispe + 8);
      heic.writeUInt32BE(20_000, ispe + 12);
      const res = await upload(owner.userId, heic, 'IMG_0006.HEIC').expect(422);
      expect(res.body).toEqual({
        code: 'IMAGE_TOO_MANY_PIXELS',
        error: 'La imagen es demasiado grande en píxeles. Probá con una foto más chica.',
      });
    });
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
