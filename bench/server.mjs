// Starts the built server on a throw-away embedded database for a benchmark, on loopback only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWhatIsMissing, ROOT, seedDemoIfConfigured } from '../scripts/lib.mjs';

const require = createRequire(import.meta.url);

/** A port nobody listens on now (a random one may be another server's, and measure the wrong one). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A fresh database `name` on the PostgreSQL server of BENCH_DATABASE_URL (default: the local
 * one), answered as its URL, or null when no server answers.
 */
export async function freshPostgres(name) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const { Client } = require('pg');
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startBenchServer(extraEnv = {}, { timeoutMs = 60_000 } = {}) {
  await buildWhatIsMissing();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cym-bench-'));
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-0123456789-0123456789-0123',
    ...extraEnv,
  };
  // SEED_DEMO=true: the demo data first, as `npm start` does.
  const seeded = await seedDemoIfConfigured(env);
  if (seeded !== 0) throw new Error(`the demo seed exited with ${seeded}`);
  const child = spawn(process.execPath, [...nodeArgs, 'server/dist/server/src/main.js'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  let exited = null;
  child.once('exit', (code) => (exited = code ?? 'signal'));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited !== null) throw new Error(`the server exited (${exited}) before answering on ${url}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > timeoutMs) throw new Error(`server did not start in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    startupMs: Date.now() - started,
    /** Stops the server, then removes its data folder (never under a live embedded database). */
    stop() {
      const exited = new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        setTimeout(resolve, 10_000).unref();
      });
      child.kill('SIGTERM');
      return exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
    },
  };
}
