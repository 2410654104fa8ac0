import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminEnv } from '../helpers/billing.js';
import { makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { invoiceBody } from '../helpers/documents.js';
import { registrationFields } from '../helpers/fixtures.js';
import {
  anyRequest,
  contractBreach,
  type FuzzContext,
  type Operation,
  operationsOf,
} from '../helpers/fuzz.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * Issue 13, Proof: hostile requests to every operation of /v1/openapi.json (operator API
 * included): random and hostile bodies, query strings, path parameters and headers. Whatever is
 * sent, no 5xx, and every error is a problem document. A fixed seed here; bench/fuzz.bench.ts
 * runs longer against a real server (FUZZ_RUNS, FUZZ_SEED).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261313);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000);

let ctx: TestContext;
let t: RegisteredTenant;
let ops: Operation[];
let fuzz: FuzzContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { ...adminEnv, API_RATE_LIMIT: '1000000', REGISTRATION_RATE_LIMIT: '1000000' },
  });
  t = await verifiedTenant(ctx);
  // Operator routes act on another account: suspending the one whose key the fuzz uses would
  // turn every later write into 403 and hide the rest of the API.
  const other = await verifiedTenant(ctx);
  const doc = await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  ops = operationsOf(doc.json());
  const cert = makeCertificate();
  const form = Object.fromEntries(
    Object.entries(registrationFields(cert)).flatMap(([k, v]) =>
      v === undefined ? [] : Array.isArray(v) ? [[k, v[0]!]] : [[k, typeof v === 'string' ? v : v.file]],
    ),
  ) as Record<string, string | Buffer>;
  fuzz = {
    apiKey: t.apiKey,
    issuerId: t.issuerId,
    tenantId: other.tenantId,
    adminToken: ADMIN_TOKEN,
    jsonSeeds: {
      'POST /v1/documents': invoiceBody(),
      'POST /v1/keys': { label: 'fuzz', scopes: ['documents:read'] },
      'POST /v1/webhooks': { url: 'https://example.com/hook' },
      'POST /v1/session/start': { email: t.email },
    },
    formSeeds: { 'POST /v1/register': form, 'POST /v1/issuers': form },
  };
});
afterAll(async () => ctx?.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it('finds the JSON and multipart routes, operator routes included', () => {
    const kinds = new Set(ops.map((o) => o.body));
    expect(kinds).toEqual(new Set(['json', 'multipart', null]));
    expect(ops.filter((o) => o.body === 'json').length).toBeGreaterThan(20);
    expect(ops.some((o) => o.path === '/v1/register' && o.body === 'multipart')).toBe(true);
    expect(ops.some((o) => o.path.startsWith('/admin/v1/') && o.body === 'json')).toBe(true);
  });

  it(`answers ${RUNS} hostile requests without a 5xx, every error a problem document`, async () => {
    const statuses = new Map<number, number>();
    const reached = new Set<string>();
    await fc.assert(
      fc.asyncProperty(anyRequest(ops, fuzz), async (req) => {
        const res = await ctx.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: req.headers,
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode < 400) reached.add(req.operation);
        const breach = contractBreach(res.statusCode, res.headers['content-type'] as string, res.body);
        if (breach) throw new Error(`${req.method} ${req.url.slice(0, 200)}: ${breach}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The runs get past validation too: successes on many operations, and every 4xx kind we expect.
    expect(reached.size).toBeGreaterThan(15);
    for (const status of [400, 401, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
