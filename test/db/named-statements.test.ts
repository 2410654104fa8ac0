import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/pool.js';
import { createTestDatabase } from '../helpers/database.js';

/**
 * Statements are named only where the code asks, through pg's `name` option (Drizzle's
 * `.prepare(name)`), with the name `Database.statementName` gives: unnamed with
 * DATABASE_PREPARED_STATEMENTS=false (PgBouncer before 1.21 in transaction mode). What a
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
  (await db.pool.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (r) => r.name,
  );

const probe = (db: Database) =>
  db.db
    .select({ n: sql<number>`${sql.placeholder('n')}::int + 1` })
    .from(sql`(select 1) one`)
    .prepare(db.statementName('probe'));

describe('named statements', () => {
  it('are the ones the code names, once per connection; nothing else is named', async () => {
    const query = probe(named);
    for (let i = 0; i < 3; i++) expect(await query.execute({ n: i })).toEqual([{ n: i + 1 }]);
    await named.db.execute(sql`select ${1}::int as n`);
    await named.pool.query('select $1::text as t', ['x']);
    expect(await prepared(named)).toEqual(['probe']);
  });

  it('go out unnamed with DATABASE_PREPARED_STATEMENTS=false (PgBouncer in transaction mode)', async () => {
    expect(unnamed.statementName('probe')).toBe('');
    expect(await probe(unnamed).execute({ n: 4 })).toEqual([{ n: 5 }]);
    await unnamed.db.execute(sql`select ${1}::int as n`);
    expect(await prepared(unnamed)).toEqual([]);
  });
});
