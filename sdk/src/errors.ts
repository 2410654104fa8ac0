import type { Problem } from './types.js';

/**
 * An answer of the API other than 2xx: the problem document (RFC 9457) with its stable `code`, the
 * field `errors` of a VALIDATION_FAILED, and the request id to quote to support.
 */
export class EinvoiceApiError extends Error {
  override readonly name: string = 'EinvoiceApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: { path: string; message: string }[];
  readonly requestId: string | null;
  readonly problem: Problem;

  constructor(status: number, problem: Problem, requestId: string | null) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.status = status;
    this.code = problem.code;
    this.errors = problem.errors ?? [];
    this.requestId = requestId;
    this.problem = problem;
  }
}

/** 400: the body, query or a header is invalid; `errors` lists every field at once. */
export class EinvoiceValidationError extends EinvoiceApiError {
  override readonly name = 'EinvoiceValidationError';
}
/** 401: no valid key, or a key of the other environment. */
export class EinvoiceAuthenticationError extends EinvoiceApiError {
  override readonly name = 'EinvoiceAuthenticationError';
}
/** 402: a plan limit (document quota, keys, webhook endpoints). */
export class EinvoiceQuotaError extends EinvoiceApiError {
  override readonly name = 'EinvoiceQuotaError';
}
/** 403: missing scope, another account's issuer, a suspended account… */
export class EinvoicePermissionError extends EinvoiceApiError {
  override readonly name = 'EinvoicePermissionError';
}
export class EinvoiceNotFoundError extends EinvoiceApiError {
  override readonly name = 'EinvoiceNotFoundError';
}
/** 409: an Idempotency-Key reused with another payload, a state that forbids the change. */
export class EinvoiceConflictError extends EinvoiceApiError {
  override readonly name = 'EinvoiceConflictError';
}
/** 429 after every retry. */
export class EinvoiceRateLimitError extends EinvoiceApiError {
  override readonly name = 'EinvoiceRateLimitError';
}

const BY_STATUS: Record<number, typeof EinvoiceApiError> = {
  400: EinvoiceValidationError,
  401: EinvoiceAuthenticationError,
  402: EinvoiceQuotaError,
  403: EinvoicePermissionError,
  404: EinvoiceNotFoundError,
  409: EinvoiceConflictError,
  429: EinvoiceRateLimitError,
};

export function apiError(status: number, problem: Problem, requestId: string | null): EinvoiceApiError {
  const Cls = BY_STATUS[status] ?? EinvoiceApiError;
  return new Cls(status, problem, requestId);
}

/** The request never got an answer (refused, reset, timed out) after every retry. */
export class EinvoiceConnectionError extends Error {
  override readonly name = 'EinvoiceConnectionError';
}
