import type { Executor } from '../../db/pool.js';
import { AppError } from '../../shared/errors.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { setTenantTier } from '../tenants/index.js';
import type { BillingInterval, ChangeKind, PaidTier } from './billing.constants.js';
import {
  insertPayment,
  openSubscription,
  subscriptionView,
  type TenantRow,
  unsettledPayments,
  updateSubscription,
} from './billing.repository.js';
import type { SubscriptionRow } from './billing.tables.js';
import { toPaymentView } from './billing.views.js';
import { remainingPeriods } from './periods.js';
import { charge, currentPrice } from './pricing.js';
import { planTierChange } from './tier-change-plan.js';

const KIND_OF = { UPGRADE: 'UPGRADE', INTERVAL: 'INTERVAL', SANDBOX_PAID: 'IMMEDIATE' } as const;

/** change-tier and cancellation requests (the tenant's side); effects of payments are in payment-effects.ts. */
export function createTierChanges() {
  async function activeSubscription(tx: Executor, tenantId: string): Promise<SubscriptionRow> {
    const sub = await openSubscription(tx, tenantId, { lock: true, status: 'ACTIVE' });
    if (!sub?.currentPeriodStart || !sub.currentPeriodEnd)
      throw new AppError('NO_ACTIVE_SUBSCRIPTION', 'The account has no ACTIVE subscription');
    return sub;
  }

  /** Only one change may be outstanding: a scheduled one, or any payment not settled yet. */
  async function assertNothingPending(tx: Executor, sub: SubscriptionRow, now: Date) {
    if (sub.pendingTier)
      throw new AppError(
        'TIER_CHANGE_ALREADY_PENDING',
        sub.pendingTier === 'FREE'
          ? 'A cancellation is scheduled for the end of the period'
          : `A change to ${sub.pendingTier} is scheduled for the end of the period`,
      );
    const open = await unsettledPayments(tx, sub.id);
    if (open.length)
      throw new AppError(
        'TIER_CHANGE_ALREADY_PENDING',
        `Payment ${open[0]!.id} (${open[0]!.purpose}) is not settled yet; pay it or wait for its review`,
      );
    if (now.getTime() >= sub.currentPeriodEnd!.getTime())
      throw new AppError('TIER_CHANGE_ALREADY_PENDING', 'The period has ended and its renewal is due');
  }

  async function request(
    tx: Executor,
    tenant: TenantRow,
    tier: PaidTier,
    interval: BillingInterval | undefined,
    now: Date,
  ) {
    const sub = await activeSubscription(tx, tenant.id);
    const toInterval = interval ?? sub.billingInterval;
    if (tier === sub.tier && toInterval === sub.billingInterval)
      throw new AppError('TIER_CHANGE_NO_OP', `The subscription is already ${tier} ${toInterval}`);
    await assertNothingPending(tx, sub, now);
    const plan = planTierChange({
      sandbox: tenant.sandbox,
      fromInterval: sub.billingInterval,
      toInterval,
      currentPrice: await currentPrice(tx, sub.tier, sub.billingInterval),
      targetPriceSameInterval: await currentPrice(tx, tier, sub.billingInterval),
      targetFullPrice: await currentPrice(tx, tier, toInterval),
      remaining: remainingPeriods(
        { ...sub, currentPeriodStart: sub.currentPeriodStart!, currentPeriodEnd: sub.currentPeriodEnd! },
        now,
      ),
    });
    const change = {
      subscriptionId: sub.id,
      fromTier: sub.tier,
      toTier: tier,
      fromBillingInterval: sub.billingInterval,
      toBillingInterval: toInterval,
    };

    if (plan.kind === 'SCHEDULED_DOWNGRADE') {
      const effectiveAt = sub.currentPeriodEnd!;
      const updated = await updateSubscription(tx, sub.id, {
        pendingTier: tier,
        pendingEffectiveAt: effectiveAt,
      });
      await recordTenantEvent(
        tx,
        tenant.id,
        'TIER_CHANGE_SCHEDULED',
        { ...change, totalAmount: '0.00', effectiveAt: effectiveAt.toISOString(), paymentId: null },
        now,
      );
      return { subscription: await subscriptionView(tx, updated), effectiveAt: effectiveAt.toISOString() };
    }

    if (plan.kind === 'IMMEDIATE') {
      // A prorated upgrade rounding to 0.00, or a sandbox downgrade: nothing to pay, applied now.
      const updated = await updateSubscription(tx, sub.id, { tier });
      await setTenantTier(tx, tenant, tier);
      await recordTenantEvent(tx, tenant.id, 'TIER_CHANGED', { ...change, paymentId: null }, now);
      return { subscription: await subscriptionView(tx, updated), payment: null, amount: 0 as const };
    }

    const changeKind: ChangeKind = KIND_OF[plan.kind];
    const payment = await insertPayment(
      tx,
      {
        tenantId: tenant.id,
        subscriptionId: sub.id,
        purpose: 'TIER_CHANGE',
        planTier: tier,
        planBillingInterval: toInterval,
        changeKind,
        fromTier: sub.tier,
        fromBillingInterval: sub.billingInterval,
        targetTier: tier,
        targetBillingInterval: toInterval === sub.billingInterval ? null : toInterval,
        ...charge(plan.base),
      },
      now,
    );
    const effectiveAt = plan.kind === 'INTERVAL' ? sub.currentPeriodEnd!.toISOString() : null;
    await recordTenantEvent(
      tx,
      tenant.id,
      'TIER_CHANGE_REQUESTED',
      { ...change, totalAmount: payment.totalAmount, effectiveAt, paymentId: payment.id },
      now,
    );
    return {
      subscription: await subscriptionView(tx, sub),
      payment: toPaymentView(payment),
      ...(effectiveAt ? { effectiveAt } : {}),
    };
  }

  async function scheduleCancellation(tx: Executor, tenant: TenantRow, now: Date) {
    if (tenant.sandbox)
      throw new AppError(
        'REQUIRES_PRODUCTION',
        'A subscription can be cancelled only after going to production',
      );
    const sub = await activeSubscription(tx, tenant.id);
    if (sub.pendingTier === 'FREE')
      throw new AppError('CANCELLATION_ALREADY_PENDING', 'A cancellation is already scheduled');
    if (sub.pendingTier)
      throw new AppError('TIER_CHANGE_ALREADY_PENDING', `A change to ${sub.pendingTier} is scheduled`);
    const open = await unsettledPayments(tx, sub.id);
    // An unpaid renewal just lapses; a change being paid, or a renewal proof under review, blocks.
    const blocking = open.find((p) => p.purpose !== 'RENEWAL' || p.status === 'REPORTED');
    if (blocking)
      throw new AppError(
        'TIER_CHANGE_ALREADY_PENDING',
        `Payment ${blocking.id} (${blocking.purpose}) is in flight; wait for its review`,
      );
    const effectiveAt = sub.currentPeriodEnd!;
    const updated = await updateSubscription(tx, sub.id, {
      pendingTier: 'FREE',
      pendingEffectiveAt: effectiveAt,
    });
    await recordTenantEvent(
      tx,
      tenant.id,
      'SUBSCRIPTION_CANCELLATION_SCHEDULED',
      {
        subscriptionId: sub.id,
        tier: sub.tier,
        billingInterval: sub.billingInterval,
        effectiveAt: effectiveAt.toISOString(),
      },
      now,
    );
    return { subscription: await subscriptionView(tx, updated), effectiveAt: effectiveAt.toISOString() };
  }

  return { request, scheduleCancellation };
}
