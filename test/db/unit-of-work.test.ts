import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/pool.js';
import { inOneStatement, inUnitOfWork, writeTo } from '../../src/db/unit-of-work.js';
import { enqueue } from '../../src/jobs/queue.js';
import { isBegin, isEnd, recordedDatabase, type StatementRecorder } from '../helpers/statements.js';

/**
 * A unit of work (src/db/unit-of-work.ts) keeps the writes and jobs given to it and sends them as
 * one statement at its flush, before a plain commit. Statements are counted on the wire, as the
 * server receives them (test/helpers/statements.ts).
 */
let recorder: StatementRecorder;
let database: Database;

beforeAll(async () => {
  recorder = await recordedDatabase();
  database = createDatabase(recorder.database.url, { max: 2 });
  await database.pool.query(`
    create table uow_a (n int not null);
    create table uow_b (n int not null check (n > 0));`);
});

afterAll(async () => {
  await database?.close();
  await recorder?.database.drop();
});

const JOB = { version: 3, payload: Type.Object({ n: Type.Integer() }) };

const counts = async () =>
  (
    await database.pool.query<{ a: number; b: number; jobs: number }>(
      `select (select count(*)::int from uow_a) as a, (select count(*)::int from uow_b) as b,
              (select count(*)::int from graphile_worker.jobs where task_identifier like 'uow-test%') as jobs`,
    )
  ).rows[0]!;

const reset = () =>
  database.pool.query(
    `truncate uow_a, uow_b; delete from graphile_worker._private_jobs where task_id in (select id from graphile_worker._private_tasks where identifier like 'uow-test%')`,
  );

describe('inUnitOfWork', () => {
  it('sends the kept writes and jobs as one statement after the reads, then commits', async () => {
    await reset();
    let seenInside = -1;
    const { sent } = await recorder.record(() =>
      inUnitOfWork(database.db, async (uow) => {
        uow.write(sql`insert into uow_a values (${1}::int)`);
        await writeTo(uow, sql`insert into uow_b values (${2}::int), (${3}::int)`);
        await enqueue(uow, 'uow-test', JOB, { n: 1 }, { jobKey: 'uow-test:1', maxAttempts: 4 });
        await enqueue(
          uow,
          'uow-test',
          JOB,
          { n: 2 },
          { jobKey: 'uow-test:2', jobKeyMode: 'preserve_run_at' },
        );
        // Kept, not sent: the transaction itself does not see them yet.
        const r = await uow.tx.execute<{ n: number }>(sql`select count(*)::int as n from uow_a`);
        seenInside = r.rows[0]!.n;
      }),
    );
    expect(seenInside).toBe(0);
    expect(await counts()).toEqual({ a: 1, b: 2, jobs: 2 });
    // begin, the read, the flush, commit: four statements, each its own round trip.
    expect(sent).toHaveLength(4);
    expect(isBegin(sent[0]!.text)).toBe(true);
    expect(isEnd(sent[3]!.text)).toBe(true);
    expect(new Set(sent.map((s) => s.client)).size).toBe(1);
    const { rows } = await database.pool.query(
      `select j.key, j.max_attempts, j.payload from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'uow-test' order by j.key`,
    );
    expect(rows).toEqual([
      { key: 'uow-test:1', max_attempts: 4, payload: { n: 1, v: 3 } },
      { key: 'uow-test:2', max_attempts: 25, payload: { n: 2, v: 3 } },
    ]);
  });

  it('sends no flush when nothing was kept', async () => {
    const { sent } = await recorder.record(() => inUnitOfWork(database.db, async () => 7));
    expect(sent.map((s) => isBegin(s.text) || isEnd(s.text))).toEqual([true, true]);
  });

  it('keeps the run time of a pending job for preserve_run_at, and replaces it otherwise', async () => {
    await reset();
    const runAt = async (key: string) =>
      (
        await database.pool.query<{ t: Date }>(
          'select run_at as t from graphile_worker.jobs where key = $1',
          [key],
        )
      ).rows[0]!.t.getTime();
    await enqueue(database.db, 'uow-test', JOB, { n: 1 }, { jobKey: 'k-keep', delayMs: 3_600_000 });
    await enqueue(database.db, 'uow-test', JOB, { n: 1 }, { jobKey: 'k-move', delayMs: 3_600_000 });
    const before = await runAt('k-keep');
    await inUnitOfWork(database.db, async (uow) => {
      await enqueue(uow, 'uow-test', JOB, { n: 2 }, { jobKey: 'k-keep', jobKeyMode: 'preserve_run_at' });
      await enqueue(uow, 'uow-test', JOB, { n: 2 }, { jobKey: 'k-move' });
    });
    expect(await runAt('k-keep')).toBe(before);
    expect(await runAt('k-move')).toBeLessThan(before - 3_000_000);
  });

  it('writes nothing when its function throws, and the transaction rolls back', async () => {
    await reset();
    const { sent } = await recorder.record(() =>
      inUnitOfWork(database.db, async (uow) => {
        uow.write(sql`insert into uow_a values (${6}::int)`);
        await enqueue(uow, 'uow-test', JOB, { n: 6 });
        await uow.tx.execute(sql`select ${8}::int`);
        throw new Error('refused');
      }).catch((e: Error) => e.message),
    );
    expect(sent).toHaveLength(3);
    expect(/^rollback/i.test(sent[2]!.text)).toBe(true);
    expect(await counts()).toEqual({ a: 0, b: 0, jobs: 0 });
  });

  it('adds an unsafe_dedupe job at once (add_jobs cannot take it), in the transaction', async () => {
    await reset();
    await inUnitOfWork(database.db, async (uow) => {
      await enqueue(uow, 'uow-test', JOB, { n: 9 }, { jobKey: 'k-dedupe', jobKeyMode: 'unsafe_dedupe' });
      const { rows } = await uow.tx.execute<{ n: number }>(
        sql`select count(*)::int as n from graphile_worker.jobs where key = 'k-dedupe'`,
      );
      expect(rows[0]!.n).toBe(1);
    });
  });
});

describe('inOneStatement', () => {
  it('sends its writes as one statement without begin or commit', async () => {
    await reset();
    const { sent } = await recorder.record(() =>
      inOneStatement(database.db, async (uow) => {
        uow.write(sql`insert into uow_a values (${1}::int)`);
        uow.write(sql`insert into uow_b values (${1}::int)`);
        await enqueue(uow, 'uow-test', JOB, { n: 1 });
      }),
    );
    expect(sent).toHaveLength(1);
    expect(await counts()).toEqual({ a: 1, b: 1, jobs: 1 });
  });

  it('is atomic on its own: one failing write leaves none of them', async () => {
    await reset();
    const failed = await inOneStatement(database.db, async (uow) => {
      uow.write(sql`insert into uow_a values (${1}::int)`);
      uow.write(sql`insert into uow_b values (${-1}::int)`);
      await enqueue(uow, 'uow-test', JOB, { n: 1 });
    }).then(
      () => null,
      (e: Error) => e,
    );
    expect(failed).not.toBeNull();
    expect(await counts()).toEqual({ a: 0, b: 0, jobs: 0 });
  });
});

describe('writeTo an Executor', () => {
  it('sends the write at once', async () => {
    await reset();
    const { sent } = await recorder.record(() =>
      writeTo(database.db, sql`insert into uow_a values (${4}::int)`),
    );
    expect(sent).toHaveLength(1);
    expect((await counts()).a).toBe(1);
  });
});
