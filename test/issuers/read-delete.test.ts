import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { createBranch, errorPaths, expectProblem, insertDocument, issuerRow } from './fixtures.js';

let ctx: TestContext;
let tenant: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await verifiedTenant(ctx);
});
afterAll(async () => ctx?.close());

const get = (url: string, apiKey = tenant.apiKey) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(apiKey) });
const del = (id: string, apiKey = tenant.apiKey) =>
  ctx.app.inject({ method: 'DELETE', url: `/v1/issuers/${id}`, headers: bearer(apiKey) });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('GET /v1/issuers and /v1/issuers/:id', () => {
  it('lists the account’s active issuers, oldest first, with the issuer resource fields only', async () => {
    const t = await verifiedTenant(ctx);
    const second = await createBranch(ctx, t, { branchCode: '002', branchAddress: 'Sucursal 2' });
    const res = await get('/v1/issuers', t.apiKey);
    expect(res.statusCode).toBe(200);
    const first = {
      id: t.issuerId,
      ruc: t.ruc,
      businessName: 'Comercial Pruebas Ñandú S.A.',
      tradeName: 'Pruebas & Cía',
      branchCode: '001',
      issuePointCode: '001',
      branchAddress: 'Av. Amazonas N34-451, Quito',
      certFingerprint: t.certificate.fingerprint,
      certExpiry: t.certificate.notAfter.toISOString(),
      canIssue: true,
    };
    expect(res.json()).toEqual({ ok: true, issuers: [first, second] });
    expect(second).toMatchObject({ branchCode: '002', branchAddress: 'Sucursal 2' });

    const one = await get(`/v1/issuers/${t.issuerId}`, t.apiKey);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ ok: true, issuer: first });
    // An upper-case id names the same issuer.
    expect((await get(`/v1/issuers/${t.issuerId.toUpperCase()}`, t.apiKey)).json().issuer.id).toBe(
      t.issuerId,
    );

    // Another account sees neither.
    const list = await get('/v1/issuers');
    expect(list.json().issuers.map((i: { id: string }) => i.id)).toEqual([tenant.issuerId]);
  });

  it('answers 404 NOT_FOUND for an unknown or deleted issuer and 400 VALIDATION_FAILED for a malformed id', async () => {
    expectProblem(await get(`/v1/issuers/${UNKNOWN}`), 404, 'NOT_FOUND', `/v1/issuers/${UNKNOWN}`);
    const gone = await createBranch(ctx, tenant, { branchCode: '090' });
    expect((await del(gone.id)).statusCode).toBe(200);
    expectProblem(await get(`/v1/issuers/${gone.id}`), 404, 'NOT_FOUND');
    expect((await get('/v1/issuers')).json().issuers.map((i: { id: string }) => i.id)).not.toContain(gone.id);
    const bad = expectProblem(await get('/v1/issuers/not-a-uuid'), 400, 'VALIDATION_FAILED');
    expect(errorPaths(bad)).toEqual(['params.id']);
  });
});

describe('DELETE /v1/issuers/:id', () => {
  it('soft-deletes: 200 {ok}, the row stays with active false and deleted_at set', async () => {
    const branch = await createBranch(ctx, tenant, { branchCode: '100' });
    const res = await del(branch.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const row = await issuerRow(ctx, branch.id);
    expect(row.active).toBe(false);
    expect(Math.abs((row.deleted_at as Date).getTime() - ctx.clock.now().getTime())).toBeLessThan(5000);
    expectProblem(await del(branch.id), 404, 'NOT_FOUND', `/v1/issuers/${branch.id}`);
  });

  it.each(['sandbox', 'production'] as const)(
    'refuses with 403 ISSUER_HAS_DOCUMENTS once a %s document exists, changing nothing',
    async (environment) => {
      const branch = await createBranch(ctx, tenant, {
        branchCode: environment === 'sandbox' ? '101' : '102',
      });
      await insertDocument(ctx, tenant, branch.id, environment);
      expectProblem(await del(branch.id), 403, 'ISSUER_HAS_DOCUMENTS', `/v1/issuers/${branch.id}`);
      expect(await issuerRow(ctx, branch.id)).toMatchObject({ active: true, deleted_at: null });
      expect((await get(`/v1/issuers/${branch.id}`)).statusCode).toBe(200);
    },
  );

  it('refuses the account’s last active issuer with 409 CONFLICT', async () => {
    const t = await verifiedTenant(ctx);
    expectProblem(await del(t.issuerId, t.apiKey), 409, 'CONFLICT', `/v1/issuers/${t.issuerId}`);
    expect(await issuerRow(ctx, t.issuerId)).toMatchObject({ active: true, deleted_at: null });
  });

  it('lets only one of two racing deletions of an account’s last two issuers through', async () => {
    const t = await verifiedTenant(ctx);
    const second = await createBranch(ctx, t, { branchCode: '002' });
    const [a, b] = await Promise.all([del(t.issuerId, t.apiKey), del(second.id, t.apiKey)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await get('/v1/issuers', t.apiKey)).json().issuers).toHaveLength(1);
  });

  it('answers 404 NOT_FOUND for an unknown id and 400 VALIDATION_FAILED for a malformed one', async () => {
    expectProblem(await del(UNKNOWN), 404, 'NOT_FOUND');
    expect(errorPaths(expectProblem(await del('123'), 400, 'VALIDATION_FAILED'))).toEqual(['params.id']);
  });
});
