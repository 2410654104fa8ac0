import { expect } from 'vitest';
import { createTestContext, type TestContext, type TestContextOptions } from '../helpers/context.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

export interface Lifecycle {
  ctx: TestContext;
  sri: TestSri;
  close(): Promise<void>;
}

/**
 * An application wired to its own real simulator over HTTP, both on one movable clock: `settle`
 * jumps from one queued job to the next instead of waiting out delays and backoffs.
 */
export async function startLifecycle(
  env: Record<string, string> = {},
  authorizationDelayMs = 1000,
  database?: TestContextOptions['database'],
) {
  const sri = await startTestSri({ authorizationDelayMs });
  const ctx = await createTestContext({
    database,
    clock: sri.clock,
    sriUrl: sri.simulator.url,
    // The first check as a delayed job 3 s after reception, as the timings of these tests expect
    // (the check asked by the sending run itself: test/submission/first-check.test.ts).
    env: { SRI_TIMEOUT_MS: '1500', SRI_AUTH_CHECK_DELAY_MS: '3000', SRI_AUTH_FIRST_CHECK_MS: '3000', ...env },
  });
  return {
    ctx,
    sri,
    async close() {
      await ctx.close();
      await sri.close();
    },
  } satisfies Lifecycle;
}

/**
 * Runs due jobs, then moves the clock to the next queued one, until no job is left. The SRI status
 * follow-up of authorized documents (weeks long, test/submission/sri-void.test.ts) is not waited for.
 */
export async function settle(ctx: TestContext, maxRounds = 60): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    await ctx.drainJobs();
    const [next] = await ctx.query<{ ms: number | null }>(
      `select (extract(epoch from min(run_at) - now()) * 1000)::float8 as ms
         from graphile_worker.jobs where locked_at is null and attempts < max_attempts
           and task_identifier <> 'submission.sri-void-check'`,
    );
    if (next?.ms === null || next?.ms === undefined) return;
    await ctx.advance(Math.max(Math.ceil(next.ms), 0) + 5);
  }
  throw new Error('jobs did not settle');
}

export async function issue(
  ctx: TestContext,
  tenant: RegisteredTenant,
  body: object = invoiceBody(),
): Promise<string> {
  const res = await createDocument(ctx, tenant, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document.accessKey as string;
}

/** An invoice whose additional field `simulador` asks the simulator for a given outcome. */
export function invoiceWith(directive: string, overrides: Record<string, unknown> = {}) {
  return invoiceBody({
    additionalInfo: [
      { name: 'Pedido', value: 'PO-7781' },
      { name: 'simulador', value: directive },
    ],
    ...overrides,
  });
}

export async function documentOf(ctx: TestContext, tenant: RegisteredTenant, accessKey: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/documents/${accessKey}`,
    headers: docHeaders(tenant),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document;
}

export async function sriResponsesOf(ctx: TestContext, tenant: RegisteredTenant, accessKey: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/documents/${accessKey}/sri-responses`,
    headers: docHeaders(tenant),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sriResponses as { operationType: string; status: string; messages: unknown }[];
}

/** The lifecycle's events, oldest first (the buyer-email events, EMAIL_*, are left out: the delivery tests own them). */
export async function eventsOf(ctx: TestContext, tenant: RegisteredTenant, accessKey: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/documents/${accessKey}/events`,
    headers: docHeaders(tenant),
  });
  expect(res.statusCode, res.body).toBe(200);
  const events = res.json().events as { id: string; type: string; detail: Record<string, unknown> | null }[];
  return events.filter((e) => !e.type.startsWith('EMAIL_'));
}

/** Oldest first, as "RECEPTION:RECIBIDA" strings. */
export async function callTrail(ctx: TestContext, tenant: RegisteredTenant, accessKey: string) {
  const rows = await sriResponsesOf(ctx, tenant, accessKey);
  return rows.reverse().map((r) => `${r.operationType}:${r.status}`);
}

export { registerTenant };
