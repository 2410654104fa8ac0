import { D, type Dec } from '../../shared/money.js';
import type { BillingInterval } from './billing.constants.js';

/**
 * Billing periods are calendar months or years on the Ecuador wall clock (America/Guayaquil,
 * UTC-5 all year), starting at the instant the payment was verified: 15 Jan 14:30 -> 15 Feb 14:30.
 * A day the next month lacks is clamped to its last day, and each period follows from the end of
 * the previous one, the way renewals chain: 31 Jan -> 28 Feb -> 28 Mar.
 */
const OFFSET_MS = -5 * 3_600_000;

export function addInterval(from: Date, interval: BillingInterval): Date {
  const local = new Date(from.getTime() + OFFSET_MS);
  const totalMonths = local.getUTCFullYear() * 12 + local.getUTCMonth() + (interval === 'YEARLY' ? 12 : 1);
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = Date.UTC(
    year,
    month,
    Math.min(local.getUTCDate(), lastDay),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(shifted - OFFSET_MS);
}

export interface PeriodStep {
  start: Date;
  end: Date;
}

/** The period of the chain starting at `anchor` that contains `now` (the first one before it). */
export function stepAt(anchor: Date, interval: BillingInterval, now: Date): PeriodStep {
  let start = anchor;
  let end = addInterval(anchor, interval);
  while (end.getTime() <= now.getTime()) {
    start = end;
    end = addInterval(end, interval);
  }
  return { start, end };
}

/**
 * How many periods of paid time remain at `now`, as a decimal: the unused fraction of the period
 * containing `now` (milliseconds left / milliseconds in that period) plus each whole period
 * already paid after it (a renewal verified early). 0 once the paid time is over.
 */
export function remainingPeriods(
  sub: { currentPeriodStart: Date; currentPeriodEnd: Date; billingInterval: BillingInterval },
  now: Date,
): Dec {
  const paidEnd = sub.currentPeriodEnd.getTime();
  if (now.getTime() >= paidEnd) return new D(0);
  const step = stepAt(sub.currentPeriodStart, sub.billingInterval, now);
  const fraction = new D(step.end.getTime() - now.getTime()).div(step.end.getTime() - step.start.getTime());
  let whole = 0;
  for (
    let s = step.end;
    addInterval(s, sub.billingInterval).getTime() <= paidEnd;
    s = addInterval(s, sub.billingInterval)
  )
    whole++;
  return fraction.plus(whole);
}
