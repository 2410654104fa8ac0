/**
 * Stable error codes as data: the one place that maps a code to its HTTP status.
 * Codes and statuses follow docs/spec-map.md (Errors) and decisions.md; only `http/` turns an
 * AppError into a problem document.
 */
export const ERROR_STATUS = {
  // 400
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_FILE_UPLOAD: 400,
  DOCUMENT_TYPE_NOT_ENABLED: 400,
  DOCUMENT_NOT_AUTHORIZED: 400,
  DOCUMENT_VOID_CONFIRMATION_REQUIRED: 400,
  DOCUMENT_NOT_VOIDABLE: 400,
  DOCUMENT_VOID_WINDOW_CLOSED: 400,
  SEQUENTIAL_CANNOT_DECREASE: 400,
  VERSION_MISMATCH: 400,
  INVALID_OR_EXPIRED_TOKEN: 400,
  CERTIFICATE_INVALID: 400,
  CERTIFICATE_PASSWORD_INVALID: 400,
  CERTIFICATE_KEY_NOT_FOUND: 400,
  CERTIFICATE_EXPIRED: 400,
  INVALID_TIER: 400,
  INVALID_BILLING_INTERVAL: 400,
  TIER_CHANGE_NO_OP: 400,
  ISSUER_ID_INVALID: 400,
  // purchases (docs/purchases.md): a received document that cannot count as a purchase
  ACCESS_KEY_INVALID: 400,
  ACCESS_KEY_ENVIRONMENT_MISMATCH: 400,
  PURCHASE_XML_INVALID: 400,
  PURCHASE_SIGNATURE_INVALID: 400,
  PURCHASE_TXT_INVALID: 400,
  PURCHASE_NOT_ADDRESSED: 400,
  PURCHASE_UNKNOWN_AT_SRI: 400,
  PURCHASE_NOT_AUTHORIZED: 400,
  // 401
  UNAUTHORIZED: 401,
  API_KEY_ENV_MISMATCH: 401,
  // 402
  API_KEY_LIMIT_REACHED: 402,
  WEBHOOK_ENDPOINT_LIMIT_REACHED: 402,
  DOCUMENT_QUOTA_EXCEEDED: 402,
  // 403
  ISSUER_FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  INTERNAL_SERVICE_ONLY: 403,
  EMAIL_VERIFICATION_REQUIRED: 403,
  PRODUCTION_KEY_REQUIRES_PROMOTION: 403,
  INSUFFICIENT_SCOPE: 403,
  SCOPE_ESCALATION_FORBIDDEN: 403,
  ISSUER_ISSUING_PAUSED: 403,
  REQUIRES_PRODUCTION: 403,
  FORBIDDEN: 403,
  ISSUER_HAS_DOCUMENTS: 403,
  // 404
  NOT_FOUND: 404,
  ISSUER_NOT_FOUND: 404,
  // 409
  CONFLICT: 409,
  // The ATS report is not DONE (docs/ats.md): queued, running, refused for its problems, or failed.
  ATS_NOT_READY: 409,
  NO_ACTIVE_SUBSCRIPTION: 409,
  TIER_CHANGE_ALREADY_PENDING: 409,
  CANCELLATION_ALREADY_PENDING: 409,
  SUBSCRIPTION_ALREADY_IN_FLIGHT: 409,
  // transport-level, not in the spec's tables but needed to answer every request with a code
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  EXPORT_LIMIT_REACHED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  // The tax authority did not answer (down, time-out) or refused for too many calls (error 33).
  SRI_UNAVAILABLE: 503,
  SRI_THROTTLED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  /**
   * The offending field, the one convention of `errors[].path` (docs/decisions.md, API conventions):
   * a body member by its own path (`items[0].taxes[1].taxAmount`, `buyer.email`), never under a
   * `body` prefix; another request part by its name (`query.limit`, `params.accessKey`,
   * `headers.idempotency-key`); the body as a whole `body`. src/http/validation.ts writes schema
   * errors so; every check writes its paths so (test/architecture/field-paths.test.ts).
   */
  path: string;
  message: string;
  /**
   * The value the service computed, when the field states one it must equal (a tax base, a tax
   * value, the payments' total). The dry run reads it; problem documents leave it out.
   */
  expected?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  /** Extra members merged into the problem document (e.g. `limit` on 402). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    detail: string,
    opts: { errors?: FieldError[]; extra?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = opts.errors;
    this.extra = opts.extra;
  }
}

/** VALIDATION_FAILED naming one field (or several). */
export function validationError(path: string, message: string, more: FieldError[] = []): AppError {
  const errors = [{ path, message }, ...more];
  return new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path}: ${e.message}`).join('; '), {
    errors,
  });
}

export function notFound(what = 'Resource'): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** `forbidden`, `not-found`, ...: the `<kind>` of the problem type URL. */
export function problemKind(status: number): string {
  return (STATUS_TITLES[status] ?? 'Error').toLowerCase().replace(/\s+/g, '-');
}
