import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  SERVICE_WAGE_CATEGORIES,
  WAGE_SCALE_2026_01,
  WAGE_SCALE_2026_01_EFFECTIVE_FROM,
  WAGE_SCALE_2026_01_SOURCE,
  WAGE_ZONE_MUNICIPALITIES,
  WAGE_ZONE_PROVINCES,
} from './data/wages';

/**
 * Issue 22: the legal minimum wage of household workers (Ley 26.844).
 *
 * `wage_categories`: the regime's five categories and their names.
 * `wage_scales`: each scale the CNTCP publishes, from its effective date (a Buenos Aires day), with
 * its source and the zone supplement; one per date, never overwritten (the history stays), and
 * `created_by` null for the seeded one. `wage_rates`: its nine amounts (hourly and monthly) per
 * category and arrangement ('unica' only for caseros, category 3).
 * `wage_service_categories`: which category each service is (admins change it); a null category
 * is a service outside the regime (commercial cleaning), which has no legal minimum.
 * `wage_zone_areas`: where the zone supplement applies, a province or a municipality each row.
 *
 * Seeds the January 2026 scale (data/casas-particulares-escala-2026-01.csv, copied in data/wages.ts).
 */
export class WageScales1764900000000 implements MigrationInterface {
  name = 'WageScales1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE wage_categories (
        category smallint PRIMARY KEY CHECK (category BETWEEN 1 AND 5),
        name varchar(100) NOT NULL
      );
      CREATE TABLE wage_scales (
        id serial PRIMARY KEY,
        effective_from date NOT NULL UNIQUE,
        source varchar(500) NOT NULL,
        zone_supplement_percent smallint NOT NULL DEFAULT 30 CHECK (zone_supplement_percent BETWEEN 0 AND 100),
        created_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE wage_rates (
        scale_id integer NOT NULL REFERENCES wage_scales(id) ON DELETE CASCADE,
        category smallint NOT NULL REFERENCES wage_categories(category),
        arrangement varchar(12) NOT NULL CHECK (arrangement IN ('con_retiro', 'sin_retiro', 'unica')),
        hourly numeric(12, 2) NOT NULL CHECK (hourly > 0),
        monthly numeric(14, 2) NOT NULL CHECK (monthly > 0),
        PRIMARY KEY (scale_id, category, arrangement)
      );
      CREATE TABLE wage_service_categories (
        service_id integer PRIMARY KEY REFERENCES services(id) ON DELETE CASCADE,
        category smallint REFERENCES wage_categories(category),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE wage_zone_areas (
        id serial PRIMARY KEY,
        province_id integer REFERENCES provinces(id),
        municipality_id integer REFERENCES municipalities(id),
        CONSTRAINT wage_zone_areas_one_place CHECK ((province_id IS NULL) <> (municipality_id IS NULL))
      );
      CREATE UNIQUE INDEX wage_zone_areas_province_idx ON wage_zone_areas (province_id) WHERE province_id IS NOT NULL;
      CREATE UNIQUE INDEX wage_zone_areas_municipality_idx ON wage_zone_areas (municipality_id)
        WHERE municipality_id IS NOT NULL;
    `);

    const names = new Map(WAGE_SCALE_2026_01.map(([category, name]) => [category, name]));
    for (const [category, name] of names)
      await q.query(`INSERT INTO wage_categories (category, name) VALUES ($1, $2)`, [category, name]);

    const [scale] = (await q.query(
      `INSERT INTO wage_scales (effective_from, source, zone_supplement_percent) VALUES ($1, $2, 30) RETURNING id`,
      [WAGE_SCALE_2026_01_EFFECTIVE_FROM, WAGE_SCALE_2026_01_SOURCE],
    )) as { id: number }[];
    for (const [category, , arrangement, hourly, monthly] of WAGE_SCALE_2026_01)
      await q.query(
        `INSERT INTO wage_rates (scale_id, category, arrangement, hourly, monthly) VALUES ($1, $2, $3, $4, $5)`,
        [scale!.id, category, arrangement, hourly, monthly],
      );

    for (const [key, category] of SERVICE_WAGE_CATEGORIES)
      await q.query(
        `INSERT INTO wage_service_categories (service_id, category) SELECT id, $2 FROM services WHERE title = $1`,
        [key, category],
      );

    await q.query(
      `INSERT INTO wage_zone_areas (province_id) SELECT id FROM provinces WHERE indec_code = ANY($1::text[]) ORDER BY id`,
      [WAGE_ZONE_PROVINCES],
    );
    for (const [province, name] of WAGE_ZONE_MUNICIPALITIES)
      await q.query(
        `INSERT INTO wage_zone_areas (municipality_id)
           SELECT m.id FROM municipalities m JOIN provinces p ON p.id = m.province_id
            WHERE p.indec_code = $1 AND m.name = $2`,
        [province, name],
      );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE wage_zone_areas;
      DROP TABLE wage_service_categories;
      DROP TABLE wage_rates;
      DROP TABLE wage_scales;
      DROP TABLE wage_categories;
    `);
  }
}
