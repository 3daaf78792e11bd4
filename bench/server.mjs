// Starts the built server on a throw-away embedded database for a benchmark, on loopback only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWhatIsMissing, ROOT } from '../scripts/lib.mjs';

export async function startBenchServer(extraEnv = {}) {
  await buildWhatIsMissing();
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = mkdtempSync(join(tmpdir(), 'cym-bench-'));
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'server/dist/src/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      JWT_SECRET: 'bench-secret-0123456789-0123456789-0123',
      ...extraEnv,
    },
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
    if (Date.now() - started > 60_000) throw new Error('server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
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
