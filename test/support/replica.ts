import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes';

/**
 * A PostgreSQL primary and a streaming replica of it, on this machine, for the suites that prove
 * the read routing (database/reads.ts): `initdb` makes the primary (trust authentication on
 * loopback, replication allowed), `pg_basebackup -R` copies it into the replica's folder with
 * its `standby.signal` and `primary_conninfo`, and each runs as its own postgres on a free port.
 * A pair of its own rather than a replica of the machine's server: that server's pg_hba.conf
 * need not accept replication connections, and a suite does not change a machine's configuration.
 * PostgreSQL refuses to run as root: as root, every command runs as the `postgres` user.
 */
export class ReplicatedPostgres {
  readonly work = mkdtempSync(join(tmpdir(), 'cym-replica-'));
  primaryPort = 0;
  replicaPort = 0;
  private readonly bin = postgresBin();
  private readonly asPostgres = process.getuid?.() === 0;

  get primaryUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.primaryPort}/postgres`;
  }

  get replicaUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.replicaPort}/postgres`;
  }

  private get primaryDir(): string {
    return join(this.work, 'primary');
  }

  private get replicaDir(): string {
    return join(this.work, 'replica');
  }

  async start(): Promise<void> {
    if (this.asPostgres) chownSync(this.work, ...postgresIds());
    this.primaryPort = await freePort();
    this.replicaPort = await freePort();
    this.run('initdb', ['-D', this.primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    this.startServer(this.primaryDir, this.primaryPort);
    this.run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.primaryPort),
      '-U',
      'postgres',
      '-D',
      this.replicaDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    this.startReplica();
  }

  /** Starts the replica again (after stopReplica). */
  startReplica(): void {
    this.startServer(this.replicaDir, this.replicaPort);
  }

  /** Stops the replica at once, as a crash would. */
  stopReplica(): void {
    this.run('pg_ctl', ['-D', this.replicaDir, '-m', 'immediate', '-w', 'stop']);
  }

  async stop(): Promise<void> {
    for (const dir of [this.replicaDir, this.primaryDir])
      if (existsSync(join(dir, 'postmaster.pid'))) this.run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    rmSync(this.work, { recursive: true, force: true });
  }

  private startServer(dir: string, port: number): void {
    const socketDir = join(this.work, `socket-${port}`);
    mkdirSync(socketDir, { recursive: true });
    if (this.asPostgres) chownSync(socketDir, ...postgresIds());
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${socketDir}`,
      '-c fsync=off',
      '-c max_connections=60',
      '-c shared_buffers=32MB',
    ].join(' ');
    this.run('pg_ctl', ['-D', dir, '-o', options, '-l', join(this.work, `log-${port}.txt`), '-w', 'start']);
  }

  private run(command: string, args: string[]): void {
    const path = join(this.bin, command);
    const [file, argv] = this.asPostgres ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: this.work, timeout: 120_000 });
    if (result.status !== 0)
      throw new Error(`${command} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Whether this machine has the PostgreSQL server programs (initdb, pg_basebackup, postgres). */
export function postgresInstalled(): boolean {
  try {
    return existsSync(join(postgresBin(), 'pg_basebackup'));
  } catch {
    return false;
  }
}

/** The folder of the server's programs: pg_config's BINDIR, or Debian's newest /usr/lib/postgresql/N/bin. */
function postgresBin(): string {
  try {
    const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(bindir, 'initdb'))) return bindir;
  } catch {
    // No pg_config: Debian's layout below.
  }
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('no PostgreSQL server programs on this machine');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

function postgresIds(): [number, number] {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return [uid, gid];
}
