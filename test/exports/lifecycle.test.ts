import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { authorize } from './helpers.js';

/**
 * Issue 30: an export whose last attempt died with its worker reaches FAILED (point 1); an account
 * has at most 3 exports in flight, and a finished export's file is deleted after 7 days (point 9).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { WORKER_HEARTBEAT_MS: '200', WORKER_DEAD_AFTER_MS: '1000' } });
});
afterAll(async () => ctx?.close());

const DAY = 86_400_000;

function startExport(t: RegisteredTenant) {
  const today = ecuadorDate(ctx.clock.now());
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/exports',
    headers: docHeaders(t),
    payload: { from: today, to: today, kind: 'xml' },
  });
}
const exportOf = async (t: RegisteredTenant, id: string) =>
  (await ctx.app.inject({ url: `/v1/exports/${id}`, headers: docHeaders(t) })).json().export;

describe('export limits', () => {
  it('at most 3 in flight per account: the next is 429 EXPORT_LIMIT_REACHED with Retry-After', async () => {
    const t = await registerTenant(ctx);
    const answers = await Promise.all(Array.from({ length: 8 }, () => startExport(t)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429, 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({ code: 'EXPORT_LIMIT_REACHED', limit: 3, retryAfter: 60 });
    // Another account is not held back by this one.
    expect((await startExport(await registerTenant(ctx))).statusCode).toBe(202);
    // Once those are built, the account may export again.
    await ctx.drainJobs();
    expect((await startExport(t)).statusCode).toBe(202);
  });
});

describe('an export whose worker dies on every attempt', () => {
  it('is FAILED once its attempts are exhausted, its partial file deleted, its job gone', async () => {
    const t = await registerTenant(ctx);
    const created = (await startExport(t)).json().export;
    // What a worker killed (kill -9) during the third and last attempt leaves: the attempt
    // counted, the job locked by a worker that no longer beats, the row RUNNING, a `.part` file.
    await ctx.query(
      `update graphile_worker._private_jobs set attempts = max_attempts, locked_by = 'pool-killed',
         locked_at = now() - interval '1 hour' where key = $1`,
      [`export:${created.id}`],
    );
    await ctx.query(`update document_exports set status = 'RUNNING' where id = $1`, [created.id]);
    const part = path.join(ctx.dataDir, 'exports', `${created.id}.zip.part`);
    mkdirSync(path.dirname(part), { recursive: true });
    writeFileSync(part, 'half a zip');

    // A live worker's crash sweep: unlocks the dead worker's job, finds it exhausted, closes it.
    await ctx.startWorker();
    await expect.poll(async () => (await exportOf(t, created.id)).status, { timeout: 30_000 }).toBe('FAILED');
    expect(await exportOf(t, created.id)).toMatchObject({
      error: 'The export could not be built; create it again',
      downloadUrl: null,
    });
    expect(existsSync(part)).toBe(false);
    const left = await ctx.query('select id from graphile_worker.jobs where key = $1', [
      `export:${created.id}`,
    ]);
    expect(left).toEqual([]);
  });

  it('deletes the file 7 days after the export finished, and the export is EXPIRED', async () => {
    const t = await registerTenant(ctx);
    const doc = await createDocument(ctx, t);
    await authorize(ctx, doc.json().document.accessKey);
    const created = (await startExport(t)).json().export;
    await expect.poll(async () => (await exportOf(t, created.id)).status, { timeout: 30_000 }).toBe('DONE');
    const file = path.join(ctx.dataDir, 'exports', `${created.id}.zip`);
    expect(existsSync(file)).toBe(true);
    const prune = async () => {
      const utils = await ctx.workerUtils();
      await utils.addJob('exports:prune', {});
      await expect
        .poll(
          async () =>
            (await ctx.query(`select 1 from graphile_worker.jobs where task_identifier = 'exports:prune'`))
              .length,
          { timeout: 30_000 },
        )
        .toBe(0);
    };
    await ctx.advance(7 * DAY - 60_000);
    await prune();
    expect((await exportOf(t, created.id)).status).toBe('DONE');
    expect(existsSync(file)).toBe(true);

    await ctx.advance(120_000);
    await prune();
    expect(await exportOf(t, created.id)).toMatchObject({ status: 'EXPIRED', downloadUrl: null });
    expect(existsSync(file)).toBe(false);
    const download = await ctx.app.inject({
      url: `/v1/exports/${created.id}/download`,
      headers: docHeaders(t),
    });
    expect([download.statusCode, download.json().code]).toEqual([409, 'CONFLICT']);
  });
});
