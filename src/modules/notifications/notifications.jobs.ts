import { defineJob, NO_PAYLOAD_V1 } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { DOCUMENT_AUTHORIZED_JOB, DOCUMENT_AUTHORIZED_JOB_V1 } from './document-authorized.js';

/** graphile-worker crontab identifiers allow no dots, hence the colon (unlike `mail.send`). */
export const CERT_EXPIRY_JOB = 'notifications:cert-expiry-check';

/**
 * Daily at 06:00 in Ecuador. graphile-worker reads crontab times as UTC and America/Guayaquil is
 * UTC-5 all year (no daylight saving), so 11:00 UTC. `fill=1d`: a worker that was down at that
 * time runs the missed check when it comes back within a day. The check is idempotent.
 */
/**
 * Every minute: issuers whose authorized documents waited more than 30 s for their aggregation job
 * (its worker crashed, or it failed after a newer authorization took its job key) get it again.
 */
export const AUTHORIZED_SWEEP_JOB = 'notifications:authorized-sweep';

export const NOTIFICATIONS_CRONTAB = [
  `0 11 * * * ${CERT_EXPIRY_JOB} ?fill=1d&max=3`,
  `* * * * * ${AUTHORIZED_SWEEP_JOB} ?max=1&jobKey=${AUTHORIZED_SWEEP_JOB}`,
].join('\n');

/** The DOCUMENT_AUTHORIZED aggregation of one tenant and issuer (document-authorized.ts). */
export function createDocumentAuthorizedJobs(deps: {
  clock: Clock;
  flush: (tenantId: string, issuerId: string, now: () => Date) => Promise<number>;
  requeueStale: (olderThanMs: number) => Promise<number>;
}) {
  return [
    defineJob(DOCUMENT_AUTHORIZED_JOB, DOCUMENT_AUTHORIZED_JOB_V1, async ({ tenantId, issuerId }) => {
      await deps.flush(tenantId, issuerId, () => deps.clock.now());
    }),
    defineJob(AUTHORIZED_SWEEP_JOB, NO_PAYLOAD_V1, async () => {
      await deps.requeueStale(30_000);
    }),
  ];
}

export function createCertExpiryJob(deps: { clock: Clock; check: (now: Date) => Promise<unknown> }) {
  return defineJob(CERT_EXPIRY_JOB, NO_PAYLOAD_V1, async () => {
    await deps.check(deps.clock.now());
  });
}
