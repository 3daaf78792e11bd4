import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `refresh_tokens.replaced_by`: the token a spent refresh token was rotated into (its id, the
 * successor's `jti`). A spent token presented again within the grace period answers that same
 * successor, so two tabs, or a phone whose answer was lost, stay signed in. Tokens spent before
 * this column have none, and their reuse revokes the family as before.
 */
export class RefreshSuccessor1764976000000 implements MigrationInterface {
  name = 'RefreshSuccessor1764976000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refresh_tokens ADD COLUMN replaced_by uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refresh_tokens DROP COLUMN replaced_by`);
  }
}
