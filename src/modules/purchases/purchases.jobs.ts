import { defineJob, type JobDefinition } from '../../jobs/queue.js';
import { STATUS_CHECK, STATUS_CHECK_PAYLOAD, TXT_IMPORT, TXT_IMPORT_PAYLOAD } from './job-specs.js';
import type { PurchaseImports } from './purchase-imports.js';

export function createPurchaseJobs(deps: {
  imports: PurchaseImports;
  checkStatus: (purchaseId: string) => Promise<void>;
}): JobDefinition[] {
  return [
    // Once its attempts are exhausted, however the last one ended, the import is FAILED.
    defineJob(
      TXT_IMPORT,
      TXT_IMPORT_PAYLOAD,
      async (p, ctx) => {
        try {
          await deps.imports.run(p.importId);
        } catch (e) {
          if (ctx.isLastAttempt) await deps.imports.markFailed(p.importId);
          throw e;
        }
      },
      { onExhausted: (p) => deps.imports.markFailed(p.importId) },
    ),
    defineJob(STATUS_CHECK, STATUS_CHECK_PAYLOAD, (p) => deps.checkStatus(p.purchaseId)),
  ];
}
