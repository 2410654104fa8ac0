/** Purchases: the documents a tenant receives (issue 27; docs/purchases.md). Other modules import from here only. */
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import type { NotifyInput } from '../notifications/index.js';
import { createPurchaseImports } from './purchase-imports.js';
import { createPurchaseJobs } from './purchases.jobs.js';
import { createPurchasesService } from './purchases.service.js';
import type { PurchaseSriPort } from './sri-port.js';
import { createStatusFollowUp } from './status-follow-up.js';

export { registerPurchaseRoutes } from './purchases.routes.js';
export { purchases } from './purchases.tables.js';
export { createPurchaseSriPort, type PurchaseSriPort } from './sri-port.js';

export function createPurchasesModule(deps: {
  db: Executor;
  clock: Clock;
  sri: PurchaseSriPort;
  notify: (tx: Executor, input: NotifyInput, now: Date) => Promise<unknown>;
}) {
  const service = createPurchasesService(deps);
  const imports = createPurchaseImports({ db: deps.db, clock: deps.clock, admission: service.admission });
  const followUp = createStatusFollowUp(deps);
  return {
    service,
    imports,
    followUp,
    jobs: createPurchaseJobs({ imports, checkStatus: followUp.check }),
  };
}
