import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';

/**
 * Issue 13, defects 6, 7 and 8: the 429 message names the configured window; failed
 * authentications count against the client address; the operator API has its own limit; the
 * registration limit slides. Every date comes from the test clock (frozen here, so the seconds
 * until a reset are exact).
 */
const ADMIN_TOKEN = 'operator-token-for-rate-limit-tests';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      API_RATE_LIMIT: '3',
      AUTH_FAILURE_RATE_LIMIT: '5',
      ADMIN_RATE_LIMIT: '4',
      ADMIN_TOKEN,
    },
  });
  ctx.clock.freeze();
});
afterAll(async () => ctx?.close());

let address = 0;
/** Each test speaks from its own client address, so their buckets stay apart. */
const nextAddress = () => `10.13.0.${++address}`;
const randomKey = () => `Bearer eik_test_${randomBytes(24).toString('hex')}`;

/**
 * A verified tenant. Its sign-up requests come from the default address (public routes: that
 * address's API bucket, 3 a minute here), so the clock then moves past that bucket's window.
 */
async function tenant() {
  const t = await verifiedTenant(ctx);
  ctx.clock.advance(60_000);
  return t;
}

async function get(url: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, remoteAddress, headers });
}

describe('the API limit (defect 7: the message names the configured window)', () => {
  it('answers the request past the limit with the window "per minute" and the seconds left', async () => {
    const ip = nextAddress();
    const t = await tenant();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await get('/v1/tenants/me', ip, bearer(t.apiKey))).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    ctx.clock.advance(12_000);
    const over = await get('/v1/tenants/me', ip, bearer(t.apiKey));
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toContain('application/problem+json');
    expect(over.json()).toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      detail: 'Rate limit exceeded: 3 requests per minute; retry in 48 s',
      retryAfter: 48,
    });
    expect(over.headers['retry-after']).toBe('48');
    expect(over.headers['x-ratelimit-limit']).toBe('3');
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(over.headers['x-ratelimit-reset']).toBe('48');
    // The window started at the key's first request: 48 s later it starts over.
    ctx.clock.advance(48_000);
    const again = await get('/v1/tenants/me', ip, bearer(t.apiKey));
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('2');
    expect(again.headers['x-ratelimit-reset']).toBe('60');
  });

  it('counts per verified key, wherever its requests come from', async () => {
    const t = await tenant();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await get('/v1/tenants/me', nextAddress(), bearer(t.apiKey))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('failed authentications (defect 6)', () => {
  it('count against the client address: past 5 a minute, 429 for any credential from it', async () => {
    const ip = nextAddress();
    const t = await tenant();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await get('/v1/tenants/me', ip, { authorization: randomKey() })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const guessed = await get('/v1/tenants/me', ip, bearer(t.apiKey));
    // A right guess from a blocked address is not told apart from a wrong one.
    expect(guessed.statusCode).toBe(429);
    expect(guessed.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      detail:
        'Too many failed authentications from this address (limit 5 failures per minute); retry in 60 s',
    });
    expect(guessed.headers['retry-after']).toBe('60');
    // Another address is not affected, and the same one gets in once the window has slid.
    expect((await get('/v1/tenants/me', nextAddress(), bearer(t.apiKey))).statusCode).toBe(200);
    ctx.clock.advance(60_001);
    expect((await get('/v1/tenants/me', ip, bearer(t.apiKey))).statusCode).toBe(200);
  });

  it('count malformed headers and planted session cookies, not requests without any credential', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await get('/v1/tenants/me', ip)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const failures: number[] = [];
    for (let i = 0; i < 3; i++)
      failures.push((await get('/v1/keys', ip, { authorization: `Basic ${i}` })).statusCode);
    for (let i = 0; i < 3; i++)
      failures.push(
        (await get('/v1/keys', ip, { cookie: `eik_session=${randomBytes(8).toString('hex')}` })).statusCode,
      );
    expect(failures).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('count wrong operator tokens the same way', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await get('/admin/v1/payments', ip, { authorization: randomKey() })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const right = await get('/admin/v1/payments', ip, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('the operator API limit (defect 6)', () => {
  it('is its own bucket per address: 4 a minute here, the /v1 limit untouched', async () => {
    const ip = nextAddress();
    const operator = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await get('/admin/v1/payments', ip, operator)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const over = await get('/admin/v1/payments', ip, operator);
    expect(over.json().detail).toBe('Rate limit exceeded: 4 requests per minute; retry in 60 s');
    // Public /v1 routes from the same address count in the address's own API bucket.
    expect((await get('/v1/tiers', ip)).statusCode).toBe(200);
  });
});

describe('the registration limit (defect 8: a sliding hour)', () => {
  it('lets 5 through in any hour, also across the turn of a clock hour', async () => {
    // Its own context: the API limit of the one above would refuse first.
    const limited = await createTestContext({ env: { REGISTRATION_RATE_LIMIT: '5' } });
    try {
      limited.clock.freeze();
      const resend = () =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/resend-verification',
          payload: { email: 'nobody@example.com' },
        });
      // 30 s before a clock hour: a fixed window would start afresh 60 s later.
      const now = limited.clock.now().getTime();
      const hour = 3_600_000;
      limited.clock.set(new Date(now - (now % hour) + hour - 30_000));
      const before: number[] = [];
      for (let i = 0; i < 5; i++) before.push((await resend()).statusCode);
      expect(before).toEqual([200, 200, 200, 200, 200]);
      limited.clock.advance(60_000); // 30 s past the clock hour
      const after = await resend();
      expect(after.statusCode).toBe(429);
      expect(after.json().detail).toBe(
        'Too many registration, recovery or verification requests from this address (limit 5 requests per hour); retry in 3540 s',
      );
      expect(after.headers['retry-after']).toBe('3540');
      limited.clock.advance(3_540_000 - 1);
      expect((await resend()).statusCode).toBe(429);
      limited.clock.advance(1);
      // The five leave the window together; refused requests were not counted.
      const later: number[] = [];
      for (let i = 0; i < 6; i++) later.push((await resend()).statusCode);
      expect(later).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
