import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an admin last opened a verification document: the owner sees it on /user-account (each
 * opening is also a row of admin_audit_log, written in the same transaction).
 */
export class DocumentViews1764945000000 implements MigrationInterface {
  name = 'DocumentViews1764945000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE verification_documents ADD COLUMN admin_viewed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE verification_documents DROP COLUMN admin_viewed_at`);
  }
}
