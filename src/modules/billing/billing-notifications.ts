import type { Config } from '../../config/config.js';
import type { Executor } from '../../db/pool.js';
import { ecuadorDate } from '../../shared/clock.js';
import { formatMoney } from '../../shared/money-format.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PaymentRow, PriceChangeRow, SubscriptionRow } from './billing.tables.js';
import { bankTransferOf } from './billing.views.js';

/** A plan as people read it in a sentence ("tu plan Starter"), never its code (STARTER). */
function planName(tier: string): string {
  return tier.charAt(0) + tier.slice(1).toLowerCase();
}

/**
 * The billing notifications of docs/spec-map.md (Notification types), with the metadata it lists.
 * `notify` also sends the email equivalent while the tenant's EMAIL preference is on (always for
 * the mandatory PRICE_CHANGE_ANNOUNCED), so the texts carry what the email must say.
 */
type Notify = NotificationsService['notify'];

const REASONS: Record<string, { es: string; en: string }> = {
  AMOUNT_MISMATCH: { es: 'el monto no coincide', en: 'the amount does not match' },
  TRANSFER_NOT_FOUND: { es: 'no encontramos la transferencia', en: 'we could not find the transfer' },
  WRONG_ACCOUNT: { es: 'la transferencia fue a otra cuenta', en: 'the transfer went to another account' },
  ILLEGIBLE_PROOF: { es: 'el comprobante no es legible', en: 'the proof is not legible' },
  DUPLICATE_SUBMISSION: { es: 'el comprobante ya fue usado', en: 'the proof was already used' },
  OTHER: { es: 'otro motivo', en: 'another reason' },
};

export function createBillingNotifications(deps: { notify: Notify; config: Config }) {
  const { notify, config } = deps;

  function transferText(total: string) {
    const b = bankTransferOf(config);
    return {
      es: `Transfiere ${formatMoney(total)} a ${b.bankName}, cuenta ${b.accountType} ${b.accountNumber} a nombre de ${b.accountHolder} (RUC ${b.identification}) y sube el comprobante.`,
      en: `Transfer ${formatMoney(total)} to ${b.bankName}, ${b.accountType} account ${b.accountNumber} held by ${b.accountHolder} (RUC ${b.identification}), and upload the proof.`,
    };
  }

  /** PAYMENT_VERIFIED / PAYMENT_REJECTED metadata; for TIER_CHANGE tier and interval are the target. */
  function paymentMetadata(p: PaymentRow) {
    return {
      paymentId: p.id,
      subscriptionId: p.subscriptionId,
      tier: p.planTier,
      billingInterval: p.planBillingInterval,
      purpose: p.purpose,
      amount: p.totalAmount,
      rejectionReasonCode: p.status === 'REJECTED' ? p.rejectionReasonCode : null,
    };
  }

  return {
    /** `sub` as the payment left it: says what the tenant now has (or when a change takes effect). */
    paymentVerified: (tx: Executor, p: PaymentRow, sub: SubscriptionRow, now: Date) => {
      const until = sub.currentPeriodEnd ? ecuadorDate(sub.currentPeriodEnd) : '-';
      const what =
        sub.pendingBillingInterval && sub.pendingEffectiveAt
          ? {
              es: `el cambio al plan ${planName(p.planTier)} rige desde el ${ecuadorDate(sub.pendingEffectiveAt)}`,
              en: `the change to the ${planName(p.planTier)} plan takes effect on ${ecuadorDate(sub.pendingEffectiveAt)}`,
            }
          : p.purpose === 'RENEWAL'
            ? {
                es: `tu plan ${planName(sub.tier)} se renovó hasta el ${until}`,
                en: `your ${planName(sub.tier)} plan is renewed until ${until}`,
              }
            : {
                es: `tu plan ${planName(sub.tier)} está activo hasta el ${until}`,
                en: `your ${planName(sub.tier)} plan is active until ${until}`,
              };
      return notify(
        tx,
        {
          tenantId: p.tenantId,
          type: 'PAYMENT_VERIFIED',
          severity: 'INFO',
          title: { es: 'Pago verificado', en: 'Payment verified' },
          message: {
            es: `Verificamos tu pago de ${formatMoney(p.totalAmount)}; ${what.es}.`,
            en: `We verified your payment of ${formatMoney(p.totalAmount)}; ${what.en}.`,
          },
          metadata: paymentMetadata(p),
        },
        now,
      );
    },

    paymentRejected: (tx: Executor, p: PaymentRow, now: Date) => {
      const reason = REASONS[p.rejectionReasonCode ?? 'OTHER']!;
      return notify(
        tx,
        {
          tenantId: p.tenantId,
          type: 'PAYMENT_REJECTED',
          severity: 'WARNING',
          title: { es: 'Comprobante de pago rechazado', en: 'Payment proof rejected' },
          message: {
            es: `No pudimos verificar tu pago de ${formatMoney(p.totalAmount)}: ${reason.es}. Sube un nuevo comprobante para el mismo pago.`,
            en: `We could not verify your payment of ${formatMoney(p.totalAmount)}: ${reason.en}. Upload a new proof for the same payment.`,
          },
          metadata: paymentMetadata(p),
        },
        now,
      );
    },

    renewalDue: (tx: Executor, sub: SubscriptionRow, p: PaymentRow, now: Date) => {
      const transfer = transferText(p.totalAmount);
      const end = ecuadorDate(sub.currentPeriodEnd!);
      return notify(
        tx,
        {
          tenantId: sub.tenantId,
          type: 'SUBSCRIPTION_RENEWAL_DUE',
          severity: 'WARNING',
          title: { es: 'Renueva tu plan', en: 'Renew your plan' },
          message: {
            es: `Tu plan ${planName(p.planTier)} vence el ${end}. ${transfer.es}`,
            en: `Your ${planName(p.planTier)} plan ends on ${end}. ${transfer.en}`,
          },
          metadata: {
            subscriptionId: sub.id,
            paymentId: p.id,
            tier: p.planTier,
            amount: p.amount,
            ivaAmount: p.ivaAmount,
            totalAmount: p.totalAmount,
            currentPeriodEnd: sub.currentPeriodEnd!.toISOString(),
          },
        },
        now,
      );
    },

    pastDueWarning: (tx: Executor, sub: SubscriptionRow, suspendsAt: Date, now: Date) =>
      notify(
        tx,
        {
          tenantId: sub.tenantId,
          type: 'SUBSCRIPTION_PAST_DUE_WARNING',
          severity: 'WARNING',
          title: { es: 'Tu plan está vencido', en: 'Your plan is past due' },
          message: {
            es: `No recibimos la renovación de tu plan ${planName(sub.tier)}. Si no la pagas, la cuenta pasará al plan gratuito el ${ecuadorDate(suspendsAt)}.`,
            en: `We have not received the renewal of your ${planName(sub.tier)} plan. Unless it is paid, the account moves to the free plan on ${ecuadorDate(suspendsAt)}.`,
          },
          metadata: {
            subscriptionId: sub.id,
            tier: sub.tier,
            currentPeriodEnd: sub.currentPeriodEnd!.toISOString(),
            suspendsAt: suspendsAt.toISOString(),
          },
        },
        now,
      ),

    expired: (tx: Executor, sub: SubscriptionRow, previousTier: string, now: Date) =>
      notify(
        tx,
        {
          tenantId: sub.tenantId,
          type: 'SUBSCRIPTION_EXPIRED',
          severity: 'ERROR',
          title: { es: 'Tu plan venció', en: 'Your plan has expired' },
          message: {
            es: `El plan ${planName(previousTier)} venció sin renovación y la cuenta pasó al plan gratuito. Puedes contratar un plan nuevo cuando quieras.`,
            en: `The ${planName(previousTier)} plan expired without a renewal and the account moved to the free plan. You can start a new plan at any time.`,
          },
          metadata: { subscriptionId: sub.id, previousTier },
        },
        now,
      ),

    priceChangeAnnounced: (tx: Executor, tenantId: string, c: PriceChangeRow, now: Date) => {
      const date = ecuadorDate(c.effectiveAt);
      const interval =
        c.billingInterval === 'YEARLY' ? { es: 'anual', en: 'yearly' } : { es: 'mensual', en: 'monthly' };
      return notify(
        tx,
        {
          tenantId,
          type: 'PRICE_CHANGE_ANNOUNCED',
          severity: 'INFO',
          title: { es: 'Cambio de precio de tu plan', en: 'Price change of your plan' },
          message: {
            es: `Desde el ${date} el plan ${planName(c.tier)} ${interval.es} costará ${formatMoney(c.newPrice)} más IVA (antes ${formatMoney(c.previousPrice)}). Las renovaciones anteriores a esa fecha conservan el precio actual.`,
            en: `From ${date} the ${interval.en} ${planName(c.tier)} plan costs ${formatMoney(c.newPrice)} plus IVA (was ${formatMoney(c.previousPrice)}). Renewals due before that date keep the current price.`,
          },
          metadata: {
            tierPriceId: c.id,
            tier: c.tier,
            billingInterval: c.billingInterval,
            previousPriceUsd: c.previousPrice,
            newPriceUsd: c.newPrice,
            effectiveAt: c.effectiveAt.toISOString(),
          },
        },
        now,
      );
    },
  };
}

export type BillingNotifications = ReturnType<typeof createBillingNotifications>;
