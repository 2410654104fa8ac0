import { type Executor, withTransaction } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { setTenantTier } from '../tenants/index.js';
import type { RejectionReason } from './billing.constants.js';
import {
  findPayment,
  lockSubscription,
  lockTenant,
  subscriptionView,
  updatePayment,
  updateSubscription,
} from './billing.repository.js';
import type { PaymentRow } from './billing.tables.js';
import { toPaymentView } from './billing.views.js';
import type { BillingNotifications } from './billing-notifications.js';
import { applyVerifiedPayment, assertPayable } from './payment-effects.js';
import type { SelfBilling } from './self-billing.js';

/**
 * The provider's review of payments (operator API and CLI): verify, reject with a reason, refund.
 * Rows are locked in one order everywhere (tenant, subscription, payment) so reviews, the daily
 * job and the tenant's own requests serialize without deadlocks.
 */
export function createReviewService(deps: {
  db: Executor;
  clock: Clock;
  notifications: BillingNotifications;
  selfBilling: SelfBilling;
}) {
  const { db, clock, notifications, selfBilling } = deps;

  async function locked<T>(
    paymentId: string,
    fn: (tx: Executor, rows: Awaited<ReturnType<typeof lockAll>>, now: Date) => Promise<T>,
  ): Promise<T> {
    const now = clock.now();
    return withTransaction(db, async (tx) => fn(tx, await lockAll(tx, paymentId), now));
  }

  async function lockAll(tx: Executor, paymentId: string) {
    const unlocked = await findPayment(tx, paymentId);
    const tenant = await lockTenant(tx, unlocked.tenantId);
    const sub = await lockSubscription(tx, unlocked.subscriptionId);
    const payment = await findPayment(tx, paymentId, { lock: true });
    return { tenant, sub, payment };
  }

  const result = async (tx: Executor, payment: PaymentRow, subId: string) => ({
    payment: toPaymentView(payment),
    subscription: await subscriptionView(tx, await lockSubscription(tx, subId)),
  });

  return {
    async verify(paymentId: string) {
      return locked(paymentId, async (tx, { tenant, sub, payment }, now) => {
        if (payment.status === 'VERIFIED' || payment.status === 'REFUNDED')
          throw new AppError('CONFLICT', `The payment is already ${payment.status}`);
        assertPayable(sub, payment);
        const verified = await updatePayment(tx, payment.id, {
          status: 'VERIFIED',
          verifiedAt: now,
          rejectionReasonCode: null,
          previousTier: tenant.subscriptionTier,
        });
        await recordTenantEvent(
          tx,
          tenant.id,
          'PAYMENT_VERIFIED',
          {
            paymentId: payment.id,
            subscriptionId: sub.id,
            purpose: payment.purpose,
            tier: payment.planTier,
            billingInterval: payment.planBillingInterval,
            totalAmount: payment.totalAmount,
          },
          now,
        );
        const after = await applyVerifiedPayment(tx, tenant, sub, verified, now);
        await notifications.paymentVerified(tx, verified, after, now);
        await selfBilling.queue(tx, verified);
        return result(tx, verified, sub.id);
      });
    },

    async reject(paymentId: string, reasonCode: RejectionReason, note: string | null) {
      return locked(paymentId, async (tx, { tenant, sub, payment }, now) => {
        if (payment.status !== 'PENDING' && payment.status !== 'REPORTED')
          throw new AppError(
            'CONFLICT',
            `Only a PENDING or REPORTED payment can be rejected; this one is ${payment.status}`,
          );
        const rejected = await updatePayment(tx, payment.id, {
          status: 'REJECTED',
          rejectionReasonCode: reasonCode,
          rejectionNote: note,
          rejectedAt: now,
        });
        await recordTenantEvent(
          tx,
          tenant.id,
          'PAYMENT_REJECTED',
          { paymentId: payment.id, subscriptionId: sub.id, purpose: payment.purpose, reasonCode, note },
          now,
        );
        await notifications.paymentRejected(tx, rejected, now);
        return result(tx, rejected, sub.id);
      });
    },

    /** A verified payment reversed: the tier before it comes back (detail.restoredTier). */
    async refund(paymentId: string, note: string | null) {
      return locked(paymentId, async (tx, { tenant, sub, payment }, now) => {
        if (payment.status !== 'VERIFIED')
          throw new AppError(
            'CONFLICT',
            `Only a VERIFIED payment can be refunded; this one is ${payment.status}`,
          );
        const restoredTier = payment.previousTier ?? 'FREE';
        if (payment.purpose === 'INITIAL') {
          await updateSubscription(tx, sub.id, {
            status: 'CANCELLED',
            endReason: 'REFUNDED',
            canceledAt: now,
            pendingTier: null,
            pendingBillingInterval: null,
            pendingEffectiveAt: null,
          });
        } else if (payment.purpose === 'RENEWAL') {
          // The extension it bought is taken back (unless a later renewal moved the end again).
          if (sub.currentPeriodEnd?.getTime() === payment.periodEnd?.getTime())
            await updateSubscription(tx, sub.id, { currentPeriodEnd: payment.periodStart });
        } else if (sub.pendingBillingInterval && payment.changeKind === 'INTERVAL') {
          await updateSubscription(tx, sub.id, {
            pendingTier: null,
            pendingBillingInterval: null,
            pendingEffectiveAt: null,
          });
        } else {
          await updateSubscription(tx, sub.id, {
            tier: payment.fromTier ?? sub.tier,
            billingInterval: payment.fromBillingInterval ?? sub.billingInterval,
          });
        }
        await setTenantTier(tx, tenant, restoredTier);
        const refunded = await updatePayment(tx, payment.id, { status: 'REFUNDED', refundedAt: now });
        await recordTenantEvent(
          tx,
          tenant.id,
          'PAYMENT_REFUNDED',
          {
            paymentId: payment.id,
            subscriptionId: sub.id,
            purpose: payment.purpose,
            totalAmount: payment.totalAmount,
            restoredTier,
            note,
          },
          now,
        );
        return result(tx, refunded, sub.id);
      });
    },
  };
}
