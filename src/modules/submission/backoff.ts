/**
 * Retry timing of the submission job. A document accepted is a document that reaches a final
 * state: there is no last attempt, only a longest wait between attempts.
 */

/** First wait after a call without a usable answer (docs/spec-map.md, SRI §3: retry 50, 70, transport errors). */
export const TRANSPORT_RETRY_BASE_MS = 2000;
/** The longest wait between two attempts, whatever happened before. */
export const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** Polls EN PROCESO never faster than this, even with a zero authorization check delay. */
const MIN_POLL_BASE_MS = 250;
/** A second job that finds the document busy tries again this much later. */
export const BUSY_RETRY_MS = 2000;

/**
 * Doubling waits from `baseMs`, capped: with a 2 s base 2 s, 4 s, 8 s … 5 min, 5 min, …
 * `retries` counts the consecutive attempts so far without a final answer (1 for the first).
 */
export function retryDelayMs(retries: number, baseMs: number): number {
  const exponent = Math.min(Math.max(retries, 1) - 1, 30);
  return Math.min(baseMs * 2 ** exponent, MAX_RETRY_DELAY_MS);
}

/** Waits while the answer is EN PROCESO or not yet on record: from the authorization check delay. */
export function pollDelayMs(retries: number, authorizationCheckDelayMs: number): number {
  return retryDelayMs(retries, Math.max(authorizationCheckDelayMs, MIN_POLL_BASE_MS));
}
