import { MigrationInterface, QueryRunner } from 'typeorm';

/** The rating aggregate's recount as the Hires migration left it, after `lock` (SQL, may be empty). */
function refreshFunction(lock: string): string {
  return `
    CREATE OR REPLACE FUNCTION cym_reference_rating_refresh(subject integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      total integer;
      n integer;
      hired_n integer;
    BEGIN
      ${lock}
      SELECT coalesce(sum(stars), 0), count(*), count(*) FILTER (WHERE hired) INTO total, n, hired_n
        FROM "references" WHERE subject_user_id = subject AND hidden_at IS NULL;
      IF n = 0 OR NOT EXISTS (SELECT 1 FROM users WHERE id = subject) THEN
        DELETE FROM reference_ratings WHERE user_id = subject;
      ELSE
        INSERT INTO reference_ratings (user_id, stars_sum, count, hired_count) VALUES (subject, total, n, hired_n)
          ON CONFLICT (user_id) DO UPDATE
            SET stars_sum = EXCLUDED.stars_sum, count = EXCLUDED.count, hired_count = EXCLUDED.hired_count;
      END IF;
    END $$;`;
}

/**
 * The rating aggregate stays exact when two people review the same person at once. The trigger
 * recounts the subject's references; without a lock, the second writer's recount could not see
 * the first one's row (not committed yet) and, once the first committed, wrote its smaller count
 * over the right one. The recount now starts by taking a transaction-scoped advisory lock on the
 * subject: the second writer waits for the first to commit, and READ COMMITTED's next statement
 * sees its row. Writers about different people do not wait for each other.
 */
export class ReferenceRatingLock1764978000000 implements MigrationInterface {
  name = 'ReferenceRatingLock1764978000000';

  async up(q: QueryRunner): Promise<void> {
    // The lock's first key names the aggregate, so it cannot meet another use of advisory locks.
    await q.query(refreshFunction(`PERFORM pg_advisory_xact_lock(hashtext('reference_ratings'), subject);`));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(refreshFunction(''));
  }
}
