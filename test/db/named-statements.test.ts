import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/pool.js';
import { createTestDatabase } from '../helpers/database.js';

/**
 * The pool's client names every statement with parameters by its text (src/db/pool.ts): the
 * server parses and plans it once per connection, later runs only bind and execute. What the
 * connection holds is visible in pg_prepared_statements, which lists that session's statements.
 */
let target: { url: string; drop(): Promise<void> };
let named: Database;
let unnamed: Database;

beforeAll(async () => {
  target = await createTestDatabase();
  named = createDatabase(target.url, { max: 1 });
  unnamed = createDatabase(target.url, { max: 1, preparedStatements: false });
});

afterAll(async () => {
  await named?.close();
  await unnamed?.close();
  await target?.drop();
});

const prepared = async (db: Database) =>
  (
    await db.pool.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time, statement',
    )
  ).rows.map((r) => r.statement);

describe('statements with parameters', () => {
  it('are prepared once per connection, from Drizzle, raw sql and plain pg alike; the rest is not', async () => {
    const { db, pool } = named;
    for (let i = 0; i < 3; i++) {
      await db.execute(sql`select ${i}::int as n`);
      await pool.query('select $1::text as t', [`x${i}`]);
      await pool.query({ text: 'select $1::int + 1 as m', values: [i] });
    }
    await pool.query('select 42');
    const statements = await prepared(named);
    // One each, however often it ran: the later runs reused it.
    expect(statements.sort()).toEqual([
      'select $1::int + 1 as m',
      'select $1::int as n',
      'select $1::text as t',
    ]);
    // A name of the caller's own is kept as it is.
    await pool.query({ name: 'mine', text: 'select $1::int * 2 as d', values: [2] });
    expect(await prepared(named)).toContain('select $1::int * 2 as d');
    // And the answers are the ones the statements give.
    expect((await pool.query('select $1::text as t', ['y'])).rows).toEqual([{ t: 'y' }]);
  });

  it('leave LIKE patterns and the read path (lists, stats, exports) unnamed, planned with their values', async () => {
    const { db, readDb, pool } = named;
    const before = await prepared(named);
    // A generic plan of the list's buyer-name search took 1-2 s at a million documents.
    await db.execute(sql`select 1 as one where ${'María'} ilike ${'%ar%'}`);
    await pool.query('select $1::text like $2 as l', ['abc', 'a%']);
    await readDb.execute(sql`select ${7}::int as seven`);
    expect((await readDb.execute(sql`select ${8}::int as eight`)).rows).toEqual([{ eight: 8 }]);
    expect(await prepared(named)).toEqual(before);
    // The same text through db is named.
    await db.execute(sql`select ${7}::int as seven`);
    expect(await prepared(named)).toContain('select $1::int as seven');
  });

  it('stop being named past 300 texts on a connection, and answer all the same', async () => {
    const { pool } = named;
    const before = (await prepared(named)).length;
    for (let i = 0; i < 310; i++) {
      expect((await pool.query(`select $1::int + ${i} as v`, [1])).rows[0].v).toBe(1 + i);
    }
    // 300 of its own, and the caller's 'mine' of the test before.
    expect((await prepared(named)).length).toBe(301);
    expect(before).toBeLessThan(300);
  });

  it('go out unnamed with DATABASE_PREPARED_STATEMENTS=false (PgBouncer in transaction mode)', async () => {
    const { db, pool } = unnamed;
    await db.execute(sql`select ${1}::int as n`);
    await pool.query('select $1::text as t', ['x']);
    await pool.query({ name: 'drizzle-prepare', text: 'select $1::int as p', values: [1] });
    expect(await prepared(unnamed)).toEqual([]);
  });
});
