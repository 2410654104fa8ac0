import { expect } from 'vitest';
import type { TestContext } from '../helpers/context.js';
import { inTransaction } from '../helpers/notifications.js';
import { bearer, type RegisteredTenant } from '../helpers/tenants.js';

/** Registers an endpoint through the API and returns it with its secret. */
export async function endpointFor(ctx: TestContext, t: RegisteredTenant, url: string, eventTypes?: string[]) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: bearer(t.apiKey),
    payload: { url, ...(eventTypes ? { eventTypes } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

/** A QUOTA_WARNING (80%) of its own billing period: one new notification per period key. */
export function quotaWarning(ctx: TestContext, t: RegisteredTenant, periodKey = '2026-11') {
  return inTransaction(ctx, (tx) =>
    ctx.deps.notifications.quotaCheck(
      tx,
      { tenantId: t.tenantId, used: 24, quota: 30, periodKey },
      ctx.clock.now(),
    ),
  );
}

/** The delivery log of an endpoint, as the API shows it. */
export async function deliveryLog(ctx: TestContext, t: RegisteredTenant, endpointId: string, query = '') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/webhooks/${endpointId}/deliveries${query}`,
    headers: bearer(t.apiKey),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
