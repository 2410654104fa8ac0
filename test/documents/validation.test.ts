import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, ISSUABLE_TYPES } from '../../src/modules/documents/types/registry.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, creditNoteBody, invoiceBody } from '../helpers/documents.js';
import { bearer, registerTenant } from '../helpers/tenants.js';

/**
 * The creation body is validated once, by the route, against the union of the registered types'
 * schemas (ajv discriminator on documentType); the service receives a typed body.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const paths = (res: { json(): { errors?: { path: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.path);

/** Counts calls into the documents service; the real function still runs (a spy, not a stub). */
function countIssueCalls(): { calls: () => number; restore: () => void } {
  const service = ctx.deps.documents;
  const original = service.issue;
  let n = 0;
  service.issue = (...args) => {
    n++;
    return original(...args);
  };
  return {
    calls: () => n,
    restore: () => {
      service.issue = original;
    },
  };
}

describe('POST /v1/documents validates the body once, at the route', () => {
  it('refuses a malformed body with 400 VALIDATION_FAILED before the service runs', async () => {
    const t = await registerTenant(ctx);
    const spy = countIssueCalls();
    try {
      const body = invoiceBody();
      (body.items[0] as Record<string, unknown>).quantity = 2;
      const bad = await createDocument(ctx, t, body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.headers['content-type']).toContain('application/problem+json');
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
      expect(bad.json().errors).toContainEqual({ path: 'items[0].quantity', message: 'must be string' });
      expect(spy.calls()).toBe(0);
      // The same route with a valid body reaches the service exactly once.
      expect((await createDocument(ctx, t)).statusCode).toBe(201);
      expect(spy.calls()).toBe(1);
    } finally {
      spy.restore();
    }
  });

  it('a malformed body on a paused issuer is a VALIDATION_FAILED, not the service rule ISSUER_ISSUING_PAUSED', async () => {
    const t = await registerTenant(ctx);
    const pause = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/issuers/${t.issuerId}/can-issue`,
      headers: bearer(t.apiKey),
      payload: { canIssue: false },
    });
    expect(pause.statusCode).toBe(200);
    const bad = await createDocument(ctx, t, invoiceBody({ payments: 'cash' }));
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(paths(bad)).toEqual(['payments']);
    const valid = await createDocument(ctx, t);
    expect([valid.statusCode, valid.json().code]).toEqual([403, 'ISSUER_ISSUING_PAUSED']);
  });

  it('an unknown or missing documentType names the field and the issuable types', async () => {
    const t = await registerTenant(ctx);
    const unknown = await createDocument(ctx, t, invoiceBody({ documentType: '09' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'documentType', message: `must be one of ${ISSUABLE_TYPES.join(', ')}` },
    ]);
    expect(ISSUABLE_TYPES).toEqual(expect.arrayContaining(['01', '03', '04', '05', '07']));
    const { documentType: _, ...untyped } = invoiceBody();
    const missing = await createDocument(ctx, t, untyped);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ path: 'documentType', message: 'is required' });
    const notObject = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { ...bearer(t.apiKey), 'x-issuer-id': t.issuerId },
      payload: [invoiceBody()],
    });
    expect([notObject.statusCode, notObject.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(paths(notObject)).toEqual(['body']);
  });

  it('only the branch of the body’s own documentType is checked and reported', async () => {
    const t = await registerTenant(ctx);
    const today = ecuadorDate(ctx.clock.now());
    const { motivo: _, ...noReason } = creditNoteBody({ number: '001-001-000000001', issueDate: today });
    const res = await createDocument(ctx, t, noReason);
    expect(res.statusCode).toBe(400);
    // A credit note has no payments: the invoice branch's errors never show.
    expect(res.json().errors).toEqual([{ path: 'motivo', message: 'is required' }]);
    // An invoice body that says 04 is checked as a credit note.
    const relabelled = await createDocument(ctx, t, invoiceBody({ documentType: '04' }));
    expect(paths(relabelled)).toEqual(expect.arrayContaining(['originalDocument', 'motivo']));
    expect(paths(relabelled)).not.toContain('payments');
  });

  it('the OpenAPI document describes the body as a discriminated union of the registered types', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const body = doc.paths['/v1/documents'].post.requestBody.content['application/json'].schema;
    expect(body.discriminator.propertyName).toBe('documentType');
    // The mapping names each type's branch (test/http/openapi-generator.test.ts compiles a client from it).
    expect(body.discriminator.mapping['01']).toBe('#/components/schemas/InvoiceBody');
    // Each branch is a named component, so that the discriminator can select it.
    const branches = body.oneOf.map((s: { $ref: string }) => {
      expect(s.$ref).toMatch(/^#\/components\/schemas\/[A-Za-z]+Body$/);
      return doc.components.schemas[s.$ref.split('/').pop()!];
    });
    expect(branches.map((s: { title: string }) => s.title)).toEqual(
      DOCUMENT_TYPES.map((d) => d.bodySchema.title),
    );
    expect(branches.map((s: { title: string }) => s.title)).toEqual(
      expect.arrayContaining(['Invoice (01)', 'Credit note (04)', 'Withholding receipt (07)']),
    );
    // Every branch carries a valid example: its own schema accepts it, and so does the served one.
    for (const [i, d] of DOCUMENT_TYPES.entries()) {
      const examples = (d.bodySchema as { examples?: unknown[] }).examples ?? [];
      expect(examples.length, d.code).toBeGreaterThan(0);
      for (const example of examples) expect(Value.Check(d.bodySchema, example), d.code).toBe(true);
      expect(branches[i].examples).toEqual(examples);
    }
  });
});
