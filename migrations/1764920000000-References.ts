import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22, item 1: references between employers and workers.
 *
 * `references` (a reserved word: always quoted): one per (author, subject) pair, 1 to 5 stars and
 * a text; the subject's one public reply; `hidden_at` set by an admin (with who and why) takes it
 * out of every public list and average.
 *
 * `reference_reports`: a report of a reference by its subject or an admin, once per reporter.
 *
 * `reference_ratings`: the aggregate the directories read (one row per rated user with the sum of
 * the stars and the count of the visible references), kept by a trigger on `references` in the
 * writer's own transaction, so a card's average is a primary-key join and never a query per card.
 */
export class References1764920000000 implements MigrationInterface {
  name = 'References1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "references" (
        id serial PRIMARY KEY,
        author_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        subject_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        stars smallint NOT NULL CONSTRAINT references_stars_range CHECK (stars BETWEEN 1 AND 5),
        text varchar(700) NOT NULL,
        reply varchar(700),
        reply_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        hidden_at timestamptz,
        hidden_by integer REFERENCES users(id) ON DELETE SET NULL,
        hidden_reason varchar(500),
        CONSTRAINT references_pair UNIQUE (author_user_id, subject_user_id),
        CONSTRAINT references_not_self CHECK (author_user_id <> subject_user_id)
      );
      CREATE INDEX references_subject_idx ON "references" (subject_user_id, created_at DESC, id DESC);

      CREATE TABLE reference_reports (
        id serial PRIMARY KEY,
        reference_id integer NOT NULL REFERENCES "references"(id) ON DELETE CASCADE,
        reporter_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        reason varchar(500) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reference_reports_pair UNIQUE (reference_id, reporter_user_id)
      );
      CREATE INDEX reference_reports_reporter_idx ON reference_reports (reporter_user_id);

      CREATE TABLE reference_ratings (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        stars_sum integer NOT NULL,
        count integer NOT NULL
      );

      CREATE FUNCTION cym_reference_rating_refresh(subject integer) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        total integer;
        n integer;
      BEGIN
        SELECT coalesce(sum(stars), 0), count(*) INTO total, n
          FROM "references" WHERE subject_user_id = subject AND hidden_at IS NULL;
        IF n = 0 OR NOT EXISTS (SELECT 1 FROM users WHERE id = subject) THEN
          DELETE FROM reference_ratings WHERE user_id = subject;
        ELSE
          INSERT INTO reference_ratings (user_id, stars_sum, count) VALUES (subject, total, n)
            ON CONFLICT (user_id) DO UPDATE SET stars_sum = EXCLUDED.stars_sum, count = EXCLUDED.count;
        END IF;
      END $$;

      CREATE FUNCTION cym_reference_rating_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM cym_reference_rating_refresh(OLD.subject_user_id);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.subject_user_id <> OLD.subject_user_id) THEN
          PERFORM cym_reference_rating_refresh(NEW.subject_user_id);
        END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER references_rating
        AFTER INSERT OR DELETE OR UPDATE OF stars, hidden_at, subject_user_id ON "references"
        FOR EACH ROW EXECUTE FUNCTION cym_reference_rating_trigger();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE reference_reports;
      DROP TABLE "references";
      DROP TABLE reference_ratings;
      DROP FUNCTION cym_reference_rating_trigger();
      DROP FUNCTION cym_reference_rating_refresh(integer);
    `);
  }
}
