import { Type } from '@sinclair/typebox';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { enqueue, JobId } from '../../jobs/queue.js';
import { uuidv7 } from '../../shared/ids.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.js';

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

/** The body every attempt of the delivery sends, byte for byte (docs/spec-map.md: Webhook deliveries). */
function buildPayload(deliveryId: string, ev: WebhookEvent): string {
  return JSON.stringify({
    event: ev.event,
    deliveryId,
    timestamp: Math.floor(ev.occurredAt.getTime() / 1000),
    tenantId: ev.tenantId,
    data: ev.data,
  });
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

/**
 * Fan-out in the caller's transaction: one delivery per active endpoint of the tenant whose
 * eventTypes is empty or names the event (internal endpoints included). Returns the delivery ids.
 */
export async function dispatchEvent(tx: Executor, ev: WebhookEvent, now: Date): Promise<string[]> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.tenantId, ev.tenantId),
        eq(webhookEndpoints.active, true),
        sql`(cardinality(${webhookEndpoints.eventTypes}) = 0 or ${ev.event} = any(${webhookEndpoints.eventTypes}))`,
      ),
    )
    .orderBy(webhookEndpoints.createdAt);
  const ids: string[] = [];
  for (const endpoint of endpoints) ids.push(await createDelivery(tx, endpoint.id, ev, now));
  return ids;
}
