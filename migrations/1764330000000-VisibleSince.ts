import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a worker's profile last turned visible (issue 16, item 15: "workers made visible this
 * month"). A trigger keeps `visible_since` right whoever writes the visibility (the automatic
 * rule of the worker's edits, the admin's switch): set to now when it turns on, emptied when it
 * turns off. Profiles visible before this migration get their last update as the best estimate.
 */
export class VisibleSince1764330000000 implements MigrationInterface {
  name = 'VisibleSince1764330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE worker_profiles ADD COLUMN visible_since timestamptz;
      UPDATE worker_profiles SET visible_since = updated_at WHERE profile_visibility;

      CREATE FUNCTION public.cym_stamp_visible_since() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT NEW.profile_visibility THEN
          NEW.visible_since := NULL;
        ELSIF TG_OP = 'INSERT' OR NOT OLD.profile_visibility THEN
          NEW.visible_since := now();
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER worker_profiles_visible_since
        BEFORE INSERT OR UPDATE OF profile_visibility ON worker_profiles
        FOR EACH ROW EXECUTE FUNCTION public.cym_stamp_visible_since();
      CREATE INDEX worker_profiles_visible_since_idx ON worker_profiles (visible_since) WHERE profile_visibility;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER worker_profiles_visible_since ON worker_profiles;
      DROP FUNCTION public.cym_stamp_visible_since();
      ALTER TABLE worker_profiles DROP COLUMN visible_since;
    `);
  }
}
