import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { enqueue, JobId } from '../../jobs/queue.js';
import { uuidv7 } from '../../shared/ids.js';
import { webhookDeliveries } from './webhooks.tables.js';

/** The payload of DELIVER_JOB, checked when the job runs. */
export const DELIVER_PAYLOAD = {
  version: 1,
  payload: Type.Object({ deliveryId: JobId, attempt: Type.Integer({ minimum: 1 }) }),
};
export const DELIVER_JOB = 'webhooks.deliver';
/** The queue's own retries only cover crashes and database errors; our schedule is separate. */
const DELIVER_JOB_MAX_ATTEMPTS = 5;

/** Something that happened to a tenant, to be sent to its endpoints. */
export interface WebhookEvent {
  tenantId: string;
  /** `data.type` for notifications; WEBHOOK_TEST for test events. */
  event: string;
  /** When the event was created or last updated: the payload's `timestamp`. */
  occurredAt: Date;
  data: unknown;
  notificationId: string | null;
}

/**
 * The body every attempt of the delivery sends, byte for byte (docs/spec-map.md: Webhook
 * deliveries), as the text before and after the delivery's id: `dispatchEvent` puts the id in
 * in SQL, one statement for every endpoint.
 */
function payloadParts(ev: WebhookEvent): { before: string; after: string } {
  const rest = JSON.stringify({
    timestamp: Math.floor(ev.occurredAt.getTime() / 1000),
    tenantId: ev.tenantId,
    data: ev.data,
  });
  // {"event":…,"deliveryId":"<id>","timestamp":…,"tenantId":…,"data":…}, the key order of the spec.
  return { before: `{"event":${JSON.stringify(ev.event)},"deliveryId":"`, after: `",${rest.slice(1)}` };
}

function buildPayload(deliveryId: string, ev: WebhookEvent): string {
  const { before, after } = payloadParts(ev);
  return `${before}${deliveryId}${after}`;
}

export async function enqueueAttempt(
  tx: Executor,
  deliveryId: string,
  attempt: number,
  delayMs = 0,
): Promise<void> {
  await enqueue(
    tx,
    DELIVER_JOB,
    DELIVER_PAYLOAD,
    { deliveryId, attempt },
    { delayMs, jobKey: `webhook:${deliveryId}:${attempt}`, maxAttempts: DELIVER_JOB_MAX_ATTEMPTS },
  );
}

/** One delivery (PENDING, payload fixed) to one endpoint, with its first attempt queued. */
export async function createDelivery(
  tx: Executor,
  endpointId: string,
  ev: WebhookEvent,
  now: Date,
): Promise<string> {
  const id = uuidv7(now.getTime());
  await tx.insert(webhookDeliveries).values({
    id,
    tenantId: ev.tenantId,
    endpointId,
    notificationId: ev.notificationId,
    event: ev.event,
    payload: buildPayload(id, ev),
    status: 'PENDING',
    attemptCount: 0,
    roundStart: 0,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await enqueueAttempt(tx, id, 1);
  return id;
}

/** Delivery ids made ahead for the one-statement fan-out; endpoints beyond them take the slow path. */
const PREALLOCATED_IDS = 10;

/**
 * Fan-out in the caller's transaction: one delivery per active endpoint of the tenant whose
 * eventTypes is empty or names the event (internal endpoints included), endpoints in the order
 * they were made. Returns the delivery ids. The endpoints are read and their deliveries inserted
 * in one statement (`insert … select`), their first attempts queued with `enqueue`.
 */
export async function dispatchEvent(tx: Executor, ev: WebhookEvent, now: Date): Promise<string[]> {
  const ids = Array.from({ length: PREALLOCATED_IDS }, () => uuidv7(now.getTime()));
  const { before, after } = payloadParts(ev);
  const iso = now.toISOString();
  const { rows } = await tx.execute<{ endpoint_id: string; delivery_id: string | null }>(sql`
    with e as (
      select id as endpoint_id, row_number() over (order by created_at, id) as n
      from webhook_endpoints
      where tenant_id = ${ev.tenantId}::uuid and active
        and (cardinality(event_types) = 0 or ${ev.event} = any(event_types))),
    ins as (
      insert into webhook_deliveries (id, tenant_id, endpoint_id, notification_id, event, payload, status,
        attempt_count, round_start, next_attempt_at, created_at, updated_at)
      select d.id, ${ev.tenantId}::uuid, e.endpoint_id, ${ev.notificationId}::uuid, ${ev.event},
        ${before} || d.id::text || ${after}, 'PENDING', 0, 0, ${iso}::timestamptz, ${iso}::timestamptz,
        ${iso}::timestamptz
      from e join unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as d(id, n) on d.n = e.n
      returning id, endpoint_id)
    select e.endpoint_id, ins.id as delivery_id from e left join ins on ins.endpoint_id = e.endpoint_id
    order by e.n`);
  const out: string[] = [];
  for (const row of rows) {
    if (row.delivery_id === null) {
      out.push(await createDelivery(tx, row.endpoint_id, ev, now));
    } else {
      await enqueueAttempt(tx, row.delivery_id, 1);
      out.push(row.delivery_id);
    }
  }
  return out;
}
