import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The erasure of deleted accounts, 30 days after the deletion (module account-deletion's daily
 * job): `users.erased_at` says it was done; `users.deleted_email_digest` is the SHA-256 of the
 * address the account had, the only way left to find its outbox e-mails once the tombstone freed
 * the address (cleared by the erasure); `messages.erased_at` marks a message whose text was erased.
 */
export class AccountErasure1764973000000 implements MigrationInterface {
  name = 'AccountErasure1764973000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users ADD COLUMN erased_at timestamptz;
      ALTER TABLE users ADD COLUMN deleted_email_digest varchar(64);
      CREATE INDEX users_erasure_due_idx ON users (deleted_at) WHERE deleted_at IS NOT NULL AND erased_at IS NULL;
      ALTER TABLE messages ADD COLUMN erased_at timestamptz;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE messages DROP COLUMN erased_at;
      DROP INDEX users_erasure_due_idx;
      ALTER TABLE users DROP COLUMN deleted_email_digest;
      ALTER TABLE users DROP COLUMN erased_at;
    `);
  }
}
