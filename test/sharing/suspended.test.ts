import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, operator } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * Issue 30, point 5: a suspended account can still end the public links to its documents, and
 * while it is suspended its links do not answer (docs/links-and-exports.md).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: adminEnv });
});
afterAll(async () => ctx?.close());

async function sharedDocument(t: RegisteredTenant): Promise<{ accessKey: string; path: string }> {
  const doc = await createDocument(ctx, t);
  expect(doc.statusCode, doc.body).toBe(201);
  const accessKey = doc.json().document.accessKey as string;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v1/documents/${accessKey}/share`,
    headers: docHeaders(t),
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(201);
  return { accessKey, path: new URL(res.json().url).pathname };
}

const statusOf = async (path: string) => (await ctx.app.inject({ url: path })).statusCode;

describe('share links of a suspended account', () => {
  it('can be revoked while suspended, and stay revoked when the suspension is lifted', async () => {
    const t = await verifiedTenant(ctx);
    const { accessKey, path } = await sharedDocument(t);
    expect(await statusOf(path)).toBe(200);
    const suspended = await operator(ctx, 'POST', `/tenants/${t.tenantId}/suspend`, {
      reasonCode: 'FRAUD_SUSPECTED',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);

    const revoke = () =>
      ctx.app.inject({ method: 'DELETE', url: `/v1/documents/${accessKey}/share`, headers: docHeaders(t) });
    const res = await revoke();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, revoked: 1 });
    expect((await revoke()).json()).toEqual({ ok: true, revoked: 0 });
    // Creating a link is still a write a suspended account may not do.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${accessKey}/share`,
      headers: docHeaders(t),
      payload: {},
    });
    expect([again.statusCode, again.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);

    const lifted = await operator(ctx, 'POST', `/tenants/${t.tenantId}/reinstate`, {});
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await statusOf(path)).toBe(404);
  });

  it('do not answer while the account is suspended, and answer again once it is lifted', async () => {
    const t = await verifiedTenant(ctx);
    const { path } = await sharedDocument(t);
    await operator(ctx, 'POST', `/tenants/${t.tenantId}/suspend`, { reasonCode: 'FRAUD_SUSPECTED' });
    for (const suffix of ['', '/ride', '/xml']) {
      const res = await ctx.app.inject({ url: `${path}${suffix}` });
      expect([res.statusCode, res.json().code], suffix).toEqual([404, 'NOT_FOUND']);
    }
    await operator(ctx, 'POST', `/tenants/${t.tenantId}/reinstate`, {});
    expect(await statusOf(path)).toBe(200);
    expect(await statusOf(`${path}/xml`)).toBe(200);
  });
});
