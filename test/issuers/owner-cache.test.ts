import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerOwnerLookup } from '../../src/modules/issuers/issuer-store.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { recordedDatabase, type StatementRecorder } from '../helpers/statements.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * The X-Issuer-Id check asks who owns an issuer on every request that names one. An issuer never
 * changes tenant and is never deleted (src/modules/issuers/issuer-store.ts), so a found owner is
 * kept by the process; an unknown id is asked again. Statements counted on the wire (test/helpers/statements.ts).
 */
let ctx: TestContext;
let recorder: StatementRecorder;
let a: RegisteredTenant;
let b: RegisteredTenant;
beforeAll(async () => {
  recorder = await recordedDatabase();
  ctx = await createTestContext({ database: recorder.database });
  [a, b] = [await verifiedTenant(ctx), await verifiedTenant(ctx)];
});
afterAll(async () => ctx?.close());

/** What `fn` answered and how many statements it sent. */
async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const { value, sent } = await recorder.record(fn);
  return { value, statements: sent.length };
}

describe('the owner of an issuer', () => {
  it('is read once per process and issuer; an unknown id is read every time', async () => {
    const owner = issuerOwnerLookup(ctx.deps.db);
    expect(await counted(() => owner(a.issuerId))).toEqual({ value: a.tenantId, statements: 1 });
    expect(await counted(() => owner(a.issuerId))).toEqual({ value: a.tenantId, statements: 0 });
    expect(await counted(() => owner(b.issuerId))).toEqual({ value: b.tenantId, statements: 1 });
    const unknown = '0190f0f0-0000-7000-8000-000000000000';
    expect(await counted(() => owner(unknown))).toEqual({ value: null, statements: 1 });
    expect(await counted(() => owner(unknown))).toEqual({ value: null, statements: 1 });
  });

  it('keeps at most its size, dropping the oldest', async () => {
    const owner = issuerOwnerLookup(ctx.deps.db, 1);
    await owner(a.issuerId);
    await owner(b.issuerId);
    expect((await counted(() => owner(b.issuerId))).statements).toBe(0);
    expect((await counted(() => owner(a.issuerId))).statements).toBe(1);
  });
});
