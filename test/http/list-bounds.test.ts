import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminEnv } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { type Operation, operationsOf } from '../helpers/fuzz.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * Issue 30, point 3: every page, limit and offset of every list is bounded by its schema, so a
 * huge number is a 400 VALIDATION_FAILED, never an offset PostgreSQL cannot read (a 500).
 */
let ctx: TestContext;
let t: RegisteredTenant;
let ops: Operation[];
beforeAll(async () => {
  ctx = await createTestContext({ env: adminEnv });
  t = await verifiedTenant(ctx);
  const doc = await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  ops = operationsOf(doc.json());
});
afterAll(async () => ctx?.close());

const PAGING = ['page', 'limit', 'offset', 'pageSize', 'perPage'];

function pagedOperations(): { op: Operation; name: string }[] {
  return ops.flatMap((op) => op.queryParams.filter((n) => PAGING.includes(n)).map((name) => ({ op, name })));
}

describe('paging parameters', () => {
  it('declare a maximum on every integer query parameter of the API', () => {
    const unbounded = ops.flatMap((op) =>
      Object.entries(op.querySchemas)
        .filter(([, s]) => s.type === 'integer' || s.type === 'number')
        .filter(([, s]) => typeof (s as { maximum?: unknown }).maximum !== 'number')
        .map(([name]) => `${op.method} ${op.path} ${name}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('answer 400 VALIDATION_FAILED past their maximum, on every list', async () => {
    const paged = pagedOperations();
    expect(paged.map((p) => `${p.op.path} ${p.name}`)).toEqual(
      expect.arrayContaining(['/v1/customers page', '/v1/products page', '/v1/documents page']),
    );
    for (const { op, name } of paged) {
      const path = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const headers = path.startsWith('/admin/')
        ? { authorization: `Bearer ${ADMIN_TOKEN}` }
        : { ...bearer(t.apiKey), 'x-issuer-id': t.issuerId };
      for (const value of ['1000000000000000000', '1e21', '99999999999']) {
        const res = await ctx.app.inject({ method: 'GET', url: `${path}?${name}=${value}`, headers });
        expect(res.statusCode, `${op.path}?${name}=${value}: ${res.body}`).toBe(400);
        expect(res.json().code, op.path).toBe('VALIDATION_FAILED');
      }
    }
  });

  it('still serve the deepest page allowed', async () => {
    for (const path of ['/v1/customers', '/v1/products', '/v1/documents']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${path}?page=10000000&limit=100`,
        headers: { ...bearer(t.apiKey), 'x-issuer-id': t.issuerId },
      });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.json().data).toEqual([]);
    }
  });
});
