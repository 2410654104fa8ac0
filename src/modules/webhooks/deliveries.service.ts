import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import { createDelivery, enqueueAttempt } from './dispatcher.js';
import { TEST_EVENT } from './event-types.js';
import { findOwnedEndpoint } from './webhooks.service.js';
import { type WebhookDeliveryRow, webhookAttempts, webhookDeliveries } from './webhooks.tables.js';
import { toDeliveryView } from './webhooks.views.js';

/** What this service reads of its caller (never the HTTP request). */
type Caller = Pick<AuthContext, 'language' | 'tenantId'>;

export const DELIVERIES_PAGE_MAX = 100;
export const DELIVERIES_PAGE_DEFAULT = 20;

/** The delivery log of an endpoint, manual retries and test events (beyond the spec). */
export function createWebhookDeliveriesService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  async function withAttempts(exec: Executor, rows: WebhookDeliveryRow[]) {
    if (rows.length === 0) return [];
    const attempts = await exec
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(webhookAttempts.number));
    return rows.map((r) =>
      toDeliveryView(
        r,
        attempts.filter((a) => a.deliveryId === r.id),
      ),
    );
  }

  return {
    /** Newest first; `before` (a deliveryId) continues after the last one of the previous page. */
    async list(auth: Caller, endpointId: string, page: { limit?: number; before?: string }) {
      const endpoint = await findOwnedEndpoint(db, auth.tenantId, endpointId);
      const limit = Math.min(page.limit ?? DELIVERIES_PAGE_DEFAULT, DELIVERIES_PAGE_MAX);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpoint.id),
            page.before ? lt(webhookDeliveries.id, page.before) : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit + 1);
      const pageRows = rows.slice(0, limit);
      return {
        deliveries: await withAttempts(db, pageRows),
        nextCursor: rows.length > limit ? pageRows[pageRows.length - 1]!.id : null,
      };
    },

    /** A FAILED delivery gets a fresh round of three attempts (same deliveryId, same payload). */
    async retry(auth: Caller, endpointId: string, deliveryId: string) {
      return withTransaction(db, async (tx) => {
        const endpoint = await findOwnedEndpoint(tx, auth.tenantId, endpointId);
        const [delivery] = await tx
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
          .for('update');
        if (!delivery) throw notFound('Webhook delivery');
        if (delivery.status === 'PENDING')
          throw new AppError('CONFLICT', 'The delivery is still in progress; wait until it is FAILED');
        if (delivery.status === 'DELIVERED')
          throw new AppError('CONFLICT', 'The delivery was already acknowledged by the receiver');
        if (!endpoint.active)
          throw new AppError('CONFLICT', 'The endpoint is inactive; re-activate it before retrying');
        const now = clock.now();
        const [updated] = await tx
          .update(webhookDeliveries)
          .set({
            status: 'PENDING',
            roundStart: delivery.attemptCount,
            nextAttemptAt: now,
            failedAt: null,
            updatedAt: now,
          })
          .where(eq(webhookDeliveries.id, delivery.id))
          .returning();
        await enqueueAttempt(tx, delivery.id, delivery.attemptCount + 1);
        return (await withAttempts(tx, [updated!]))[0]!;
      });
    },

    /** A signed WEBHOOK_TEST event through the same delivery machinery. */
    async sendTest(auth: Caller, endpointId: string) {
      return withTransaction(db, async (tx) => {
        const endpoint = await findOwnedEndpoint(tx, auth.tenantId, endpointId);
        if (!endpoint.active)
          throw new AppError('CONFLICT', 'The endpoint is inactive; re-activate it before testing');
        const now = clock.now();
        const message =
          auth.language === 'en'
            ? 'Test event from einvoice-ec: if you can read this, your endpoint works.'
            : 'Evento de prueba de einvoice-ec: si puedes leer esto, tu endpoint funciona.';
        const id = await createDelivery(
          tx,
          endpoint.id,
          {
            tenantId: auth.tenantId,
            event: TEST_EVENT,
            occurredAt: now,
            data: { type: TEST_EVENT, endpointId: endpoint.id, message },
            notificationId: null,
          },
          now,
        );
        const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
        return toDeliveryView(row!, []);
      });
    },
  };
}

export type WebhookDeliveriesService = ReturnType<typeof createWebhookDeliveriesService>;
