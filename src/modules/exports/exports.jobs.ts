import { defineJob } from '../../jobs/queue.js';
import { EXPORT_ZIP_JOB, EXPORT_ZIP_PAYLOAD, type ExportsService } from './exports.service.js';

/** Builds one ZIP export (enqueued by POST /v1/exports in the same transaction). */
export function createExportJobs(exports: ExportsService) {
  return [
    defineJob(EXPORT_ZIP_JOB, EXPORT_ZIP_PAYLOAD, (payload, ctx) =>
      exports.buildZip(payload.exportId, ctx.isLastAttempt),
    ),
  ];
}
