import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RequestLogRecorder } from '../../src/modules/request-log/index.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { logEntry } from './entries.js';

/**
 * The request log's bound on a write stuck on a lock (docs/request-log.md). Its own file: it is
 * about PostgreSQL's statement_timeout, not about dates, and under libfaketime (CI's run of the
 * date-dependent files a year ahead) PostgreSQL's timeout timer does not fire, so it stays out of
 * that run.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const entry = (i: number) => logEntry(i, ctx.clock.now());

it('bounds what a stuck table costs: the write is cancelled, the newest rows kept, the oldest dropped', async () => {
  // A migration or VACUUM FULL holds the table: the INSERT waits on the lock, PostgreSQL up.
  const locker = new pg.Client({ connectionString: ctx.config.databaseUrl! });
  await locker.connect();
  const recorder = new RequestLogRecorder(ctx.deps.db, {
    batchSize: 1000,
    maxBuffered: 10,
    writeTimeoutMs: 300,
  });
  try {
    await locker.query('begin');
    await locker.query('lock table api_request_log in access exclusive mode');
    for (let i = 200; i < 225; i++) recorder.record(entry(i));
    // Without a bound on the write, this flush would wait for the lock as long as it is held.
    await recorder.flush();
    expect(recorder.pending).toBe(10);
    expect(recorder.dropped).toBe(15);
    await locker.query('rollback');
    await recorder.flush();
    expect(recorder.pending).toBe(0);
    const rows = await ctx.query<{ request_id: string }>(
      `select request_id from api_request_log where request_id like 'buf-2__' order by request_id`,
    );
    // What is dropped first is the oldest: the newest 10 rows are the ones written.
    expect(rows.map((r) => r.request_id)).toEqual(Array.from({ length: 10 }, (_, i) => `buf-${215 + i}`));
  } finally {
    await locker.end();
  }
});
