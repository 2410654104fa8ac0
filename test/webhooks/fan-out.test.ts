import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchEvent } from '../../src/modules/webhooks/index.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { inTransaction, setTier } from '../helpers/notifications.js';
import { verifiedTenant } from '../helpers/tenants.js';
import { endpointFor } from './support.js';

/**
 * The fan-out writes every delivery of an event in one `insert … select` with ids made ahead
 * (one round trip whatever the number of endpoints); endpoints beyond those ids take the
 * one-by-one path. Both must give the same deliveries: one per matching endpoint, in the order
 * the endpoints were made, each payload naming its own delivery, each first attempt queued.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('webhook fan-out in one statement', () => {
  it('gives 12 endpoints (more than the ids made ahead) one delivery each, in order, payloads byte for byte', async () => {
    const t = await verifiedTenant(ctx);
    await setTier(ctx, t.tenantId, 'BUSINESS');
    // One that does not take this event, then 9 more through the API (the plan's 10).
    await endpointFor(ctx, t, 'https://hooks.example.com/quota-only', ['QUOTA_WARNING']);
    const endpoints: string[] = [];
    for (let i = 0; i < 9; i++)
      endpoints.push((await endpointFor(ctx, t, `https://hooks.example.com/${i}`)).endpoint.id);
    // Three more past the plan's limit, written as internal endpoints are.
    for (let i = 9; i < 12; i++) {
      ctx.clock.advance(1000);
      const rows = await ctx.query<{ id: string }>(
        `insert into webhook_endpoints (id, tenant_id, url, event_types, secret_sealed, active, internal, created_at, updated_at)
         select gen_random_uuid(), tenant_id, $2, event_types, secret_sealed, true, true, $3, $3
         from webhook_endpoints where id = $1 returning id`,
        [endpoints[0], `https://hooks.example.com/${i}`, ctx.clock.now()],
      );
      endpoints.push(rows[0]!.id);
    }
    const occurredAt = ctx.clock.now();
    const data = { id: 'n1', note: 'quote " and \\ and ü' };
    const ids = await inTransaction(ctx, (tx) =>
      dispatchEvent(
        tx,
        { tenantId: t.tenantId, event: 'DOCUMENT_AUTHORIZED', occurredAt, data, notificationId: null },
        ctx.clock.now(),
      ),
    );
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    const rows = await ctx.query<{ id: string; endpoint_id: string; payload: string; status: string }>(
      'select id, endpoint_id, payload, status from webhook_deliveries where id = any($1::uuid[])',
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id)?.endpoint_id)).toEqual(endpoints);
    for (const id of ids) {
      const row = byId.get(id)!;
      expect(row.status).toBe('PENDING');
      expect(row.payload).toBe(
        JSON.stringify({
          event: 'DOCUMENT_AUTHORIZED',
          deliveryId: id,
          timestamp: Math.floor(occurredAt.getTime() / 1000),
          tenantId: t.tenantId,
          data,
        }),
      );
    }
    const jobs = await ctx.query<{ key: string }>(
      `select key from graphile_worker.jobs where key = any($1::text[])`,
      [ids.map((id) => `webhook:${id}:1`)],
    );
    expect(jobs).toHaveLength(12);
  });

  it('writes nothing when no endpoint takes the event', async () => {
    const t = await verifiedTenant(ctx);
    await endpointFor(ctx, t, 'https://hooks.example.com/quota-only', ['QUOTA_WARNING']);
    const ids = await inTransaction(ctx, (tx) =>
      dispatchEvent(
        tx,
        {
          tenantId: t.tenantId,
          event: 'DOCUMENT_AUTHORIZED',
          occurredAt: ctx.clock.now(),
          data: {},
          notificationId: null,
        },
        ctx.clock.now(),
      ),
    );
    expect(ids).toEqual([]);
    const rows = await ctx.query<{ n: number }>(
      'select count(*)::int as n from webhook_deliveries where tenant_id = $1',
      [t.tenantId],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
