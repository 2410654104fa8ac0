import { defineJob, NO_PAYLOAD_V1 } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import type { RequestLogService } from './request-log.service.js';

const REQUEST_LOG_PRUNE_JOB = 'request-log:prune';

/**
 * Daily at 03:30 in Ecuador (08:30 UTC; America/Guayaquil is UTC-5 all year), a quiet hour.
 * `fill=1d`: a worker that was down then prunes when it comes back. Idempotent.
 */
export const REQUEST_LOG_CRONTAB = `30 8 * * * ${REQUEST_LOG_PRUNE_JOB} ?fill=1d&max=3`;

export function createRequestLogPruneJob(deps: {
  clock: Clock;
  requestLog: RequestLogService;
  onPruned?: (rows: number) => void;
}) {
  return defineJob(REQUEST_LOG_PRUNE_JOB, NO_PAYLOAD_V1, async () => {
    const rows = await deps.requestLog.prune(deps.clock.now());
    deps.onPruned?.(rows);
  });
}
