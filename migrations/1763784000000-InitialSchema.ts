import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The core schema: catalog, places, accounts and profiles, job offers, memberships, payments
 * and contact messages. Later features add their tables in migrations of their own.
 */
export class InitialSchema1763784000000 implements MigrationInterface {
  name = 'InitialSchema1763784000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE provinces (
        id integer PRIMARY KEY,
        indec_code varchar(2) NOT NULL UNIQUE,
        name varchar(100) NOT NULL,
        iso_id varchar(6) NOT NULL,
        lat double precision NOT NULL,
        lon double precision NOT NULL
      );
      CREATE TABLE municipalities (
        id integer PRIMARY KEY,
        indec_code varchar(5) NOT NULL UNIQUE,
        name varchar(100) NOT NULL,
        category varchar(30) NOT NULL,
        province_id integer NOT NULL REFERENCES provinces(id),
        lat double precision NOT NULL,
        lon double precision NOT NULL
      );
      CREATE INDEX municipalities_province_idx ON municipalities(province_id);

      CREATE TABLE services (
        id serial PRIMARY KEY,
        title varchar(40) NOT NULL UNIQUE,
        title_display varchar(100) NOT NULL,
        sort_order integer NOT NULL
      );
      CREATE TABLE tasks (
        id serial PRIMARY KEY,
        key varchar(40) NOT NULL UNIQUE,
        title_display varchar(100) NOT NULL,
        sort_order integer NOT NULL
      );
      CREATE TABLE work_arrangements (
        id serial PRIMARY KEY,
        key varchar(40) NOT NULL UNIQUE,
        value_display varchar(100) NOT NULL,
        sort_order integer NOT NULL
      );
      CREATE TABLE languages (
        id serial PRIMARY KEY,
        key varchar(10) NOT NULL UNIQUE,
        name_display varchar(60) NOT NULL,
        sort_order integer NOT NULL
      );
      CREATE TABLE shifts (
        id serial PRIMARY KEY,
        day varchar(10) NOT NULL,
        shift varchar(10) NOT NULL,
        sort_order integer NOT NULL,
        UNIQUE (day, shift)
      );

      CREATE TABLE users (
        id serial PRIMARY KEY,
        email varchar(254) NOT NULL UNIQUE CHECK (email = lower(email)),
        password_hash varchar(100) NOT NULL,
        first_name varchar(30) NOT NULL,
        last_name varchar(30) NOT NULL,
        phone varchar(15),
        profile_type varchar(10) CHECK (profile_type IN ('Worker', 'Parent')),
        is_admin boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        email_verified_at timestamptz,
        last_login timestamptz,
        last_seen timestamptz,
        profile_image varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE worker_profiles (
        id serial PRIMARY KEY,
        user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        date_of_birth date,
        gender varchar(6) CHECK (gender IN ('male', 'female')),
        nationality varchar(100),
        neighborhood varchar(100),
        province_id integer REFERENCES provinces(id),
        municipality_id integer REFERENCES municipalities(id),
        introduction varchar(500),
        hour_price integer CHECK (hour_price > 0 AND hour_price <= 100000),
        native_language_id integer REFERENCES languages(id),
        profile_visibility boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX worker_profiles_visible_idx ON worker_profiles(profile_visibility, id);
      CREATE INDEX worker_profiles_place_idx ON worker_profiles(province_id, municipality_id);
      CREATE TABLE worker_services (
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        service_id integer NOT NULL REFERENCES services(id),
        PRIMARY KEY (worker_profile_id, service_id)
      );
      CREATE INDEX worker_services_service_idx ON worker_services(service_id);
      CREATE TABLE worker_tasks (
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        task_id integer NOT NULL REFERENCES tasks(id),
        PRIMARY KEY (worker_profile_id, task_id)
      );
      CREATE INDEX worker_tasks_task_idx ON worker_tasks(task_id);
      CREATE TABLE worker_work_arrangements (
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        work_arrangement_id integer NOT NULL REFERENCES work_arrangements(id),
        PRIMARY KEY (worker_profile_id, work_arrangement_id)
      );
      CREATE INDEX worker_work_arrangements_wa_idx ON worker_work_arrangements(work_arrangement_id);
      CREATE TABLE worker_languages (
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        language_id integer NOT NULL REFERENCES languages(id),
        PRIMARY KEY (worker_profile_id, language_id)
      );
      CREATE INDEX worker_languages_language_idx ON worker_languages(language_id);
      CREATE TABLE worker_shifts (
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        shift_id integer NOT NULL REFERENCES shifts(id),
        PRIMARY KEY (worker_profile_id, shift_id)
      );
      CREATE INDEX worker_shifts_shift_idx ON worker_shifts(shift_id);
      CREATE TABLE experiences (
        id serial PRIMARY KEY,
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        title varchar(80) NOT NULL,
        description varchar(500) NOT NULL,
        currently_working boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX experiences_worker_idx ON experiences(worker_profile_id);
      CREATE TABLE educations (
        id serial PRIMARY KEY,
        worker_profile_id integer NOT NULL REFERENCES worker_profiles(id) ON DELETE CASCADE,
        title varchar(80) NOT NULL,
        place varchar(100) NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN ('en_curso', 'completo', 'incompleto')),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX educations_worker_idx ON educations(worker_profile_id);

      CREATE TABLE parent_profiles (
        id serial PRIMARY KEY,
        user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        date_of_birth date,
        gender varchar(6) CHECK (gender IN ('male', 'female')),
        nationality varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE job_offers (
        id serial PRIMARY KEY,
        parent_profile_id integer REFERENCES parent_profiles(id) ON DELETE CASCADE,
        title varchar(35) NOT NULL,
        description varchar(500) NOT NULL,
        status boolean NOT NULL DEFAULT true,
        neighborhood varchar(100) NOT NULL,
        province_id integer NOT NULL REFERENCES provinces(id),
        municipality_id integer NOT NULL REFERENCES municipalities(id),
        monthly_price integer CHECK (monthly_price >= 0 AND monthly_price <= 10000000),
        native_language_id integer REFERENCES languages(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX job_offers_parent_idx ON job_offers(parent_profile_id);
      CREATE INDEX job_offers_status_idx ON job_offers(status, id);
      CREATE TABLE job_offer_services (
        job_offer_id integer NOT NULL REFERENCES job_offers(id) ON DELETE CASCADE,
        service_id integer NOT NULL REFERENCES services(id),
        PRIMARY KEY (job_offer_id, service_id)
      );
      CREATE TABLE job_offer_tasks (
        job_offer_id integer NOT NULL REFERENCES job_offers(id) ON DELETE CASCADE,
        task_id integer NOT NULL REFERENCES tasks(id),
        PRIMARY KEY (job_offer_id, task_id)
      );
      CREATE TABLE job_offer_work_arrangements (
        job_offer_id integer NOT NULL REFERENCES job_offers(id) ON DELETE CASCADE,
        work_arrangement_id integer NOT NULL REFERENCES work_arrangements(id),
        PRIMARY KEY (job_offer_id, work_arrangement_id)
      );
      CREATE TABLE job_offer_languages (
        job_offer_id integer NOT NULL REFERENCES job_offers(id) ON DELETE CASCADE,
        language_id integer NOT NULL REFERENCES languages(id),
        PRIMARY KEY (job_offer_id, language_id)
      );
      CREATE TABLE job_offer_shifts (
        job_offer_id integer NOT NULL REFERENCES job_offers(id) ON DELETE CASCADE,
        shift_id integer NOT NULL REFERENCES shifts(id),
        PRIMARY KEY (job_offer_id, shift_id)
      );

      CREATE TABLE membership_types (
        id serial PRIMARY KEY,
        name varchar(40) NOT NULL UNIQUE,
        price integer NOT NULL CHECK (price > 0),
        duration_days integer NOT NULL DEFAULT 30 CHECK (duration_days > 0),
        is_active boolean NOT NULL DEFAULT true
      );
      CREATE TABLE payments (
        id serial PRIMARY KEY,
        parent_profile_id integer NOT NULL REFERENCES parent_profiles(id) ON DELETE CASCADE,
        membership_type_id integer NOT NULL REFERENCES membership_types(id),
        amount integer NOT NULL CHECK (amount > 0),
        payment_method varchar(20) NOT NULL CHECK (payment_method IN ('mercadopago', 'bank_transfer')),
        status varchar(20) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'refunded')),
        transaction_id varchar(100),
        provider_payment_id varchar(100) UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX payments_parent_idx ON payments(parent_profile_id);
      CREATE TABLE memberships (
        id serial PRIMARY KEY,
        parent_profile_id integer NOT NULL REFERENCES parent_profiles(id) ON DELETE CASCADE,
        membership_type_id integer NOT NULL REFERENCES membership_types(id),
        payment_id integer REFERENCES payments(id) ON DELETE SET NULL,
        status boolean NOT NULL DEFAULT false,
        start_date timestamptz NOT NULL,
        end_date timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_date > start_date)
      );
      CREATE INDEX memberships_parent_idx ON memberships(parent_profile_id, end_date DESC);

      CREATE TABLE contact_messages (
        id serial PRIMARY KEY,
        name varchar(20) NOT NULL,
        email varchar(254) NOT NULL,
        message varchar(700) NOT NULL,
        ip varchar(45),
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE contact_messages, memberships, payments, membership_types,
        job_offer_shifts, job_offer_languages, job_offer_work_arrangements, job_offer_tasks,
        job_offer_services, job_offers, parent_profiles, educations, experiences, worker_shifts,
        worker_languages, worker_work_arrangements, worker_tasks, worker_services, worker_profiles,
        users, shifts, languages, work_arrangements, tasks, services, municipalities, provinces;
    `);
  }
}
