import { expect } from 'vitest';
import { SCOPES } from '../../src/shared/auth-context.js';
import type { TestContext } from './context.js';
import { multipart } from './multipart.js';
import { bearer, fixtureKey, type RegisteredTenant } from './tenants.js';

/** Billing, agreements and operator helpers (issue 7). */
export const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';
export const adminEnv = { ADMIN_TOKEN };

/** A web-app session key (internal) with all nine scopes, or the ones given. */
export function webKey(
  ctx: TestContext,
  t: Pick<RegisteredTenant, 'tenantId'>,
  scopes: string[] = [...SCOPES],
) {
  return fixtureKey(ctx, t, scopes, { internal: true });
}

/** Minimal files with the right magic bytes. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);

export async function subscribe(ctx: TestContext, key: string, tier: string, billingInterval?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/subscriptions',
    headers: bearer(key),
    payload: billingInterval ? { tier, billingInterval } : { tier },
  });
}

export async function changeTier(ctx: TestContext, key: string, tier: string, billingInterval?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/subscriptions/change-tier',
    headers: bearer(key),
    payload: billingInterval ? { tier, billingInterval } : { tier },
  });
}

export async function uploadProof(
  ctx: TestContext,
  key: string,
  paymentId: string,
  file: Buffer = PDF,
  filename = 'comprobante.pdf',
) {
  const { payload, headers } = await multipart({
    file: { file, filename, contentType: 'application/octet-stream' },
  });
  return ctx.app.inject({
    method: 'PATCH',
    url: `/v1/payments/${paymentId}/proof`,
    headers: { ...headers, ...bearer(key) },
    payload,
  });
}

interface PaymentJson {
  id: string;
  status: string;
  purpose: string;
  amount: string;
  total_amount: string;
  [field: string]: unknown;
}
export interface SubscriptionJson {
  id: string;
  status: string;
  tier: string;
  current_period_start: string;
  current_period_end: string;
  initial_invoice_document_id: string | null;
  payments: PaymentJson[];
  [field: string]: unknown;
}

export async function mySubscriptions(ctx: TestContext, key: string): Promise<SubscriptionJson[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/subscriptions/me', headers: bearer(key) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subscriptions;
}

/** The operator API (createTestContext({ env: adminEnv })). */
export function operator(ctx: TestContext, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    ...(payload ? { payload } : {}),
  });
}

/** Verifies through the operator's service (the API is exercised in test/admin). */
export const verify = (ctx: TestContext, paymentId: string) => ctx.deps.billing.review.verify(paymentId);

/** A subscription paid and ACTIVE: subscribe, proof, verify. Returns the verified payment id. */
export async function activeSubscription(
  ctx: TestContext,
  t: RegisteredTenant,
  tier = 'STARTER',
  billingInterval = 'MONTHLY',
): Promise<{ key: string; subscriptionId: string; paymentId: string }> {
  const key = await webKey(ctx, t);
  const res = await subscribe(ctx, key, tier, billingInterval);
  expect(res.statusCode, res.body).toBe(201);
  const paymentId = res.json().payment.id;
  expect((await uploadProof(ctx, key, paymentId)).statusCode).toBe(200);
  await verify(ctx, paymentId);
  return { key, subscriptionId: res.json().subscription.id, paymentId };
}

export const runDaily = (ctx: TestContext) => ctx.deps.operator.runJob('billing:daily');

export async function eventTypes(ctx: TestContext, tenantId: string): Promise<string[]> {
  const rows = await ctx.query<{ event_type: string }>(
    'select event_type from tenant_events where tenant_id = $1 order by created_at, id',
    [tenantId],
  );
  return rows.map((r) => r.event_type);
}

export async function lastEvent(ctx: TestContext, tenantId: string, type: string) {
  const rows = await ctx.query<{ detail: Record<string, unknown> }>(
    'select detail from tenant_events where tenant_id = $1 and event_type = $2 order by created_at desc, id desc limit 1',
    [tenantId, type],
  );
  return rows[0]?.detail ?? null;
}

export async function notificationsOf(ctx: TestContext, tenantId: string) {
  return ctx.query<{ type: string; severity: string; metadata: Record<string, unknown>; message: string }>(
    'select type, severity, metadata, message from notifications where tenant_id = $1 order by created_at, id',
    [tenantId],
  );
}

export async function emailsOf(ctx: TestContext, tenantId: string) {
  return ctx.query<{ kind: string; subject: string; body_text: string; ref: Record<string, string> | null }>(
    'select kind, subject, body_text, ref from outbox_emails where tenant_id = $1 order by created_at, id',
    [tenantId],
  );
}

/** Puts the tenant in production without the promotion flow (for tests of production-only rules). */
export async function setProduction(ctx: TestContext, tenantId: string) {
  await ctx.query('update tenants set sandbox = false, promoted_at = now() where id = $1', [tenantId]);
}
