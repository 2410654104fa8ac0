import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { authorize } from '../exports/helpers.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createTestDatabase } from '../helpers/database.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * DATABASE_READ_URL: lists, stats and exports read there, everything else on DATABASE_URL. The
 * "replica" is a second database on the same server with the same schema and its own content, so
 * which one a request read is visible in its answer: the document created on the primary is
 * missing from the list until its rows are copied to the replica (as replication would).
 */
let ctx: TestContext;
let replica: { url: string; drop(): Promise<void> };
let t: RegisteredTenant;

beforeAll(async () => {
  replica = await createTestDatabase();
  ctx = await createTestContext({ env: { DATABASE_READ_URL: replica.url } });
  t = await verifiedTenant(ctx);
});

afterAll(async () => {
  await ctx?.close();
  await replica?.drop();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: docHeaders(t) });

describe('reads from DATABASE_READ_URL', () => {
  it('lists, stats and CSV exports read the replica; a document by its key and creates use the primary', async () => {
    const created = await createDocument(ctx, t);
    expect(created.statusCode, created.body).toBe(201);
    const { accessKey } = created.json().document;
    expect((await get(`/v1/documents/${accessKey}`)).statusCode).toBe(200);

    expect((await get('/v1/documents')).json().pagination.total).toBe(0);
    expect((await get('/v1/documents/stats')).json().count).toBe(0);
    const csv = await get('/v1/documents/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1);

    // Replication catches up: the same rows on the replica, and the reads show them.
    const copy = new pg.Client({ connectionString: replica.url });
    await copy.connect();
    try {
      for (const [table, where] of [
        ['tenants', 'id = $1'],
        ['issuers', 'tenant_id = $1'],
        ['documents', 'tenant_id = $1'],
      ] as const) {
        const rows = await ctx.query<{ r: unknown }>(
          `select row_to_json(x) as r from ${table} x where ${where}`,
          [t.tenantId],
        );
        for (const { r } of rows)
          await copy.query(`insert into ${table} select * from json_populate_record(null::${table}, $1)`, [
            r,
          ]);
      }
    } finally {
      await copy.end();
    }
    const list = (await get('/v1/documents')).json();
    expect(list.pagination.total).toBe(1);
    expect(list.data[0].accessKey).toBe(accessKey);
    expect((await get('/v1/documents/stats')).json().count).toBe(1);
    expect((await get('/v1/documents/export?format=csv')).body).toContain(accessKey);
  });

  it('a ZIP export reads the primary: every authorized document, whatever the replica lags', async () => {
    const docs = [];
    for (let i = 0; i < 2; i++) {
      const res = await createDocument(ctx, t);
      expect(res.statusCode, res.body).toBe(201);
      docs.push(res.json().document.accessKey as string);
    }
    for (const key of docs) await authorize(ctx, key);
    const today = ecuadorDate(ctx.clock.now());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/exports',
      headers: docHeaders(t),
      payload: { from: today, to: today, kind: 'xml' },
    });
    expect(res.statusCode, res.body).toBe(202);
    await ctx.drainJobs();
    const done = (await get(`/v1/exports/${res.json().export.id}`)).json().export;
    // The replica holds at most the first test's document; the primary has all of today's.
    const [{ n }] = (await ctx.query<{ n: number }>(
      `select count(*)::int as n from documents where tenant_id = $1 and status = 'AUTHORIZED'`,
      [t.tenantId],
    )) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(2);
    expect(done).toMatchObject({ status: 'DONE', progress: { done: n, total: n } });
  });

  it('a malformed DATABASE_READ_URL stops start-up naming the variable', async () => {
    const { loadConfig } = await import('../../src/config/config.js');
    const base = { DATABASE_URL: 'postgres://u@localhost/db', MASTER_KEY: '0'.repeat(64) };
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: 'localhost:5432/db' })).toThrow(
      'DATABASE_READ_URL must be a URL like postgresql://user:password@localhost:5432/einvoice, got "localhost:5432/db"',
    );
    expect(() => loadConfig({ MASTER_KEY: '0'.repeat(64), DATABASE_READ_URL: replica.url })).toThrow(
      'DATABASE_READ_URL needs DATABASE_URL',
    );
    expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE must be between 1 and 1000, got 0',
    );
    expect(() => loadConfig({ ...base, DATABASE_PREPARED_STATEMENTS: 'maybe' })).toThrow(
      'DATABASE_PREPARED_STATEMENTS must be true or false, got "maybe"',
    );
    expect(() => loadConfig({ ...base, AUTH_CACHE_TTL_MS: '-1' })).toThrow(
      'AUTH_CACHE_TTL_MS must be an integer',
    );
  });
});
