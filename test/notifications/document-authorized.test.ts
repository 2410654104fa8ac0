import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_AUTHORIZED_JOB } from '../../src/modules/notifications/document-authorized.js';
import { AUTHORIZED_SWEEP_JOB } from '../../src/modules/notifications/notifications.jobs.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { addIssuer, authorizedDocument, inTransaction } from '../helpers/notifications.js';
import { bearer, type RegisteredTenant, registerTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { endpointFor } from '../webhooks/support.js';

let ctx: TestContext;
beforeAll(async () => {
  // Endpoints on loopback are fine here: deliveries are only queued, never sent.
  ctx = await createTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  // The aggregation window (60 s) is asserted to the second: only the test moves the clock.
  ctx.clock.freeze();
});
afterAll(async () => ctx?.close());

/**
 * A transaction the test holds open: it calls `reach()` once it has written, then waits for
 * `gate`; the test waits for `reached`, and lets it commit with `release()`.
 */
function heldTransaction() {
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => {
    reach = r;
  });
  const gate = new Promise<void>((r) => {
    release = r;
  });
  return { reached, reach, gate, release };
}

function authorize(t: RegisteredTenant, n: number, issuerId = t.issuerId) {
  return inTransaction(ctx, (tx) =>
    ctx.deps.notifications.documentAuthorized(
      tx,
      { tenantId: t.tenantId, issuerId, document: authorizedDocument(n) },
      ctx.clock.now(),
    ),
  );
}

async function rows(t: RegisteredTenant) {
  return ctx.query<{ id: string; metadata: { count: number; documents: { sequential: string }[] } }>(
    `select id, metadata from notifications where tenant_id = $1 and type = 'DOCUMENT_AUTHORIZED' order by id`,
    [t.tenantId],
  );
}

describe('documentAuthorized', () => {
  it('aggregates authorizations within 60 seconds into one row updated in place', async () => {
    const t = await registerTenant(ctx, { language: 'en' });
    const first = await authorize(t, 1);
    expect(first.created).toBe(true);
    expect(first.notification).toMatchObject({
      type: 'DOCUMENT_AUTHORIZED',
      severity: 'INFO',
      issuerId: t.issuerId,
      title: 'Document authorized',
      metadata: { count: 1, documents: [authorizedDocument(1)] },
    });
    ctx.clock.advance(30_000);
    const second = await authorize(t, 2);
    ctx.clock.advance(29_000);
    const third = await authorize(t, 3);
    expect([second.created, third.created]).toEqual([false, false]);
    expect(third.notification.id).toBe(first.notification.id);
    expect(third.notification.title).toBe('3 documents authorized');
    expect(third.notification.message).toContain('000000003');
    expect(third.notification.metadata).toEqual({
      documents: [authorizedDocument(3), authorizedDocument(2), authorizedDocument(1)],
      count: 3,
    });
    expect(third.notification.createdAt).toBe(first.notification.createdAt);
    expect(third.notification.updatedAt).not.toBe(first.notification.updatedAt);
    expect(await rows(t)).toHaveLength(1);

    // The window is 60 s from the row's first authorization: this one starts a new row.
    ctx.clock.advance(1_000);
    const later = await authorize(t, 4);
    expect(later.created).toBe(true);
    expect(later.notification.metadata).toEqual({ documents: [authorizedDocument(4)], count: 1 });
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(t.apiKey) })
    ).json();
    expect(list.notifications.map((n: { id: string }) => n.id)).toEqual([
      later.notification.id,
      first.notification.id,
    ]);
    expect(list.notifications[1].metadata).toEqual(third.notification.metadata);
  });

  it('lists at most 50 documents, the newest, while count is the true total', async () => {
    const t = await registerTenant(ctx);
    await inTransaction(ctx, async (tx) => {
      for (let n = 1; n <= 55; n++)
        await ctx.deps.notifications.documentAuthorized(
          tx,
          { tenantId: t.tenantId, issuerId: t.issuerId, document: authorizedDocument(n) },
          ctx.clock.now(),
        );
    });
    const [row] = await rows(t);
    expect(row!.metadata.count).toBe(55);
    expect(row!.metadata.documents).toHaveLength(50);
    expect(row!.metadata.documents[0]!.sequential).toBe('000000055');
    expect(row!.metadata.documents[49]!.sequential).toBe('000000006');
  });

  it('keeps one row per issuer, and starts a new row once the open one was read', async () => {
    const t = await registerTenant(ctx);
    const other = await addIssuer(ctx, t.issuerId, '002');
    const a = await authorize(t, 1);
    const b = await authorize(t, 2, other);
    expect(b.notification.id).not.toBe(a.notification.id);
    expect(b.notification.issuerId).toBe(other);
    await ctx.app.inject({
      method: 'POST',
      url: `/v1/notifications/${a.notification.id}/read`,
      headers: bearer(t.apiKey),
    });
    const c = await authorize(t, 3);
    expect(c.created).toBe(true);
    expect(c.notification.metadata).toMatchObject({ count: 1 });
    expect(await rows(t)).toHaveLength(3);
  });

  it('is concurrency-safe: authorizations committing at once share one row', async () => {
    const t = await registerTenant(ctx);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => authorize(t, i + 1)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const all = await rows(t);
    expect(all).toHaveLength(1);
    expect(all[0]!.metadata.count).toBe(8);
    expect(new Set(all[0]!.metadata.documents.map((d) => d.sequential)).size).toBe(8);
  });

  it('makes a second authorization wait for an uncommitted first one, then join its row', async () => {
    const t = await registerTenant(ctx);
    const { reached: firstWrote, reach: wrote, gate, release } = heldTransaction();
    const first = inTransaction(ctx, async (tx) => {
      const r = await ctx.deps.notifications.documentAuthorized(
        tx,
        { tenantId: t.tenantId, issuerId: t.issuerId, document: authorizedDocument(1) },
        ctx.clock.now(),
      );
      wrote();
      await gate; // still uncommitted while the second one starts
      return r;
    });
    await firstWrote;
    const second = authorize(t, 2);
    // The second one is blocked behind the first's uncommitted row before the first commits.
    await waitFor('the second authorization waiting on a lock', async () => {
      const [w] = await ctx.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return w!.n >= 1;
    });
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(b.notification.id).toBe(a.notification.id);
    expect(b.notification.metadata).toMatchObject({ count: 2 });
    expect(await rows(t)).toHaveLength(1);
  });

  it('sends no email (DOCUMENT_AUTHORIZED has no email equivalent)', async () => {
    const t = await registerTenant(ctx);
    const r = await authorize(t, 1);
    expect(r.emailId).toBeNull();
    const mails = await ctx.query('select id from outbox_emails where tenant_id = $1 and kind = $2', [
      t.tenantId,
      'notification',
    ]);
    expect(mails).toHaveLength(0);
  });
});

/** What an authorization does (issue 16): the document waits for its issuer's aggregation job. */
function queue(t: RegisteredTenant, n: number) {
  return inTransaction(ctx, (tx) =>
    ctx.deps.notifications.queueDocumentAuthorized(
      tx,
      { tenantId: t.tenantId, issuerId: t.issuerId, document: authorizedDocument(n) },
      ctx.clock.now(),
    ),
  );
}

const waiting = async (t: RegisteredTenant) =>
  (
    await ctx.query<{ n: number }>(
      'select count(*)::int as n from notification_authorized_pending where tenant_id = $1',
      [t.tenantId],
    )
  )[0]!.n;

/** The documents each DOCUMENT_AUTHORIZED webhook delivery of the tenant lists. */
async function deliveredLists(t: RegisteredTenant) {
  const deliveries = await ctx.query<{ payload: string }>(
    `select payload from webhook_deliveries where tenant_id = $1 and event = 'DOCUMENT_AUTHORIZED' order by id`,
    [t.tenantId],
  );
  return deliveries.map((d) => {
    const body = JSON.parse(d.payload) as { data: { metadata: { documents: { sequential: string }[] } } };
    return body.data.metadata.documents.map((x) => x.sequential);
  });
}

describe('queueDocumentAuthorized (what an authorization calls)', () => {
  it('lets authorizations wait for one job that adds them in one update and one webhook', async () => {
    const t = await verifiedTenant(ctx);
    await endpointFor(ctx, t, 'https://localhost:9/hook', ['DOCUMENT_AUTHORIZED']);
    for (let n = 1; n <= 5; n++) await queue(t, n);
    expect(await rows(t)).toHaveLength(0);
    expect(await waiting(t)).toBe(5);
    // One job for the issuer, whatever the number of authorizations (its job key).
    const jobs = await ctx.query<{ priority: number }>(
      `select priority from graphile_worker.jobs where task_identifier = 'notifications.document-authorized'
         and key like $1`,
      [`%${t.tenantId}%`],
    );
    // Ahead of other ready jobs: each authorization moves its run_at to now.
    expect(jobs).toEqual([{ priority: -1 }]);
    await ctx.drainJobs();
    const [row] = await rows(t);
    expect(row!.metadata.count).toBe(5);
    expect(row!.metadata.documents.map((d) => d.sequential)).toEqual([
      '000000005',
      '000000004',
      '000000003',
      '000000002',
      '000000001',
    ]);
    expect(await waiting(t)).toBe(0);
    expect(await deliveredLists(t)).toHaveLength(1);

    // Later authorizations join the same open row.
    await queue(t, 6);
    await ctx.drainJobs();
    const [again] = await rows(t);
    expect(again!.id).toBe(row!.id);
    expect(again!.metadata.count).toBe(6);
    expect(await deliveredLists(t)).toHaveLength(2);
  });

  it('takes 50 waiting documents per update, so that every document is listed in a webhook', async () => {
    const t = await verifiedTenant(ctx);
    await endpointFor(ctx, t, 'https://localhost:9/hook', ['DOCUMENT_AUTHORIZED']);
    await inTransaction(ctx, async (tx) => {
      for (let n = 1; n <= 120; n++)
        await ctx.deps.notifications.queueDocumentAuthorized(
          tx,
          { tenantId: t.tenantId, issuerId: t.issuerId, document: authorizedDocument(n) },
          ctx.clock.now(),
        );
    });
    await ctx.drainJobs();
    const [row] = await rows(t);
    expect(row!.metadata.count).toBe(120);
    expect(row!.metadata.documents[0]!.sequential).toBe('000000120');
    const lists = await deliveredLists(t);
    expect(lists.map((l) => l.length)).toEqual([50, 50, 50]);
    expect(new Set(lists.flat()).size).toBe(120);
  });

  it("makes the issuer's job wait for an authorization in flight before it reads the waiting list", async () => {
    // An authorization's add_jobs can join the issuer's job while a worker is locking it: the job
    // then runs with no job left for that document. Here the job runs while the authorization of
    // document 2 has queued its row and the job but not committed.
    const t = await verifiedTenant(ctx);
    await endpointFor(ctx, t, 'https://localhost:9/hook', ['DOCUMENT_AUTHORIZED']);
    await queue(t, 1);
    const { reached: inFlight, reach: queued, gate, release } = heldTransaction();
    const second = inTransaction(ctx, async (tx) => {
      await ctx.deps.notifications.queueDocumentAuthorized(
        tx,
        { tenantId: t.tenantId, issuerId: t.issuerId, document: authorizedDocument(2) },
        ctx.clock.now(),
      );
      queued();
      await gate;
    });
    await inFlight;
    const job = ctx.deps.jobs.find((j) => j.name === DOCUMENT_AUTHORIZED_JOB)!;
    const ran = job.run({ tenantId: t.tenantId, issuerId: t.issuerId, v: 1 }, {} as never);
    try {
      await waitFor('the job waiting for the authorization in flight', async () => {
        const [w] = await ctx.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        return w!.n >= 1;
      });
    } finally {
      // Also when the job did not wait: the authorization must not stay open.
      release();
    }
    await Promise.all([second, ran]);
    // Both documents in the job's one update and one webhook; nothing left waiting.
    expect(await waiting(t)).toBe(0);
    expect((await rows(t))[0]!.metadata.count).toBe(2);
    expect(await deliveredLists(t)).toEqual([['000000002', '000000001']]);
  });

  it('leaves nothing waiting when the job was lost: the sweep queues it again', async () => {
    const t = await registerTenant(ctx);
    await queue(t, 1);
    // As if the worker holding the job died and the job was gone: only the waiting row is left.
    await ctx.query(
      `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
       where j.task_id = k.id and k.identifier = 'notifications.document-authorized' and j.key like $1`,
      [`%${t.tenantId}%`],
    );
    await ctx.drainJobs();
    expect(await waiting(t)).toBe(1);
    // Too recent for the sweep (30 s): the job may still be on its way.
    const sweep = ctx.deps.jobs.find((j) => j.name === AUTHORIZED_SWEEP_JOB)!;
    await sweep.run({}, {} as never);
    await ctx.drainJobs();
    expect(await waiting(t)).toBe(1);
    await ctx.query(
      `update notification_authorized_pending set created_at = created_at - interval '31 seconds' where tenant_id = $1`,
      [t.tenantId],
    );
    await sweep.run({}, {} as never);
    await ctx.drainJobs();
    expect(await waiting(t)).toBe(0);
    expect((await rows(t))[0]!.metadata.count).toBe(1);
  });

  it('waits NOTIFICATION_BATCH_DELAY_MS after the first authorization, gathering the next ones', async () => {
    // The job's time is the database's now() plus the delay, and only the test clock moves it
    // (ctx.advance): the longest delay the setting allows keeps a loaded machine's real seconds
    // between queueing and draining from making the job due behind the test's back.
    const slow = await createTestContext({ env: { NOTIFICATION_BATCH_DELAY_MS: '5000' } });
    try {
      const t = await registerTenant(slow);
      const queueIn = (n: number) =>
        inTransaction(slow, (tx) =>
          slow.deps.notifications.queueDocumentAuthorized(
            tx,
            { tenantId: t.tenantId, issuerId: t.issuerId, document: authorizedDocument(n) },
            slow.clock.now(),
          ),
        );
      const runAt = async () =>
        (
          await slow.query<{ at: string; ahead: number }>(
            `select run_at::text as at, extract(epoch from run_at - created_at) as ahead from graphile_worker.jobs
              where task_identifier = 'notifications.document-authorized'`,
          )
        )[0]!;
      await queueIn(1);
      const first = await runAt();
      // Set in the queueing transaction: the delay exactly, whatever time passed since.
      expect(Number(first.ahead)).toBe(5);
      await queueIn(2);
      // The second one joined the same job without moving its time.
      expect((await runAt()).at).toBe(first.at);
      const aggregated = () =>
        slow.query<{ metadata: { count: number } }>(
          `select metadata from notifications where tenant_id = $1 and type = 'DOCUMENT_AUTHORIZED'`,
          [t.tenantId],
        );
      await slow.drainJobs();
      expect(await aggregated()).toHaveLength(0);
      await slow.advance(5000);
      await slow.drainJobs();
      const [row] = await aggregated();
      expect(row!.metadata.count).toBe(2);
    } finally {
      await slow.close();
    }
  });
});
