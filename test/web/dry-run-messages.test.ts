import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { dryRunMessage, isComputedFigure, placeOf } from '../../web/src/components/dry-run-messages.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { TYPE_CASES } from '../helpers/document-types.js';
import { docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

/**
 * The forms show the dry run's problems as sentences in the UI language, never the validator's
 * text: every message the real service answers for a batch of wrong bodies must map to a sentence
 * of its own (not the catch-all "Revisa este valor."), in Spanish and in English.
 */
const es = (a: string, _b: string) => a;
const en = (_a: string, b: string) => b;
const FALLBACK = [es('Revisa este valor.', ''), en('', 'Check this value.')];

let ctx: TestContext;
let t: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await registerTenant(ctx);
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/v1/issuers/${t.issuerId}/document-types`,
    headers: bearer(t.apiKey),
    payload: { documentTypes: ['01', '03', '04', '05', '06', '07'] },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => ctx?.close());

type Body = Record<string, unknown>;
interface Problem {
  code: string;
  path: string;
  message: string;
  expected?: string;
}

async function problems(body: Body): Promise<Problem[]> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/documents/validate',
    headers: docHeaders(t),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().errors.filter((e: Problem) => !isComputedFigure(e, body));
}

function expectAllMapped(list: Problem[]) {
  expect(list.length).toBeGreaterThan(0);
  for (const e of list) {
    const [spanish, english] = [dryRunMessage(es, e), dryRunMessage(en, e)];
    expect([e.path, e.message, spanish]).not.toEqual([e.path, e.message, FALLBACK[0]]);
    expect([e.path, e.message, english]).not.toEqual([e.path, e.message, FALLBACK[1]]);
    expect(spanish).not.toBe(english);
  }
}

const item = (over: Body = {}) => ({
  mainCode: 'A1',
  description: 'Servicio',
  quantity: '1',
  unitPrice: '10.00',
  taxes: [{ code: '2', rateCode: '4', rate: '15' }],
  ...over,
});

describe('dry-run problems as the forms say them', () => {
  it('shape problems (blank, too long, not a number) of an invoice', async () => {
    const body = invoiceBody({
      buyer: { idType: '05', id: '', name: 'x'.repeat(301), email: 'a' },
      items: [item({ quantity: 'dos', description: '' })],
      payments: [{ method: '20', total: '0.00' }],
    });
    const list = await problems(body);
    expectAllMapped(list);
    const say = (path: string) => dryRunMessage(es, list.find((e) => e.path === path)!);
    expect(say('buyer.id')).toBe('Obligatorio.');
    expect(say('buyer.name')).toBe('Máximo 300 caracteres.');
    expect(say('items[0].quantity')).toBe('Escribe una cantidad como 12.50.');
  });

  it("rules of the invoice's content: ids, email, amounts, discounts, rates, payments, terms", async () => {
    const body = invoiceBody({
      buyer: { idType: '04', id: '1710034065', name: 'Comercial S.A.', email: 'compras@' },
      items: [
        item({ quantity: '0' }),
        item({ unitPrice: '1.1234567' }),
        item({ quantity: '1', unitPrice: '5.00', discount: '9.00' }),
        item({ taxes: [{ code: '2', rateCode: '2', rate: '12' }] }),
        item({ taxes: [{ code: '3', rateCode: '3051', rate: '0' }] }),
        item({ taxes: [{ code: '2', rateCode: '99', rate: '15' }] }),
      ],
      payments: [
        { method: '20', total: '1.00', term: '30' },
        { method: '99', total: '1.00' },
      ],
      tip: '1.001',
    });
    const list = await problems(body);
    expectAllMapped(list);
    const say = (path: string) => dryRunMessage(es, list.find((e) => e.path === path)!);
    expect(say('buyer.id')).toBe('Un RUC tiene 13 dígitos y termina en 001.');
    expect(say('buyer.email')).toBe('Correo no válido.');
    expect(say('items[0].quantity')).toBe('Debe ser mayor que 0.');
    expect(say('items[3].taxes[0].rateCode')).toBe('Esa tarifa ya no está vigente.');
    expect(say('payments[0].termUnit')).toBe('Indica el plazo y su unidad.');
  });

  it('rules of the other types: a settlement carries IVA only and no tip; a debit note’s bases add up', async () => {
    const today = ecuadorDate(ctx.clock.now());
    const settlement = TYPE_CASES.find((c) => c.code === '03')!.body(today) as Body & { items: Body[] };
    settlement.items[0]!.taxes = [
      { code: '2', rateCode: '0', rate: '0' },
      { code: '3', rateCode: '3051', rate: '0' },
    ];
    settlement.tip = '1.00';
    expectAllMapped(await problems(settlement));
    const debit = TYPE_CASES.find((c) => c.code === '05')!.body(today) as Body & { taxes: Body[] };
    debit.taxes = [{ code: '2', rateCode: '0', rate: '0.00', taxableBase: '5.00', taxAmount: '0.00' }];
    expectAllMapped(await problems(debit));
  });

  it('names the place of a problem without a field of its own', () => {
    expect(placeOf(es, 'items[1].taxes[0].rateCode')).toBe('Línea 2 · impuestos 1 · tarifa');
    expect(placeOf(en, 'payments')).toBe('payments');
    expect(placeOf(en, 'payments[2].termUnit')).toBe('Payment 3 · time unit');
  });
});
