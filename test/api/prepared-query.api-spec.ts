import type { Pool } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { preparedQuery, statementName } from '../../server/src/database/prepared-query';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

/**
 * Named prepared statements (the public read paths) when the session already holds the name: on
 * the embedded database every connection shares its one backend, so a statement prepared by a
 * connection the pool closed when idle is still there for the next connection, which never made
 * it. Seen as 500s on the directories after ten idle seconds (in Lighthouse runs).
 */
describe(bothEngines('preparedQuery'), () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('runs a statement whose name the session already holds, and keeps running it', async () => {
    const text = `SELECT $1::int + 1 AS n /* ${Date.now()} */`;
    const pool = (t.dataSource.driver as PostgresDriver).master as Pool;
    // The pool hands back the connection released last: prepare the name there, behind pg's back.
    const client = await pool.connect();
    await client.query(`PREPARE "${statementName(text)}" (int) AS SELECT $1::int + 100 AS n`);
    client.release();

    expect(await preparedQuery(pool, text, [1])).toEqual([{ n: 2 }]);
    expect(await preparedQuery(pool, text, [2])).toEqual([{ n: 3 }]);
  });

  it('still reports a failing statement as the driver does', async () => {
    const pool = (t.dataSource.driver as PostgresDriver).master as Pool;
    await expect(preparedQuery(pool, 'SELECT * FROM no_such_table', [])).rejects.toMatchObject({
      code: '42P01',
    });
  });
});
