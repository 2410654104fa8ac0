import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createDatabase,
  type Database,
  withLastStatementCommit,
  withTransaction,
} from '../../src/db/pool.js';
import { deferWrite, withWriteBatchTransaction } from '../../src/db/write-batch.js';
import { createTestDatabase } from '../helpers/database.js';
import { recordStatements as recordAll, roundTrips } from '../helpers/statements.js';

/**
 * A transaction's `begin` rides with its first statement and, when the code says which is the
 * last, its `commit` with that one (src/db/fused-transaction.ts): one Sync of the extended
 * protocol. What must hold is what a transaction promises: all or nothing, an error where the
 * statement or the commit failed, and a connection that is clean for the next user.
 */
let target: { url: string; drop(): Promise<void> };
let database: Database;
/** Another connection: sees only what was committed. */
let observer: pg.Client;

beforeAll(async () => {
  target = await createTestDatabase();
  database = createDatabase(target.url, { max: 1 });
  observer = new pg.Client({ connectionString: target.url });
  await observer.connect();
  await database.pool.query(`
    create table ft_a (n int primary key);
    create table ft_parent (id int primary key);
    create table ft_child (parent int references ft_parent (id) deferrable initially deferred);`);
});

afterAll(async () => {
  await observer?.end();
  await database?.close();
  await target?.drop();
});

beforeEach(async () => {
  await database.pool.query('truncate ft_a, ft_parent, ft_child');
});

/** The statements of the service's pool only (not the observer's). */
async function recordStatements<T>(fn: () => Promise<T>) {
  const { value, sent } = await recordAll(fn);
  return { value, sent: sent.filter((s) => s.client !== observer) };
}

const committed = async () =>
  (await observer.query<{ n: number }>('select n from ft_a order by n')).rows.map((r) => r.n);

describe('begin and commit in the round trip of a statement', () => {
  it('sends begin with the first statement that has parameters', async () => {
    // The connection parses the statement once first (see below), then it is all fused.
    await database.pool.query('insert into ft_a values ($1::int)', [0]);
    await database.pool.query('truncate ft_a');
    const { sent } = await recordStatements(() =>
      withTransaction(database.db, async (tx) => {
        await tx.execute(sql`insert into ft_a values (${1}::int)`);
        // Not committed yet: the begin did open a transaction.
        expect(await committed()).toEqual([]);
        await tx.execute(sql`insert into ft_a values (${2}::int)`);
      }),
    );
    expect(sent.map((s) => s.text)).toEqual([
      'begin',
      'insert into ft_a values ($1::int)',
      'insert into ft_a values ($1::int)',
      'commit',
    ]);
    const trips = [...new Set(sent.map((s) => s.trip))];
    expect(sent.map((s) => trips.indexOf(s.trip))).toEqual([0, 0, 1, 2]);
    expect(await committed()).toEqual([1, 2]);
  });

  it('a write batch transaction is two round trips: the read with begin, the batch with commit', async () => {
    const run = (n: number) =>
      withWriteBatchTransaction(database.db, async (tx) => {
        const r = await tx.execute<{ n: number }>(sql`select ${n}::int + 1 as n`);
        deferWrite(tx, sql`insert into ft_a values (${r.rows[0]!.n}::int)`);
        deferWrite(tx, sql`insert into ft_a values (${n + 2}::int)`);
        return r.rows[0]!.n;
      });
    // Once, so that the connection has parsed the named statements (see below).
    await run(10);
    await database.pool.query('truncate ft_a');
    const { sent, value } = await recordStatements(() => run(41));
    expect(value).toBe(42);
    expect(sent.map((s) => s.text.split(' ')[0])).toEqual(['begin', 'select', 'with', 'commit']);
    expect(roundTrips(sent)).toBe(2);
    expect(await committed()).toEqual([42, 43]);
    // The connection is out of the transaction: a plain statement on it commits by itself.
    await database.pool.query('insert into ft_a values ($1)', [44]);
    expect(await committed()).toEqual([42, 43, 44]);
  });

  it('a failing statement carrying the begin rolls the transaction back; the connection stays usable', async () => {
    await database.pool.query('insert into ft_a values (7)');
    const error = await withWriteBatchTransaction(database.db, async (tx) => {
      deferWrite(tx, sql`insert into ft_a values (${8}::int)`);
      await tx.execute(sql`insert into ft_a values (${7}::int)`); // duplicate key
    }).catch((e: Error & { cause?: { code?: string } }) => e);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect(await committed()).toEqual([7]);
    await withTransaction(database.db, (tx) => tx.execute(sql`insert into ft_a values (${9}::int)`));
    expect(await committed()).toEqual([7, 9]);
  });

  it('a failing last statement never reaches its commit', async () => {
    const error = await withWriteBatchTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into ft_a values (${1}::int)`);
      deferWrite(tx, sql`insert into ft_a values (${2}::int), (${2}::int)`); // duplicate key
    }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await committed()).toEqual([]);
    await database.pool.query('insert into ft_a values ($1)', [3]);
    expect(await committed()).toEqual([3]);
  });

  it('a commit that fails (a deferred foreign key) fails the transaction, and nothing is written', async () => {
    const error = await withWriteBatchTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into ft_a values (${1}::int)`);
      deferWrite(tx, sql`insert into ft_child values (${99}::int)`); // no parent: fails at commit
    }).catch((e: Error & { cause?: { code?: string } }) => e);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23503');
    expect(await committed()).toEqual([]);
    expect((await observer.query('select count(*)::int as n from ft_child')).rows[0].n).toBe(0);
    await database.pool.query('insert into ft_a values ($1)', [2]);
    expect(await committed()).toEqual([2]);
  });

  it('sends begin alone before a statement without parameters (it may be several)', async () => {
    const { sent } = await recordStatements(() =>
      withTransaction(database.db, async (tx) => {
        await tx.execute(sql.raw('insert into ft_a values (1); insert into ft_a values (2)'));
        expect(await committed()).toEqual([]);
      }),
    );
    expect(sent.map((s) => s.text.split(' ')[0])).toEqual(['begin', 'insert', 'commit']);
    expect(roundTrips(sent)).toBe(3);
    expect(await committed()).toEqual([1, 2]);
  });

  it('sends begin alone before a named statement the connection has not parsed yet, with it afterwards', async () => {
    const text = sql`select ${1}::int as first_time_here_${sql.raw(String(Date.now() % 1000))}`;
    const once = await recordStatements(() => withTransaction(database.db, (tx) => tx.execute(text)));
    const twice = await recordStatements(() => withTransaction(database.db, (tx) => tx.execute(text)));
    expect(once.sent.map((s) => s.text.split(' ')[0])).toEqual(['begin', 'select', 'commit']);
    expect(roundTrips(once.sent)).toBe(3);
    expect(roundTrips(twice.sent)).toBe(2);
  });

  it('a transaction that sent nothing sends neither begin nor commit nor rollback', async () => {
    const ok = await recordStatements(() => withTransaction(database.db, async () => 1));
    const failed = await recordStatements(() =>
      withTransaction(database.db, async () => {
        throw new Error('refused');
      }).catch(() => 0),
    );
    expect(ok.sent).toEqual([]);
    expect(failed.sent).toEqual([]);
  });

  it('inside a transaction already, the last statement does not take a commit (a savepoint follows)', async () => {
    const error = await withTransaction(database.db, async (outer) => {
      await withLastStatementCommit(outer, async (tx, last) => {
        last();
        await tx.execute(sql`insert into ft_a values (${5}::int)`);
      });
      expect(await committed()).toEqual([]);
      throw new Error('outer refused');
    }).catch((e: Error) => e.message);
    expect(error).toBe('outer refused');
    expect(await committed()).toEqual([]);
  });

  it('a begin left unsent when the client goes back to the pool does not reach its next user', async () => {
    const client = await database.pool.connect();
    await client.query('begin');
    client.release();
    const again = await database.pool.connect();
    await again.query('insert into ft_a values ($1)', [6]);
    again.release();
    // Committed by itself: no transaction was left open on the connection.
    expect(await committed()).toEqual([6]);
  });
});
