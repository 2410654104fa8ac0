import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type Executor, withTransaction } from '../../src/db/pool.js';
import { deferCall, deferWrite, withWriteBatch } from '../../src/db/write-batch.js';
import { createTestDatabase } from '../helpers/database.js';
import { recordStatements } from '../helpers/statements.js';

/**
 * A write batch (src/db/write-batch.ts) keeps the writes a transaction defers and sends them, with
 * the deferred calls, as one statement when its function ends: data-modifying CTEs and a select
 * list. Statements are counted where every query of the process goes: pg.Client#query.
 */
let target: { url: string; drop(): Promise<void> };
let database: Database;

beforeAll(async () => {
  target = await createTestDatabase();
  database = createDatabase(target.url, { max: 2 });
  await database.pool.query(`
    create table wb_a (n int not null);
    create table wb_b (n int not null);
    create table wb_c (n int not null);
    create function wb_call(v int) returns setof int language sql as
      'insert into wb_c values (v) returning n';`);
});

afterAll(async () => {
  await database?.close();
  await target?.drop();
});

/** The statements a transaction sends, by their text, when `fn` runs in it inside a write batch. */
async function batchStatements(fn: (tx: Executor) => Promise<unknown>): Promise<string[]> {
  const { sent } = await recordStatements(() =>
    withTransaction(database.db, (tx) => withWriteBatch(tx, () => fn(tx))).catch((e: Error) => e.message),
  );
  return sent.map((s) => s.text);
}

const counts = async () =>
  (
    await database.pool.query<{ a: number; b: number; c: number }>(
      `select (select count(*)::int from wb_a) as a, (select count(*)::int from wb_b) as b,
              (select count(*)::int from wb_c) as c`,
    )
  ).rows[0]!;

const truncate = () => database.pool.query('truncate wb_a, wb_b, wb_c');

describe('a write batch', () => {
  it('sends the deferred writes and calls as one statement when its function ends, not before', async () => {
    await truncate();
    let seenInside = -1;
    const texts = await batchStatements(async (tx) => {
      expect(deferWrite(tx, sql`insert into wb_a values (${1}::int)`)).toBe(true);
      expect(deferWrite(tx, sql`insert into wb_b values (${2}::int), (${3}::int)`)).toBe(true);
      expect(deferCall(tx, sql`(select count(*) from wb_call(${4}::int))`)).toBe(true);
      // Kept, not sent: the transaction itself does not see them yet.
      const r = await tx.execute<{ n: number }>(sql`select count(*)::int as n from wb_a`);
      seenInside = r.rows[0]!.n;
    });
    expect(seenInside).toBe(0);
    expect(await counts()).toEqual({ a: 1, b: 2, c: 1 });
    expect(texts.map((t) => t.toLowerCase().split(' ')[0])).toEqual(['begin', 'select', 'with', 'commit']);
    expect(texts[2]).toMatch(
      /^with w0 as \(insert into wb_a .*\), w1 as \(insert into wb_b .*\) select \(select count\(\*\) from wb_call/,
    );
  });

  it('runs a lone write as it is, and sends nothing when nothing was deferred', async () => {
    await truncate();
    const lone = await batchStatements(async (tx) =>
      deferWrite(tx, sql`insert into wb_a values (${5}::int)`),
    );
    expect(lone).toEqual(['begin', 'insert into wb_a values ($1::int)', 'commit']);
    // A transaction that sent nothing: its begin and commit are not sent either
    // (src/db/fused-transaction.ts).
    const none = await batchStatements(async () => 7);
    expect(none).toEqual([]);
    expect(await counts()).toEqual({ a: 1, b: 0, c: 0 });
  });

  it('writes nothing when its function throws, and the transaction rolls back', async () => {
    await truncate();
    const texts = await batchStatements(async (tx) => {
      deferWrite(tx, sql`insert into wb_a values (${6}::int)`);
      deferCall(tx, sql`(select count(*) from wb_call(${7}::int))`);
      await tx.execute(sql`select ${8}::int`);
      throw new Error('refused');
    });
    expect(texts).toEqual(['begin', 'select $1::int', 'rollback']);
    expect(await counts()).toEqual({ a: 0, b: 0, c: 0 });
  });

  it('is not open outside withWriteBatch: the caller runs its statement itself', async () => {
    await withTransaction(database.db, async (tx) => {
      expect(deferWrite(tx, sql`insert into wb_a values (1)`)).toBe(false);
      expect(deferCall(tx, sql`1`)).toBe(false);
    });
    expect(await counts()).toEqual({ a: 0, b: 0, c: 0 });
  });
});
