import { D, type Dec } from '../../shared/money.js';
import type { BillingInterval } from './billing.constants.js';
import { proratedUpgrade } from './pricing.js';

/**
 * Which case of the tier-change table (docs/spec-map.md) a request falls in. Pure: prices and the
 * remaining paid time are looked up by the caller.
 *
 * Production:
 * - interval change (with or without a tier change): full price of the target, applied at
 *   current_period_end once paid (INTERVAL);
 * - same interval, higher price: the difference prorated by the periods remaining (UPGRADE),
 *   applied at verification; when it rounds to 0.00 it applies at once (IMMEDIATE);
 * - same interval, lower or equal price: scheduled for current_period_end, no payment.
 * Sandbox: a downgrade applies at once and free (IMMEDIATE); any upgrade or interval change is
 * billed at the target's full price and applies at verification with a fresh period (SANDBOX_PAID).
 */
export type TierChangePlan =
  | { kind: 'SCHEDULED_DOWNGRADE' }
  | { kind: 'IMMEDIATE' }
  | { kind: 'UPGRADE'; base: Dec }
  | { kind: 'INTERVAL'; base: Dec }
  | { kind: 'SANDBOX_PAID'; base: Dec };

export interface TierChangeInput {
  sandbox: boolean;
  fromInterval: BillingInterval;
  toInterval: BillingInterval;
  /** Current tier's price for the current interval. */
  currentPrice: string;
  /** Target tier's price for the current interval (decides "higher price"). */
  targetPriceSameInterval: string;
  /** Target tier's price for the target interval (what a full-price change costs). */
  targetFullPrice: string;
  /** Paid periods left (remainingPeriods). */
  remaining: Dec;
}

export function planTierChange(input: TierChangeInput): TierChangePlan {
  const intervalChanged = input.fromInterval !== input.toInterval;
  const higher = new D(input.targetPriceSameInterval).gt(input.currentPrice);
  const full = new D(input.targetFullPrice);
  if (input.sandbox)
    return intervalChanged || higher ? { kind: 'SANDBOX_PAID', base: full } : { kind: 'IMMEDIATE' };
  if (intervalChanged) return { kind: 'INTERVAL', base: full };
  if (!higher) return { kind: 'SCHEDULED_DOWNGRADE' };
  const base = proratedUpgrade(input.currentPrice, input.targetPriceSameInterval, input.remaining);
  return base.isZero() ? { kind: 'IMMEDIATE' } : { kind: 'UPGRADE', base };
}
