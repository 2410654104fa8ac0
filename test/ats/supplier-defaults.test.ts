import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { atsApi } from './report-support.js';

/** GET /v1/suppliers/{ruc}/ats-defaults reads what PUT set: 404 when none, or another account's. */
let ctx: TestContext;
let us: RegisteredTenant;
let other: RegisteredTenant;
let api: ReturnType<typeof atsApi>;
const SUPPLIER = '0190479137001';
const url = `/v1/suppliers/${SUPPLIER}/ats-defaults`;

beforeAll(async () => {
  ctx = await createTestContext();
  api = atsApi(ctx);
  us = await registerTenant(ctx);
  other = await registerTenant(ctx);
});
afterAll(async () => ctx?.close());

describe("a supplier's ATS defaults", () => {
  it('404 NOT_FOUND before any is set', async () => {
    const res = await api.get(us, url);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('answers the default set, the latest one, and only to its account', async () => {
    expect((await api.put(us, url, { sustento: '01' })).statusCode).toBe(200);
    expect((await api.put(us, url, { sustento: '02' })).statusCode).toBe(200);
    const res = await api.get(us, url);
    expect([res.statusCode, res.json()]).toEqual([200, { supplierRuc: SUPPLIER, sustento: '02' }]);
    const foreign = await api.get(other, url);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('404 again once cleared with null; 400 at the field for a malformed RUC', async () => {
    expect((await api.put(us, url, { sustento: null })).statusCode).toBe(200);
    expect((await api.get(us, url)).statusCode).toBe(404);
    const bad = await api.get(us, '/v1/suppliers/12ab/ats-defaults');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
