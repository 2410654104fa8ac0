/** The values an endpoint may filter on (docs/spec-map.md: Webhooks); empty or omitted = every type. */
export const WEBHOOK_EVENT_TYPES = [
  'DOCUMENT_AUTHORIZED',
  'CERT_EXPIRING',
  'CERT_EXPIRED',
  'SRI_SUBMISSION_FAILED',
  'EMAIL_DELIVERY_FAILED',
  'QUOTA_WARNING',
  'PURCHASE_VOIDED',
  'DOCUMENT_VOIDED_AT_SRI',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event of POST /v1/webhooks/:id/test; never a notification type. */
export const TEST_EVENT = 'WEBHOOK_TEST';

/** The retry schedule of docs/spec-map.md: attempt 2 is 30 s after attempt 1 fails, attempt 3 2 min after attempt 2. */
export const ATTEMPTS_PER_ROUND = 3;
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 120_000];
