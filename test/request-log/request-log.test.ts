import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/pool.js';
import { hashApiToken } from '../../src/modules/keys/tokens.js';
import { RequestLogRecorder } from '../../src/modules/request-log/index.js';
import { PRUNE_BATCH } from '../../src/modules/request-log/request-log.service.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { logEntry } from './entries.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Rows carry the clock's time: a still clock makes them exact (advance() still moves it).
  ctx.clock.freeze();
});
afterAll(async () => ctx?.close());

const DAY = 24 * 3600 * 1000;

async function primaryKeyId(t: RegisteredTenant): Promise<string> {
  const [row] = await ctx.query<{ id: string }>(
    'select id from api_keys where tenant_id = $1 and is_primary',
    [t.tenantId],
  );
  return row!.id;
}

async function keyIdOf(token: string): Promise<string> {
  const [row] = await ctx.query<{ id: string }>('select id from api_keys where token_hash = $1', [
    hashApiToken(token),
  ]);
  return row!.id;
}

/** The request's row is written (the hook records after the response; the recorder flushes in batches). */
async function logged(res: { headers: Record<string, unknown> }): Promise<void> {
  const id = String(res.headers['x-request-id']);
  await expect
    .poll(async () => {
      await ctx.deps.requestLogRecorder.flush();
      return (await ctx.query('select 1 from api_request_log where request_id = $1', [id])).length;
    })
    .toBe(1);
}

async function call(opts: InjectOptions) {
  const res = await ctx.app.inject(opts);
  await logged(res);
  return res;
}

async function log(key: string, keyId: string, query = '') {
  await ctx.deps.requestLogRecorder.flush();
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/keys/${keyId}/requests${query}`,
    headers: bearer(key),
  });
  return res;
}

describe('the request log', () => {
  it('records a failed request with its code and request id, never its body, headers or key', async () => {
    const t = await verifiedTenant(ctx);
    const keyId = await primaryKeyId(t);
    const secretMarker = 'Cliente-Secreto-7781';
    const bad = await call({
      method: 'POST',
      url: '/v1/documents?token=abc123query',
      headers: { ...docHeaders(t), 'x-request-id': 'req-fail-0001' },
      payload: invoiceBody({ buyer: { idType: '05', id: 'x', name: secretMarker, email: 'no' } }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');

    const res = await log(t.apiKey, keyId, '?requestId=req-fail-0001');
    expect(res.statusCode).toBe(200);
    const { requests, nextCursor } = res.json();
    expect(nextCursor).toBeNull();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/documents',
      status: 400,
      code: 'VALIDATION_FAILED',
      requestId: 'req-fail-0001',
      environment: 'sandbox',
      createdAt: ctx.clock.now().toISOString(),
    });
    expect(requests[0].durationMs).toBeGreaterThanOrEqual(0);

    const stored = JSON.stringify(
      await ctx.query('select * from api_request_log where key_id = $1', [keyId]),
    );
    expect(stored).toContain('req-fail-0001');
    expect(stored).not.toContain(secretMarker);
    expect(stored).not.toContain('abc123query');
    expect(stored).not.toContain(t.apiKey);
    expect(stored).not.toContain(t.apiKey.slice(9, 30));
  });

  it('records refusals of the auth step under the key (scope, X-Issuer-Id), and a success without code', async () => {
    const t = await verifiedTenant(ctx);
    const readOnly = await fixtureKey(ctx, t, ['documents:read']);
    const readOnlyId = await keyIdOf(readOnly);
    const denied = await call({ method: 'GET', url: '/v1/keys', headers: bearer(readOnly) });
    expect(denied.json().code).toBe('INSUFFICIENT_SCOPE');
    const noIssuer = await call({ method: 'GET', url: '/v1/documents', headers: bearer(readOnly) });
    expect(noIssuer.json().code).toBe('BAD_REQUEST');
    const ok = await call({ method: 'GET', url: '/v1/tenants/me', headers: bearer(readOnly) });
    expect(ok.statusCode).toBe(200);

    const res = await log(t.apiKey, readOnlyId);
    const rows = res.json().requests as {
      path: string;
      status: number;
      code: string | null;
      requestId: string;
    }[];
    expect(rows.map((r) => [r.path, r.status, r.code])).toEqual([
      ['/v1/tenants/me', 200, null],
      ['/v1/documents', 400, 'BAD_REQUEST'],
      ['/v1/keys', 403, 'INSUFFICIENT_SCOPE'],
    ]);
    expect(rows[2]!.requestId).toBe(denied.headers['x-request-id']);
  });

  it('leaves out web-app sessions, unknown keys and public routes', async () => {
    const t = await verifiedTenant(ctx);
    const session = await fixtureKey(ctx, t, ['keys:manage'], { internal: true });
    await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(session) });
    await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/me',
      headers: bearer(`eik_test_${'x'.repeat(40)}`),
    });
    await ctx.app.inject({ method: 'GET', url: '/v1/shared/not-a-real-token-but-secret-looking' });
    await ctx.app.inject({ method: 'GET', url: '/v1/tiers' });
    // One request that is logged, after the others: only it adds a row.
    await call({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    const rows = await ctx.query<{ path: string }>('select path from api_request_log where tenant_id = $1', [
      t.tenantId,
    ]);
    expect(rows).toEqual([{ path: '/v1/tenants/me' }]);
    const paths = await ctx.query<{ path: string }>('select path from api_request_log');
    expect(paths.some((p) => p.path.includes('secret-looking'))).toBe(false);
  });

  it('filters by status, class, code, method, path, request id and time, and pages with a cursor', async () => {
    const t = await verifiedTenant(ctx);
    const keyId = await primaryKeyId(t);
    const start = ctx.clock.now();
    for (let i = 0; i < 3; i++)
      await call({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    ctx.clock.advance(60_000);
    const middle = ctx.clock.now();
    await call({
      method: 'GET',
      url: '/v1/documents/0000000000000000000000000000000000000000000000000',
      headers: docHeaders(t),
    });
    await call({ method: 'DELETE', url: `/v1/keys/${keyId}`, headers: bearer(t.apiKey) });
    ctx.clock.advance(60_000);

    const paths = async (query: string) => {
      const res = await log(t.apiKey, keyId, query);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().requests as { method: string; path: string; status: number }[]).map(
        (r) => `${r.method} ${r.status} ${r.path}`,
      );
    };
    expect(await paths('?status=404')).toEqual([
      'GET 404 /v1/documents/0000000000000000000000000000000000000000000000000',
    ]);
    expect(await paths('?status=4xx')).toEqual([
      `DELETE 400 /v1/keys/${keyId}`,
      'GET 404 /v1/documents/0000000000000000000000000000000000000000000000000',
    ]);
    expect(await paths('?code=BAD_REQUEST')).toEqual([`DELETE 400 /v1/keys/${keyId}`]);
    expect(await paths('?method=DELETE')).toEqual([`DELETE 400 /v1/keys/${keyId}`]);
    expect(await paths('?path=TENANTS%2FME&status=2xx')).toHaveLength(3);
    expect(await paths(`?to=${encodeURIComponent(start.toISOString())}&path=tenants`)).toHaveLength(3);
    expect(await paths(`?from=${encodeURIComponent(middle.toISOString())}&status=4xx`)).toHaveLength(2);
    expect(await paths(`?from=${encodeURIComponent(middle.toISOString())}&path=tenants`)).toEqual([]);
    expect(await paths('?path=%25')).toEqual([]);

    const first = (await log(t.apiKey, keyId, '?path=/v1/tenants/me&limit=2')).json();
    expect(first.requests).toHaveLength(2);
    expect(first.nextCursor).toMatch(/^\d+$/);
    const second = (
      await log(t.apiKey, keyId, `?path=/v1/tenants/me&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.requests).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.requests, ...second.requests].map((r: { id: string }) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(3);
  });

  it('answers 400 on bad filters, 404 for another tenant or a session key, 403 without keys:manage', async () => {
    const a = await verifiedTenant(ctx);
    const b = await verifiedTenant(ctx);
    const bKeyId = await primaryKeyId(b);
    await call({ method: 'GET', url: '/v1/tenants/me', headers: bearer(b.apiKey) });
    const cross = await log(a.apiKey, bKeyId);
    expect([cross.statusCode, cross.json().code]).toEqual([404, 'NOT_FOUND']);
    const own = await log(b.apiKey, bKeyId);
    expect(own.json().requests.length).toBeGreaterThan(0);

    const session = await fixtureKey(ctx, a, ['keys:manage'], { internal: true });
    const sessionRes = await log(a.apiKey, await keyIdOf(session));
    expect(sessionRes.statusCode).toBe(404);

    const aKeyId = await primaryKeyId(a);
    for (const q of [
      '?status=abc',
      '?status=600',
      '?limit=0',
      '?limit=101',
      '?method=TRACE',
      '?from=yesterday',
      '?cursor=-1',
    ]) {
      const res = await log(a.apiKey, aKeyId, q);
      expect([res.statusCode, res.json().code], q).toEqual([400, 'VALIDATION_FAILED']);
    }
    const badId = await log(a.apiKey, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);

    const noScope = await fixtureKey(ctx, a, ['documents:read']);
    const denied = await log(noScope, aKeyId);
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });

  it('shows 7 days; the daily job deletes older rows in batches and keeps the rest', async () => {
    const t = await verifiedTenant(ctx);
    const keyId = await primaryKeyId(t);
    await call({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    // More old rows than one delete statement takes, written as the recorder writes them.
    const now = ctx.clock.now();
    await ctx.query(
      `insert into api_request_log (key_id, tenant_id, environment, method, path, status, request_id, duration_ms, created_at)
       select $1, $2, 'sandbox', 'GET', '/v1/tenants/me', 200, 'old-' || g, 1, $3::timestamptz - interval '1 minute' * g
       from generate_series(1, $4::int) g`,
      [keyId, t.tenantId, new Date(now.getTime() - 8 * DAY), PRUNE_BATCH + 10],
    );
    const before = (await log(t.apiKey, keyId, '?limit=100')).json().requests;
    expect(before).toHaveLength(1);

    ctx.clock.advance(6 * DAY);
    await call({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    ctx.clock.advance(1.5 * DAY);
    const utils = await ctx.workerUtils();
    await utils.addJob('request-log:prune', {});
    await ctx.drainJobs();
    const jobs = await ctx.query(
      `select 1 from graphile_worker.jobs where task_identifier = 'request-log:prune'`,
    );
    expect(jobs).toEqual([]);
    const left = await ctx.query<{ request_id: string; created_at: Date }>(
      `select request_id, created_at from api_request_log where key_id = $1 and path = '/v1/tenants/me'`,
      [keyId],
    );
    // The first request is now 7.5 days old, the second 1.5 days.
    expect(left).toHaveLength(1);
    expect(left[0]!.created_at.getTime()).toBe(now.getTime() + 6 * DAY);
    const shown = (await log(t.apiKey, keyId, '?path=tenants')).json().requests;
    expect(shown.map((r: { createdAt: string }) => r.createdAt)).toEqual([
      new Date(now.getTime() + 6 * DAY).toISOString(),
    ]);
  });
});

describe('the request log buffer', () => {
  const entry = (i: number) => logEntry(i, ctx.clock.now());

  it('keeps rows through a failed write and writes them on the next flush', async () => {
    const recorder = new RequestLogRecorder(ctx.deps.db, { batchSize: 1000 });
    for (let i = 0; i < 5; i++) recorder.record(entry(i));
    await ctx.query('alter table api_request_log rename to api_request_log_away');
    try {
      await recorder.flush();
    } finally {
      await ctx.query('alter table api_request_log_away rename to api_request_log');
    }
    expect(recorder.pending).toBe(5);
    await recorder.flush();
    expect(recorder.pending).toBe(0);
    const rows = await ctx.query<{ n: number }>(
      `select count(*)::int as n from api_request_log where request_id like 'buf-%'`,
    );
    expect(rows[0]!.n).toBe(5);
  });

  it('drops the oldest rows past its bound while PostgreSQL is unreachable, and says how many', async () => {
    // Port 1 refuses connections at once: a database that is down.
    const down = createDatabase('postgres://nobody@127.0.0.1:1/none', 1);
    const reports: number[][] = [];
    const recorder = new RequestLogRecorder(down.db, {
      batchSize: 1000,
      maxBuffered: 10,
      onDropped: (d, total) => reports.push([d, total]),
    });
    try {
      for (let i = 0; i < 25; i++) recorder.record(entry(i));
      await recorder.flush();
      expect(recorder.pending).toBe(10);
      expect(recorder.dropped).toBe(15);
      expect(reports).toEqual([[15, 15]]);
      await recorder.flush();
      expect(reports).toEqual([[15, 15]]);
    } finally {
      await down.close();
    }
  });

  it('writes as soon as a batch is full, without waiting for the timer', async () => {
    const recorder = new RequestLogRecorder(ctx.deps.db, { batchSize: 3, flushMs: 3_600_000 });
    for (let i = 100; i < 103; i++) recorder.record(entry(i));
    await expect
      .poll(async () => {
        const rows = await ctx.query<{ n: number }>(
          `select count(*)::int as n from api_request_log where request_id in ('buf-100','buf-101','buf-102')`,
        );
        return rows[0]!.n;
      })
      .toBe(3);
    await recorder.stop();
  });
});
