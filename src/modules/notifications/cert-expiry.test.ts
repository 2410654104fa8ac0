import { parseCrontab } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { certificateStage, ecuadorDaysUntil } from './cert-expiry.js';
import { AUTHORIZED_SWEEP_JOB, CERT_EXPIRY_JOB, NOTIFICATIONS_CRONTAB } from './notifications.jobs.js';

const at = (iso: string) => new Date(iso);

describe('ecuadorDaysUntil', () => {
  it('counts Ecuador calendar days, not UTC days nor 24-hour periods', () => {
    // 30/11 23:30 in Ecuador -> 08/12 01:00 in Ecuador: 8 days (UTC dates would say 7).
    expect(ecuadorDaysUntil(at('2026-12-08T06:00:00Z'), at('2026-12-01T04:30:00Z'))).toBe(8);
    // Later the same Ecuador day: 0.
    expect(ecuadorDaysUntil(at('2026-12-01T04:00:00Z'), at('2026-11-30T14:00:00Z'))).toBe(0);
    // Across the end of the year.
    expect(ecuadorDaysUntil(at('2027-01-02T12:00:00Z'), at('2026-12-30T12:00:00Z'))).toBe(3);
  });
});

describe('certificateStage', () => {
  const now = at('2026-11-21T15:00:00Z');
  const inDays = (d: number, extraMs = 0) => new Date(now.getTime() + d * 86_400_000 + extraMs);

  it('is nothing beyond 30 days, WARNING above 7, ERROR at 7 or fewer, EXPIRED once past', () => {
    expect(certificateStage(inDays(31), now)).toBeNull();
    expect(certificateStage(inDays(30), now)).toEqual({
      type: 'CERT_EXPIRING',
      severity: 'WARNING',
      daysRemaining: 30,
    });
    expect(certificateStage(inDays(8), now)).toEqual({
      type: 'CERT_EXPIRING',
      severity: 'WARNING',
      daysRemaining: 8,
    });
    expect(certificateStage(inDays(7), now)).toEqual({
      type: 'CERT_EXPIRING',
      severity: 'ERROR',
      daysRemaining: 7,
    });
    expect(certificateStage(inDays(0, 3_600_000), now)).toEqual({
      type: 'CERT_EXPIRING',
      severity: 'ERROR',
      daysRemaining: 0,
    });
    expect(certificateStage(now, now)).toEqual({ type: 'CERT_EXPIRED', severity: 'ERROR', daysRemaining: 0 });
    expect(certificateStage(inDays(-40), now)).toEqual({
      type: 'CERT_EXPIRED',
      severity: 'ERROR',
      daysRemaining: 0,
    });
  });
});

describe('NOTIFICATIONS_CRONTAB', () => {
  it('runs the certificate check daily at 11:00 UTC, 06:00 in Ecuador', () => {
    const items = parseCrontab(NOTIFICATIONS_CRONTAB);
    expect(items).toHaveLength(2);
    expect(items[0]!.task).toBe(CERT_EXPIRY_JOB);
    expect(items[0]!.match({ min: 0, hour: 11, date: 21, month: 11, dow: 6 })).toBe(true);
    expect(items[0]!.match({ min: 0, hour: 6, date: 21, month: 11, dow: 6 })).toBe(false);
    expect(items[0]!.options.backfillPeriod).toBe(86_400_000);
  });

  it('sweeps waiting DOCUMENT_AUTHORIZED documents every minute, one sweep pending at a time', () => {
    const [, sweep] = parseCrontab(NOTIFICATIONS_CRONTAB);
    expect(sweep!.task).toBe(AUTHORIZED_SWEEP_JOB);
    expect(sweep!.match({ min: 17, hour: 3, date: 2, month: 1, dow: 5 })).toBe(true);
    expect(sweep!.options.jobKey).toBe(AUTHORIZED_SWEEP_JOB);
    expect(sweep!.options.maxAttempts).toBe(1);
  });
});
