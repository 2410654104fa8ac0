import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, pollDelayMs, retryDelayMs, TRANSPORT_RETRY_BASE_MS } from './backoff.js';

describe('retryDelayMs', () => {
  it('doubles from the base: 2 s, 4 s, 8 s, 16 s', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, TRANSPORT_RETRY_BASE_MS))).toEqual([
      2000, 4000, 8000, 16000,
    ]);
  });

  it('is capped at 5 minutes and never stops (no last attempt)', () => {
    expect(retryDelayMs(8, 2000)).toBe(256_000);
    expect(retryDelayMs(9, 2000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(10_000, 2000)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('treats 0 or negative counts as the first retry', () => {
    expect(retryDelayMs(0, 2000)).toBe(2000);
    expect(retryDelayMs(-3, 2000)).toBe(2000);
  });
});

describe('pollDelayMs', () => {
  it('starts at the authorization check delay', () => {
    expect(pollDelayMs(1, 3000)).toBe(3000);
    expect(pollDelayMs(3, 3000)).toBe(12_000);
  });

  it('never polls in a tight loop when the check delay is 0', () => {
    expect(pollDelayMs(1, 0)).toBe(250);
  });
});
