import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accent- and case-free search in the admin lists (issue 16, item 8): `cym_fold(text)` is the
 * text in lower case without accents (unaccent: "García Ñañez" → "garcia nanez"), IMMUTABLE so
 * indexes can hold it (unaccent itself is only STABLE: its dictionary could change), and
 * `cym_contains(text)` the LIKE pattern "contains this search", folded the same way with its
 * `\ % _` taken literally (folded after escaping, a full-width ％ would turn into a wildcard).
 * Trigram indexes (pg_trgm) on the folded names and offer titles keep "contains" fast on large
 * tables. Both extensions ship with PostgreSQL (contrib, trusted: the database owner may create
 * them) and with PGlite, which loads them at start (embedded-postgres.ts).
 */
export class FoldedSearch1764320000000 implements MigrationInterface {
  name = 'FoldedSearch1764320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
      CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

      CREATE FUNCTION public.cym_fold(text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

      CREATE FUNCTION public.cym_contains(text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT '%' || replace(replace(replace(public.cym_fold($1), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' $$;

      CREATE INDEX users_name_folded_trgm_idx ON users
        USING gin (public.cym_fold(first_name || ' ' || last_name) public.gin_trgm_ops);
      CREATE INDEX job_offers_title_folded_trgm_idx ON job_offers
        USING gin (public.cym_fold(title) public.gin_trgm_ops);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX job_offers_title_folded_trgm_idx;
      DROP INDEX users_name_folded_trgm_idx;
      DROP FUNCTION public.cym_contains(text);
      DROP FUNCTION public.cym_fold(text);
    `);
  }
}
