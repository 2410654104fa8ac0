import { defineJob } from '../../jobs/queue.js';
import { ATS_REPORT_JOB, ATS_REPORT_PAYLOAD, type AtsReportJob } from './ats-report-job.js';

/**
 * Builds one ATS report (enqueued by POST /v1/reports/ats in the same transaction); once its
 * attempts are exhausted, however the last one ended, the report is FAILED (onExhausted).
 */
export function createAtsJobs(job: AtsReportJob) {
  return [
    defineJob(
      ATS_REPORT_JOB,
      ATS_REPORT_PAYLOAD,
      (payload, ctx) => job.run(payload.reportId, ctx.isLastAttempt),
      {
        onExhausted: (payload) => job.markFailed(payload.reportId),
      },
    ),
  ];
}
