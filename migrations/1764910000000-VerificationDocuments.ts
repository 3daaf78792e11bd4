import { MigrationInterface, QueryRunner } from 'typeorm';

/** The read models' code of 'Solo verificados' (the server's FILTER_KEY_OFFSETS.verified + 1). */
const VERIFIED_CODE = 80_000_001;

/**
 * Verified documents (issue 22). `verification_documents`: one current document per person and
 * kind (a DNI's front; a worker's 'Certificado de Antecedentes Penales'), its bytes in the private
 * document storage under `storage_key`, its review, and for a certificate its issue date and
 * expiry (issue + 12 months) and when the expiry reminder went.
 *
 * 'Solo verificados' on the directories is the code 80,000,001 in the search read models'
 * `filter_keys` (one more GIN condition, and saved searches match it like any key): a worker whose
 * account has an approved DNI; an offer whose employer's account has one, or a team offer. The
 * landed refresh functions (migration SearchReadModel) stay as they are: a BEFORE INSERT row
 * trigger on each read model adds the code to the row they write, and a statement trigger on the
 * documents refreshes the rows of the people whose documents changed. The certificate's badge is
 * not a stored flag: the cards read its `expires_on` and compare it with the Clock's today.
 */
export class VerificationDocuments1764910000000 implements MigrationInterface {
  name = 'VerificationDocuments1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE verification_documents (
        id SERIAL PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(20) NOT NULL CHECK (kind IN ('dni', 'background_check')),
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        storage_key varchar(64) NOT NULL,
        content_type varchar(40) NOT NULL,
        size_bytes integer NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        reviewed_by integer REFERENCES users(id) ON DELETE SET NULL,
        reviewed_at timestamptz,
        rejection_reason varchar(300),
        issued_on date,
        expires_on date,
        reminder_sent_at timestamptz,
        CONSTRAINT verification_documents_user_kind_key UNIQUE (user_id, kind)
      );
      -- The admin's queue: pending first, oldest first.
      CREATE INDEX verification_documents_pending_idx ON verification_documents (uploaded_at, id) WHERE status = 'pending';
      -- The reminder job: approved certificates by expiry.
      CREATE INDEX verification_documents_expiry_idx ON verification_documents (expires_on)
        WHERE status = 'approved' AND kind = 'background_check';

      CREATE FUNCTION public.cym_identity_verified(uid integer) RETURNS boolean LANGUAGE sql STABLE
        RETURN EXISTS (SELECT 1 FROM verification_documents d
                        WHERE d.user_id = uid AND d.kind = 'dni' AND d.status = 'approved');

      CREATE FUNCTION public.cym_worker_search_verified() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF public.cym_identity_verified(NEW.user_id) THEN
          NEW.filter_keys := NEW.filter_keys || ${VERIFIED_CODE};
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER worker_search_verified BEFORE INSERT ON worker_search
        FOR EACH ROW EXECUTE FUNCTION public.cym_worker_search_verified();

      CREATE FUNCTION public.cym_offer_search_verified() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.parent_profile_id IS NULL OR public.cym_identity_verified(
             (SELECT pp.user_id FROM parent_profiles pp WHERE pp.id = NEW.parent_profile_id)) THEN
          NEW.filter_keys := NEW.filter_keys || ${VERIFIED_CODE};
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER offer_search_verified BEFORE INSERT ON offer_search
        FOR EACH ROW EXECUTE FUNCTION public.cym_offer_search_verified();

      -- A document written: the read model rows of its person (their worker profile, their offers).
      CREATE FUNCTION public.cym_search_from_documents() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        users_changed integer[];
        ids integer[];
      BEGIN
        IF current_setting('cym.search_deferred', true) = 'on' THEN RETURN NULL; END IF;
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(DISTINCT user_id) INTO users_changed FROM new_rows;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(DISTINCT user_id) INTO users_changed FROM old_rows;
        ELSE
          SELECT array_agg(DISTINCT u) INTO users_changed FROM (
            SELECT n.user_id AS u FROM new_rows n UNION SELECT d.user_id FROM old_rows d) AS t;
        END IF;
        IF users_changed IS NULL THEN RETURN NULL; END IF;
        SELECT array_agg(w.id) INTO ids FROM worker_profiles w WHERE w.user_id = ANY (users_changed);
        IF ids IS NOT NULL THEN PERFORM public.cym_worker_search_refresh(ids); END IF;
        SELECT array_agg(o.id) INTO ids FROM job_offers o
          JOIN parent_profiles pp ON pp.id = o.parent_profile_id WHERE pp.user_id = ANY (users_changed);
        IF ids IS NOT NULL THEN PERFORM public.cym_offer_search_refresh(ids); END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER verification_documents_search_insert AFTER INSERT ON verification_documents
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.cym_search_from_documents();
      CREATE TRIGGER verification_documents_search_update AFTER UPDATE ON verification_documents
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION public.cym_search_from_documents();
      CREATE TRIGGER verification_documents_search_delete AFTER DELETE ON verification_documents
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.cym_search_from_documents();

      -- Team offers count as verified from now on.
      SELECT public.cym_offer_search_refresh(ARRAY(SELECT id FROM job_offers WHERE parent_profile_id IS NULL));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER verification_documents_search_insert ON verification_documents;
      DROP TRIGGER verification_documents_search_update ON verification_documents;
      DROP TRIGGER verification_documents_search_delete ON verification_documents;
      DROP FUNCTION public.cym_search_from_documents();
      DROP TRIGGER offer_search_verified ON offer_search;
      DROP FUNCTION public.cym_offer_search_verified();
      DROP TRIGGER worker_search_verified ON worker_search;
      DROP FUNCTION public.cym_worker_search_verified();
      DROP TABLE verification_documents;
      DROP FUNCTION public.cym_identity_verified(integer);
      UPDATE offer_search SET filter_keys = array_remove(filter_keys, ${VERIFIED_CODE});
    `);
  }
}
