import { MigrationInterface, QueryRunner } from 'typeorm';
import { MUNICIPALITIES, PROVINCES } from './data/argentina';
import { LANGUAGES, SERVICES, SHIFT_DAYS, SHIFT_PERIODS, TASKS, WORK_ARRANGEMENTS } from './data/catalog';

/** Seeds the choice lists, the places of Argentina and the one membership type in use. */
export class SeedCatalog1763784000001 implements MigrationInterface {
  name = 'SeedCatalog1763784000001';

  async up(q: QueryRunner): Promise<void> {
    await insertRows(
      q,
      'provinces',
      ['id', 'indec_code', 'name', 'iso_id', 'lat', 'lon'],
      PROVINCES.map(([code, name, iso, lat, lon]) => [Number(code), code, name, iso, lat, lon]),
    );
    await insertRows(
      q,
      'municipalities',
      ['id', 'indec_code', 'name', 'category', 'province_id', 'lat', 'lon'],
      MUNICIPALITIES.map(([code, name, category, province, lat, lon]) => [
        Number(code),
        code,
        name,
        category,
        Number(province),
        lat,
        lon,
      ]),
    );
    const ordered = (rows: ReadonlyArray<readonly [string, string]>) => rows.map(([k, d], i) => [k, d, i + 1]);
    await insertRows(q, 'services', ['title', 'title_display', 'sort_order'], ordered(SERVICES));
    await insertRows(q, 'tasks', ['key', 'title_display', 'sort_order'], ordered(TASKS));
    await insertRows(q, 'work_arrangements', ['key', 'value_display', 'sort_order'], ordered(WORK_ARRANGEMENTS));
    await insertRows(q, 'languages', ['key', 'name_display', 'sort_order'], ordered(LANGUAGES));
    const shifts = SHIFT_DAYS.flatMap((day, d) => SHIFT_PERIODS.map((shift, s) => [day, shift, d * 3 + s + 1]));
    await insertRows(q, 'shifts', ['day', 'shift', 'sort_order'], shifts);
    await q.query(`INSERT INTO membership_types (name, price, duration_days) VALUES ('Membresía', 40000, 30)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`TRUNCATE membership_types, shifts, languages, work_arrangements, tasks, services,
      municipalities, provinces RESTART IDENTITY CASCADE`);
  }
}

/** One parameterised multi-row INSERT per table. */
async function insertRows(q: QueryRunner, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = row.map((value) => {
      params.push(value);
      return `$${params.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  await q.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
}
