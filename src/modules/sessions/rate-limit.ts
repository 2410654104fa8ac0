import type { SlidingWindowLimiter, WindowRule } from '../../rate-limit/index.js';
import { AppError } from '../../shared/errors.js';

/**
 * Sign-in requests: one sliding window per client address and one per email (shared by every
 * API process), so neither a single address nor a flood aimed at one mailbox gets far.
 */
export async function hitLimit(windows: SlidingWindowLimiter, rule: WindowRule, key: string): Promise<void> {
  const result = await windows.hit(rule, key);
  if (result.allowed) return;
  const retryAfter = Math.ceil(result.retryAfterMs / 1000);
  throw new AppError('TOO_MANY_REQUESTS', `Too many sign-in requests; retry in ${retryAfter} s`, {
    extra: { retryAfter },
  });
}
