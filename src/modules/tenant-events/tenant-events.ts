import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { tenantEvents } from '../../db/tables.js';
import { executorOf, type WriteTarget, writeTo } from '../../db/unit-of-work.js';
import { uuidv7 } from '../../shared/ids.js';

/** The tenant audit event types of docs/spec-map.md (Events). */
export type TenantEventType =
  | 'VERIFICATION_EMAIL_SENT'
  | 'VERIFICATION_EMAIL_FAILED'
  | 'VERIFICATION_EMAIL_DELIVERED'
  | 'VERIFICATION_EMAIL_TEMP_FAILED'
  | 'VERIFICATION_EMAIL_COMPLAINED'
  | 'EMAIL_VERIFIED'
  | 'SUBSCRIPTION_CREATED'
  | 'PAYMENT_REPORTED'
  | 'PAYMENT_VERIFIED'
  | 'PAYMENT_REJECTED'
  | 'PAYMENT_REFUNDED'
  | 'INVOICE_LINKED'
  | 'SUBSCRIPTION_ACTIVATED'
  | 'TIER_CHANGE_REQUESTED'
  | 'TIER_CHANGE_SCHEDULED'
  | 'TIER_CHANGED'
  | 'SUBSCRIPTION_CANCELLATION_SCHEDULED'
  | 'SUBSCRIPTION_CANCELLED'
  | 'RENEWAL_DUE'
  | 'SUBSCRIPTION_RENEWED'
  | 'SUBSCRIPTION_EXPIRED'
  | 'STATUS_CHANGED'
  | 'ACCOUNT_RECOVERED'
  | 'CERTIFICATE_UPLOADED'
  | 'CERTIFICATE_RENEWED'
  | 'PURCHASE_VOIDED';

/** An event of the tenant's audit trail: inserted now, or at the unit of work's flush. */
export async function recordTenantEvent(
  to: WriteTarget,
  tenantId: string,
  eventType: TenantEventType,
  detail: Record<string, unknown> | null,
  at: Date,
): Promise<void> {
  await writeTo(
    to,
    executorOf(to)
      .insert(tenantEvents)
      .values({ id: uuidv7(at.getTime()), tenantId, eventType, detail, createdAt: at }),
  );
}

export async function listTenantEvents(db: Executor, tenantId: string) {
  return db
    .select()
    .from(tenantEvents)
    .where(eq(tenantEvents.tenantId, tenantId))
    .orderBy(asc(tenantEvents.createdAt), asc(tenantEvents.id));
}
