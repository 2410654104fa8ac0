/**
 * The notifications module as other modules see it. Producers take the caller's transaction
 * (`tx`) and the business time (`now`): the notification, its webhook deliveries and its email
 * commit or roll back with the caller's own change.
 */
import type { Executor } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { dispatchEvent } from '../webhooks/index.js';
import { createCertificateAlerts } from './cert-expiry.js';
import { createDocumentAuthorizedProducer } from './document-authorized.js';
import { createDocumentVoidedProducer } from './document-voided.js';
import { createFailureProducers } from './failures.js';
import { createCertExpiryJob, createDocumentAuthorizedJobs } from './notifications.jobs.js';
import { createNotificationsApi } from './notifications.service.js';
import { createNotifier, type Dispatch } from './notifier.js';
import { createQuotaProducer } from './quota.js';

export { ecuadorDaysUntil } from './cert-expiry.js';
export type { AuthorizedDocument } from './document-authorized.js';

export { CERT_EXPIRY_JOB, NOTIFICATIONS_CRONTAB } from './notifications.jobs.js';
export { registerNotificationRoutes } from './notifications.routes.js';
export type { NotifyInput } from './notifier.js';

export function createNotificationsService(deps: {
  db: Executor;
  clock: Clock;
  /** Webhook fan-out; the webhooks module's by default. */
  dispatch?: Dispatch;
  /** DOCUMENT_AUTHORIZED aggregation window (60 s; benchmarks may shorten it). */
  aggregationWindowMs?: number;
  /** NOTIFICATION_BATCH_DELAY_MS: how long an issuer's aggregation job gathers authorizations. */
  authorizedBatchDelayMs?: number;
}) {
  const notifier = createNotifier({ dispatch: deps.dispatch ?? dispatchEvent });
  const certificates = createCertificateAlerts({ db: deps.db, notifier });
  const failures = createFailureProducers({ notifier });
  const authorized = createDocumentAuthorizedProducer({
    db: deps.db,
    notifier,
    windowMs: deps.aggregationWindowMs,
    batchDelayMs: deps.authorizedBatchDelayMs,
  });
  return {
    notify: notifier.notify,
    /** One document into its issuer's DOCUMENT_AUTHORIZED row, in the caller's transaction. */
    documentAuthorized: authorized.documentAuthorized,
    /** What an authorization calls: the document waits for its issuer's aggregation job. */
    queueDocumentAuthorized: authorized.queueDocumentAuthorized,
    certificateExpiryCheck: certificates.certificateExpiryCheck,
    certificateRenewed: certificates.certificateRenewed,
    quotaCheck: createQuotaProducer({ notifier }),
    emailDeliveryFailed: failures.emailDeliveryFailed,
    submissionFailed: failures.submissionFailed,
    /** One of our documents found ANULADO at the SRI (DOCUMENT_VOIDED_AT_SRI). */
    documentVoidedAtSri: createDocumentVoidedProducer({ notifier }),
    /** The HTTP side (list, mark read, preferences). */
    api: createNotificationsApi(deps),
    jobs: [
      createCertExpiryJob({ clock: deps.clock, check: certificates.certificateExpiryCheck }),
      ...createDocumentAuthorizedJobs({
        clock: deps.clock,
        flush: authorized.flushDocumentAuthorized,
        requeueStale: authorized.requeueStale,
      }),
    ],
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
