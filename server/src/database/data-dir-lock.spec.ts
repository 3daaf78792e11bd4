import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModuleKind, ScriptTarget, transpileModule } from 'typescript';
import { DataDirLock, DataDirLockedError, LockHolder, ProcessProbe, systemProbe } from './data-dir-lock';

describe('DataDirLock', () => {
  let root: string;
  let folder: string;
  let lockFile: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cym-lock-'));
    folder = join(root, 'pg');
    lockFile = `${folder}.lock`;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const holderFile = () => JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder;
  const writeHolder = (holder: Partial<LockHolder>) =>
    writeFileSync(
      lockFile,
      JSON.stringify({
        pid: 1,
        hostname: systemProbe.hostname(),
        bootId: systemProbe.bootId(),
        startedAt: '2026-01-01T00:00:00.000Z',
        command: 'server/dist/server/src/main.js',
        token: 'theirs',
        ...holder,
      }),
    );
  const refusal = (probe?: ProcessProbe): DataDirLockedError => {
    try {
      DataDirLock.acquire(folder, probe).release();
    } catch (error) {
      if (error instanceof DataDirLockedError) return error;
      throw error;
    }
    throw new Error('the lock was taken');
  };
  /** A process that stays alive until killed. */
  const startIdle = async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    return child;
  };

  it('takes a free folder, records this process, writes nothing in the folder, and releases', () => {
    const lock = DataDirLock.acquire(folder);
    expect(holderFile()).toEqual(
      expect.objectContaining({ pid: process.pid, hostname: systemProbe.hostname(), token: lock.holder.token }),
    );
    expect(existsSync(folder)).toBe(false);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    expect(() => lock.release()).not.toThrow();
    DataDirLock.acquire(folder).release();
  });

  it('refuses while a live process holds the folder, naming its PID, and leaves its lock alone', async () => {
    const child = await startIdle();
    try {
      const pid = child.pid as number;
      writeHolder({ pid, startTicks: systemProbe.startTicks(pid) });
      const before = readFileSync(lockFile, 'utf8');
      const error = refusal();
      expect(error.holder.pid).toBe(pid);
      expect(error.where).toBe('local');
      expect(error.message).toContain(`abierta por el proceso ${pid}`);
      expect(error.message).toContain(folder);
      expect(error.message).toContain('DATABASE_URL');
      expect(readFileSync(lockFile, 'utf8')).toBe(before);
      expect(existsSync(folder)).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that was killed', async () => {
    const child = await startIdle();
    const pid = child.pid as number;
    writeHolder({ pid, startTicks: systemProbe.startTicks(pid) });
    expect(refusal().holder.pid).toBe(pid);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const lock = DataDirLock.acquire(folder);
    expect(holderFile()).toEqual(expect.objectContaining({ pid: process.pid, token: lock.holder.token }));
    lock.release();
  });

  it('takes over when the PID now belongs to another process, or the machine has restarted since', () => {
    const alive = { ...systemProbe, alive: () => true };
    writeHolder({ pid: 4242, startTicks: '1000' });
    expect(refusal({ ...alive, startTicks: () => '1000' }).holder.pid).toBe(4242);
    DataDirLock.acquire(folder, { ...alive, startTicks: () => '2000' }).release();

    writeHolder({ pid: 4242, bootId: 'an-earlier-boot' });
    DataDirLock.acquire(folder, { ...alive, bootId: () => 'this-boot' }).release();
  });

  it('takes over a lock with its own PID that it does not hold (PID 1 in a restarted container)', () => {
    writeHolder({ pid: process.pid, token: 'an-earlier-run' });
    const lock = DataDirLock.acquire(folder);
    expect(holderFile().token).toBe(lock.holder.token);
    lock.release();
  });

  it('never takes over a lock from another host, whose PIDs cannot be checked', () => {
    writeHolder({ pid: 4242, hostname: 'otra-maquina' });
    const error = refusal({ ...systemProbe, alive: () => false });
    expect(error.where).toBe('remote');
    expect(error.message).toContain('4242');
    expect(error.message).toContain('otra-maquina');
    expect(error.message).toContain(lockFile);
  });

  it('does not let one process open a folder twice', () => {
    const lock = DataDirLock.acquire(folder);
    try {
      expect(refusal().holder.pid).toBe(process.pid);
    } finally {
      lock.release();
    }
  });

  it('on release leaves a lock file that is no longer its own', () => {
    const lock = DataDirLock.acquire(folder);
    writeHolder({ pid: 4242, token: 'someone-else' });
    lock.release();
    expect(holderFile().token).toBe('someone-else');
  });

  it('lets exactly one of several processes racing for a stale lock take it over', async () => {
    const source = readFileSync(join(__dirname, 'data-dir-lock.ts'), 'utf8');
    const compiled = transpileModule(source, {
      compilerOptions: { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022 },
    });
    writeFileSync(join(root, 'lock.js'), compiled.outputText);
    // Barriers, not timings (a loaded CI machine starts node processes seconds apart): each racer
    // says it is ready and waits for 'go', so they all race at one instant; the winner holds the
    // lock until every racer has told its outcome, so that none of them finds the folder free again.
    const barrier = join(root, 'barrier');
    mkdirSync(barrier);
    const racer = `
      const fs = require('node:fs');
      const path = require('node:path');
      const { DataDirLock } = require(${JSON.stringify(join(root, 'lock.js'))});
      const barrier = ${JSON.stringify(barrier)};
      const count = (prefix) => fs.readdirSync(barrier).filter((name) => name.startsWith(prefix)).length;
      const pause = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      fs.writeFileSync(path.join(barrier, 'ready-' + process.pid), '');
      while (!fs.existsSync(path.join(barrier, 'go'))) pause();
      let outcome;
      let lock;
      try { lock = DataDirLock.acquire(${JSON.stringify(folder)}); outcome = 'took'; }
      catch (error) { outcome = error.name === 'DataDirLockedError' ? 'refused' : String(error); }
      fs.writeFileSync(path.join(barrier, 'told-' + process.pid), '');
      if (lock) { const until = Date.now() + 60000; while (count('told-') < 6 && Date.now() < until) pause(); lock.release(); }
      console.log(outcome);`;
    writeHolder({ pid: 4_000_000, token: 'dead' }); // above any pid_max: a process that is gone
    const running = Array.from(
      { length: 6 },
      () =>
        new Promise<string>((resolve, reject) =>
          execFile(process.execPath, ['-e', racer], (error, stdout) =>
            error ? reject(error) : resolve(stdout.trim()),
          ),
        ),
    );
    await eventuallyReady(barrier, 6);
    writeFileSync(join(barrier, 'go'), '');
    const outcomes = await Promise.all(running);
    expect(outcomes.sort()).toEqual(['refused', 'refused', 'refused', 'refused', 'refused', 'took']);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('treats an unreadable lock file as stale once it is more than a moment old', () => {
    writeFileSync(lockFile, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile, old, old);
    DataDirLock.acquire(folder).release();
  });
});

/** Waits until `count` racers have written their ready mark into `barrier`. */
async function eventuallyReady(barrier: string, count: number): Promise<void> {
  const until = Date.now() + 60_000;
  while (readdirSync(barrier).filter((name) => name.startsWith('ready-')).length < count) {
    if (Date.now() > until) throw new Error('the racers did not start within a minute');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
