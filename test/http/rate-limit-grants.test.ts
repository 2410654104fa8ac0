import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createTestDatabase } from '../helpers/database.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';

/**
 * The API limit hands each process a range of counts per statement (src/rate-limit/api-store.ts):
 * far from the limit a process takes a sixteenth of what is left (at most 64), near it one at a
 * time. Two whole apps on one database, the clock frozen: together they never let more than the
 * limit through, they let through all of it when both keep asking, and a key's many requests
 * cost few statements.
 */
const LIMIT = 400;
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

const hitsOf = async (key: string) =>
  (
    await a.query<{ hits: number; grant_size: number }>(
      'select hits, grant_size from api_rate_limits where key = $1',
      [key],
    )
  )[0];

describe('the API limit, granted in ranges', () => {
  it('lets exactly the limit through across two processes, with a statement per many requests', async () => {
    const t = await verifiedTenant(a);
    a.clock.advance(60_000);
    const [{ id: keyId }] = (await a.query<{ id: string }>(
      'select id from api_keys where tenant_id = $1 and internal = false',
      [t.tenantId],
    )) as [{ id: string }];
    const statuses: number[] = [];
    const remaining: number[] = [];
    for (let round = 0; round < 60; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? b : a).app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) }),
        ),
      );
      for (const r of answers) {
        statuses.push(r.statusCode);
        remaining.push(Number(r.headers['x-ratelimit-remaining']));
      }
      if (round === 5) {
        // 48 requests so far: far from the limit, each process took ranges, not single counts.
        const row = await hitsOf(`k:${keyId}`);
        expect(row!.grant_size).toBeGreaterThan(1);
        expect(row!.hits).toBeLessThan(48 + 2 * 25);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(480 - LIMIT);
    expect(statuses.slice(0, LIMIT - 32)).not.toContain(429);
    expect(Math.min(...remaining)).toBe(0);
    // Near the end the grants were single counts: the row's count passed the limit one by one.
    const row = await hitsOf(`k:${keyId}`);
    expect(row!.grant_size).toBe(1);
    expect(row!.hits).toBeGreaterThan(LIMIT);
  });
});
