import { defineJob, NO_PAYLOAD_V1 } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { EXPORT_ZIP_JOB, EXPORT_ZIP_PAYLOAD, type ExportsService } from './exports.service.js';

const EXPORTS_PRUNE_JOB = 'exports:prune';

/**
 * Daily at 03:40 in Ecuador (08:40 UTC; America/Guayaquil is UTC-5 all year), a quiet hour.
 * `fill=1d`: a worker that was down then prunes when it comes back. Idempotent.
 */
export const EXPORTS_CRONTAB = `40 8 * * * ${EXPORTS_PRUNE_JOB} ?fill=1d&max=3`;

/** Another module's expired files, deleted by the same daily job (the ATS reports' today). */
export type FilePrune = (now: Date) => Promise<number>;

/**
 * Builds one ZIP export (enqueued by POST /v1/exports in the same transaction); once its attempts
 * are exhausted, however the last one ended, the export is FAILED (onExhausted). And the daily
 * prune of generated files: the exports' own, then each of `otherPrunes` (one job, one schedule).
 */
export function createExportJobs(exports: ExportsService, clock: Clock, otherPrunes: FilePrune[] = []) {
  return [
    defineJob(
      EXPORT_ZIP_JOB,
      EXPORT_ZIP_PAYLOAD,
      (payload, ctx) => exports.buildZip(payload.exportId, ctx.isLastAttempt),
      { onExhausted: (payload) => exports.markFailed(payload.exportId) },
    ),
    defineJob(EXPORTS_PRUNE_JOB, NO_PAYLOAD_V1, async () => {
      const now = clock.now();
      await exports.prune(now);
      for (const prune of otherPrunes) await prune(now);
    }),
  ];
}
