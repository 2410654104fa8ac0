import type { Clock } from '../../shared/clock.js';
import { notFound } from '../../shared/errors.js';
import type { AgreementsService } from '../agreements/index.js';
import type { BillingModule, JobRunner } from '../billing/index.js';
import type { HolidaysService } from '../catalogs/index.js';
import type { PaymentsAdminService } from './payments-admin.service.js';
import type { TenantsAdminService } from './tenants-admin.service.js';

/** What the operator API and the CLI call: the same services, built once in deps.ts. */
export interface OperatorServices {
  paymentsAdmin: PaymentsAdminService;
  tenantsAdmin: TenantsAdminService;
  review: BillingModule['review'];
  priceChanges: BillingModule['priceChanges'];
  agreements: AgreementsService;
  holidays: HolidaysService;
  jobNames(): string[];
  runJob(name: string): Promise<{ job: string; ranAt: string; result: Record<string, number> }>;
}

/** Scheduled jobs by name, run in-process at the clock's time. */
export function createJobRunner(clock: Clock, runners: Record<string, JobRunner>) {
  return {
    jobNames: () => Object.keys(runners).sort(),
    async runJob(name: string) {
      const run = runners[name];
      if (!run) throw notFound(`Job ${name} (known: ${Object.keys(runners).sort().join(', ')})`);
      const now = clock.now();
      return { job: name, ranAt: now.toISOString(), result: await run(now) };
    },
  };
}
