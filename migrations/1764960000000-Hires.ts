import { MigrationInterface, QueryRunner } from 'typeorm';
import { LABOR_PARAMETER_SEED } from './data/labor-parameters';

/**
 * The hire and the registered job that follows it (Ley 26.844).
 *
 * `labor_parameters`: every figure of the regime the computations use (hours thresholds, trial
 * period, contributions, percentages, divisors), one row per parameter and effective date with its
 * source and whether it is unconfirmed; never overwritten, so a computation dated before a change
 * keeps its figures. Seeded from data/labor-parameters.ts. Owned by the wages module.
 *
 * `hire_proposals`: an employer's offer of a job to a worker inside their conversation: the terms
 * (start date, services and their category, modality, weekly schedule, pay, place) and its answer.
 * One open proposal per pair (a partial unique index).
 * `employments`: an accepted proposal; the terms are copied (a later change of the proposal's
 * rows cannot touch them), the trial period's end computed at acceptance, the parties' private
 * identifiers (CUIL, CUIT, address of work), the registration in ARCA and the end. One open
 * relationship per pair.
 * `employment_events`: the relationship's history, in order.
 * `contribution_payments`: the months the employer paid ARCA, with the date and amount.
 * `employment_reminders`: which reminder (contribution due, aguinaldo, vacations) went for which
 * period, so each goes once whatever the number of processes.
 * `payslips`: a month's pay; stored lines once the employer saved or confirmed it, then
 * acknowledged by the worker. `settlements`: the final settlement, once per relationship.
 * `messages.hire_proposal_id`: the chat messages that show a proposal's card.
 * `references.hired`: written after a hire between the two ("Trabajó con …"), set when it is
 * written; `reference_ratings.hired_count` counts the visible ones, kept by the ratings' trigger.
 */
export class Hires1764960000000 implements MigrationInterface {
  name = 'Hires1764960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE labor_parameters (
        id serial PRIMARY KEY,
        key varchar(60) NOT NULL,
        effective_from date NOT NULL,
        value jsonb NOT NULL,
        source varchar(500) NOT NULL,
        unconfirmed boolean NOT NULL DEFAULT false,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT labor_parameters_once UNIQUE (key, effective_from)
      );

      CREATE TABLE hire_proposals (
        id serial PRIMARY KEY,
        conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        parent_profile_id integer NOT NULL REFERENCES parent_profiles(id) ON DELETE CASCADE,
        proposed_by integer REFERENCES users(id) ON DELETE SET NULL,
        start_date date NOT NULL,
        services integer[] NOT NULL,
        category smallint NOT NULL REFERENCES wage_categories(category),
        arrangement varchar(12) NOT NULL CHECK (arrangement IN ('con_retiro', 'sin_retiro')),
        schedule jsonb NOT NULL,
        weekly_hours numeric(5, 2) NOT NULL CHECK (weekly_hours > 0),
        pay_basis varchar(8) NOT NULL CHECK (pay_basis IN ('monthly', 'hourly')),
        pay_amount numeric(14, 2) NOT NULL CHECK (pay_amount > 0),
        province_id integer NOT NULL REFERENCES provinces(id),
        municipality_id integer NOT NULL REFERENCES municipalities(id),
        zone boolean NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
        created_at timestamptz NOT NULL DEFAULT now(),
        answered_at timestamptz
      );
      CREATE UNIQUE INDEX hire_proposals_one_open ON hire_proposals (worker_profile_id, parent_profile_id)
        WHERE status = 'pending';
      CREATE INDEX hire_proposals_conversation_idx ON hire_proposals (conversation_id);

      CREATE TABLE employments (
        id serial PRIMARY KEY,
        proposal_id integer NOT NULL UNIQUE REFERENCES hire_proposals(id) ON DELETE CASCADE,
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        parent_profile_id integer NOT NULL REFERENCES parent_profiles(id) ON DELETE CASCADE,
        worker_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        parent_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        conversation_id integer REFERENCES conversations(id) ON DELETE SET NULL,
        start_date date NOT NULL,
        services integer[] NOT NULL,
        category smallint NOT NULL REFERENCES wage_categories(category),
        arrangement varchar(12) NOT NULL CHECK (arrangement IN ('con_retiro', 'sin_retiro')),
        schedule jsonb NOT NULL,
        weekly_hours numeric(5, 2) NOT NULL CHECK (weekly_hours > 0),
        pay_basis varchar(8) NOT NULL CHECK (pay_basis IN ('monthly', 'hourly')),
        pay_amount numeric(14, 2) NOT NULL CHECK (pay_amount > 0),
        province_id integer NOT NULL REFERENCES provinces(id),
        municipality_id integer NOT NULL REFERENCES municipalities(id),
        zone boolean NOT NULL,
        trial_ends_on date NOT NULL,
        worker_cuil varchar(13),
        employer_cuit varchar(13),
        work_address varchar(300),
        registered_on date,
        ended_on date,
        end_cause varchar(20)
          CHECK (end_cause IN ('renuncia', 'despido_sin_causa', 'mutuo_acuerdo', 'periodo_de_prueba')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT employments_end_whole CHECK ((ended_on IS NULL) = (end_cause IS NULL))
      );
      CREATE UNIQUE INDEX employments_one_open ON employments (worker_profile_id, parent_profile_id)
        WHERE ended_on IS NULL;
      CREATE INDEX employments_worker_user_idx ON employments (worker_user_id);
      CREATE INDEX employments_parent_user_idx ON employments (parent_user_id);

      CREATE TABLE employment_events (
        id bigserial PRIMARY KEY,
        employment_id integer NOT NULL REFERENCES employments(id) ON DELETE CASCADE,
        kind varchar(40) NOT NULL,
        actor_id integer REFERENCES users(id) ON DELETE SET NULL,
        detail jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX employment_events_employment_idx ON employment_events (employment_id, id);

      CREATE TABLE contribution_payments (
        employment_id integer NOT NULL REFERENCES employments(id) ON DELETE CASCADE,
        period char(7) NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
        paid_on date NOT NULL,
        marked_by integer REFERENCES users(id) ON DELETE SET NULL,
        marked_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (employment_id, period)
      );

      CREATE TABLE employment_reminders (
        employment_id integer NOT NULL REFERENCES employments(id) ON DELETE CASCADE,
        kind varchar(20) NOT NULL CHECK (kind IN ('contribution', 'sac', 'vacations')),
        period varchar(7) NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (employment_id, kind, period)
      );

      CREATE TABLE payslips (
        id serial PRIMARY KEY,
        employment_id integer NOT NULL REFERENCES employments(id) ON DELETE CASCADE,
        period char(7) NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        overtime_ordinary_hours numeric(6, 2) NOT NULL DEFAULT 0 CHECK (overtime_ordinary_hours >= 0),
        overtime_rest_hours numeric(6, 2) NOT NULL DEFAULT 0 CHECK (overtime_rest_hours >= 0),
        holiday_hours numeric(6, 2) NOT NULL DEFAULT 0 CHECK (holiday_hours >= 0),
        lines jsonb NOT NULL,
        gross numeric(14, 2) NOT NULL,
        non_remunerative numeric(14, 2) NOT NULL,
        net numeric(14, 2) NOT NULL,
        sources jsonb NOT NULL,
        paid_on date,
        confirmed_at timestamptz,
        acknowledged_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payslips_once UNIQUE (employment_id, period),
        CONSTRAINT payslips_confirmed_paid CHECK (confirmed_at IS NULL OR paid_on IS NOT NULL),
        CONSTRAINT payslips_acknowledged_confirmed CHECK (acknowledged_at IS NULL OR confirmed_at IS NOT NULL)
      );

      CREATE TABLE settlements (
        employment_id integer PRIMARY KEY REFERENCES employments(id) ON DELETE CASCADE,
        cause varchar(20) NOT NULL
          CHECK (cause IN ('renuncia', 'despido_sin_causa', 'mutuo_acuerdo', 'periodo_de_prueba')),
        end_date date NOT NULL,
        notice_given boolean NOT NULL,
        lines jsonb NOT NULL,
        total numeric(14, 2) NOT NULL,
        sources jsonb NOT NULL,
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      ALTER TABLE messages ADD COLUMN hire_proposal_id integer REFERENCES hire_proposals(id) ON DELETE SET NULL;

      ALTER TABLE "references" ADD COLUMN hired boolean NOT NULL DEFAULT false;
      ALTER TABLE reference_ratings ADD COLUMN hired_count integer NOT NULL DEFAULT 0;
      CREATE OR REPLACE FUNCTION cym_reference_rating_refresh(subject integer) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        total integer;
        n integer;
        hired_n integer;
      BEGIN
        SELECT coalesce(sum(stars), 0), count(*), count(*) FILTER (WHERE hired) INTO total, n, hired_n
          FROM "references" WHERE subject_user_id = subject AND hidden_at IS NULL;
        IF n = 0 OR NOT EXISTS (SELECT 1 FROM users WHERE id = subject) THEN
          DELETE FROM reference_ratings WHERE user_id = subject;
        ELSE
          INSERT INTO reference_ratings (user_id, stars_sum, count, hired_count) VALUES (subject, total, n, hired_n)
            ON CONFLICT (user_id) DO UPDATE
              SET stars_sum = EXCLUDED.stars_sum, count = EXCLUDED.count, hired_count = EXCLUDED.hired_count;
        END IF;
      END $$;
      DROP TRIGGER references_rating ON "references";
      CREATE TRIGGER references_rating
        AFTER INSERT OR DELETE OR UPDATE OF stars, hidden_at, subject_user_id, hired ON "references"
        FOR EACH ROW EXECUTE FUNCTION cym_reference_rating_trigger();
    `);
    for (const p of LABOR_PARAMETER_SEED)
      await q.query(
        `INSERT INTO labor_parameters (key, effective_from, value, source, unconfirmed) VALUES ($1, $2, $3, $4, $5)`,
        [p.key, p.effective_from, JSON.stringify(p.value), p.source, p.unconfirmed],
      );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER references_rating ON "references";
      CREATE TRIGGER references_rating
        AFTER INSERT OR DELETE OR UPDATE OF stars, hidden_at, subject_user_id ON "references"
        FOR EACH ROW EXECUTE FUNCTION cym_reference_rating_trigger();
      CREATE OR REPLACE FUNCTION cym_reference_rating_refresh(subject integer) RETURNS void LANGUAGE plpgsql AS $$
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
      ALTER TABLE reference_ratings DROP COLUMN hired_count;
      ALTER TABLE "references" DROP COLUMN hired;
      ALTER TABLE messages DROP COLUMN hire_proposal_id;
      DROP TABLE settlements;
      DROP TABLE payslips;
      DROP TABLE employment_reminders;
      DROP TABLE contribution_payments;
      DROP TABLE employment_events;
      DROP TABLE employments;
      DROP TABLE hire_proposals;
      DROP TABLE labor_parameters;
    `);
  }
}
