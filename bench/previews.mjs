// Preview images under a crawl: a login's time while 50 link-preview images are asked for at once.
// Drawing a card (/preview/{kind}/{id}.png, sharp) is 80–150 ms of CPU with no login needed, so a
// crawler (or anyone) asking for many pages' previews at once held the CPU and libuv's threads,
// which bcrypt needs too; and any directory write forgot every drawn image, so the next crawl drew
// them all again. This starts the built server on the embedded database with the demo data
// (BCRYPT_COST 12 as in production, DIRECTORY_CACHE_SECONDS as default), takes the public pages
// from /sitemap.xml and measures POST /api/token/ (a demo account, right password):
//   - alone, LOGINS times one after the other (median);
//   - ROUNDS times: 50 parallel previews of pages never asked for, with one login sent at the
//     same moment; then the crawler asks again for what was refused (503), after its Retry-After,
//     until it has every image;
//   - after a write to one worker's profile (their introduction, through the API): the first
//     round's 50 previews again, with a login;
//   - the same 50 with the ETags they were answered with (If-None-Match), with a login.
// Prints per phase the login's time, the previews' answers by status and the time to the last.
// BENCH_DATABASE_URL is not used: the embedded database is the one the issue measured on.
// Loopback only; stops by itself (about two minutes, most of it seeding the demo data).
import http from 'node:http';
import { startBenchServer } from './server.mjs';

const PARALLEL = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LOGINS = 7;
const ACCOUNT = 'empleador@demo.casaymanos.ar';
const WORKER = 'trabajadora@demo.casaymanos.ar';
const PASSWORD = 'demo1234';

const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL + 8 });

/** One request: status, headers, body (text) and milliseconds to the last byte. */
function send(base, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(new URL(path, base), { method, agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      response.on('error', () => resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started }));
    });
    request.on('error', () => resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started }));
    request.end(body);
  });
}

function login(base, username = ACCOUNT) {
  const body = JSON.stringify({ username, password: PASSWORD });
  return send(base, {
    method: 'POST',
    path: '/api/token/',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function byStatus(answers) {
  const counts = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return JSON.stringify(counts);
}

/** The 50 previews at once, with a login sent at the same moment; `etags` sends If-None-Match. */
async function crawl(base, pages, etags) {
  const started = performance.now();
  const previews = Promise.all(
    pages.map((path) => send(base, { path, headers: etags?.get(path) ? { 'if-none-match': etags.get(path) } : {} })),
  );
  const signedIn = await login(base);
  if (signedIn.status !== 200) throw new Error(`the login answered ${signedIn.status}: ${signedIn.body}`);
  const answers = await previews;
  return { login: signedIn.ms, answers, lastMs: performance.now() - started };
}

/** A crawler that honours Retry-After: asks again for the refused ones until every image came. */
async function comeBack(base, pages, first) {
  const started = performance.now();
  const etags = new Map();
  let pending = [];
  pages.forEach((path, i) => {
    if (first[i].status === 200) etags.set(path, first[i].headers.etag);
    else pending.push({ path, wait: Number(first[i].headers['retry-after'] ?? 1) });
  });
  let asks = 0;
  while (pending.length) {
    await sleep(Math.max(...pending.map((p) => p.wait)) * 1000);
    const answers = await Promise.all(pending.map(({ path }) => send(base, { path })));
    asks += pending.length;
    const next = [];
    answers.forEach((answer, i) => {
      if (answer.status === 200) etags.set(pending[i].path, answer.headers.etag);
      else if (answer.status === 503)
        next.push({ path: pending[i].path, wait: Number(answer.headers['retry-after'] ?? 1) });
      else throw new Error(`${pending[i].path} answered ${answer.status}`);
    });
    pending = next;
  }
  return { etags, asks, ms: performance.now() - started };
}

function row(phase, result) {
  console.log(
    `${phase.padEnd(36)} login ${seconds(result.login).padStart(7)}   previews ${byStatus(result.answers).padEnd(22)} last answer ${seconds(result.lastMs)}`,
  );
}

const server = await startBenchServer({ SEED_DEMO: 'true', LOG_LEVEL: 'error' }, { timeoutMs: 180_000 });
try {
  const sitemap = (await send(server.url, { path: '/sitemap.xml' })).body;
  const pages = [...sitemap.matchAll(/\/(worker-profile|job-offer)\/(\d+)<\/loc>/g)].map(
    ([, kind, id]) => `/preview/${kind}/${id}.png`,
  );
  const rounds = Math.min(ROUNDS, Math.floor(pages.length / PARALLEL));
  if (rounds < 1) throw new Error(`only ${pages.length} public pages in the demo data`);
  console.log(
    `${pages.length} public pages with a preview; ${PARALLEL} previews at once, ${rounds} rounds of pages never asked for`,
  );

  // Warm up (JIT, the pool, sharp's first drawing on a page outside the rounds when there is one).
  for (let i = 0; i < 3; i += 1) await login(server.url);
  if (pages.length > rounds * PARALLEL) await send(server.url, { path: pages.at(-1) });
  const alone = [];
  for (let i = 0; i < LOGINS; i += 1) alone.push((await login(server.url)).ms);
  console.log(`${'alone'.padEnd(36)} login ${seconds(median(alone)).padStart(7)}   (median of ${LOGINS})`);

  let etags;
  const cold = [];
  for (let round = 0; round < rounds; round += 1) {
    const set = pages.slice(round * PARALLEL, (round + 1) * PARALLEL);
    const result = await crawl(server.url, set, null);
    row(`${PARALLEL} new pages (round ${round + 1})`, result);
    cold.push(result.login);
    const back = await comeBack(server.url, set, result.answers);
    if (back.asks)
      console.log(`${''.padEnd(36)} the crawler came back ${back.asks} times: every image in ${seconds(back.ms)}`);
    if (round === 0) etags = back.etags;
    await sleep(500);
  }

  // A directory write: one worker changes their introduction (not drawn on any card).
  const token = JSON.parse((await login(server.url, WORKER)).body).access;
  const auth = { authorization: `Bearer ${token}` };
  const me = JSON.parse((await send(server.url, { path: '/api/user/get-data/', headers: auth })).body);
  const body = JSON.stringify({ introduction: `Hola, soy de la zona. (${Date.now()})` });
  const write = await send(server.url, {
    method: 'PUT',
    path: `/api/worker-profile/${me.profile_id}/introduction/update`,
    headers: { ...auth, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    body,
  });
  if (write.status !== 200) throw new Error(`the profile write answered ${write.status}: ${write.body}`);
  const first = pages.slice(0, PARALLEL);
  const afterWrite = await crawl(server.url, first, null);
  row(`round 1's pages after a write`, afterWrite);
  await comeBack(server.url, first, afterWrite.answers);
  await sleep(500);
  const revalidated = await crawl(server.url, first, etags);
  row(`round 1's pages with If-None-Match`, revalidated);

  console.log(
    `\nlogin alone ${seconds(median(alone))}; during ${PARALLEL} new previews ${cold.map(seconds).join(', ')}; ` +
      `after a write ${seconds(afterWrite.login)}; revalidating ${seconds(revalidated.login)}`,
  );
} finally {
  agent.destroy();
  await server.stop();
}
