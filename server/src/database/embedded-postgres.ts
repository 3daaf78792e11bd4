import { PGlite, type Extension } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync } from 'node:fs';
import { DataDirLock } from './data-dir-lock';

/*
 * The contrib extensions the migrations create (accent-free search: unaccent, pg_trgm). Their
 * subpath exports are invisible to this project's "node" module resolution, hence require().
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { unaccent } = require('@electric-sql/pglite/contrib/unaccent') as { unaccent: Extension };
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * PGlite (Postgres compiled to WebAssembly) served over the Postgres wire protocol on a
 * private loopback port inside this process. The app then reaches it with the ordinary `pg`
 * driver, exactly as it reaches a real server; a pool of one connection keeps each
 * transaction on its own session (PGlite has a single backend).
 *
 * A data folder is opened by one process at a time (see DataDirLock): a second one is refused
 * before PGlite touches the folder, and the lock goes when the database is stopped.
 */
export class EmbeddedPostgres {
  private constructor(
    readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly port: number,
    private readonly lock?: DataDirLock,
  ) {}

  /**
   * @param dataDir folder to persist in, or undefined for an in-memory database
   * @param snapshot a dump of another PGlite (dumpDataDir) to start from, e.g. a migrated template
   */
  static async start(options: { dataDir?: string; snapshot?: Blob | File } = {}): Promise<EmbeddedPostgres> {
    // Throws DataDirLockedError, having written nothing, while another process holds the folder.
    const lock = options.dataDir ? DataDirLock.acquire(options.dataDir) : undefined;
    let db: PGlite | undefined;
    try {
      if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
      // Loaded on every start: a database made by the migrations needs them to be read.
      db = await PGlite.create({
        dataDir: options.dataDir,
        loadDataDir: options.snapshot,
        extensions: { unaccent, pg_trgm },
      });
      const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
      await server.start();
      const port = Number(server.getServerConn().split(':').pop());
      return new EmbeddedPostgres(db, server, port, lock);
    } catch (error) {
      await db?.close().catch(() => undefined);
      lock?.release();
      throw error;
    }
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  dump(): Promise<Blob | File> {
    return this.db.dumpDataDir('none');
  }

  private stopping?: Promise<void>;

  /**
   * Stops serving, closes the database, then releases the folder (after a failed close, the
   * process's exit does); asking again waits for the same stop (a second close would throw).
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.server.stop();
      await this.db.close();
      this.lock?.release();
    })();
    return this.stopping;
  }
}
