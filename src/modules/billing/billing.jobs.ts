import { defineJob, NO_PAYLOAD_V1 } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import type { PriceChanges } from './price-changes.js';
import type { Scheduler } from './scheduler.js';

const BILLING_DAILY_JOB = 'billing:daily';

/**
 * Daily at 06:10 in Ecuador: graphile-worker reads crontab times as UTC and America/Guayaquil is
 * UTC-5 all year, so 11:10 UTC (after the certificate check at 11:00). `fill=1d` runs a day missed
 * while no worker was up. Every step is idempotent.
 */
export const BILLING_CRONTAB = `10 11 * * * ${BILLING_DAILY_JOB} ?fill=1d&max=3`;

export type JobRunner = (now: Date) => Promise<Record<string, number>>;

/**
 * The steps of the daily job, each runnable on its own (operator API, CLI), in the order the
 * daily job runs them: prices first (a due price applies before renewals are priced), then
 * changes due at period end, renewal reminders, past-due warnings, expiries, period rollover.
 */
export function createBillingJobs(deps: { clock: Clock; scheduler: Scheduler; priceChanges: PriceChanges }) {
  const { scheduler, priceChanges } = deps;
  const steps: Record<string, JobRunner> = {
    'billing:price-changes': (now) => priceChanges.run(now),
    'billing:period-end': async (now) => ({ applied: await scheduler.periodEnd(now) }),
    'billing:renewals': async (now) => ({ opened: await scheduler.renewals(now) }),
    'billing:past-due': async (now) => ({ warned: await scheduler.pastDue(now) }),
    'billing:expiry': async (now) => ({ expired: await scheduler.expiry(now) }),
    'billing:rollover': async (now) => ({ rolled: await scheduler.rollover(now) }),
  };
  const daily: JobRunner = async (now) => {
    const out: Record<string, number> = {};
    for (const [name, run] of Object.entries(steps)) {
      for (const [k, v] of Object.entries(await run(now))) out[`${name.slice('billing:'.length)}.${k}`] = v;
    }
    return out;
  };
  return {
    runners: { [BILLING_DAILY_JOB]: daily, ...steps } as Record<string, JobRunner>,
    jobs: [
      defineJob(BILLING_DAILY_JOB, NO_PAYLOAD_V1, async () => {
        await daily(deps.clock.now());
      }),
    ],
  };
}
