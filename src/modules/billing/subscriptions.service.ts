import type { Config } from '../../config/config.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import type { TenantScope } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { D } from '../../shared/money.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { type BillingInterval, isBillingInterval, isPaidTier, type PaidTier } from './billing.constants.js';
import {
  insertPayment,
  insertSubscription,
  listSubscriptions,
  lockTenant,
  openSubscription,
  subscriptionView,
  type TenantRow,
} from './billing.repository.js';
import { bankTransferOf, toPaymentView } from './billing.views.js';
import { charge, priceAt } from './pricing.js';
import { createTierChanges } from './tier-changes.js';

/** Input checks shared by subscribe, change-tier and promote: 400 INVALID_TIER / INVALID_BILLING_INTERVAL. */
function checkPlan(
  tier: string,
  interval: string | undefined,
): { tier: PaidTier; interval?: BillingInterval } {
  if (!isPaidTier(tier)) throw new AppError('INVALID_TIER', 'tier must be STARTER, GROWTH or BUSINESS');
  if (interval !== undefined && !isBillingInterval(interval))
    throw new AppError('INVALID_BILLING_INTERVAL', 'billingInterval must be MONTHLY or YEARLY');
  return { tier, interval: interval as BillingInterval | undefined };
}

export function createSubscriptionsService(deps: { db: Executor; clock: Clock; config: Config }) {
  const { db, clock, config } = deps;
  const tierChanges = createTierChanges();

  /**
   * Starts a subscription in `tx` (POST /v1/subscriptions, and promotion with a paid tier), the
   * tenant row locked. Checks in order: verified email, tier, interval, nothing in flight.
   */
  async function start(
    tx: Executor,
    tenant: TenantRow,
    body: { tier: string; billingInterval?: string },
    now: Date,
  ) {
    if (!tenant.emailVerifiedAt)
      throw new AppError('EMAIL_VERIFICATION_REQUIRED', 'Verify your email address before subscribing');
    const plan = checkPlan(body.tier, body.billingInterval);
    const tier = plan.tier;
    const interval = plan.interval ?? 'MONTHLY';
    if (await openSubscription(tx, tenant.id))
      throw new AppError(
        'SUBSCRIPTION_ALREADY_IN_FLIGHT',
        'The account already has a subscription pending payment or active; use change-tier to change it',
      );
    const sub = await insertSubscription(
      tx,
      { tenantId: tenant.id, tier, billingInterval: interval, status: 'PENDING_PAYMENT' },
      now,
    );
    const price = await priceAt(tx, tier, interval, now);
    const payment = await insertPayment(
      tx,
      {
        tenantId: tenant.id,
        subscriptionId: sub.id,
        purpose: 'INITIAL',
        planTier: tier,
        planBillingInterval: interval,
        ...charge(new D(price)),
      },
      now,
    );
    await recordTenantEvent(
      tx,
      tenant.id,
      'SUBSCRIPTION_CREATED',
      {
        subscriptionId: sub.id,
        tier,
        billingInterval: interval,
        paymentId: payment.id,
        totalAmount: payment.totalAmount,
      },
      now,
    );
    return {
      subscription: await subscriptionView(tx, sub),
      payment: toPaymentView(payment),
      bankTransfer: bankTransferOf(config),
    };
  }

  return {
    start,

    /** POST /v1/subscriptions. */
    async subscribe(auth: TenantScope, body: { tier: string; billingInterval?: string }) {
      const now = clock.now();
      return withTransaction(db, async (tx) => start(tx, await lockTenant(tx, auth.tenantId), body, now));
    },

    /** POST /v1/subscriptions/change-tier: one of the cases of the tier-change table. */
    async changeTier(auth: TenantScope, body: { tier: string; billingInterval?: string }) {
      const plan = checkPlan(body.tier, body.billingInterval);
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const tenant = await lockTenant(tx, auth.tenantId);
        const result = await tierChanges.request(tx, tenant, plan.tier, plan.interval, now);
        return { ...result, ...(result.payment ? { bankTransfer: bankTransferOf(config) } : {}) };
      });
    },

    /** DELETE /v1/subscriptions: cancellation at current_period_end, no refund. */
    async cancel(auth: TenantScope) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const tenant = await lockTenant(tx, auth.tenantId);
        return tierChanges.scheduleCancellation(tx, tenant, now);
      });
    },

    /** GET /v1/subscriptions/me: newest first, payments nested. */
    mine: (auth: TenantScope) => listSubscriptions(db, auth.tenantId),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
