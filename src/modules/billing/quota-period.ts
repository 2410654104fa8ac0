import { and, eq } from 'drizzle-orm';
import { tenants, tiers } from '../../db/tables.js';
import { ecuadorMonthKey, ecuadorMonthStart, ecuadorNextMonthStart } from '../../shared/clock.js';
import { calendarMonthPeriod, type QuotaPeriodResolver } from '../documents/index.js';
import { subscriptions } from './billing.tables.js';
import { stepAt } from './periods.js';

/**
 * The quota period of a tenant with an ACTIVE subscription is its billing period (the step of the
 * period chain containing now, so a new period begins at the exact instant even before the daily
 * job has run); its key is the period's start instant. FREE tenants, and tenants whose
 * subscription is not active, count by Ecuador calendar month (the documents module's default).
 */
export const subscriptionQuotaPeriod: QuotaPeriodResolver = async (db, tenantId, now) => {
  const [row] = await db
    .select({
      tier: tenants.subscriptionTier,
      quota: tiers.documentQuota,
      start: subscriptions.currentPeriodStart,
      interval: subscriptions.billingInterval,
    })
    .from(tenants)
    .innerJoin(tiers, eq(tiers.code, tenants.subscriptionTier))
    // One statement for both cases: FREE tenants (no subscription row) get the calendar month.
    .leftJoin(subscriptions, and(eq(subscriptions.tenantId, tenants.id), eq(subscriptions.status, 'ACTIVE')))
    .where(eq(tenants.id, tenantId));
  if (!row) return calendarMonthPeriod(db, tenantId, now);
  if (!row.start || !row.interval || row.tier === 'FREE')
    return {
      key: ecuadorMonthKey(now),
      quota: row.quota,
      startsAt: ecuadorMonthStart(now),
      endsAt: ecuadorNextMonthStart(now),
    };
  const step = stepAt(row.start, row.interval, now);
  return { key: step.start.toISOString(), quota: row.quota, startsAt: step.start, endsAt: step.end };
};
