import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { notifications } from './notifications.tables.js';
import { lockKey, type Notifier, type ProducedNotification, tenantOf } from './notifier.js';
import { quotaText } from './texts.js';

export interface QuotaCheckInput {
  tenantId: string;
  /** Documents counted against the quota in the current period, this one included. */
  used: number;
  quota: number;
  /** Identifies the billing period, e.g. `2026-11` or the period start date. */
  periodKey: string;
}

/**
 * QUOTA_WARNING (decisions.md): once at 80% (WARNING) and once at 100% (ERROR) per billing
 * period, whatever the read state. The quota is part of the "once" key, so a plan change in the
 * middle of a period arms both thresholds again for the new quota. Jumping straight past 100%
 * produces only the 100% notification. Call it after counting a document, in that transaction.
 */
export function createQuotaProducer(deps: { notifier: Notifier }) {
  const { notifier } = deps;
  return async function quotaCheck(
    tx: Executor,
    input: QuotaCheckInput,
    now: Date,
  ): Promise<ProducedNotification | null> {
    const { tenantId, used, quota, periodKey } = input;
    if (quota <= 0) return null;
    const threshold = used >= quota ? 100 : used * 100 >= quota * 80 ? 80 : null;
    if (threshold === null) return null;
    const onceKey = `QUOTA_WARNING:${periodKey}:${quota}:${threshold}`;
    await lockKey(tx, `once:${tenantId}:${onceKey}`);
    const [seen] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.tenantId, tenantId), eq(notifications.onceKey, onceKey)));
    if (seen) return null;
    const tenant = await tenantOf(tx, tenantId);
    const percent = Math.floor((used * 100) / quota);
    const text = quotaText(tenant.language, { threshold, used, quota, percent });
    const row = await notifier.insert(
      tx,
      tenant,
      {
        issuerId: null,
        type: 'QUOTA_WARNING',
        severity: threshold === 100 ? 'ERROR' : 'WARNING',
        ...text,
        metadata: { used, quota, percent, periodKey, threshold },
        expiresAt: null,
      },
      { onceKey },
      now,
    );
    return notifier.publish(tx, tenant, row, true, now);
  };
}
