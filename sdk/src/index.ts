export { EinvoiceClient } from './client.js';
export {
  EinvoiceApiError,
  EinvoiceAuthenticationError,
  EinvoiceConflictError,
  EinvoiceConnectionError,
  EinvoiceNotFoundError,
  EinvoicePermissionError,
  EinvoiceQuotaError,
  EinvoiceRateLimitError,
  EinvoiceValidationError,
} from './errors.js';
export {
  backoffMs,
  type ClientOptions,
  type CoreOptions,
  HttpCore,
  type RequestOptions,
  type RetryInfo,
  retryAfterMs,
  type Transport,
} from './http.js';
export type { PurchaseFile } from './purchases.js';
export {
  type CreateOptions,
  type DocumentExport,
  DocumentList,
  type IssuerOption,
  type WaitOptions,
} from './resources.js';
export type { components, operations, paths } from './schema.js';
export type * from './types.js';
export {
  type VerifyWebhookInput,
  verifyWebhook,
  type WebhookScheme,
  WebhookVerificationError,
} from './webhooks.js';
