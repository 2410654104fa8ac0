import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { tiers } from '../../db/tables.js';
import { D, type Dec, fixed } from '../../shared/money.js';
import { type BillingInterval, IVA_RATE } from './billing.constants.js';
import { tierPriceChanges } from './billing.tables.js';

export interface Charge {
  /** Pre-IVA base, 2 decimals. */
  amount: string;
  ivaRate: string;
  ivaAmount: string;
  /** What the tenant transfers. */
  totalAmount: string;
}

/**
 * IVA on a payment: the base is rounded half-up to cents first, then IVA = base × 0.15 rounded
 * half-up to cents, and the total is their sum (so base + IVA always equals the transfer exactly).
 */
export function charge(base: Dec): Charge {
  const amount = base.toDecimalPlaces(2, D.ROUND_HALF_UP);
  const iva = amount.times(IVA_RATE).toDecimalPlaces(2, D.ROUND_HALF_UP);
  return {
    amount: fixed(amount),
    ivaRate: IVA_RATE,
    ivaAmount: fixed(iva),
    totalAmount: fixed(amount.plus(iva)),
  };
}

/**
 * The prorated price of an upgrade within the same interval: (target price − current price) ×
 * periods remaining (see remainingPeriods), rounded half-up to cents. decimal.js throughout.
 */
export function proratedUpgrade(currentPrice: string, targetPrice: string, remaining: Dec): Dec {
  const diff = new D(targetPrice).minus(currentPrice);
  if (diff.lte(0)) return new D(0);
  return diff.times(remaining).toDecimalPlaces(2, D.ROUND_HALF_UP);
}

/** The price in force now (the `tiers` table). */
export async function currentPrice(exec: Executor, tier: string, interval: BillingInterval): Promise<string> {
  const [row] = await exec
    .select({ monthly: tiers.monthlyPrice, yearly: tiers.yearlyPrice })
    .from(tiers)
    .where(eq(tiers.code, tier));
  if (!row) throw new Error(`unknown tier ${tier}`);
  return fixed(new D(interval === 'YEARLY' ? row.yearly : row.monthly));
}

/**
 * The price of a period that starts at `at`: an announced change whose effective date has come by
 * then wins over the price in force, so renewals due before the effective date keep the old price.
 */
export async function priceAt(
  exec: Executor,
  tier: string,
  interval: BillingInterval,
  at: Date,
): Promise<string> {
  const [announced] = await exec
    .select({ price: tierPriceChanges.newPrice })
    .from(tierPriceChanges)
    .where(
      and(
        eq(tierPriceChanges.tier, tier),
        eq(tierPriceChanges.billingInterval, interval),
        isNull(tierPriceChanges.appliedAt),
        lte(tierPriceChanges.effectiveAt, at),
      ),
    )
    .orderBy(desc(tierPriceChanges.effectiveAt))
    .limit(1);
  return announced ? fixed(new D(announced.price)) : currentPrice(exec, tier, interval);
}
