import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 'Cerca de' (issue 21): both search read models get `municipality_id`, the row's municipality,
 * so a directory asked for results near a place can order them by distance (the municipalities
 * within the radius, nearest first, are a list the server computes from the catalog's centroids;
 * the filter itself stays `filter_keys && {municipality codes}` on the GIN index).
 *
 * The column is generated from `filter_keys` (its one municipality code, offset 20,000,000)
 * rather than written by the refresh functions: every row the triggers write already holds that
 * code, so the column can never disagree with it, and the landed triggers and their functions
 * (migration SearchReadModel) stay as they are. Their positional `INSERT … SELECT` of four
 * columns still fits: a generated column is not written.
 */
export class SearchMunicipality1764800000000 implements MigrationInterface {
  name = 'SearchMunicipality1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION public.cym_search_municipality(keys integer[]) RETURNS integer
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN (SELECT min(k) - 20000000 FROM unnest(keys) AS k WHERE k >= 20000000 AND k < 30000000);
      ALTER TABLE worker_search
        ADD COLUMN municipality_id integer GENERATED ALWAYS AS (public.cym_search_municipality(filter_keys)) STORED;
      ALTER TABLE offer_search
        ADD COLUMN municipality_id integer GENERATED ALWAYS AS (public.cym_search_municipality(filter_keys)) STORED;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE offer_search DROP COLUMN municipality_id;
      ALTER TABLE worker_search DROP COLUMN municipality_id;
      DROP FUNCTION public.cym_search_municipality(integer[]);
    `);
  }
}
