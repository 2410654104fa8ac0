import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { tenants, tiers } from '../../db/tables.js';
import { type Clock, ecuadorMonthKey, ecuadorMonthStart, ecuadorNextMonthStart } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { documentQuotaUsage } from './documents.tables.js';

/** The billing period a production document counts in, and the tier's allowance. */
interface QuotaPeriod {
  key: string;
  quota: number;
  /** When it began and when the next begins (the tenant view's cache is used only in between). */
  startsAt: Date;
  endsAt: Date;
}

/**
 * Decides the current period of a tenant. The default is the Ecuador calendar month with the
 * tier's quota; the billing module replaces it with the subscription period.
 */
export type QuotaPeriodResolver = (db: Executor, tenantId: string, now: Date) => Promise<QuotaPeriod>;

export const calendarMonthPeriod: QuotaPeriodResolver = async (db, tenantId, now) => {
  const [row] = await db
    .select({ quota: tiers.documentQuota })
    .from(tenants)
    .innerJoin(tiers, eq(tiers.code, tenants.subscriptionTier))
    .where(eq(tenants.id, tenantId));
  return {
    key: ecuadorMonthKey(now),
    quota: row?.quota ?? 0,
    startsAt: ecuadorMonthStart(now),
    endsAt: ecuadorNextMonthStart(now),
  };
};

export interface QuotaHooks {
  resolvePeriod: QuotaPeriodResolver;
  /** Called after a production document was counted (QUOTA_WARNING at 80% and 100%). */
  afterCount: ((
    tx: Executor,
    input: { tenantId: string; used: number; quota: number; periodKey: string },
    now: Date,
  ) => Promise<void>)[];
}

export function createQuota(deps: { clock: Clock; hooks: QuotaHooks }) {
  return {
    /**
     * Counts `count` more production documents in `tx` (a batch of creates counts once); 402
     * DOCUMENT_QUOTA_EXCEEDED when they go past the allowance (the caller rolls back; a batch is
     * then retried one document at a time, so the ones that fit are issued).
     */
    async consume(tx: Executor, tenantId: string, count = 1): Promise<void> {
      const now = deps.clock.now();
      const period = await deps.hooks.resolvePeriod(tx, tenantId, now);
      const [row] = await tx
        .insert(documentQuotaUsage)
        .values({ tenantId, periodKey: period.key, used: count })
        .onConflictDoUpdate({
          target: [documentQuotaUsage.tenantId, documentQuotaUsage.periodKey],
          set: { used: sql`${documentQuotaUsage.used} + ${count}` },
        })
        .returning({ used: documentQuotaUsage.used });
      const used = row!.used;
      if (used > period.quota) {
        throw new AppError(
          'DOCUMENT_QUOTA_EXCEEDED',
          `The plan allows ${period.quota} production documents per period; ${period.quota} already issued`,
          {
            extra: { quota: period.quota, used: period.quota },
          },
        );
      }
      for (const hook of deps.hooks.afterCount)
        await hook(tx, { tenantId, used, quota: period.quota, periodKey: period.key }, now);
    },

    /**
     * Production documents of the current period (the tenant's documentCount) and the period's
     * allowance (its documentQuota): the period read gives both.
     */
    async usage(
      db: Executor,
      tenantId: string,
    ): Promise<{ used: number; quota: number; period: { startsAt: Date; endsAt: Date } }> {
      const period = await deps.hooks.resolvePeriod(db, tenantId, deps.clock.now());
      const [row] = await db
        .select({ used: documentQuotaUsage.used })
        .from(documentQuotaUsage)
        .where(and(eq(documentQuotaUsage.tenantId, tenantId), eq(documentQuotaUsage.periodKey, period.key)));
      return { used: row?.used ?? 0, quota: period.quota, period };
    },
  };
}

export type Quota = ReturnType<typeof createQuota>;
