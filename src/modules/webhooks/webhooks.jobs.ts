import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config/config.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import { defineJob } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import type { SecretBox } from '../../shared/secrets.js';
import { SERVICE_VERSION } from '../../shared/version.js';
import { DELIVER_JOB, DELIVER_PAYLOAD, enqueueAttempt } from './dispatcher.js';
import { ATTEMPTS_PER_ROUND, RETRY_DELAYS_MS } from './event-types.js';
import { postWebhook, type SendResult } from './http-sender.js';
import { openEndpointSecret } from './secret.js';
import { signStandardWebhook, signWebhook } from './signature.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks.tables.js';

const USER_AGENT = `einvoice-ec-webhooks/${SERVICE_VERSION}`;

export interface DeliverDeps {
  db: Executor;
  clock: Clock;
  secrets: SecretBox;
  config: Pick<Config, 'webhooks'>;
}

/**
 * One attempt of one delivery. Our code owns the retry schedule: a failed attempt is recorded
 * and the next one is queued with its delay, in one transaction; the job itself succeeds. It
 * throws only on unexpected errors (the database), which the queue retries as a crash safety net.
 * Idempotent: an attempt already recorded (or a delivery no longer PENDING) is not sent again.
 */
export function createDeliverJob(deps: DeliverDeps) {
  const { db, clock, secrets, config } = deps;
  return defineJob(DELIVER_JOB, DELIVER_PAYLOAD, async ({ deliveryId, attempt }) => {
    const [row] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!row) return;
    const { delivery, endpoint } = row;
    if (delivery.status !== 'PENDING' || delivery.attemptCount !== attempt - 1) return;
    if (!endpoint.active) {
      // Deregistered while the delivery waited: stop, without sending anything.
      const at = clock.now();
      await db
        .update(webhookDeliveries)
        .set({
          status: 'FAILED',
          failedAt: at,
          nextAttemptAt: null,
          lastError: 'endpoint deactivated',
          updatedAt: at,
        })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'PENDING')));
      return;
    }

    const startedAt = clock.now();
    // Signed at sending time, so that a retry minutes later is still inside the receiver's window.
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    let secret: string;
    try {
      secret = openEndpointSecret(secrets, endpoint);
    } catch {
      // MASTER_KEY changed under the stored secret: nothing can be signed; say so in the log.
      const result = {
        statusCode: null,
        error: 'signing secret cannot be opened (MASTER_KEY changed?)',
        success: false,
      };
      await recordAttempt(db, clock, {
        deliveryId,
        attempt,
        roundStart: delivery.roundStart,
        startedAt,
        durationMs: 0,
        result,
      });
      return;
    }
    const t0 = performance.now();
    const result = await postWebhook({
      url: endpoint.url,
      body: delivery.payload,
      timeoutMs: config.webhooks.timeoutMs,
      allowPrivate: config.webhooks.allowPrivate,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        'X-Service-Signature': signWebhook(secret, timestamp, delivery.payload),
        'X-Service-Timestamp': String(timestamp),
        'X-Service-Delivery-Id': delivery.id,
        // Standard Webhooks, beside the spec's scheme: the same delivery id, timestamp and body,
        // so the official verifiers (every major language) accept our deliveries.
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signStandardWebhook(secret, delivery.id, timestamp, delivery.payload),
      },
    });
    const durationMs = Math.round(performance.now() - t0);
    await recordAttempt(db, clock, {
      deliveryId,
      attempt,
      roundStart: delivery.roundStart,
      startedAt,
      durationMs,
      result,
    });
  });
}

async function recordAttempt(
  db: Executor,
  clock: Clock,
  a: {
    deliveryId: string;
    attempt: number;
    roundStart: number;
    startedAt: Date;
    durationMs: number;
    result: SendResult;
  },
): Promise<void> {
  if (a.result.success) {
    // The common case in one statement: the attempt, and the delivery DELIVERED only when this
    // run inserted it (an earlier run of the job may have recorded it already).
    const at = clock.now();
    await db.execute(sql`
      with attempt as (
        insert into ${webhookAttempts} (delivery_id, number, started_at, duration_ms, status_code, error, success)
        values (${a.deliveryId}, ${a.attempt}, ${a.startedAt}, ${a.durationMs}, ${a.result.statusCode},
                ${a.result.error}, true)
        on conflict do nothing
        returning number
      )
      update ${webhookDeliveries}
      set attempt_count = ${a.attempt}, last_error = ${a.result.error}, updated_at = ${at},
          status = 'DELIVERED', delivered_at = ${at}, next_attempt_at = null
      where id = ${a.deliveryId} and status = 'PENDING' and attempt_count = ${a.attempt - 1}
        and exists (select 1 from attempt)`);
    return;
  }
  await withTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(webhookAttempts)
      .values({
        deliveryId: a.deliveryId,
        number: a.attempt,
        startedAt: a.startedAt,
        durationMs: a.durationMs,
        statusCode: a.result.statusCode,
        error: a.result.error,
        success: a.result.success,
      })
      .onConflictDoNothing()
      .returning({ number: webhookAttempts.number });
    if (inserted.length === 0) return; // recorded by an earlier run of this job
    const at = clock.now();
    const inRound = a.attempt - a.roundStart;
    const base = { attemptCount: a.attempt, lastError: a.result.error, updatedAt: at };
    const where = and(
      eq(webhookDeliveries.id, a.deliveryId),
      eq(webhookDeliveries.status, 'PENDING'),
      eq(webhookDeliveries.attemptCount, a.attempt - 1),
    );
    if (a.result.success) {
      await tx
        .update(webhookDeliveries)
        .set({ ...base, status: 'DELIVERED', deliveredAt: at, nextAttemptAt: null })
        .where(where);
    } else if (inRound < ATTEMPTS_PER_ROUND) {
      const delayMs = RETRY_DELAYS_MS[inRound - 1]!;
      await tx
        .update(webhookDeliveries)
        .set({ ...base, nextAttemptAt: new Date(at.getTime() + delayMs) })
        .where(where);
      await enqueueAttempt(tx, a.deliveryId, a.attempt + 1, delayMs);
    } else {
      await tx
        .update(webhookDeliveries)
        .set({ ...base, status: 'FAILED', failedAt: at, nextAttemptAt: null })
        .where(where);
    }
  });
}
