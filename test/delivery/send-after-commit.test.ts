import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/pool.js';
import { UnitOfWork } from '../../src/db/unit-of-work.js';
import { documents } from '../../src/modules/documents/documents.tables.js';
import { EMAIL_FALLBACK_DELAY_MS } from '../../src/modules/mail/index.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import type { RegisteredTenant } from '../helpers/tenants.js';
import { documentOf, issue, type Lifecycle, registerTenant, startLifecycle } from '../submission/support.js';

/**
 * The buyer email of an authorized document is sent by the job run that authorized it, once the
 * authorization has committed; its own job waits EMAIL_FALLBACK_DELAY_MS and is removed when the
 * email is sent. The job sends it when the run could not: a failed send (at once), or a process
 * that died between the commit and the send (after the delay).
 */
let life: Lifecycle;
let smtp: TestSmtpServer;
let t: RegisteredTenant;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // A simulator that decides at once, asked at once: one job run takes a document to AUTHORIZED.
  life = await startLifecycle({ SRI_AUTH_FIRST_CHECK_MS: '0', SMTP_URL: smtp.url }, 0);
  t = await registerTenant(life.ctx);
});
afterAll(async () => {
  await life?.close();
  await smtp?.close();
});

async function emailOf(accessKey: string) {
  const rows = await life.ctx.query<{ id: string; status: string; attempts: number }>(
    `select id, status, attempts from outbox_emails where kind = 'document' and ref->>'documentId' =
       (select id::text from documents where access_key = $1)`,
    [accessKey],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const mailJobs = async () =>
  (
    await life.ctx.query<{ run_in_ms: number }>(
      `select (extract(epoch from run_at - now()) * 1000)::float8 as run_in_ms
         from graphile_worker.jobs where task_identifier = 'mail.send'`,
    )
  ).map((r) => r.run_in_ms);

const emailEvents = async (accessKey: string) =>
  (
    await life.ctx.query<{ type: string }>(
      `select e.type from document_events e join documents d on d.id = e.document_id
        where d.access_key = $1 and e.type like 'EMAIL_%' order by e.id`,
      [accessKey],
    )
  ).map((r) => r.type);

const messagesFor = (accessKey: string) =>
  smtp.messages.filter((m) => (m.text ?? '').includes(accessKey)).length;

describe("an authorized document's buyer email", () => {
  it('is sent by the run that authorized the document: no job of its own runs', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    await ctx.drainJobs();
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(await emailOf(key)).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(messagesFor(key)).toBe(1);
    expect((await documentOf(ctx, t, key)).email.status).toBe('SENT');
    expect(await emailEvents(key)).toEqual(['EMAIL_QUEUED', 'EMAIL_SENT']);
    // Its waiting job went with the SENT mark.
    expect(await mailJobs()).toEqual([]);
  });

  it('goes to its job at once when the send fails, which retries it', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    // A relay that refuses for a while (451): the send after the commit, then the job's first try.
    smtp.rejectNext(2, 451);
    await ctx.drainJobs();
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    const failed = await emailOf(key);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1 });
    // graphile-worker's backoff after the job's first attempt: seconds, not EMAIL_FALLBACK_DELAY_MS.
    const [runIn] = await mailJobs();
    expect(runIn).toBeLessThan(10_000);
    await ctx.advance(Math.max(Math.ceil(runIn!), 0) + 5);
    await ctx.drainJobs();
    expect(await emailOf(key)).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(messagesFor(key)).toBe(1);
    expect(await mailJobs()).toEqual([]);
  });

  it('is sent by its job after EMAIL_FALLBACK_DELAY_MS when the process died after the commit', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    await ctx.drainJobs();
    const [doc] = await ctx.deps.db.select().from(documents).where(eq(documents.accessKey, key));
    expect(doc!.status).toBe('AUTHORIZED');
    // What an authorization commits for the buyer email, without the send that follows the commit
    // in the run: a process that died in between.
    const id = await withTransaction(ctx.deps.db, async (tx) => {
      const uow = new UnitOfWork(tx);
      const queued = await ctx.deps.delivery.queueBuyerEmail(uow, doc!, ctx.clock.now());
      await uow.flush();
      return queued!;
    });
    const outbox = async () =>
      (
        await ctx.query<{ status: string; attempts: number }>(
          'select status, attempts from outbox_emails where id = $1',
          [id],
        )
      )[0];
    const [waiting] = await mailJobs();
    expect(waiting).toBeGreaterThan(EMAIL_FALLBACK_DELAY_MS - 10_000);
    await ctx.advance(EMAIL_FALLBACK_DELAY_MS - 10_000);
    await ctx.drainJobs();
    expect(await outbox()).toEqual({ status: 'PENDING', attempts: 0 });
    expect(messagesFor(key)).toBe(1);
    await ctx.advance(10_005);
    await ctx.drainJobs();
    expect(await outbox()).toEqual({ status: 'SENT', attempts: 1 });
    expect(messagesFor(key)).toBe(2);
    expect(await mailJobs()).toEqual([]);
  });
});
