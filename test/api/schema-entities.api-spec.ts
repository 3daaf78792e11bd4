import type { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

/**
 * The schema reads from code: every table the migrations create has a TypeORM entity (registered
 * by its owning module, loaded by the running app), and every entity says what the migrated
 * database holds — columns with their type, length and nullability, primary keys, and foreign
 * keys with their target and delete rule. A migration without its entity change (or the reverse)
 * fails here. `synchronize` stays off: the migrations remain the only writer of the schema.
 */
describe(bothEngines('TypeORM entities and the migrated schema'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const entities = (ds: DataSource) => ds.entityMetadatas.filter((e) => e.tableType === 'regular');

  async function tables(ds: DataSource): Promise<string[]> {
    const rows: { table_name: string }[] = await ds.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
    );
    return rows.map((r) => r.table_name).sort();
  }

  it('has one entity for every table and no entity without its table', async () => {
    const names = entities(t.dataSource).map((e) => e.tableName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(await tables(t.dataSource));
  });

  it('declares every column with its type, length and nullability', async () => {
    const rows: {
      table_name: string;
      column_name: string;
      data_type: string;
      character_maximum_length: number | null;
      is_nullable: 'YES' | 'NO';
    }[] = await t.dataSource.query(
      `SELECT table_name, column_name, data_type, character_maximum_length, is_nullable
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'migrations'`,
    );
    const line = (table: string, column: string, type: string, length: string, nullable: boolean) =>
      `${table}.${column} ${type}${length ? `(${length})` : ''}${nullable ? ' NULL' : ' NOT NULL'}`;
    const migrated = rows
      .map((r) =>
        line(
          r.table_name,
          r.column_name,
          r.data_type,
          r.character_maximum_length === null ? '' : String(r.character_maximum_length),
          r.is_nullable === 'YES',
        ),
      )
      .sort();
    const declared = entities(t.dataSource)
      .flatMap((e) =>
        e.columns.map((c) =>
          // information_schema names every array type 'ARRAY'.
          line(
            e.tableName,
            c.databaseName,
            c.isArray ? 'ARRAY' : t.dataSource.driver.normalizeType(c),
            c.length,
            c.isNullable,
          ),
        ),
      )
      .sort();
    expect(declared).toEqual(migrated);
  });

  it('declares the primary keys', async () => {
    const rows: { table_name: string; column_name: string }[] = await t.dataSource.query(
      `SELECT tc.table_name, k.column_name
         FROM information_schema.table_constraints tc
         JOIN information_schema.key_column_usage k
           ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
        WHERE tc.table_schema = 'public' AND tc.constraint_type = 'PRIMARY KEY' AND tc.table_name <> 'migrations'`,
    );
    const migrated = rows.map((r) => `${r.table_name}.${r.column_name}`).sort();
    const declared = entities(t.dataSource)
      .flatMap((e) => e.primaryColumns.map((c) => `${e.tableName}.${c.databaseName}`))
      .sort();
    expect(declared).toEqual(migrated);
  });

  it('declares every foreign key as a relation, with its target and delete rule', async () => {
    const rows: { source: string; column_name: string; target: string; target_column: string; rule: string }[] =
      await t.dataSource.query(
        `SELECT s.relname AS source, a.attname AS column_name, r.relname AS target, ra.attname AS target_column,
                CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'r' THEN 'RESTRICT'
                                   WHEN 'd' THEN 'SET DEFAULT' ELSE 'NO ACTION' END AS rule
           FROM pg_constraint c
           JOIN pg_class s ON s.oid = c.conrelid
           JOIN pg_class r ON r.oid = c.confrelid
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
           JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
          WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
      );
    const migrated = rows
      .map((r) => `${r.source}.${r.column_name} → ${r.target}.${r.target_column} ON DELETE ${r.rule}`)
      .sort();
    const declared = entities(t.dataSource)
      .flatMap((e) =>
        e.foreignKeys.map(
          (fk) =>
            `${e.tableName}.${fk.columnNames.join(',')} → ${fk.referencedEntityMetadata.tableName}.` +
            `${fk.referencedColumnNames.join(',')} ON DELETE ${fk.onDelete}`,
        ),
      )
      .sort();
    expect(declared).toEqual(migrated);
  });
});
