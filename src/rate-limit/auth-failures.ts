import type { Clock } from '../shared/clock.js';
import { AppError } from '../shared/errors.js';
import { describeWindow, type SlidingWindowLimiter, type WindowRule } from './sliding-window.js';

/** At most this many blocked addresses are remembered per process (oldest forgotten first). */
const MAX_REMEMBERED = 10_000;

/**
 * Failed authentications (an unknown, revoked or malformed API key, session or operator token)
 * count against the client address in a tight sliding window shared by every process. Past the
 * limit the answer is 429 instead of 401, and this process refuses every credential from that
 * address without looking it up until the window frees a slot: otherwise a right guess would
 * still show as a success. Another process learns of the block at its first refused failure, so
 * an address gets at most `max` guesses per window plus one per process.
 */
export function createAuthFailureGuard(deps: {
  limiter: SlidingWindowLimiter;
  clock: Clock;
  rule: WindowRule;
}) {
  const blockedUntil = new Map<string, number>();
  const tooMany = (ms: number) => {
    const retryAfter = Math.ceil(ms / 1000);
    return new AppError(
      'TOO_MANY_REQUESTS',
      `Too many failed authentications from this address (limit ${describeWindow(deps.rule.max, deps.rule.windowMs, 'failures')}); retry in ${retryAfter} s`,
      { extra: { retryAfter } },
    );
  };
  return {
    /** Before a presented credential is checked: 429 while this address is known to be blocked. */
    check(ip: string): void {
      const until = blockedUntil.get(ip);
      if (until === undefined) return;
      const left = until - deps.clock.now().getTime();
      if (left <= 0) blockedUntil.delete(ip);
      else throw tooMany(left);
    },
    /** After a credential failed: counts the failure and throws `error` (401), or 429 past the limit. */
    async failed(ip: string, error: AppError): Promise<never> {
      const result = await deps.limiter.hit(deps.rule, ip);
      if (result.allowed) throw error;
      if (blockedUntil.size >= MAX_REMEMBERED) blockedUntil.delete(blockedUntil.keys().next().value!);
      blockedUntil.set(ip, deps.clock.now().getTime() + result.retryAfterMs);
      throw tooMany(result.retryAfterMs);
    },
  };
}

export type AuthFailureGuard = ReturnType<typeof createAuthFailureGuard>;
