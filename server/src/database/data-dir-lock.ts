import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';

/**
 * One process at a time on an embedded data folder.
 *
 * PGlite is a single-user PostgreSQL: it takes no lock of its own, so a second process opening the
 * same folder writes WAL and pg_control over the first one's (lost rows, then "PANIC: could not
 * locate a valid checkpoint record"). Before PGlite opens `<folder>`, `<folder>.lock` is created
 * atomically (written aside, then hard-linked into place, so it is never seen half written) with
 * the holder's PID, host, boot id and start time. A second process finds it and refuses, naming the
 * holder, unless the holder is gone: its PID no longer exists, or it now belongs to another process
 * (a different start time in /proc, or a different boot), or it is our own PID (a container's PID 1
 * after a restart). A lock from another host is never taken over: its PID means nothing here.
 *
 * Why not an mtime lease (proper-lockfile): a holder whose event loop is blocked for longer than the
 * lease (PGlite runs in the main thread; a long migration) would lose its lock to a second writer,
 * which is the very corruption this prevents; a restart after a kill -9 would have to wait out the
 * lease; and the refusal could not name the holder's PID.
 */

/** What the lock file says about the process holding the folder. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** Linux: the kernel's boot id (/proc/sys/kernel/random/boot_id). */
  bootId?: string;
  /** Linux: the holder's start, in clock ticks after boot (/proc/<pid>/stat, field 22). */
  startTicks?: string;
  startedAt: string;
  /** The script it runs; never its arguments (create-admin takes a password). */
  command: string;
  /** Unique per acquisition: a process removes only its own lock. */
  token: string;
}

/** How the lock sees processes; tests replace parts of it. */
export interface ProcessProbe {
  hostname(): string;
  bootId(): string | undefined;
  startTicks(pid: number): string | undefined;
  /** True when a process with this PID exists (ours or another user's). */
  alive(pid: number): boolean;
}

export const systemProbe: ProcessProbe = {
  hostname: () => hostname(),
  bootId: () => readOptional('/proc/sys/kernel/random/boot_id'),
  startTicks: (pid) => {
    const stat = readOptional(`/proc/${pid}/stat`);
    // After the command name, which is in parentheses and may hold spaces: state is field 3,
    // starttime field 22.
    return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  },
  alive: (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
};

export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly holder: LockHolder,
    /** 'remote': held from another host, whose processes cannot be checked from here. */
    readonly where: 'local' | 'remote',
  ) {
    const since = `${holder.command}, desde ${holder.startedAt}`;
    super(
      where === 'local'
        ? `La base de datos embebida en ${folder} está abierta por el proceso ${holder.pid} (${since}). ` +
            'Un solo proceso puede abrirla a la vez: detené ese proceso y volvé a intentar (para create-admin ' +
            'o seed:demo, detené el servidor), o usá DATABASE_URL (un servidor PostgreSQL) para varios procesos.'
        : `La base de datos embebida en ${folder} está abierta por el proceso ${holder.pid} de otra máquina ` +
            `(${holder.hostname}; ${since}), que no se puede comprobar desde aquí. Si ese proceso ya terminó, ` +
            `borrá ${lockFile} y volvé a intentar; para varios procesos usá DATABASE_URL (un servidor PostgreSQL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

type LockFileState = { kind: 'missing' } | { kind: 'unreadable'; ageMs: number } | { kind: 'held'; holder: LockHolder };

/** A takeover (read, unlink, link) takes milliseconds; a takeover mark older than this was left by a crash. */
const TAKEOVER_STALE_MS = 10_000;
/** A lock file is written before it is linked into place; an unreadable one is given this long. */
const UNREADABLE_GRACE_MS = 2_000;

export class DataDirLock {
  /** Locks this process holds, so that it does not open one folder twice either. */
  private static readonly held = new Map<string, DataDirLock>();

  private released = false;
  private readonly releaseAtExit = () => this.release();

  private constructor(
    readonly folder: string,
    readonly file: string,
    readonly holder: LockHolder,
  ) {}

  /** Takes the folder's lock, or throws DataDirLockedError naming the live holder. Creates nothing in the folder. */
  static acquire(folder: string, probe: ProcessProbe = systemProbe): DataDirLock {
    folder = resolve(folder);
    const file = `${folder}.lock`;
    const own = DataDirLock.held.get(file);
    if (own) throw new DataDirLockedError(folder, file, own.holder, 'local');
    mkdirSync(dirname(file), { recursive: true });
    const me: LockHolder = {
      pid: process.pid,
      hostname: probe.hostname(),
      bootId: probe.bootId(),
      startTicks: probe.startTicks(process.pid),
      startedAt: new Date().toISOString(),
      command: process.argv[1] ?? process.argv0,
      token: randomBytes(12).toString('hex'),
    };
    const deadline = Date.now() + 5_000;
    while (!createLockFile(file, me)) {
      const state = readLockFile(file);
      if (state.kind === 'held') {
        const judged = judge(state.holder, probe);
        if (judged !== 'gone') throw new DataDirLockedError(folder, file, state.holder, judged);
      }
      const stale = state.kind === 'held' || (state.kind === 'unreadable' && state.ageMs > UNREADABLE_GRACE_MS);
      if (stale && takeOver(file, state, me)) break;
      if (Date.now() > deadline) throw new Error(`No se pudo tomar el bloqueo ${file}: otro proceso lo está tomando.`);
      sleep(25);
    }
    const lock = new DataDirLock(folder, file, me);
    DataDirLock.held.set(file, lock);
    // process.exit() (a CLI's end, a failed start-up) skips every close: the lock goes anyway.
    process.on('exit', lock.releaseAtExit);
    return lock;
  }

  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void {
    if (this.released) return;
    this.released = true;
    DataDirLock.held.delete(this.file);
    process.off('exit', this.releaseAtExit);
    const state = readLockFile(this.file);
    if (state.kind === 'held' && state.holder.token === this.holder.token) unlinkQuietly(this.file);
  }
}

/**
 * 'gone' when the recorded holder can no longer be running; 'remote' when it ran on another host,
 * whose PIDs cannot be checked from here.
 */
export function judge(holder: LockHolder, probe: ProcessProbe = systemProbe): 'local' | 'remote' | 'gone' {
  if (holder.hostname !== probe.hostname()) return 'remote';
  const bootId = probe.bootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return 'gone';
  // Our own PID, yet not among our locks: an earlier process that had the same PID (PID 1 in a container).
  if (holder.pid === process.pid) return 'gone';
  if (!probe.alive(holder.pid)) return 'gone';
  if (holder.startTicks) {
    const startTicks = probe.startTicks(holder.pid);
    if (startTicks !== undefined && startTicks !== holder.startTicks) return 'gone'; // the PID was reused
  }
  return 'local';
}

/** Creates the lock file with its whole content at once; false when one exists. */
function createLockFile(file: string, holder: LockHolder): boolean {
  const content = `${JSON.stringify(holder, null, 2)}\n`;
  const aside = `${file}.${holder.pid}.${holder.token}.tmp`;
  writeFileSync(aside, content);
  try {
    linkSync(aside, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    // A file system without hard links: an exclusive create (a reader may see it empty for an instant).
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return true;
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    unlinkQuietly(aside);
  }
}

function readLockFile(file: string): LockFileState {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    if (Number.isInteger(holder.pid) && holder.pid > 0 && typeof holder.token === 'string')
      return { kind: 'held', holder };
  } catch {
    // unreadable below
  }
  return { kind: 'unreadable', ageMs: Date.now() - mtimeMs };
}

/**
 * Replaces a stale lock file with ours. Two newcomers may both judge the same file stale: the
 * takeover mark (an exclusive create) lets one of them at a time re-read, unlink and link, so
 * neither removes the lock the other has just made. False: someone else is on it, judge again.
 */
function takeOver(file: string, stale: LockFileState, me: LockHolder): boolean {
  const mark = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(mark, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(mark).mtimeMs > TAKEOVER_STALE_MS) unlinkQuietly(mark);
    } catch {
      // gone meanwhile
    }
    return false;
  }
  try {
    const now = readLockFile(file);
    const same =
      now.kind === 'missing' ||
      (now.kind === 'held' && stale.kind === 'held' && now.holder.token === stale.holder.token) ||
      (now.kind === 'unreadable' && stale.kind === 'unreadable');
    if (!same) return false;
    unlinkQuietly(file);
    return createLockFile(file, me);
  } finally {
    closeSync(fd);
    unlinkQuietly(mark);
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
