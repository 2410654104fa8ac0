import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { TYPE_CASES } from '../helpers/document-types.js';
import { createDocument, creditNoteBody, docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

function validate(t: RegisteredTenant, payload: unknown, key = t.apiKey) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/documents/validate',
    headers: docHeaders(t, key),
    payload: payload as object,
  });
}

async function documentCount(t: RegisteredTenant): Promise<number> {
  const [row] = await ctx.query<{ n: number }>(
    'select count(*)::int as n from documents where tenant_id = (select tenant_id from issuers where id = $1)',
    [t.issuerId],
  );
  return row!.n;
}

describe('POST /v1/documents/validate', () => {
  it('a valid invoice: valid, no errors, the computed lines and tax groups; nothing allocated or stored', async () => {
    const t = await registerTenant(ctx);
    const res = await validate(t, invoiceBody());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, valid: true, errors: [] });
    expect(body.document).toMatchObject({
      documentType: '01',
      issueDate: ecuadorDate(ctx.clock.now()),
      items: [{ subtotal: '90.00' }, { subtotal: '20.00' }],
      totals: {
        totalWithoutTaxes: '110.00',
        totalDiscount: '10.00',
        taxTotals: [
          { code: '2', rateCode: '0', taxableBase: '20.00', amount: '0.00' },
          { code: '2', rateCode: '4', taxableBase: '90.00', amount: '13.50' },
        ],
        total: '123.50',
      },
    });
    expect(body.document.accessKey).toBeUndefined();
    expect(await documentCount(t)).toBe(0);
    // The next real document still gets the first sequential.
    const created = await createDocument(ctx, t);
    expect(created.json().document.sequential).toBe('000000001');
  });

  it('tells the tax figures left out or wrong, and a single payment, with the body to send', async () => {
    const t = await registerTenant(ctx);
    const body = invoiceBody();
    const [first, second] = body.items as { taxes: Record<string, string>[] }[];
    delete first!.taxes[0]!.taxableBase;
    delete first!.taxes[0]!.taxAmount;
    delete second!.taxes[0]!.taxAmount;
    second!.taxes[0]!.taxableBase = '19.00';
    (body.payments as { total: string }[])[0]!.total = '100.00';
    const res = await validate(t, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.valid).toBe(false);
    expect(answer.errors).toEqual(
      expect.arrayContaining([
        {
          code: 'VALIDATION_FAILED',
          path: 'items[0].taxes[0].taxableBase',
          message: 'is required; the computed value is 90.00',
          expected: '90.00',
        },
        {
          code: 'VALIDATION_FAILED',
          path: 'items[0].taxes[0].taxAmount',
          message: 'is required; the computed value is 13.50',
          expected: '13.50',
        },
        {
          code: 'VALIDATION_FAILED',
          path: 'items[1].taxes[0].taxableBase',
          message: 'expected 20.00, got 19.00',
          expected: '20.00',
        },
        {
          code: 'VALIDATION_FAILED',
          path: 'items[1].taxes[0].taxAmount',
          message: 'is required; the computed value is 0.00',
          expected: '0.00',
        },
      ]),
    );
    expect(answer.errors.find((e: { path: string }) => e.path === 'payments')).toMatchObject({
      expected: '123.50',
    });
    expect(answer.errors).toHaveLength(5);
    expect(answer.document.totals.total).toBe('123.50');
    // The corrected body is what creation accepts, as it is.
    expect(answer.correctedBody).toEqual(invoiceBody());
    const created = await createDocument(ctx, t, answer.correctedBody);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('a debit note with its IVA value left out and a wrong payment: both stated, and the corrected body is created as it is', async () => {
    const t = await registerTenant(ctx);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/issuers/${t.issuerId}/document-types`,
      headers: bearer(t.apiKey),
      payload: { documentTypes: ['01', '05'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const today = ecuadorDate(ctx.clock.now());
    const complete = TYPE_CASES.find((c) => c.code === '05')!.body(today) as {
      reasons: { reason: string; amount: string }[];
      taxes: Record<string, string>[];
      payments: { total: string }[];
    };
    // 10.00 of interest at IVA 15 %: the form states the base (the sum of the reasons) and leaves the rest.
    complete.reasons = [{ reason: 'Interés por mora', amount: '10.00' }];
    complete.taxes = [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '10.00', taxAmount: '1.50' }];
    complete.payments[0]!.total = '11.50';
    const body = structuredClone(complete);
    delete body.taxes[0]!.taxAmount;
    body.payments[0]!.total = '0.00';
    const answer = (await validate(t, body)).json();
    expect(answer.errors).toEqual([
      {
        code: 'VALIDATION_FAILED',
        path: 'taxes[0].taxAmount',
        message: 'is required; the computed value is 1.50',
        expected: '1.50',
      },
      expect.objectContaining({ path: 'payments', expected: '11.50' }),
    ]);
    expect(answer.document).toMatchObject({ totalWithoutTaxes: '10.00', total: '11.50' });
    expect(answer.correctedBody).toEqual(complete);
    const created = await createDocument(ctx, t, answer.correctedBody);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('reports every schema problem at once, and then no document', async () => {
    const t = await registerTenant(ctx);
    const body = invoiceBody({ buyer: { idType: '05', id: '1710034065', email: 'maria@example.com' } });
    (body.items as Record<string, unknown>[])[0]!.quantity = 'dos';
    (body.items as Record<string, unknown>[])[1]!.description = 7;
    const res = await validate(t, body);
    const answer = res.json();
    expect(answer.valid).toBe(false);
    expect(answer.document).toBeUndefined();
    expect(answer.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['buyer.name', 'items[0].quantity', 'items[1].description'].sort(),
    );
    const bad = await validate(t, { documentType: '02' });
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('documentType');
    const notObject = await validate(t, [1, 2]);
    expect([notObject.statusCode, notObject.json().valid]).toEqual([200, false]);
  });

  it('reports every rule of the type at once (not the first only)', async () => {
    const t = await registerTenant(ctx);
    const body = invoiceBody({ issueDate: '31/12/2099' });
    (body.items as { taxes: Record<string, string>[] }[])[0]!.taxes[0]!.rate = '12';
    const answer = (await validate(t, body)).json();
    expect(answer.valid).toBe(false);
    const paths = answer.errors.map((e: { path: string }) => e.path);
    expect(paths).toContain('issueDate');
    expect(paths).toContain('items[0].taxes[0].rate');
    expect(answer.document).toBeUndefined();
  });

  it('issuer rules are problems too, and the document is still computed', async () => {
    const t = await registerTenant(ctx);
    const [settlement] = TYPE_CASES;
    const answer = (await validate(t, settlement!.body(ecuadorDate(ctx.clock.now())))).json();
    expect(answer.valid).toBe(false);
    expect(answer.errors).toEqual([
      expect.objectContaining({ code: 'DOCUMENT_TYPE_NOT_ENABLED', path: 'documentType' }),
    ]);
    expect(answer.document.documentType).toBe('03');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/issuers/${t.issuerId}/can-issue`,
      headers: bearer(t.apiKey),
      payload: { canIssue: false },
    });
    const paused = (await validate(t, invoiceBody())).json();
    expect(paused.errors.map((e: { code: string }) => e.code)).toEqual(['ISSUER_ISSUING_PAUSED']);
    expect(paused.document.totals.total).toBe('123.50');
  });

  it('computes each of the six types', async () => {
    const t = await registerTenant(ctx);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/issuers/${t.issuerId}/document-types`,
      headers: bearer(t.apiKey),
      payload: { documentTypes: ['01', '03', '04', '05', '06', '07'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const today = ecuadorDate(ctx.clock.now());
    const invoice = (await validate(t, invoiceBody())).json();
    expect([invoice.valid, invoice.document.totals.total]).toEqual([true, '123.50']);
    const credit = (
      await validate(t, creditNoteBody({ number: '001-001-000000001', issueDate: today }))
    ).json();
    expect([credit.valid, credit.errors, credit.document.totals.total]).toEqual([true, [], '57.50']);
    for (const c of TYPE_CASES) {
      const res = await validate(t, c.body(today));
      const answer = res.json();
      expect([c.code, answer.valid, answer.errors], res.body).toEqual([c.code, true, []]);
      expect(answer.document.documentType).toBe(c.code);
      expect(answer.document.issueDate).toBe(today);
    }
    expect(await documentCount(t)).toBe(0);
  });

  it('needs documents:write; another tenant’s issuer is refused', async () => {
    const t = await registerTenant(ctx);
    const reader = await fixtureKey(ctx, t, ['documents:read']);
    const denied = await validate(t, invoiceBody(), reader);
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const other = await registerTenant(ctx);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents/validate',
      headers: { ...docHeaders(t), 'x-issuer-id': other.issuerId },
      payload: invoiceBody(),
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'ISSUER_FORBIDDEN']);
  });
});
