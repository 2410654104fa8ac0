import { describe, expect, it } from 'vitest';
import { voidDeadline, voidWindow } from './void-rules.js';

const none = new Set<string>();

describe('voidDeadline: day 7 of the next month, or the next business day', () => {
  it('day 7 itself on a weekday (07/12/2026 is a Monday)', () => {
    expect(voidDeadline('2026-11-20', none)).toBe('2026-12-07');
  });

  it('a Saturday moves to Monday (07/02/2026 → 09/02/2026)', () => {
    expect(voidDeadline('2026-01-31', none)).toBe('2026-02-09');
  });

  it('a holiday moves to the next business day, skipping a weekend after it', () => {
    expect(voidDeadline('2026-11-02', new Set(['2026-12-07']))).toBe('2026-12-08');
    // 07/08/2026 is a Friday: a holiday then moves it past the weekend to Monday 10/08 (itself a holiday) → 11/08.
    expect(voidDeadline('2026-07-15', new Set(['2026-08-07', '2026-08-10']))).toBe('2026-08-11');
  });

  it('December rolls into January; documents before 01/08/2025 have no window', () => {
    expect(voidDeadline('2026-12-31', none)).toBe('2027-01-07');
    expect(voidDeadline('2025-07-31', none)).toBeNull();
  });
});

describe('voidWindow', () => {
  const doc = { documentType: '01', buyerIdType: '05', issueIso: '2026-11-20', status: 'AUTHORIZED' };
  it('open until the last day, closed the day after', () => {
    expect(voidWindow(doc, '2026-12-07', none)).toEqual({
      lastDay: '07/12/2026',
      open: true,
      blockedBy: null,
    });
    expect(voidWindow(doc, '2026-12-08', none)).toEqual({
      lastDay: '07/12/2026',
      open: false,
      blockedBy: 'WINDOW_CLOSED',
    });
  });

  it('a final-consumer invoice has none from 2026; before, the window applies', () => {
    const fc = { ...doc, buyerIdType: '07' };
    expect(voidWindow(fc, '2026-11-21', none)).toEqual({
      lastDay: null,
      open: false,
      blockedBy: 'FINAL_CONSUMER',
    });
    expect(voidWindow({ ...fc, issueIso: '2025-11-20' }, '2025-12-01', none).open).toBe(true);
  });
});
