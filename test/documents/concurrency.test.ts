import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, registerTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const sequentials = async (issuerId: string) =>
  (
    await ctx.query<{ sequential: number }>(
      'select sequential from documents where issuer_id = $1 order by sequential',
      [issuerId],
    )
  ).map((r) => Number(r.sequential));

describe('sequentials under concurrency', () => {
  it('50 parallel creates on one issuer give 50 distinct consecutive sequentials', async () => {
    const t = await registerTenant(ctx);
    const results = await Promise.all(Array.from({ length: 50 }, () => createDocument(ctx, t)));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(await sequentials(t.issuerId)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const keys = new Set(results.map((r) => r.json().document.accessKey));
    expect(keys.size).toBe(50);
  });

  it('a sequential PATCH racing creates never yields a duplicate and the counter lands past both', async () => {
    const t = await registerTenant(ctx);
    for (let round = 0; round < 3; round++) {
      const before = await sequentials(t.issuerId);
      const next = (before.at(-1) ?? 0) + 10;
      const creates = Array.from({ length: 12 }, () => createDocument(ctx, t));
      const patch = ctx.app.inject({
        method: 'PATCH',
        url: `/v1/issuers/${t.issuerId}/sequentials/01`,
        headers: bearer(t.apiKey),
        payload: { environment: 'sandbox', nextSequential: next },
      });
      const [patchRes, ...createRes] = await Promise.all([patch, ...creates]);
      expect(createRes.every((r) => r.statusCode === 201)).toBe(true);
      const after = await sequentials(t.issuerId);
      expect(new Set(after).size).toBe(after.length);
      const fresh = after.filter((s) => !before.includes(s));
      const start = (before.at(-1) ?? 0) + 1;
      if (patchRes.statusCode !== 200) {
        // Under load the creates can overtake N first: then the PATCH is refused and nothing jumps.
        expect(patchRes.json().code).toBe('SEQUENTIAL_CANNOT_DECREASE');
        expect(fresh).toEqual(Array.from({ length: fresh.length }, (_, i) => start + i));
        continue;
      }
      // Numbers handed out before the PATCH continue the old run; after it, they start at N. No gaps within each run.
      const low = fresh.filter((s) => s < next);
      const high = fresh.filter((s) => s >= next);
      expect(low).toEqual(Array.from({ length: low.length }, (_, i) => start + i));
      expect(high).toEqual(Array.from({ length: high.length }, (_, i) => next + i));
      const [counter] = await ctx.query<{ current: number }>(
        `select current from issuer_sequentials where issuer_id = $1 and document_type = '01' and environment = 'sandbox'`,
        [t.issuerId],
      );
      expect(Number(counter!.current)).toBe(Math.max(after.at(-1)!, next - 1));
    }
  });
});

describe('Idempotency-Key', () => {
  it('same key and payload returns the existing document with 200; another payload 409 CONFLICT', async () => {
    const t = await registerTenant(ctx);
    const first = await createDocument(ctx, t, invoiceBody(), { 'idempotency-key': 'order-42' });
    expect(first.statusCode).toBe(201);
    // Key order of the JSON does not matter.
    const reordered = Object.fromEntries(Object.entries(invoiceBody()).reverse());
    const replay = await createDocument(ctx, t, reordered, { 'idempotency-key': 'order-42' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().document).toEqual(first.json().document);
    const other = await createDocument(ctx, t, invoiceBody({ additionalInfo: [{ name: 'x', value: 'y' }] }), {
      'idempotency-key': 'order-42',
    });
    expect([other.statusCode, other.json().code]).toEqual([409, 'CONFLICT']);
    expect(await sequentials(t.issuerId)).toEqual([1]);
  });

  it('20 parallel identical idempotent requests give exactly one document', async () => {
    const t = await registerTenant(ctx);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        createDocument(ctx, t, invoiceBody(), { 'idempotency-key': 'burst-1' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.json().document.accessKey)).size).toBe(1);
    expect(await sequentials(t.issuerId)).toEqual([1]);
  });

  it('refuses a key over 255 characters', async () => {
    const t = await registerTenant(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: docHeaders(t, t.apiKey, { 'idempotency-key': 'k'.repeat(256) }),
      payload: invoiceBody(),
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('keys are per tenant: another tenant may use the same key', async () => {
    const a = await registerTenant(ctx);
    const b = await registerTenant(ctx);
    expect((await createDocument(ctx, a, invoiceBody(), { 'idempotency-key': 'shared' })).statusCode).toBe(
      201,
    );
    expect((await createDocument(ctx, b, invoiceBody(), { 'idempotency-key': 'shared' })).statusCode).toBe(
      201,
    );
  });
});
