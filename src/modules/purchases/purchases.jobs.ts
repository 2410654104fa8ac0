import { defineJob, type JobDefinition } from '../../jobs/queue.js';
import { STATUS_CHECK, STATUS_CHECK_PAYLOAD, TXT_IMPORT, TXT_IMPORT_PAYLOAD } from './job-specs.js';
import type { PurchaseImports } from './purchase-imports.js';

export function createPurchaseJobs(deps: {
  imports: PurchaseImports;
  checkStatus: (purchaseId: string) => Promise<void>;
}): JobDefinition[] {
  return [
    defineJob(TXT_IMPORT, TXT_IMPORT_PAYLOAD, (p) => deps.imports.run(p.importId)),
    defineJob(STATUS_CHECK, STATUS_CHECK_PAYLOAD, (p) => deps.checkStatus(p.purchaseId)),
  ];
}
