import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements, roundTrips, statementsAround } from '../helpers/statements.js';
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
let later: Lifecycle;
let t: RegisteredTenant;
let u: RegisteredTenant;
beforeAll(async () => {
  // A simulator that decides at once, checked at once; and one that takes 1 s (of the test clock),
  // checked after 200 ms of real time (the test clock stands still meanwhile).
  now = await startLifecycle({ SRI_AUTH_FIRST_CHECK_MS: '0' }, 0);
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

  it('the authorization is one transaction: its own writes, then the rest in one statement with the commit', async () => {
    const { ctx } = now;
    const key = await issue(ctx, t);
    const { sent } = await recordStatements(() => ctx.drainJobs());
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    // The transaction that wrote the buyer email.
    const statements = statementsAround(sent, (text) => /outbox_emails/.test(text) && /^with/i.test(text));
    const tx = statements.map((s) => s.text);
    expect(tx).toHaveLength(5);
    expect(tx[0]).toBe('begin');
    expect(tx[1]).toMatch(/^select .* from documents d join document_submissions s .* for update$/);
    expect(tx[2]).toMatch(/^with along0 as \(insert into sri_responses/);
    // Events, the email, the pending notification and the jobs of both: one statement.
    for (const table of ['document_events', 'outbox_emails', 'notification_authorized_pending', 'add_jobs'])
      expect(tx[3]).toContain(table);
    expect(tx[4]).toBe('commit');
    // The commit goes with that statement (src/db/fused-transaction.ts); the begin with the read
    // once the connection has parsed it (test/db/fused-transaction.test.ts).
    expect(statements[4]!.trip).toBe(statements[3]!.trip);
    expect(roundTrips(statements)).toBeLessThanOrEqual(4);
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
