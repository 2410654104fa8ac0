import { defineJob } from '../../jobs/queue.js';
import { EXPORT_ZIP_JOB, type ExportsService } from './exports.service.js';

/** Builds one ZIP export (enqueued by POST /v1/documents/exports in the same transaction). */
export function createExportJobs(exports: ExportsService) {
  return [
    defineJob<{ exportId: string }>(EXPORT_ZIP_JOB, (payload, ctx) =>
      exports.buildZip(payload.exportId, ctx.isLastAttempt),
    ),
  ];
}
