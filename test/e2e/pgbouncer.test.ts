import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createTestDatabase } from '../helpers/database.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { type PgBouncer, startPgBouncer } from '../helpers/pgbouncer.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';

/**
 * The service through PgBouncer 1.18 in transaction mode (docs/scaling.md): its pools on the
 * transaction-mode entry with DATABASE_PREPARED_STATEMENTS=false, graphile-worker's LISTEN, the
 * document locks and the key cache's LISTEN on the session-mode entry (DATABASE_LISTEN_URL). A
 * document goes from create to AUTHORIZED, and every statement of the pools went through PgBouncer.
 */
let bouncer: PgBouncer;
let sri: TestSri;
let ctx: TestContext;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  bouncer = await startPgBouncer(database.url);
  sri = await startTestSri({ authorizationDelayMs: 100 });
  ctx = await createTestContext({
    sriUrl: sri.simulator.url,
    database: { url: bouncer.url, drop: async () => {} },
    env: {
      DATABASE_LISTEN_URL: bouncer.sessionUrl,
      DATABASE_PREPARED_STATEMENTS: 'false',
      SRI_AUTH_CHECK_DELAY_MS: '200',
    },
  });
  await ctx.startWorker();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await sri?.close();
  await bouncer?.stop();
  await drop();
});

describe('through PgBouncer in transaction mode', () => {
  it('creates a document and takes it to AUTHORIZED; the key cache listens through the session entry', async () => {
    const t = await verifiedTenant(ctx);
    const created = await createDocument(ctx, t);
    expect(created.statusCode, created.body).toBe(201);
    const { accessKey } = created.json().document;
    await waitFor(
      'AUTHORIZED',
      async () =>
        (
          await ctx.app.inject({ method: 'GET', url: `/v1/documents/${accessKey}`, headers: docHeaders(t) })
        ).json().document.status,
      { until: (status) => status === 'AUTHORIZED' },
    );
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/documents', headers: docHeaders(t) });
    expect(list.json().data.map((d: { accessKey: string }) => d.accessKey)).toEqual([accessKey]);

    // The key cache listens through the session entry: it is live, and and serves from memory.
    expect(ctx.deps.authCache.enabled).toBe(true);
    const me = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    expect(me.statusCode).toBe(200);

    // PgBouncer carried the work: both entries served clients, and no named statement failed.
    const pools = await bouncer.show('pools');
    const byDb = new Map(pools.map((p) => [p.database as string, p]));
    expect(byDb.has('einvoice')).toBe(true);
    expect(byDb.has('einvoice_session')).toBe(true);
    const stats = await bouncer.show('stats');
    const txn = stats.find((s) => s.database === 'einvoice');
    expect(Number(txn?.total_xact_count)).toBeGreaterThan(20);
    expect(bouncer.log()).not.toMatch(/prepared statement .* does not exist|already exists/);
  });

  it('with named prepared statements, the transaction-mode entry fails as PgBouncer 1.18 documents', async () => {
    const { createDatabase } = await import('../../src/db/pool.js');
    const named = createDatabase(bouncer.url, { max: 2, preparedStatements: true });
    const unnamed = createDatabase(bouncer.url, { max: 2, preparedStatements: false });
    // Two clients, one query at a time: PgBouncer hands each transaction the server connection
    // released last, so the second client's Parse meets the first's statement on it ("already
    // exists"), or the first client's Bind later meets a server that never saw it ("does not
    // exist"). Concurrent queries could each keep a server of their own and all pass.
    const probe = async (db: typeof named) => {
      const [a, b] = [await db.pool.connect(), await db.pool.connect()];
      try {
        const q = (c: typeof a, n: number) =>
          c.query({ name: db.statementName('probe'), text: 'select $1::int as n', values: [n] }).then(
            () => 'ok',
            (e: Error) => e.message,
          );
        return [await q(a, 1), await q(b, 2), await q(a, 3), await q(b, 4)];
      } finally {
        a.release();
        b.release();
      }
    };
    try {
      const results = await probe(named);
      expect(results[0]).toBe('ok');
      const failures = results.filter((r) => r !== 'ok');
      expect(failures.length, results.join(' | ')).toBeGreaterThan(0);
      expect(failures[0]).toMatch(/prepared statement "probe" (already exists|does not exist)/);
      expect(await probe(unnamed)).toEqual(['ok', 'ok', 'ok', 'ok']);
    } finally {
      await named.close();
      await unnamed.close();
    }
  });
});
