import { describeWindow, type SlidingWindowLimiter } from '../../rate-limit/index.js';
import { AppError } from '../../shared/errors.js';

/**
 * Register, recover and resend-verification share one counter per IP: 5 requests per hour
 * (docs/spec-map.md, Limits), counted over a sliding hour (shared/spec/decisions.md) so that the turn
 * of a clock hour never lets twice the limit through. Kept in PostgreSQL so that several API
 * processes count together. Every request counts, a 400 or a 409 too (they are requests): the web
 * app checks its forms in the browser first so that a typo never spends one.
 */
export function createRegistrationLimiter(deps: {
  windows: SlidingWindowLimiter;
  max: number;
  windowMs: number;
}) {
  const rule = { bucket: 'registration', max: deps.max, windowMs: deps.windowMs };
  return {
    async hit(ip: string): Promise<void> {
      const result = await deps.windows.hit(rule, ip);
      if (result.allowed) return;
      const retryAfter = Math.ceil(result.retryAfterMs / 1000);
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many registration, recovery or verification requests from this address (limit ${describeWindow(deps.max, deps.windowMs)}); retry in ${retryAfter} s`,
        { extra: { retryAfter } },
      );
    },
  };
}

export type RegistrationLimiter = ReturnType<typeof createRegistrationLimiter>;
