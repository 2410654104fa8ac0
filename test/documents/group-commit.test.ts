/**
 * Group commit of creates (docs/creates.md): concurrent creates of one counter share a
 * transaction, each request keeps its own answer, and the sequentials stay gapless and unique,
 * across two application instances on one database too. Rows inserted by one transaction share
 * its `xmin`: that is how these tests see which documents were committed together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import {
  isBegin,
  isEnd,
  recordedDatabase,
  type StatementRecorder,
  transactionAround,
} from '../helpers/statements.js';
import { fixtureKey, type RegisteredTenant, registerTenant, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
let recorder: StatementRecorder;
let other: TestContext;
beforeAll(async () => {
  recorder = await recordedDatabase();
  ctx = await createTestContext({ database: recorder.database });
  // A second application (its own pool, clock, key cache and batches) on the same database.
  other = await createTestContext({
    database: { url: ctx.config.databaseUrl!, drop: async () => {} },
    clock: ctx.clock,
  });
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

const committed = (issuerId: string) =>
  ctx.query<{ sequential: number; xmin: string; id: string; access_key: string }>(
    `select sequential::int, xmin::text, id, access_key from documents where issuer_id = $1 order by sequential`,
    [issuerId],
  );
const counter = async (issuerId: string, environment = 'sandbox') =>
  (
    await ctx.query<{ current: number }>(
      `select current::int from issuer_sequentials where issuer_id = $1 and document_type = '01' and environment = $2`,
      [issuerId, environment],
    )
  )[0]?.current;
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

function badTax() {
  const body = invoiceBody();
  body.items[0]!.taxes[0]!.taxAmount = '13.49';
  return body;
}

describe('group commit', () => {
  it('gathers concurrent creates into few transactions; a bad document fails alone and takes no number', async () => {
    const t = await registerTenant(ctx);
    const bodies = Array.from({ length: 30 }, (_, i) => (i % 6 === 3 ? badTax() : invoiceBody()));
    const results = await Promise.all(bodies.map((b) => createDocument(ctx, t, b)));
    const bad = results.filter((_, i) => i % 6 === 3);
    const good = results.filter((_, i) => i % 6 !== 3);
    expect(bad.map((r) => [r.statusCode, r.json().code])).toEqual(bad.map(() => [400, 'VALIDATION_FAILED']));
    for (const r of bad)
      expect(r.json().errors).toContainEqual({
        path: 'items[0].taxes[0].taxAmount',
        message: expect.stringContaining('13.50'),
      });
    expect(good.map((r) => r.statusCode)).toEqual(good.map(() => 201));
    const rows = await committed(t.issuerId);
    expect(rows.map((r) => r.sequential)).toEqual(oneToN(25));
    expect(await counter(t.issuerId)).toBe(25);
    // Each answer names its own document.
    expect(new Set(good.map((r) => r.json().document.accessKey))).toEqual(
      new Set(rows.map((r) => r.access_key)),
    );
    expect(good.map((r) => r.json().document.sequential).sort()).toEqual(
      rows.map((r) => String(r.sequential).padStart(9, '0')),
    );
    // 25 documents, far fewer transactions.
    expect(new Set(rows.map((r) => r.xmin)).size).toBeLessThanOrEqual(12);
  });

  it('writes a batch in one statement at the end of its transaction: documents, events, submissions, jobs', async () => {
    const t = await registerTenant(ctx);
    const { value: created, sent } = await recorder.record(() => createDocument(ctx, t, invoiceBody()));
    expect(created.statusCode).toBe(201);
    const tx = transactionAround(sent, (text) => /insert into documents/.test(text)).map((s) => s.text);
    // begin, the issuer and its counter, the claim of the number, the unit of work's flush, commit.
    expect(tx).toHaveLength(5);
    expect([isBegin(tx[0]!), isEnd(tx[4]!)]).toEqual([true, true]);
    // One statement inserts the documents, and it writes every table of the create and adds the job.
    const inserts = tx.filter((s) => /insert into documents/.test(s));
    expect(inserts).toHaveLength(1);
    for (const part of ['documents', 'document_events', 'document_submissions', 'add_jobs'])
      expect(inserts[0]).toContain(part);
    const [row] = await ctx.query<{ jobs: number; submissions: number; events: number }>(
      `select (select count(*)::int from graphile_worker.jobs j where j.key = 'sri:' || d.id) as jobs,
              (select count(*)::int from document_submissions s where s.document_id = d.id) as submissions,
              (select count(*)::int from document_events e where e.document_id = d.id and e.type = 'CREATED') as events
         from documents d where d.issuer_id = $1`,
      [t.issuerId],
    );
    expect(row).toEqual({ jobs: 1, submissions: 1, events: 1 });
  });

  it('queues every document of a batch for submission with the job queueProcessing gives it', async () => {
    const t = await registerTenant(ctx);
    await Promise.all(Array.from({ length: 12 }, () => createDocument(ctx, t)));
    const rows = await committed(t.issuerId);
    expect(new Set(rows.map((r) => r.xmin)).size).toBeLessThan(12);
    const jobs = await ctx.query<{
      key: string;
      max_attempts: number;
      task: string;
      priority: number;
      queue_name: string | null;
    }>(
      `select key, max_attempts, task_identifier as task, priority, queue_name from graphile_worker.jobs where key = any($1)`,
      [rows.map((r) => `sri:${r.id}`)],
    );
    expect(jobs.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      rows
        .map((r) => ({
          key: `sri:${r.id}`,
          max_attempts: 25,
          task: 'submission:process',
          priority: 0,
          queue_name: null,
        }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    const subs = await ctx.query<{ n: number }>(
      `select count(*)::int as n from document_submissions where document_id = any($1) and build = 0 and consecutive_retries = 0`,
      [rows.map((r) => r.id)],
    );
    expect(subs[0]!.n).toBe(12);
    // The payload (not in graphile-worker's public view) is proven by running the jobs: each one
    // passes its payload check and submits its own document (the tax authority is unreachable here).
    await ctx.drainJobs();
    // At least once: under load the drain may outlast the 2 s retry and run a job twice.
    const after = await ctx.query<{
      ran: boolean;
      last_failure_status: string;
      last_error: null;
    }>(
      `select s.consecutive_retries >= 1 as ran, s.last_failure_status, j.last_error from documents d
         join document_submissions s on s.document_id = d.id
         left join graphile_worker.jobs j on j.key = 'sri:' || d.id
        where d.issuer_id = $1`,
      [t.issuerId],
    );
    expect(after).toEqual(
      rows.map(() => ({
        ran: true,
        last_failure_status: 'HTTP_CONNECTION_ERROR',
        last_error: null,
      })),
    );
  });

  it('keeps Idempotency-Key exact inside a batch: same key twice is one document, another payload 409', async () => {
    const t = await registerTenant(ctx);
    const otherBody = invoiceBody({ additionalInfo: [{ name: 'x', value: 'y' }] });
    const requests: [object, string | undefined][] = [
      [invoiceBody(), 'same-a'],
      [invoiceBody(), 'same-a'],
      [invoiceBody(), 'diff-b'],
      [otherBody, 'diff-b'],
      ...Array.from({ length: 8 }, (): [object, undefined] => [invoiceBody(), undefined]),
    ];
    const results = await Promise.all(
      requests.map(([body, key]) => createDocument(ctx, t, body, key ? { 'idempotency-key': key } : {})),
    );
    const [a1, a2, b1, b2] = results;
    expect([a1!.statusCode, a2!.statusCode].sort()).toEqual([200, 201]);
    expect(a1!.json().document).toEqual(a2!.json().document);
    // Whichever of the two B requests came first created; the other is the conflict.
    expect([b1!.statusCode, b2!.statusCode].sort()).toEqual([201, 409]);
    expect([b1, b2].find((r) => r!.statusCode === 409)!.json().code).toBe('CONFLICT');
    expect(results.slice(4).map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const rows = await committed(t.issuerId);
    expect(rows.map((r) => r.sequential)).toEqual(oneToN(10));
    expect(new Set(rows.map((r) => r.xmin)).size).toBeLessThan(10);
    const keyed = await ctx.query<{ idempotency_key: string; n: number }>(
      `select idempotency_key, count(*)::int as n from documents where issuer_id = $1 and idempotency_key is not null group by 1 order by 1`,
      [t.issuerId],
    );
    expect(keyed).toEqual([
      { idempotency_key: 'diff-b', n: 1 },
      { idempotency_key: 'same-a', n: 1 },
    ]);
  });

  it('a quota reached inside a batch: the documents that fit are issued, the rest get 402, no gap', async () => {
    const t: RegisteredTenant = await verifiedTenant(ctx);
    await ctx.query(`update tenants set sandbox = false, promoted_at = now() where id = $1`, [t.tenantId]);
    await ctx.query(`update tiers set document_quota = 5 where code = 'FREE'`);
    try {
      const prod = await fixtureKey(ctx, t, ['documents:write', 'documents:read'], {
        environment: 'production',
      });
      const results = await Promise.all(
        Array.from({ length: 9 }, () =>
          ctx.app.inject({
            method: 'POST',
            url: '/v1/documents',
            headers: docHeaders(t, prod),
            payload: invoiceBody(),
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
      const refused = results.filter((r) => r.statusCode !== 201);
      expect(refused.map((r) => [r.statusCode, r.json().code])).toEqual(
        Array(4).fill([402, 'DOCUMENT_QUOTA_EXCEEDED']),
      );
      expect((await committed(t.issuerId)).map((r) => r.sequential)).toEqual(oneToN(5));
      expect(await counter(t.issuerId, 'production')).toBe(5);
      const used = await ctx.query<{ used: number }>(
        `select used from document_quota_usage where tenant_id = $1`,
        [t.tenantId],
      );
      expect(used[0]!.used).toBe(5);
    } finally {
      await ctx.query(`update tiers set document_quota = 30 where code = 'FREE'`);
    }
  });

  it('two application instances on one database: gapless and unique sequentials on one issuer', async () => {
    const t = await registerTenant(ctx);
    const post = (c: TestContext) => createDocument(c, t);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => post(i % 2 === 0 ? ctx : other)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    }
    const rows = await committed(t.issuerId);
    expect(rows.map((r) => r.sequential)).toEqual(oneToN(120));
    expect(new Set(rows.map((r) => r.access_key)).size).toBe(120);
    expect(await counter(t.issuerId)).toBe(120);
  });
});
