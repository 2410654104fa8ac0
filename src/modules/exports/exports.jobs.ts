import { Type } from '@sinclair/typebox';
import { defineJob, JobId } from '../../jobs/queue.js';
import { EXPORT_ZIP_JOB, type ExportsService } from './exports.service.js';

const EXPORT_ZIP_PAYLOAD = { version: 1, payload: Type.Object({ exportId: JobId }) };

/** Builds one ZIP export (enqueued by POST /v1/exports in the same transaction). */
export function createExportJobs(exports: ExportsService) {
  return [
    defineJob(EXPORT_ZIP_JOB, EXPORT_ZIP_PAYLOAD, (payload, ctx) =>
      exports.buildZip(payload.exportId, ctx.isLastAttempt),
    ),
  ];
}
