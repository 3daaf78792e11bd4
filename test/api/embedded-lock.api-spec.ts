import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedPostgres } from '../../server/src/database/embedded-postgres';
import * as processes from '../support/processes';
import { buildSeedIfStale, buildServerIfStale, freePort, Launched, SERVER_MAIN as MAIN } from '../support/processes';

jest.setTimeout(90_000);

/**
 * One process per embedded data folder. Real processes (the built server/dist, and the seed's
 * CLI from seed/dist) on one DATA_DIR: a second server and the CLIs are refused at once naming
 * the holder, a kill -9 leaves a stale lock that the next start takes over, and the data is intact.
 */
const ADMIN = { email: 'equipo@ejemplo.com', password: 'segura123' };

describe('one process per embedded data folder', () => {
  let dataDir: string;
  let lockFile: string;
  const launched: Launched[] = [];

  beforeAll(() => {
    buildServerIfStale([
      'src/main.ts',
      'src/cli/create-admin.ts',
      'src/database/database.ts',
      'src/database/data-dir-lock.ts',
      'src/database/embedded-postgres.ts',
      'src/database/close-on-shutdown.ts',
    ]);
    buildSeedIfStale(['src/seed-demo.ts']);
    dataDir = mkdtempSync(join(tmpdir(), 'cym-embedded-lock-'));
    lockFile = join(dataDir, 'pg.lock');
  }, 240_000);

  afterAll(async () => {
    for (const each of launched)
      if (each.child.exitCode === null && each.child.signalCode === null) each.child.kill('SIGKILL');
    await Promise.all(launched.map((each) => each.exit));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every process of this suite runs on the one data folder. */
  const env = (extra: Record<string, string> = {}) => ({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'embedded-lock-secret-0123456789-0123456789-abcdef',
    ...extra,
  });
  const launch = (script: string, args: string[], extra: Record<string, string> = {}): Launched => {
    const result = processes.launch(script, args, env(extra));
    launched.push(result);
    return result;
  };
  const startServer = async (extra: Record<string, string> = {}) => {
    const server = await processes.startServer(env(extra));
    launched.push(server);
    return server;
  };

  const holderPid = () => (JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number }).pid;

  let first: Launched & { url: string };
  let lockWhileFirst: string;

  it('the first server takes the folder and stores a contact message and its admin', async () => {
    first = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    expect(holderPid()).toBe(first.pid);
    lockWhileFirst = readFileSync(lockFile, 'utf8');
    const res = await fetch(`${first.url}/api/contact-form/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana', email: 'ana@ejemplo.com', message: 'Escrito antes del kill -9.' }),
    });
    expect(res.status).toBe(201);
  });

  it('a second server on the same DATA_DIR exits at once, naming the holder, and the first keeps serving', async () => {
    const started = Date.now();
    const second = launch(MAIN, [], { PORT: String(await freePort()) });
    const { code } = await second.exit;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(second.output()).toContain(`La base de datos embebida en ${join(dataDir, 'pg')}`);
    expect(second.output()).toContain(`abierta por el proceso ${first.pid}`);
    expect(second.output()).not.toContain('listening');
    expect(readFileSync(lockFile, 'utf8')).toBe(lockWhileFirst);
    expect((await fetch(`${first.url}/api/health`)).ok).toBe(true);
  });

  it.each([
    ['create-admin', 'server/dist/server/src/cli/create-admin.js', ['otra@ejemplo.com', 'segura123']],
    ['seed:demo', 'seed/dist/seed-demo.js', []],
  ])('%s is refused the same way, pointing at DATABASE_URL', async (_name, script, args) => {
    const cli = launch(script, args);
    const { code } = await cli.exit;
    expect(code).toBe(1);
    expect(cli.output()).toContain(`abierta por el proceso ${first.pid}`);
    expect(cli.output()).toContain('DATABASE_URL');
    expect(readFileSync(lockFile, 'utf8')).toBe(lockWhileFirst);
  });

  let third: Launched & { url: string };

  it('after a kill -9 of the holder the next server takes over its stale lock and finds the data', async () => {
    first.child.kill('SIGKILL');
    expect(await first.exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(holderPid()).toBe(first.pid);

    third = await startServer();
    expect(holderPid()).toBe(third.pid);
    const login = await fetch(`${third.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
  });

  it('SIGTERM closes the database and releases the folder; exactly what the first server wrote is there', async () => {
    third.child.kill('SIGTERM');
    // Ended by the signal raised again once the database was closed (not by the close's time limit).
    expect(await third.exit).toEqual({ code: null, signal: 'SIGTERM' });
    expect(third.output()).not.toContain('Closing the database failed');
    expect(existsSync(lockFile)).toBe(false);
    const db = await EmbeddedPostgres.start({ dataDir: join(dataDir, 'pg') });
    try {
      const messages = await db.db.query('SELECT email, message FROM contact_messages');
      expect(messages.rows).toEqual([{ email: 'ana@ejemplo.com', message: 'Escrito antes del kill -9.' }]);
      // Neither refused CLI wrote anything: no second admin, no demo accounts.
      const users = await db.db.query('SELECT email, is_admin FROM users');
      expect(users.rows).toEqual([{ email: ADMIN.email, is_admin: true }]);
    } finally {
      await db.stop();
    }
    expect(existsSync(lockFile)).toBe(false);
  });
});
