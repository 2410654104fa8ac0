import { describe, expect, it } from 'vitest';
import { addInterval, remainingPeriods, stepAt } from './periods.js';

// Ecuador is UTC-5: 14:30 local = 19:30Z.
const ec = (local: string) => new Date(`${local}-05:00`);

describe('addInterval', () => {
  it('adds calendar months on the Ecuador wall clock, keeping the time of day', () => {
    expect(addInterval(ec('2026-01-15T14:30:00'), 'MONTHLY')).toEqual(ec('2026-02-15T14:30:00'));
    expect(addInterval(ec('2026-12-15T14:30:00'), 'MONTHLY')).toEqual(ec('2027-01-15T14:30:00'));
    expect(addInterval(ec('2026-03-10T08:00:00'), 'YEARLY')).toEqual(ec('2027-03-10T08:00:00'));
  });

  it('uses the Ecuador date, not the UTC one, near midnight', () => {
    // 31 Jan 22:00 in Ecuador is already 1 Feb in UTC; the period still ends on the last day of February.
    expect(addInterval(ec('2026-01-31T22:00:00'), 'MONTHLY')).toEqual(ec('2026-02-28T22:00:00'));
  });

  it('clamps to the last day of a shorter month, and leap years', () => {
    expect(addInterval(ec('2026-01-31T10:00:00'), 'MONTHLY')).toEqual(ec('2026-02-28T10:00:00'));
    expect(addInterval(ec('2028-01-31T10:00:00'), 'MONTHLY')).toEqual(ec('2028-02-29T10:00:00'));
    expect(addInterval(ec('2028-02-29T10:00:00'), 'YEARLY')).toEqual(ec('2029-02-28T10:00:00'));
  });
});

describe('stepAt', () => {
  const anchor = ec('2026-01-31T10:00:00');
  it('finds the period of the chain containing now', () => {
    expect(stepAt(anchor, 'MONTHLY', ec('2026-02-10T00:00:00'))).toEqual({
      start: anchor,
      end: ec('2026-02-28T10:00:00'),
    });
    // the chain follows each end: 31 Jan -> 28 Feb -> 28 Mar
    expect(stepAt(anchor, 'MONTHLY', ec('2026-03-28T09:59:59'))).toEqual({
      start: ec('2026-02-28T10:00:00'),
      end: ec('2026-03-28T10:00:00'),
    });
    expect(stepAt(anchor, 'MONTHLY', ec('2026-03-28T10:00:00')).start).toEqual(ec('2026-03-28T10:00:00'));
  });
  it('answers the first period for an instant before the anchor', () => {
    expect(stepAt(anchor, 'YEARLY', ec('2025-12-01T00:00:00'))).toEqual({
      start: anchor,
      end: ec('2027-01-31T10:00:00'),
    });
  });
});

describe('remainingPeriods', () => {
  const sub = {
    currentPeriodStart: ec('2026-06-01T00:00:00'),
    currentPeriodEnd: ec('2026-07-01T00:00:00'),
    billingInterval: 'MONTHLY' as const,
  };
  it('is the fraction of the 30-day period left, in milliseconds', () => {
    expect(remainingPeriods(sub, ec('2026-06-16T00:00:00')).toString()).toBe('0.5');
    expect(remainingPeriods(sub, ec('2026-06-21T00:00:00')).toFixed(6)).toBe('0.333333');
    expect(remainingPeriods(sub, ec('2026-06-01T00:00:00')).toString()).toBe('1');
  });
  it('counts a renewed period paid ahead as a whole one', () => {
    const renewed = { ...sub, currentPeriodEnd: ec('2026-08-01T00:00:00') };
    expect(remainingPeriods(renewed, ec('2026-06-16T00:00:00')).toString()).toBe('1.5');
    expect(remainingPeriods(renewed, ec('2026-07-16T12:00:00')).toString()).toBe('0.5');
  });
  it('is 0 once the paid time is over', () => {
    expect(remainingPeriods(sub, ec('2026-07-01T00:00:00')).toString()).toBe('0');
    expect(remainingPeriods(sub, ec('2026-07-05T00:00:00')).toString()).toBe('0');
  });
});
