import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21: what brings people back.
 *
 * `shortlist_entries`: an employer's saved workers and a worker's saved offers (one of the two
 * ids per row, each pair once). A saved worker who becomes hidden keeps the row, so the list can
 * say 'Perfil no disponible'; a deleted profile or offer takes it away.
 *
 * `saved_searches`: a directory's filters under a name, with how its owner is told of new
 * matches. `query` is the directory's query string as saved (what the page reopens with);
 * `codes` is the same search as read-model codes (browse filters' FILTER_KEY_OFFSETS; 'Cerca de'
 * becomes the municipalities within its radius), so matching a new profile is one statement:
 * every key's range of codes in the search must overlap the profile's `filter_keys`. The GIN
 * index on `codes` finds the candidates that share at least one code; searches without any
 * filter (`codes = '{}'`) match everything and have their own partial index.
 *
 * `saved_search_matches`: each (search, item) told once; `emailed_at` stays null until an e-mail
 * (immediate or the daily digest) carried it.
 *
 * `email_outbox.headers`: extra headers of an e-mail (List-Unsubscribe).
 */
export class ShortlistsAndSavedSearches1764600000000 implements MigrationInterface {
  name = 'ShortlistsAndSavedSearches1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shortlist_entries (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        worker_profile_id integer REFERENCES worker_profiles(id) ON DELETE CASCADE,
        job_offer_id integer REFERENCES job_offers(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT shortlist_entries_one_item CHECK ((worker_profile_id IS NULL) <> (job_offer_id IS NULL))
      );
      CREATE UNIQUE INDEX shortlist_entries_worker_idx ON shortlist_entries (user_id, worker_profile_id)
        WHERE worker_profile_id IS NOT NULL;
      CREATE UNIQUE INDEX shortlist_entries_offer_idx ON shortlist_entries (user_id, job_offer_id)
        WHERE job_offer_id IS NOT NULL;
      CREATE INDEX shortlist_entries_worker_profile_idx ON shortlist_entries (worker_profile_id);
      CREATE INDEX shortlist_entries_job_offer_idx ON shortlist_entries (job_offer_id);

      CREATE TABLE saved_searches (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('workers', 'job-offers')),
        name varchar(80) NOT NULL,
        query jsonb NOT NULL,
        codes integer[] NOT NULL,
        email_frequency varchar(10) NOT NULL CHECK (email_frequency IN ('immediate', 'daily', 'never')),
        paused boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_emailed_at timestamptz
      );
      CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at);
      CREATE INDEX saved_searches_codes_idx ON saved_searches USING gin (codes);
      CREATE INDEX saved_searches_everything_idx ON saved_searches (kind) WHERE codes = '{}';

      CREATE TABLE saved_search_matches (
        saved_search_id integer NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
        item_id integer NOT NULL,
        matched_at timestamptz NOT NULL DEFAULT now(),
        emailed_at timestamptz,
        PRIMARY KEY (saved_search_id, item_id)
      );
      CREATE INDEX saved_search_matches_pending_idx ON saved_search_matches (saved_search_id)
        WHERE emailed_at IS NULL;

      ALTER TABLE email_outbox ADD COLUMN headers jsonb;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE email_outbox DROP COLUMN headers;
      DROP TABLE saved_search_matches;
      DROP TABLE saved_searches;
      DROP TABLE shortlist_entries;
    `);
  }
}
