import { and, eq, gt, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { ecuadorStartOfDay } from '../../shared/clock.js';
import { D } from '../../shared/money.js';
import { ecuadorDaysUntil } from '../notifications/index.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { setTenantTier } from '../tenants/index.js';
import { DAY_MS, GRACE_DAYS, PAST_DUE_WARNING_DAYS, RENEWAL_NOTICE_DAYS } from './billing.constants.js';
import {
  insertPayment,
  lockSubscription,
  lockTenant,
  type TenantRow,
  unsettledPayments,
  updateSubscription,
} from './billing.repository.js';
import { type PaymentRow, type SubscriptionRow, subscriptions } from './billing.tables.js';
import type { BillingNotifications } from './billing-notifications.js';
import { applyDueChange } from './payment-effects.js';
import { addInterval, stepAt } from './periods.js';
import { charge, priceAt } from './pricing.js';

type Step = (tx: Executor, tenant: TenantRow, sub: SubscriptionRow, now: Date) => Promise<boolean>;

/**
 * The timing rules count Ecuador calendar days (the job runs once a day): the reminder goes out
 * from the 7th day before the period end's date, the warning on the 5th day after it, the expiry
 * on the 7th day after it (docs/spec-map.md, Limits: 7 days grace in total).
 */
const daysBefore = (end: Date, now: Date) => ecuadorDaysUntil(end, now);
const daysAfter = (end: Date, now: Date) => -ecuadorDaysUntil(end, now);
/** The day the grace period ends: start of the Ecuador day GRACE_DAYS after the period end's day. */
const graceEnd = (end: Date) => new Date(ecuadorStartOfDay(end).getTime() + GRACE_DAYS * DAY_MS);

/**
 * The daily billing steps. Each picks candidates with one query, then handles every subscription
 * in its own transaction with the tenant and subscription locked, re-checking its condition: a
 * step run twice on the same day finds nothing left to do (idempotent).
 */
export function createScheduler(deps: { db: Executor; notifications: BillingNotifications }) {
  const { db, notifications } = deps;

  /** One transaction per subscription; one that fails does not hold the others back. */
  async function each(
    candidates: { id: string; tenantId: string }[],
    now: Date,
    step: Step,
  ): Promise<number> {
    let done = 0;
    const failures: unknown[] = [];
    for (const c of candidates) {
      try {
        const changed = await withTransaction(db, async (tx) => {
          const tenant = await lockTenant(tx, c.tenantId);
          const sub = await lockSubscription(tx, c.id);
          return sub.status === 'ACTIVE' ? step(tx, tenant, sub, now) : false;
        });
        if (changed) done++;
      } catch (e) {
        failures.push(e);
      }
    }
    // Idempotent steps: the queue may safely retry the whole job.
    if (failures.length)
      throw new AggregateError(failures, `billing step failed for ${failures.length} subscription(s)`);
    return done;
  }

  const active = (...conds: SQL[]) =>
    db
      .select({ id: subscriptions.id, tenantId: subscriptions.tenantId })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'ACTIVE'), ...conds))
      .orderBy(subscriptions.currentPeriodEnd);

  /** A renewal counts as under review while its proof (or the proof of a change that renews) awaits the operator. */
  const underReview = (open: PaymentRow[]) =>
    open.some((p) => p.status === 'REPORTED' && p.purpose !== 'INITIAL');
  /** A paid interval change (sandbox: any paid change) buys the next period itself. */
  const renewingChange = (open: PaymentRow[]) =>
    open.find(
      (p) => p.purpose === 'TIER_CHANGE' && (p.changeKind === 'INTERVAL' || p.changeKind === 'IMMEDIATE'),
    );

  return {
    /** Scheduled downgrades, paid interval changes and cancellations whose date has come. */
    periodEnd: (now: Date) =>
      active(sql`${subscriptions.pendingTier} is not null`, lte(subscriptions.pendingEffectiveAt, now)).then(
        (c) => each(c, now, async (tx, tenant, sub) => (await applyDueChange(tx, tenant, sub, now)) !== null),
      ),

    /** 7 days before current_period_end: the RENEWAL payment, RENEWAL_DUE and its notification. */
    renewals: (now: Date) =>
      active(
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() + (RENEWAL_NOTICE_DAYS + 1) * DAY_MS)),
        sql`${subscriptions.renewalNoticeFor} is distinct from ${subscriptions.currentPeriodEnd}`,
      ).then((c) =>
        each(c, now, async (tx, tenant, sub) => {
          const end = sub.currentPeriodEnd!;
          if (daysBefore(end, now) > RENEWAL_NOTICE_DAYS) return false;
          if (sub.renewalNoticeFor?.getTime() === end.getTime()) return false;
          // No reminder while a cancellation is pending, nor once a paid interval change is scheduled.
          if (sub.pendingTier === 'FREE' || sub.pendingBillingInterval) return false;
          const open = await unsettledPayments(tx, sub.id);
          let payment = renewingChange(open);
          if (!payment) {
            const tier = sub.pendingTier ?? sub.tier;
            const price = await priceAt(tx, tier, sub.billingInterval, end);
            payment = await insertPayment(
              tx,
              {
                tenantId: tenant.id,
                subscriptionId: sub.id,
                purpose: 'RENEWAL',
                planTier: tier,
                planBillingInterval: sub.billingInterval,
                periodStart: end,
                periodEnd: addInterval(end, sub.billingInterval),
                ...charge(new D(price)),
              },
              now,
            );
          }
          const updated = await updateSubscription(tx, sub.id, { renewalNoticeFor: end });
          await recordTenantEvent(
            tx,
            tenant.id,
            'RENEWAL_DUE',
            {
              subscriptionId: sub.id,
              paymentId: payment.id,
              tier: payment.planTier,
              totalAmount: payment.totalAmount,
              currentPeriodEnd: end.toISOString(),
            },
            now,
          );
          await notifications.renewalDue(tx, updated, payment, now);
          return true;
        }),
      ),

    /** PAST_DUE_WARNING_DAYS after the period end without a verified renewal. */
    pastDue: (now: Date) =>
      active(
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - (PAST_DUE_WARNING_DAYS - 1) * DAY_MS)),
        sql`${subscriptions.pastDueWarnedFor} is distinct from ${subscriptions.currentPeriodEnd}`,
      ).then((c) =>
        each(c, now, async (tx, _tenant, sub) => {
          const end = sub.currentPeriodEnd!;
          if (daysAfter(end, now) < PAST_DUE_WARNING_DAYS) return false;
          if (sub.pastDueWarnedFor?.getTime() === end.getTime() || sub.pendingTier === 'FREE') return false;
          if (underReview(await unsettledPayments(tx, sub.id))) return false;
          const updated = await updateSubscription(tx, sub.id, { pastDueWarnedFor: end });
          await notifications.pastDueWarning(tx, updated, graceEnd(end), now);
          return true;
        }),
      ),

    /**
     * GRACE_DAYS after the period end without a verified renewal: the tenant goes to FREE and
     * PAST_DUE. Deferred while a renewal proof awaits review (the tenant has paid; the wait is ours).
     */
    expiry: (now: Date) =>
      active(lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - (GRACE_DAYS - 1) * DAY_MS))).then(
        (c) =>
          each(c, now, async (tx, tenant, sub) => {
            if (daysAfter(sub.currentPeriodEnd!, now) < GRACE_DAYS) return false;
            if (underReview(await unsettledPayments(tx, sub.id))) return false;
            await updateSubscription(tx, sub.id, {
              status: 'CANCELLED',
              endReason: 'EXPIRED',
              canceledAt: now,
              pendingTier: null,
              pendingBillingInterval: null,
              pendingEffectiveAt: null,
            });
            const previousTier = tenant.subscriptionTier;
            await setTenantTier(tx, tenant, 'FREE', { status: 'PAST_DUE' });
            await recordTenantEvent(
              tx,
              tenant.id,
              'SUBSCRIPTION_EXPIRED',
              { subscriptionId: sub.id, previousTier },
              now,
            );
            await notifications.expired(tx, sub, previousTier, now);
            return true;
          }),
      ),

    /** current_period_start follows the period chain once a renewed period has begun. */
    rollover: (now: Date) =>
      active(isNotNull(subscriptions.currentPeriodStart), gt(subscriptions.currentPeriodEnd, now)).then((c) =>
        each(c, now, async (tx, _tenant, sub) => {
          if (!sub.currentPeriodStart || sub.currentPeriodEnd!.getTime() <= now.getTime()) return false;
          const { start } = stepAt(sub.currentPeriodStart, sub.billingInterval, now);
          if (start.getTime() === sub.currentPeriodStart.getTime()) return false;
          await updateSubscription(tx, sub.id, { currentPeriodStart: start });
          return true;
        }),
      ),
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
