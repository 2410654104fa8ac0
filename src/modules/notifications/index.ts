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
import { createFailureProducers } from './failures.js';
import { createCertExpiryJob } from './notifications.jobs.js';
import { createNotificationsApi } from './notifications.service.js';
import { createNotifier, type Dispatch } from './notifier.js';
import { createQuotaProducer } from './quota.js';

export { certificateStage, ecuadorDaysUntil } from './cert-expiry.js';
export type { AuthorizedDocument, DocumentAuthorizedInput } from './document-authorized.js';
export { AGGREGATION_WINDOW_MS, MAX_LISTED_DOCUMENTS } from './document-authorized.js';
export type { DocumentRef, EmailDeliveryFailedInput, SriMessage, SubmissionFailedInput } from './failures.js';
export {
  CHANNELS,
  type Channel,
  type LocalizedText,
  NOTIFICATION_TYPES,
  type NotificationType,
  type Severity,
} from './notification-types.js';
export type { NotificationView } from './notification-view.js';
export { CERT_EXPIRY_JOB, NOTIFICATIONS_CRONTAB } from './notifications.jobs.js';
export { registerNotificationRoutes } from './notifications.routes.js';
export type { NotifyInput, ProducedNotification } from './notifier.js';
export type { QuotaCheckInput } from './quota.js';

export function createNotificationsService(deps: {
  db: Executor;
  clock: Clock;
  /** Webhook fan-out; the webhooks module's by default. */
  dispatch?: Dispatch;
  /** DOCUMENT_AUTHORIZED aggregation window (60 s; benchmarks may shorten it). */
  aggregationWindowMs?: number;
}) {
  const notifier = createNotifier({ dispatch: deps.dispatch ?? dispatchEvent });
  const certificates = createCertificateAlerts({ db: deps.db, notifier });
  const failures = createFailureProducers({ notifier });
  return {
    notify: notifier.notify,
    documentAuthorized: createDocumentAuthorizedProducer({ notifier, windowMs: deps.aggregationWindowMs }),
    certificateExpiryCheck: certificates.certificateExpiryCheck,
    certificateRenewed: certificates.certificateRenewed,
    quotaCheck: createQuotaProducer({ notifier }),
    emailDeliveryFailed: failures.emailDeliveryFailed,
    submissionFailed: failures.submissionFailed,
    /** The HTTP side (list, mark read, preferences). */
    api: createNotificationsApi(deps),
    jobs: [createCertExpiryJob({ clock: deps.clock, check: certificates.certificateExpiryCheck })],
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
