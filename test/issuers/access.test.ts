import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { multipart } from '../helpers/multipart.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { branchFields, certFile, countRows, expectProblem, issuerRow, PNG, suspend } from './fixtures.js';

/**
 * Every issuer endpoint against the shared access rules: the scope it needs, another account's
 * issuer in the path, a suspended account, no key at all.
 */
let ctx: TestContext;
let owner: RegisteredTenant;
let other: RegisteredTenant;
let suspended: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  const logo = { file: PNG, filename: 'logo.png', contentType: 'image/png' };
  [owner, other, suspended] = [
    await verifiedTenant(ctx),
    await verifiedTenant(ctx, { logo }),
    await verifiedTenant(ctx, { logo }),
  ];
  await suspend(ctx, suspended);
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Endpoint {
  method: Method;
  path: (id: string) => string;
  scope: 'issuers:read' | 'issuers:write';
  body?: () => Promise<{ payload: object | Buffer; headers?: Record<string, string> }>;
}

const json = (payload: object) => async () => ({ payload });
const form = (fields: Parameters<typeof multipart>[0]) => async () => multipart(fields);
const cert = makeCertificate();

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: () => '/v1/issuers', scope: 'issuers:read' },
  { method: 'POST', path: () => '/v1/issuers', scope: 'issuers:write', body: form(branchFields({}, cert)) },
  { method: 'GET', path: (id) => `/v1/issuers/${id}`, scope: 'issuers:read' },
  { method: 'DELETE', path: (id) => `/v1/issuers/${id}`, scope: 'issuers:write' },
  { method: 'GET', path: (id) => `/v1/issuers/${id}/document-types`, scope: 'issuers:read' },
  {
    method: 'PUT',
    path: (id) => `/v1/issuers/${id}/document-types`,
    scope: 'issuers:write',
    body: json({ documentTypes: ['04'] }),
  },
  {
    method: 'PUT',
    path: (id) => `/v1/issuers/${id}/logo`,
    scope: 'issuers:write',
    body: form({ logo: { file: PNG, filename: 'l.png' } }),
  },
  { method: 'GET', path: (id) => `/v1/issuers/${id}/logo`, scope: 'issuers:read' },
  { method: 'DELETE', path: (id) => `/v1/issuers/${id}/logo`, scope: 'issuers:write' },
  { method: 'GET', path: (id) => `/v1/issuers/${id}/sequentials`, scope: 'issuers:read' },
  {
    method: 'PATCH',
    path: (id) => `/v1/issuers/${id}/sequentials/01`,
    scope: 'issuers:write',
    body: json({ environment: 'sandbox', nextSequential: 50 }),
  },
  {
    method: 'PATCH',
    path: (id) => `/v1/issuers/${id}/can-issue`,
    scope: 'issuers:write',
    body: json({ canIssue: false }),
  },
  {
    method: 'PATCH',
    path: (id) => `/v1/issuers/${id}/certificate`,
    scope: 'issuers:write',
    body: form({ cert: certFile(cert), certPassword: cert.password }),
  },
];
const ID_ROUTES = ENDPOINTS.filter((e) => e.path('X').includes('X'));
const WRITES = ENDPOINTS.filter((e) => e.method !== 'GET');
const READS = ENDPOINTS.filter((e) => e.method === 'GET');
const label = (e: Endpoint) => `${e.method} ${e.path(':id')}`;

async function send(e: Endpoint, apiKey: string | null, issuerId: string) {
  const body = await e.body?.();
  return ctx.app.inject({
    method: e.method,
    url: e.path(issuerId),
    headers: { ...(apiKey && bearer(apiKey)), ...body?.headers },
    ...(body && { payload: body.payload }),
  });
}

/** Everything a refused request could have touched. */
async function state(t: RegisteredTenant) {
  return Promise.all([
    issuerRow(ctx, t.issuerId),
    countRows(ctx, 'issuers', t.tenantId),
    countRows(ctx, 'tenant_events', t.tenantId),
    ctx.query('select * from issuer_sequentials where issuer_id = $1', [t.issuerId]),
  ]);
}

describe('issuer endpoints: access rules', () => {
  it.each(ENDPOINTS.map((e) => [label(e), e] as const))(
    '%s refuses a key without its scope with 403 INSUFFICIENT_SCOPE',
    async (_l, e) => {
      const otherScope = e.scope === 'issuers:read' ? 'issuers:write' : 'issuers:read';
      const key = await fixtureKey(ctx, owner, [otherScope, 'documents:read', 'keys:manage']);
      const before = await state(owner);
      const res = await send(e, key, owner.issuerId);
      expectProblem(res, 403, 'INSUFFICIENT_SCOPE', e.path(owner.issuerId));
      expect(await state(owner)).toEqual(before);
    },
  );

  it.each(ENDPOINTS.map((e) => [label(e), e] as const))(
    '%s refuses a missing key with 401 UNAUTHORIZED',
    async (_l, e) => {
      expectProblem(await send(e, null, owner.issuerId), 401, 'UNAUTHORIZED');
    },
  );

  it.each(ID_ROUTES.map((e) => [label(e), e] as const))(
    '%s answers 403 ISSUER_FORBIDDEN for another account’s issuer, changing nothing',
    async (_l, e) => {
      const before = await state(other);
      const res = await send(e, owner.apiKey, other.issuerId);
      expectProblem(res, 403, 'ISSUER_FORBIDDEN', e.path(other.issuerId));
      expect(await state(other)).toEqual(before);
    },
  );

  it('checks ownership before the body and before the issuer’s state', async () => {
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/issuers/${other.issuerId}/sequentials/07`,
      headers: bearer(owner.apiKey),
      payload: { environment: 'staging', nextSequential: 'x' },
    });
    expectProblem(bad, 403, 'ISSUER_FORBIDDEN');
    const noFile = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/issuers/${other.issuerId}/certificate`,
      headers: bearer(owner.apiKey),
    });
    expectProblem(noFile, 403, 'ISSUER_FORBIDDEN');
    // A deleted issuer of another account is still another account's issuer.
    const t = await verifiedTenant(ctx);
    const second = await send(ENDPOINTS[1]!, t.apiKey, '');
    expect(second.statusCode, second.body).toBe(201);
    const gone = second.json().issuer.id;
    expect((await send(ENDPOINTS[3]!, t.apiKey, gone)).statusCode).toBe(200);
    expectProblem(await send(ENDPOINTS[2]!, owner.apiKey, gone), 403, 'ISSUER_FORBIDDEN');
  });

  it.each(WRITES.map((e) => [label(e), e] as const))(
    '%s refuses a suspended account with 403 ACCOUNT_SUSPENDED, changing nothing',
    async (_l, e) => {
      const before = await state(suspended);
      const res = await send(e, suspended.apiKey, suspended.issuerId);
      expectProblem(res, 403, 'ACCOUNT_SUSPENDED', e.path(suspended.issuerId));
      expect(await state(suspended)).toEqual(before);
    },
  );

  it.each(READS.map((e) => [label(e), e] as const))('%s still answers a suspended account', async (_l, e) => {
    const res = await send(e, suspended.apiKey, suspended.issuerId);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('documents every issuer endpoint in OpenAPI under the Issuers tag, with its scope', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const e of ENDPOINTS) {
      const op = doc.paths[e.path('{id}').replace(/\/01$/, '/{documentType}')]?.[e.method.toLowerCase()];
      expect(op, label(e)).toBeDefined();
      expect(op.tags).toEqual(['Issuers']);
      expect(op.description).toContain(`Scope: \`${e.scope}\``);
    }
  });
});
