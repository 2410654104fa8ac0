import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/pool.js';
import {
  allocateSequential,
  MAX_SEQUENTIAL,
  type SequentialEnvironment,
} from '../../src/modules/issuers/index.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { createBranch, errorPaths, expectProblem } from './fixtures.js';

let ctx: TestContext;
let tenant: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await verifiedTenant(ctx, {
    initialSequentials: JSON.stringify([{ documentType: '01', sequential: 120 }]),
  });
});
afterAll(async () => ctx?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const readAll = async (id: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/issuers/${id}/sequentials`,
    headers: bearer(tenant.apiKey),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sequentials as {
    documentType: string;
    sandbox: { current: number; next: number };
    production: { current: number; next: number };
  }[];
};
const counter = async (id: string, type: string, env: SequentialEnvironment) =>
  (await readAll(id)).find((s) => s.documentType === type)![env];
const patch = (id: string, documentType: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/v1/issuers/${id}/sequentials/${documentType}`,
    headers: bearer(tenant.apiKey),
    payload: payload as object,
  });
const allocate = (id: string, type = '01', env: SequentialEnvironment = 'sandbox') =>
  withTransaction(ctx.deps.db, (tx) => allocateSequential(tx, id, type, env));
const newIssuer = async (branchCode: string) =>
  (await createBranch(ctx, tenant, { branchCode, documentTypes: ['01', '04'] })).id;

describe('GET /v1/issuers/:id/sequentials', () => {
  it('reports one row per active document type; a type never used reads current 0, next 1', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/issuers/${tenant.issuerId}/sequentials`,
      headers: bearer(tenant.apiKey),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      sequentials: [
        { documentType: '01', sandbox: { current: 119, next: 120 }, production: { current: 119, next: 120 } },
        { documentType: '04', sandbox: { current: 0, next: 1 }, production: { current: 0, next: 1 } },
      ],
    });
  });

  it('answers 404 ISSUER_NOT_FOUND for unknown and deleted issuers', async () => {
    const gone = await newIssuer('090');
    await ctx.app.inject({ method: 'DELETE', url: `/v1/issuers/${gone}`, headers: bearer(tenant.apiKey) });
    for (const id of [UNKNOWN, gone]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/issuers/${id}/sequentials`,
        headers: bearer(tenant.apiKey),
      });
      expectProblem(res, 404, 'ISSUER_NOT_FOUND', `/v1/issuers/${id}/sequentials`);
      expectProblem(
        await patch(id, '01', { environment: 'sandbox', nextSequential: 5 }),
        404,
        'ISSUER_NOT_FOUND',
      );
    }
  });
});

describe('PATCH /v1/issuers/:id/sequentials/:documentType', () => {
  it('sets {current: N-1, next: N} on one counter only; the next allocation gets N', async () => {
    const id = await newIssuer('100');
    const res = await patch(id, '04', { environment: 'production', nextSequential: 500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await readAll(id)).toEqual([
      { documentType: '01', sandbox: { current: 0, next: 1 }, production: { current: 0, next: 1 } },
      { documentType: '04', sandbox: { current: 0, next: 1 }, production: { current: 499, next: 500 } },
    ]);
    expect(await allocate(id, '04', 'production')).toBe(500);
    expect(await allocate(id, '04', 'sandbox')).toBe(1);
    expect(await counter(id, '04', 'production')).toEqual({ current: 500, next: 501 });
    // Setting the value it already has as next changes nothing and is allowed.
    expect((await patch(id, '04', { environment: 'production', nextSequential: 501 })).statusCode).toBe(200);
    expect(await counter(id, '04', 'production')).toEqual({ current: 500, next: 501 });
  });

  it.each([
    ['equal to current', 500, '201'],
    ['below current', 42, '202'],
    ['zero', 0, '203'],
    ['negative', -3, '204'],
  ])(
    'refuses a value %s with 400 SEQUENTIAL_CANNOT_DECREASE, changing nothing',
    async (_n, nextSequential, branch) => {
      const id = await newIssuer(branch);
      expect((await patch(id, '01', { environment: 'sandbox', nextSequential: 501 })).statusCode).toBe(200);
      const res = await patch(id, '01', { environment: 'sandbox', nextSequential });
      expectProblem(res, 400, 'SEQUENTIAL_CANNOT_DECREASE', `/v1/issuers/${id}/sequentials/01`);
      expect(await counter(id, '01', 'sandbox')).toEqual({ current: 500, next: 501 });
    },
  );

  it.each([
    [
      'an unsupported document type',
      '02',
      { environment: 'sandbox', nextSequential: 5 },
      'params.documentType',
    ],
    ['a malformed document type', '1', { environment: 'sandbox', nextSequential: 5 }, 'params.documentType'],
    ['an unknown environment', '01', { environment: 'staging', nextSequential: 5 }, 'environment'],
    ['no environment', '01', { nextSequential: 5 }, 'environment'],
    ['a string number', '01', { environment: 'sandbox', nextSequential: '5' }, 'nextSequential'],
    ['a fraction', '01', { environment: 'sandbox', nextSequential: 5.5 }, 'nextSequential'],
    [
      'more than 9 digits',
      '01',
      { environment: 'sandbox', nextSequential: MAX_SEQUENTIAL + 1 },
      'nextSequential',
    ],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_n, type, body, path) => {
    const before = await readAll(tenant.issuerId);
    const res = await patch(tenant.issuerId, type, body);
    expect(errorPaths(expectProblem(res, 400, 'VALIDATION_FAILED'))).toContain(path);
    expect(await readAll(tenant.issuerId)).toEqual(before);
  });

  it('accepts 999999999, after which allocation refuses rather than wrapping', async () => {
    const id = await newIssuer('300');
    expect(
      (await patch(id, '01', { environment: 'sandbox', nextSequential: MAX_SEQUENTIAL })).statusCode,
    ).toBe(200);
    expect(await allocate(id)).toBe(MAX_SEQUENTIAL);
    await expect(allocate(id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await counter(id, '01', 'sandbox')).toEqual({ current: MAX_SEQUENTIAL, next: MAX_SEQUENTIAL + 1 });
  });
});

describe('allocateSequential', () => {
  it('starts at 1 and keeps sandbox, production and document types apart', async () => {
    const id = await newIssuer('400');
    expect([await allocate(id), await allocate(id), await allocate(id, '01', 'production')]).toEqual([
      1, 2, 1,
    ]);
    expect(await allocate(id, '04', 'sandbox')).toBe(1);
    expect(await readAll(id)).toEqual([
      { documentType: '01', sandbox: { current: 2, next: 3 }, production: { current: 1, next: 2 } },
      { documentType: '04', sandbox: { current: 1, next: 2 }, production: { current: 0, next: 1 } },
    ]);
  });

  it('gives a number back when its transaction rolls back', async () => {
    const id = await newIssuer('401');
    await expect(
      withTransaction(ctx.deps.db, async (tx) => {
        await allocateSequential(tx, id, '01', 'sandbox');
        throw new Error('document refused');
      }),
    ).rejects.toThrow('document refused');
    expect(await allocate(id)).toBe(1);
  });

  it('gives 50 parallel allocations, each in its own transaction, 50 distinct consecutive numbers', async () => {
    const id = await newIssuer('402');
    const numbers = await Promise.all(Array.from({ length: 50 }, () => allocate(id)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await counter(id, '01', 'sandbox')).toEqual({ current: 50, next: 51 });
  });

  it('never hands out a number twice while PATCH requests race the allocations', async () => {
    const id = await newIssuer('403');
    const handedOut: number[] = [];
    const outcomes: number[] = [];
    for (let round = 0; round < 4; round++) {
      let running = true;
      // Allocation workers keep the counter moving while the PATCHes read and write it.
      const workers = Array.from({ length: 4 }, async () => {
        while (running) handedOut.push(await allocate(id));
      });
      for (let i = 0; i < 10; i++) {
        // Small jumps are often overtaken (a decrease by then), larger ones usually land.
        const { current } = await counter(id, '01', 'sandbox');
        const res = await patch(id, '01', {
          environment: 'sandbox',
          nextSequential: current + 2 + 20 * (i % 3),
        });
        if (res.statusCode !== 200) expectProblem(res, 400, 'SEQUENTIAL_CANNOT_DECREASE');
        outcomes.push(res.statusCode);
      }
      running = false;
      await Promise.all(workers);
      // The counter never sits below a number already handed out.
      expect((await counter(id, '01', 'sandbox')).current).toBeGreaterThanOrEqual(Math.max(...handedOut));
    }
    expect(handedOut.length).toBeGreaterThan(100);
    expect(new Set(handedOut).size).toBe(handedOut.length);
    expect(outcomes).toContain(200);
  });
});
