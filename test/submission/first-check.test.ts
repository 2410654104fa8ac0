import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBegin,
  isEnd,
  recordedDatabase,
  type StatementRecorder,
  transactionAround,
} from '../helpers/statements.js';
import type { RegisteredTenant } from '../helpers/tenants.js';
import {
  callTrail,
  documentOf,
  eventsOf,
  issue,
  type Lifecycle,
  registerTenant,
  sriResponsesOf,
  startLifecycle,
} from './support.js';

/**
 * The first authorization check after RECIBIDA, asked by the run that sent the document
 * (SRI_AUTH_FIRST_CHECK_MS up to 1 s): one job run takes a document from SIGNED to AUTHORIZED,
 * and an EN PROCESO answer goes back to the polls of SRI_AUTH_CHECK_DELAY_MS.
 */
let now: Lifecycle;
let recorder: StatementRecorder;
let later: Lifecycle;
let t: RegisteredTenant;
let u: RegisteredTenant;
beforeAll(async () => {
  // A simulator that decides at once, checked at once; and one that takes 1 s (of the test clock),
  // checked after 200 ms of real time (the test clock stands still meanwhile).
  recorder = await recordedDatabase();
  now = await startLifecycle({ SRI_AUTH_FIRST_CHECK_MS: '0' }, 0, recorder.database);
  later = await startLifecycle({ SRI_AUTH_FIRST_CHECK_MS: '200' }, 1000);
  t = await registerTenant(now.ctx);
  u = await registerTenant(later.ctx);
});
afterAll(async () => {
  await now?.close();
  await later?.close();
});

const submissionJobs = async (life: Lifecycle) =>
  (
    await life.ctx.query<{ n: number }>(
      `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'submission:process'`,
    )
  )[0]!.n;

describe('the first authorization check, in the run that sent the document', () => {
  it('one run: SIGNED → AUTHORIZED without moving the clock, reception and check recorded together', async () => {
    const { ctx } = now;
    const key = await issue(ctx, t);
    await ctx.drainJobs();
    const doc = await documentOf(ctx, t, key);
    expect(doc.status).toBe('AUTHORIZED');
    expect(await callTrail(ctx, t, key)).toEqual(['RECEPTION:RECIBIDA', 'AUTHORIZATION:AUTORIZADO']);
    const events = await eventsOf(ctx, t, key);
    expect(events.map((e) => e.type)).toEqual(['CREATED', 'SENT_TO_SRI', 'RECEIVED', 'AUTHORIZED']);
    expect(events.find((e) => e.type === 'RECEIVED')?.detail).toEqual({ via: 'RECIBIDA' });
    expect(now.sri.simulator.control.document(key)).toMatchObject({ submissions: 1, state: 'AUTORIZADO' });
    expect(await submissionJobs(now)).toBe(0);
    // The buyer email went out in the same drain: its job was queued with the authorization.
    const [email] = await ctx.query<{ status: string }>(
      `select status from outbox_emails where kind = 'document' and ref->>'documentId' =
         (select id::text from documents where access_key = $1)`,
      [key],
    );
    expect(email?.status).toBe('SENT');
    expect((await documentOf(ctx, t, key)).email.status).toBe('SENT');
  });

  it('the authorization is one transaction: the lock, the document, then the rest in one statement', async () => {
    const { ctx } = now;
    const key = await issue(ctx, t);
    const { sent } = await recorder.record(() => ctx.drainJobs());
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    // The transaction that wrote the buyer email.
    const tx = transactionAround(sent, (text) => /insert into "?outbox_emails/.test(text)).map((s) => s.text);
    // begin, the locked re-read, the document's update, the issuer's waiting-list lock (shared),
    // the unit of work's flush, commit.
    expect(tx).toHaveLength(6);
    expect([isBegin(tx[0]!), isEnd(tx[5]!)]).toEqual([true, true]);
    expect(tx[1]).toMatch(/for update$/);
    expect(tx[3]).toMatch(/pg_advisory_xact_lock_shared/);
    // Answers, the settled submission, events, the email, the pending notification and the jobs
    // of both: one statement.
    const flushes = tx.filter((s) => /outbox_emails/.test(s));
    expect(flushes).toHaveLength(1);
    for (const table of [
      'sri_responses',
      'document_submissions',
      'document_events',
      'notification_authorized_pending',
      'add_jobs',
    ])
      expect(flushes[0]).toContain(table);
    // The tenant's language came with the document's lock: not read again for the email.
    expect(sent.some((s) => /^select "language" from "tenants"/.test(s.text))).toBe(false);
  });

  it('EN PROCESO at the first check: RECEIVED, then polls from SRI_AUTH_CHECK_DELAY_MS (3 s)', async () => {
    const { ctx } = later;
    const key = await issue(ctx, u);
    await ctx.drainJobs();
    expect((await documentOf(ctx, u, key)).status).toBe('RECEIVED');
    expect(await callTrail(ctx, u, key)).toEqual(['RECEPTION:RECIBIDA', 'AUTHORIZATION:EN_PROCESO']);
    const [poll] = await ctx.query<{ ms: number }>(
      `select (extract(epoch from run_at - created_at) * 1000)::float8 as ms from graphile_worker.jobs
        where task_identifier = 'submission:process'`,
    );
    // 3 s from the check, both times set in the check's transaction: however long this test takes.
    expect(poll!.ms).toBe(3000);
    await ctx.advance(3005);
    await ctx.drainJobs();
    expect((await documentOf(ctx, u, key)).status).toBe('AUTHORIZED');
    const rows = (await sriResponsesOf(ctx, u, key)).reverse();
    expect(rows.map((r) => r.status)).toEqual(['RECIBIDA', 'EN_PROCESO', 'AUTORIZADO']);
    expect(later.sri.simulator.control.document(key)).toMatchObject({ submissions: 1 });
  });
});
