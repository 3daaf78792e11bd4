// Image uploads must not starve logins. sharp decodes on libuv's thread pool, which bcrypt shares:
// a 77 KB PNG of 1 × 40,000,000 pixels cost seconds of decoding each, and four at once held every
// thread, so a login waited behind them. This starts the built server on the demo data
// (BCRYPT_COST=12), logs four demo workers in, and then, ROUNDS times per phase, sends four
// document uploads (/api/verifications/mine/dni) at once and, 500 ms later, one login, timing the
// login to its last byte:
//   - alone (no upload), the baseline;
//   - during four uploads of that hostile PNG (refused from its header: 422);
//   - during four uploads of a legitimate large photo (a 6000 × 4000 JPEG, 24 MP, decoded and
//     re-encoded through the bounded decode queue: 200, or 429 BUSY past the queue).
// The login timed is the demo employer's. Prints its times and what the uploads answered. Each
// worker uploads at most 2 × ROUNDS times, under the 10 an hour the route allows. Runs on the
// local PostgreSQL (BENCH_DATABASE_URL), where it reads four demo workers' e-mails (all demo
// accounts share one password; the admin's login asks for a second factor). Loopback only; stops
// by itself (about a minute with the limits, several without them).
import http from 'node:http';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { freshPostgres, startBenchServer } from './server.mjs';

const require = createRequire(import.meta.url);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'cym_bench_image_flood';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const UPLOADS = 4;
const PASSWORD = 'demo1234';
const TIMED = 'empleador@demo.casaymanos.ar';

/** A PNG of `width` × `height` grey pixels, all zero: tiny once deflated, huge once decoded. */
function zeroPng(width, height) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  const rows = deflateSync(Buffer.alloc(height * (width + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A smooth 6000 × 4000 photo (noise blown up): 24 MP, a few MB, as a phone's camera makes. */
async function largeJpeg() {
  const small = await sharp({
    create: { width: 600, height: 400, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(6000, 4000).jpeg({ quality: 80 }).toBuffer();
}

/** One request: status and milliseconds to the last byte. */
function send(base, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(new URL(path, base), { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    });
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    request.end(body);
  });
}

function login(base, username) {
  const body = JSON.stringify({ username, password: PASSWORD });
  return send(base, {
    method: 'POST',
    path: '/api/token/',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
  });
}

function upload(base, token, file, filename) {
  const boundary = `----cym${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return send(base, {
    method: 'POST',
    path: '/api/verifications/mine/dni',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
    },
    body,
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (ms) => `${Math.round(ms)}`.padStart(6);

/** Four demo workers' e-mails, read from the bench's database. */
async function workerEmails(databaseUrl) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT email FROM users WHERE profile_type = 'Worker' AND is_active AND email_verified_at IS NOT NULL
         AND deleted_at IS NULL ORDER BY id LIMIT $1`,
      [UPLOADS],
    );
    return rows.map((r) => r.email);
  } finally {
    await client.end();
  }
}

async function measure(database, databaseUrl, files) {
  const server = await startBenchServer(
    { SEED_DEMO: 'true', BCRYPT_COST: '12', LOG_LEVEL: 'error', DATABASE_URL: databaseUrl },
    { timeoutMs: 120_000 },
  );
  try {
    const emails = await workerEmails(databaseUrl);
    if (emails.length < UPLOADS) throw new Error(`only ${emails.length} demo workers`);
    for (let i = 0; i < 3; i += 1) await login(server.url, TIMED); // warm up

    for (const { label, file, filename } of [{ label: 'alone' }, ...files]) {
      // Fresh sessions for each phase (a slow phase outlives an access token).
      const tokens = [];
      if (file) for (const email of emails) tokens.push(JSON.parse((await login(server.url, email)).body).access);
      const logins = [];
      const answers = {};
      let uploadMax = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const uploads = file ? tokens.map((token) => upload(server.url, token, file, filename)) : [];
        await sleep(500); // the uploads are in, decoding
        const answer = await login(server.url, TIMED);
        if (answer.status !== 200) throw new Error(`login answered ${answer.status}`);
        logins.push(answer.ms);
        for (const result of await Promise.all(uploads)) {
          answers[result.status] = (answers[result.status] ?? 0) + 1;
          uploadMax = Math.max(uploadMax, result.ms);
        }
        await sleep(500);
      }
      logins.sort((a, b) => a - b);
      console.log(
        `${database.padEnd(10)} ${label.padEnd(32)} ${fmt(logins[Math.floor(logins.length / 2)])} ${fmt(logins.at(-1))}` +
          (file ? `   ${JSON.stringify(answers)}, slowest ${Math.round(uploadMax)} ms` : ''),
      );
    }
  } finally {
    await server.stop();
  }
}

const hostile = zeroPng(1, 40_000_000);
const photo = await largeJpeg();
const files = [
  { label: `4 × PNG 1 × 40,000,000 (${Math.round(hostile.length / 1024)} KB)`, file: hostile, filename: 'dni.png' },
  { label: `4 × JPEG 6000 × 4000 (${(photo.length / 1048576).toFixed(1)} MB)`, file: photo, filename: 'dni.jpg' },
];
console.log(`A login (bcrypt cost 12) sent 500 ms after ${UPLOADS} parallel document uploads; ${ROUNDS} rounds; ms`);
console.log('database   uploads                          login p50    max   uploads answered');
const postgres = await freshPostgres(DATABASE);
if (postgres) await measure('PostgreSQL', postgres, files);
else console.log(`No PostgreSQL at ${ADMIN_URL}: this bench needs one (it reads demo workers' e-mails).`);
