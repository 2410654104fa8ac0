import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { AppError } from '../../shared/errors.js';
import { D } from '../../shared/money.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { setTenantTier } from '../tenants/index.js';
import { type TenantRow, updatePayment, updateSubscription } from './billing.repository.js';
import { type PaymentRow, payments, type SubscriptionRow } from './billing.tables.js';
import { addInterval } from './periods.js';
import { charge, priceAt } from './pricing.js';

/**
 * What a payment does to the subscription and the tenant once the operator verifies it
 * (decisions.md: tier, quota and ACTIVE apply at verification), and the scheduled changes that
 * take effect at a period boundary. All in the caller's transaction, rows already locked.
 */

/** Whether the payment can still be paid (proof upload, verification); 409 CONFLICT if not. */
export function assertPayable(sub: SubscriptionRow, p: PaymentRow): void {
  const payable =
    p.purpose === 'INITIAL'
      ? sub.status === 'PENDING_PAYMENT'
      : p.purpose === 'TIER_CHANGE'
        ? sub.status === 'ACTIVE'
        : sub.status === 'ACTIVE' &&
          sub.pendingTier !== 'FREE' &&
          p.periodStart?.getTime() === sub.currentPeriodEnd?.getTime();
  if (!payable)
    throw new AppError(
      'CONFLICT',
      sub.status === 'CANCELLED'
        ? `The subscription of this payment is CANCELLED (${sub.endReason ?? 'ended'}); start a new subscription`
        : 'This payment no longer applies to the subscription',
    );
}

/** A scheduled change whose date has come: downgrade, paid interval change, or cancellation. */
export async function applyDueChange(
  tx: Executor,
  tenant: TenantRow,
  sub: SubscriptionRow,
  now: Date,
): Promise<SubscriptionRow | null> {
  const at = sub.pendingEffectiveAt;
  if (!sub.pendingTier || !at || at.getTime() > now.getTime()) return null;
  const cleared = { pendingTier: null, pendingBillingInterval: null, pendingEffectiveAt: null };
  if (sub.pendingTier === 'FREE') {
    const updated = await updateSubscription(tx, sub.id, {
      ...cleared,
      status: 'CANCELLED',
      endReason: 'CANCELLED',
      canceledAt: now,
    });
    await setTenantTier(tx, tenant, 'FREE');
    await recordTenantEvent(
      tx,
      tenant.id,
      'SUBSCRIPTION_CANCELLED',
      { subscriptionId: sub.id, tier: sub.tier, effectiveAt: at.toISOString() },
      now,
    );
    return updated;
  }
  const interval = sub.pendingBillingInterval ?? sub.billingInterval;
  const period = sub.pendingBillingInterval
    ? // a paid interval change: its payment bought the first period of the new interval
      { currentPeriodStart: at, currentPeriodEnd: addInterval(at, interval) }
    : // a downgrade: the new period starts at the boundary when it was paid (renewal verified)
      sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() > at.getTime()
      ? { currentPeriodStart: at }
      : {};
  const updated = await updateSubscription(tx, sub.id, {
    ...cleared,
    ...period,
    tier: sub.pendingTier,
    billingInterval: interval,
  });
  await setTenantTier(tx, tenant, sub.pendingTier);
  const [paid] = sub.pendingBillingInterval
    ? await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.subscriptionId, sub.id),
            eq(payments.changeKind, 'INTERVAL'),
            eq(payments.status, 'VERIFIED'),
          ),
        )
        .orderBy(desc(payments.verifiedAt))
        .limit(1)
    : [];
  await recordTenantEvent(
    tx,
    tenant.id,
    'TIER_CHANGED',
    {
      subscriptionId: sub.id,
      fromTier: sub.tier,
      toTier: sub.pendingTier,
      fromBillingInterval: sub.billingInterval,
      toBillingInterval: interval,
      paymentId: paid?.id ?? null,
      effectiveAt: at.toISOString(),
    },
    now,
  );
  return updated;
}

/** Applies a verified payment; returns the subscription as it now stands. */
export async function applyVerifiedPayment(
  tx: Executor,
  tenant: TenantRow,
  sub: SubscriptionRow,
  p: PaymentRow,
  now: Date,
): Promise<SubscriptionRow> {
  if (p.purpose === 'INITIAL') {
    const end = addInterval(now, sub.billingInterval);
    const updated = await updateSubscription(tx, sub.id, {
      status: 'ACTIVE',
      currentPeriodStart: now,
      currentPeriodEnd: end,
      activatedAt: now,
    });
    await setTenantTier(tx, tenant, sub.tier, { status: 'ACTIVE' });
    await recordTenantEvent(
      tx,
      tenant.id,
      'SUBSCRIPTION_ACTIVATED',
      {
        subscriptionId: sub.id,
        tier: sub.tier,
        billingInterval: sub.billingInterval,
        currentPeriodStart: now.toISOString(),
        currentPeriodEnd: end.toISOString(),
      },
      now,
    );
    return updated;
  }

  if (p.purpose === 'RENEWAL') {
    // A downgrade due at this boundary applies first, so the new period starts on the new tier.
    const current = (await applyDueChange(tx, tenant, sub, now)) ?? sub;
    const from = p.periodStart!;
    const updated = await updateSubscription(tx, sub.id, {
      currentPeriodEnd: p.periodEnd!,
      // verified late (in the grace period): the renewed period has already begun
      ...(now.getTime() >= from.getTime() ? { currentPeriodStart: from } : {}),
    });
    await recordTenantEvent(
      tx,
      tenant.id,
      'SUBSCRIPTION_RENEWED',
      {
        subscriptionId: sub.id,
        paymentId: p.id,
        tier: current.tier,
        billingInterval: current.billingInterval,
        periodStart: from.toISOString(),
        currentPeriodEnd: p.periodEnd!.toISOString(),
      },
      now,
    );
    return updated;
  }

  const change = {
    subscriptionId: sub.id,
    fromTier: p.fromTier,
    toTier: p.planTier,
    fromBillingInterval: p.fromBillingInterval,
    toBillingInterval: p.planBillingInterval,
    paymentId: p.id,
  };
  if (p.changeKind === 'INTERVAL') {
    const effectiveAt = sub.currentPeriodEnd!;
    const scheduled = await updateSubscription(tx, sub.id, {
      pendingTier: p.planTier,
      pendingBillingInterval: p.planBillingInterval,
      pendingEffectiveAt: effectiveAt,
    });
    await recordTenantEvent(
      tx,
      tenant.id,
      'TIER_CHANGE_SCHEDULED',
      { ...change, totalAmount: p.totalAmount, effectiveAt: effectiveAt.toISOString() },
      now,
    );
    // Verified after the boundary (in the grace period): it takes effect at once.
    return (await applyDueChange(tx, tenant, scheduled, now)) ?? scheduled;
  }
  // UPGRADE keeps the period; a sandbox change (IMMEDIATE) was billed in full and starts a fresh one.
  const fresh =
    p.changeKind === 'IMMEDIATE'
      ? { currentPeriodStart: now, currentPeriodEnd: addInterval(now, p.planBillingInterval) }
      : {};
  const updated = await updateSubscription(tx, sub.id, {
    tier: p.planTier,
    billingInterval: p.planBillingInterval,
    ...fresh,
  });
  await setTenantTier(tx, tenant, p.planTier);
  await recordTenantEvent(tx, tenant.id, 'TIER_CHANGED', change, now);
  await repriceOpenRenewal(tx, updated);
  return updated;
}

/** A renewal opened before an upgrade was verified is re-priced to the new tier while still unpaid. */
async function repriceOpenRenewal(tx: Executor, sub: SubscriptionRow): Promise<void> {
  const open = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.subscriptionId, sub.id),
        eq(payments.purpose, 'RENEWAL'),
        inArray(payments.status, ['PENDING', 'REJECTED']),
      ),
    );
  for (const r of open) {
    const price = await priceAt(tx, sub.tier, sub.billingInterval, r.periodStart!);
    await updatePayment(tx, r.id, {
      planTier: sub.tier,
      planBillingInterval: sub.billingInterval,
      ...charge(new D(price)),
    });
  }
}
