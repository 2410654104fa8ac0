import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createTestDatabase } from '../helpers/database.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';

/**
 * The bound docs/hardening.md states for the API limit across processes ("Rate limits"): the
 * processes together never let more than the limit through, and a key is refused early by at
 * most the counts other processes hold and have not used (each holds at most one grant: a
 * sixteenth of what was left when it asked, at most 64). Two whole apps on one database, the
 * test clock frozen, then moved past the window.
 */
const LIMIT = 400;
/** The first grant of a fresh window: a sixteenth of the limit (src/rate-limit/api-store.ts). */
const FIRST_GRANT = Math.floor(LIMIT / 16);
let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  const database = await createTestDatabase();
  const env = { API_RATE_LIMIT: String(LIMIT) };
  a = await createTestContext({ database, env });
  b = await createTestContext({ database: { url: database.url, drop: async () => {} }, env, clock: a.clock });
  a.clock.freeze();
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Sends requests one by one through `app` until one is refused; returns the successes. */
async function untilRefused(ctx: TestContext, apiKey: string, most: number): Promise<number> {
  for (let ok = 0; ok < most; ok++) {
    const r = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(apiKey) });
    if (r.statusCode === 429) return ok;
    expect(r.statusCode).toBe(200);
  }
  return most;
}

describe('the API limit across two processes', () => {
  it('refuses early by at most what the other process holds, and never lets more than the limit through', async () => {
    const t = await verifiedTenant(a);
    a.clock.advance(60_000);
    const me = { method: 'GET' as const, url: '/v1/tenants/me', headers: bearer(t.apiKey) };

    // A answers one request and keeps the rest of its first grant.
    const first = await a.app.inject(me);
    expect(first.statusCode).toBe(200);
    expect(Number(first.headers['x-ratelimit-remaining'])).toBe(LIMIT - 1);

    // B alone then gets everything A does not hold: refused exactly FIRST_GRANT - 1 early.
    const byB = await untilRefused(b, t.apiKey, LIMIT + 1);
    expect(byB).toBe(LIMIT - FIRST_GRANT);
    const refused = await b.app.inject(me);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // A's held counts are still good, and no more: the two together let exactly the limit through.
    const byA = await untilRefused(a, t.apiKey, LIMIT + 1);
    expect(byA).toBe(FIRST_GRANT - 1);
    expect(1 + byB + byA).toBe(LIMIT);

    // A new window (the clock past the minute) serves both again.
    a.clock.advance(61_000);
    expect((await b.app.inject(me)).statusCode).toBe(200);
    expect((await a.app.inject(me)).statusCode).toBe(200);
  });
});
