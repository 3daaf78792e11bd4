import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 'Descargar mis datos' (the right of access, Ley 25.326): a person's requests for a ZIP of their
 * data. A row is written `requested` with its job; the job writes the ZIP under `storage_key` (named
 * at the request, so a retried job writes the same file) and turns it `ready` with its expiry, 24
 * hours later. One request in preparation per person is a partial unique index; at most 3 a day is
 * counted under the person's lock (the rows stay until 7 days after their expiry).
 */
export class DataExports1764972000000 implements MigrationInterface {
  name = 'DataExports1764972000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE data_exports (
        id SERIAL PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status varchar(10) NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'ready', 'failed')),
        requested_at timestamptz NOT NULL DEFAULT now(),
        ready_at timestamptz,
        expires_at timestamptz,
        size_bytes integer,
        storage_key varchar(64) NOT NULL,
        CONSTRAINT data_exports_ready_check CHECK (
          (status = 'ready') = (ready_at IS NOT NULL AND expires_at IS NOT NULL AND size_bytes IS NOT NULL)
        ),
        CONSTRAINT data_exports_expiry_check CHECK (expires_at = ready_at + interval '24 hours')
      );
      -- One export in preparation per person.
      CREATE UNIQUE INDEX data_exports_one_requested ON data_exports (user_id) WHERE status = 'requested';
      -- The person's list and the 24-hour count.
      CREATE INDEX data_exports_user_idx ON data_exports (user_id, requested_at DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE data_exports`);
  }
}
