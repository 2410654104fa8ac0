import { Writable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { runOnce } from 'graphile-worker';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/db/migrate.js';
import { defineJob, enqueue } from '../../src/jobs/queue.js';
import { buildTaskList } from '../../src/worker.js';
import { createTestContext, RUN_ONCE_SETTLED, type TestContext } from '../helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** A logger whose lines the test reads. */
function recordingLog() {
  const lines: { level: number; msg: string; job?: string; version?: number }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

/** Runs the due jobs once with the application's job list and the given logger. */
async function runDue(log: pino.Logger) {
  await runOnce({
    pgPool: ctx.deps.database.pool,
    taskList: buildTaskList(ctx.deps.jobs, log),
    logger: silentLogger(),
    ...RUN_ONCE_SETTLED,
  });
}

async function jobRow(task: string) {
  const [row] = await ctx.query<{ attempts: number; max_attempts: number; last_error: string | null }>(
    'select attempts, max_attempts, last_error from graphile_worker.jobs where task_identifier = $1',
    [task],
  );
  return row;
}

describe('job payloads are checked when the job runs', () => {
  it('every job of the application declares a payload schema and a version', () => {
    expect(ctx.deps.jobs.length).toBeGreaterThan(5);
    for (const job of ctx.deps.jobs) {
      expect(job.payload, job.name).toMatchObject({ type: 'object' });
      expect(job.version, job.name).toBeGreaterThanOrEqual(1);
    }
  });

  it('a bad payload fails the job with a clear error; the worker goes on; the last attempt says so', async () => {
    // Enqueued as an outdated producer might have: a number where mail.send expects a string id.
    const loose = { version: 1, payload: Type.Unknown() };
    await enqueue(ctx.deps.db, 'mail.send', loose, { outboxId: 42 }, { maxAttempts: 2 });
    const { log, lines } = recordingLog();

    await runDue(log);
    let row = await jobRow('mail.send');
    expect(row).toMatchObject({ attempts: 1, max_attempts: 2 });
    expect(row!.last_error).toContain('Invalid payload for job mail.send (v1): /outboxId Expected string');
    expect(lines.map((l) => l.msg)).toEqual(['job failed; it will be retried']);

    // The retry is due later (graphile-worker's back-off): bring it forward.
    const [job] = await ctx.query<{ id: string; now: Date }>(
      `select id, now() as now from graphile_worker.jobs where task_identifier = 'mail.send'`,
    );
    await (await ctx.workerUtils()).rescheduleJobs([job!.id], { runAt: job!.now });
    await runDue(log);
    row = await jobRow('mail.send');
    expect(row).toMatchObject({ attempts: 2, max_attempts: 2 });
    expect(lines.map((l) => l.msg)).toEqual([
      'job failed; it will be retried',
      'job failed on its last attempt; it will not be retried',
    ]);
    expect(lines[1]).toMatchObject({ job: 'mail.send', version: 1 });
  });

  it('enqueue writes the version: a job queued by another version is refused by name', async () => {
    // A well-formed export payload, but written by a producer at version 9 of the job.
    const future = { version: 9, payload: Type.Object({ exportId: Type.String() }) };
    await enqueue(ctx.deps.db, 'documents.export-zip', future, { exportId: 'x' }, { maxAttempts: 1 });
    await runDue(recordingLog().log);
    const row = await jobRow('documents.export-zip');
    expect(row!.last_error).toContain(
      'Invalid payload for job documents.export-zip (v1): payload version 9 is not 1',
    );
  });

  it('a payload of another version is refused by name', async () => {
    const ran: string[] = [];
    const job = defineJob(
      'test.versioned',
      { version: 2, payload: Type.Object({ id: Type.String() }) },
      async ({ id }) => {
        ran.push(id);
      },
    );
    const ctxArgs = { attempt: 1, maxAttempts: 1, isLastAttempt: true, helpers: undefined as never };
    await job.run({ id: 'a', v: 2 }, ctxArgs);
    await job.run({ id: 'b' }, ctxArgs);
    await expect(job.run({ id: 'c', v: 1 }, ctxArgs)).rejects.toThrow(
      'Invalid payload for job test.versioned (v2): payload version 1 is not 2',
    );
    await expect(job.run(null, ctxArgs)).rejects.toThrow('Invalid payload for job test.versioned (v2)');
    expect(ran).toEqual(['a', 'b']);
  });
});
