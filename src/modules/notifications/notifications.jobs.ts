import { defineJob, NO_PAYLOAD_V1 } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';

/** graphile-worker crontab identifiers allow no dots, hence the colon (unlike `mail.send`). */
export const CERT_EXPIRY_JOB = 'notifications:cert-expiry-check';

/**
 * Daily at 06:00 in Ecuador. graphile-worker reads crontab times as UTC and America/Guayaquil is
 * UTC-5 all year (no daylight saving), so 11:00 UTC. `fill=1d`: a worker that was down at that
 * time runs the missed check when it comes back within a day. The check is idempotent.
 */
export const NOTIFICATIONS_CRONTAB = `0 11 * * * ${CERT_EXPIRY_JOB} ?fill=1d&max=3`;

export function createCertExpiryJob(deps: { clock: Clock; check: (now: Date) => Promise<unknown> }) {
  return defineJob(CERT_EXPIRY_JOB, NO_PAYLOAD_V1, async () => {
    await deps.check(deps.clock.now());
  });
}
