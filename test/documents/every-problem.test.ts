import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateDocumentBody, EinvoiceClient, EinvoiceValidationError } from '../../sdk/src/index.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { docHeaders, invoiceBody } from '../helpers/documents.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

/**
 * One answer names every problem of a body: the schema's (a blank description) and the type's
 * rules (a wrong tax value, payments that do not add up, a future date) together, in the
 * request's language: the dry run, creation's 400 and the SDK's EinvoiceValidationError alike.
 */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

function tomorrow(): string {
  return ecuadorDate(new Date(ctx.clock.now().getTime() + 86_400_000));
}

/** Four mistakes: one the schema sees, three only the rules see. */
function faultyBody() {
  const body = invoiceBody({ issueDate: tomorrow() });
  const [first] = body.items as { description: string; taxes: { taxAmount: string }[] }[];
  first!.description = '';
  first!.taxes[0]!.taxAmount = '12.00';
  (body.payments as { total: string }[])[0]!.total = '100.00';
  return body;
}

const byPath = (errors: { path: string; message: string }[]) =>
  Object.fromEntries(errors.map((e) => [e.path, e.message]));

async function post(t: RegisteredTenant, url: string, lang?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: docHeaders(t, t.apiKey, lang ? { 'accept-language': lang } : {}),
    payload: faultyBody(),
  });
}

describe('every problem at once', () => {
  it('the dry run reports the schema error and the rules together, each with its path and a sentence', async () => {
    const t = await registerTenant(ctx);
    const res = await post(t, '/v1/documents/validate');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.valid).toBe(false);
    expect(byPath(answer.errors)).toEqual({
      'items[0].description': 'is required and must not be blank',
      'items[0].taxes[0].taxAmount': 'expected 13.50, got 12.00',
      payments: 'payments add up to 100.00 but the invoice total is 123.50',
      issueDate: `must be today (${ecuadorDate(ctx.clock.now())}): from 01/01/2026 a document reaches the tax authority on its issue date (error 65 otherwise)`,
    });
    expect(answer.errors.find((e: { path: string }) => e.path === 'payments').expected).toBe('123.50');
    expect(answer.document).toBeUndefined();
  });

  it('a schema pattern reads as a sentence, not as the regular expression', async () => {
    const t = await registerTenant(ctx);
    const body = invoiceBody();
    (body.items as { quantity: string }[])[1]!.quantity = 'dos';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents/validate',
      headers: docHeaders(t),
      payload: body,
    });
    expect(byPath(res.json().errors)).toEqual({
      'items[1].quantity': 'must be a decimal number written as a string, such as "12.50"',
    });
  });

  it('in Spanish when the request asks for it (Accept-Language)', async () => {
    const t = await registerTenant(ctx);
    const answer = (await post(t, '/v1/documents/validate', 'es-EC,es;q=0.9,en;q=0.5')).json();
    expect(byPath(answer.errors)).toEqual({
      'items[0].description': 'es obligatorio y no puede estar vacío',
      'items[0].taxes[0].taxAmount': 'debe ser 13.50 (el valor calculado); se recibió 12.00',
      payments: 'los pagos suman 100.00 pero el total del documento es 123.50',
      issueDate: `debe ser hoy (${ecuadorDate(ctx.clock.now())}): desde el 01/01/2026 un comprobante llega al SRI en su fecha de emisión (si no, error 65)`,
    });
    // English first in the header: English.
    const en = (await post(t, '/v1/documents/validate', 'en-US,es;q=0.8')).json();
    expect(byPath(en.errors)['items[0].description']).toBe('is required and must not be blank');
  });

  it("creation's 400 lists the same four problems, in the request's language", async () => {
    const t = await registerTenant(ctx);
    const res = await post(t, '/v1/documents');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(byPath(res.json().errors)).sort()).toEqual(
      ['issueDate', 'items[0].description', 'items[0].taxes[0].taxAmount', 'payments'].sort(),
    );
    const es = await post(t, '/v1/documents', 'es');
    expect(es.statusCode).toBe(400);
    expect(byPath(es.json().errors).payments).toBe(
      'los pagos suman 100.00 pero el total del documento es 123.50',
    );
    expect(es.json().detail).toContain('items[0].description: es obligatorio y no puede estar vacío');
    // A body only the rules refuse (the schema is satisfied) gets every rule at once too.
    const rulesOnly = faultyBody();
    (rulesOnly.items as { description: string }[])[0]!.description = 'Servicio';
    const res2 = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: docHeaders(t),
      payload: rulesOnly,
    });
    expect(res2.statusCode).toBe(400);
    expect(Object.keys(byPath(res2.json().errors)).sort()).toEqual(
      ['issueDate', 'items[0].taxes[0].taxAmount', 'payments'].sort(),
    );
  });

  it("the SDK's EinvoiceValidationError lists them all", async () => {
    const t = await registerTenant(ctx);
    const client = new EinvoiceClient({
      apiKey: t.apiKey,
      baseUrl: base,
      issuerId: t.issuerId,
      language: 'es',
    });
    const error = await client.documents.create(faultyBody() as CreateDocumentBody).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EinvoiceValidationError);
    const { errors } = error as EinvoiceValidationError;
    expect(errors.map((e) => e.path).sort()).toEqual(
      ['issueDate', 'items[0].description', 'items[0].taxes[0].taxAmount', 'payments'].sort(),
    );
    expect(byPath(errors)['items[0].description']).toBe('es obligatorio y no puede estar vacío');
  });
});
