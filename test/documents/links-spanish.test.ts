import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { keyDated, withholdingBody } from '../helpers/document-types.js';
import { createDocument, creditNoteBody, docHeaders } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

/**
 * The messages of links between documents and of withholding bases (issue 29) in the request's
 * language: `Accept-Language: es` gets them in Spanish, in the 400 and in the dry run.
 */
let ctx: TestContext;
let t: RegisteredTenant;
const ES = { 'accept-language': 'es-EC,es;q=0.9' };

beforeAll(async () => {
  ctx = await createTestContext();
  t = await registerTenant(ctx);
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/v1/issuers/${t.issuerId}/document-types`,
    headers: bearer(t.apiKey),
    payload: { documentTypes: ['01', '04', '05', '06', '07'] },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(() => ctx?.close());

const today = () => ecuadorDate(ctx.clock.now());
const validate = (body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/documents/validate',
    headers: docHeaders(t, t.apiKey, ES),
    payload: body,
  });
const messages = (errors: { message: string }[]) => errors.map((e) => e.message);

describe('Spanish messages of links and withholding bases', () => {
  it('an original that is not AUTHORIZED, of another buyer and date: each message in Spanish', async () => {
    const inv = await createDocument(ctx, t);
    expect(inv.statusCode, inv.body).toBe(201);
    const detail = await ctx.app.inject({
      url: `/v1/documents/${inv.json().document.accessKey}`,
      headers: docHeaders(t),
    });
    const { number, status } = detail.json().document;
    const body = creditNoteBody(
      { number, issueDate: '01/01/2026' },
      { buyer: { idType: '05', id: '0912345678', name: 'Otro', email: 'o@example.com' } },
    );
    const res = await createDocument(ctx, t, body, ES);
    expect(res.statusCode, res.body).toBe(400);
    const expected = [
      `está en estado ${status}: solo se puede referir a un documento AUTHORIZED (autorizado)`,
      `debe ser la fecha de emisión del documento original (${today()})`,
      'debe ser la identificación del comprador del documento original (1710034065)',
    ];
    expect(messages(res.json().errors).sort()).toEqual([...expected].sort());
    expect(messages((await validate(body)).json().errors).sort()).toEqual([...expected].sort());
    const en = await createDocument(ctx, t, body);
    expect(messages(en.json().errors)).toContain("must be the original's buyer identification (1710034065)");
  });

  it('the warning of an original outside the account, in the answer and the dry run', async () => {
    const body = creditNoteBody({ number: '001-001-000000777', issueDate: '02/10/2025' });
    const warning = {
      code: 'ORIGINAL_NOT_IN_ACCOUNT',
      path: 'originalDocument',
      message: 'el documento original no está en esta cuenta; no se verificó',
    };
    expect((await validate(body)).json().warnings).toEqual([warning]);
    const res = await createDocument(ctx, t, body, ES);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([warning]);
  });

  it("a withholding's key of another date, and bases above the VAT and the taxable base", async () => {
    const keyed = withholdingBody(today());
    const d = keyed.supportingDocuments[0]!;
    d.authorizationNumber = keyDated(d.authorizationNumber!, '19/11/2025');
    const res = await createDocument(ctx, t, keyed, ES);
    expect(res.statusCode, res.body).toBe(400);
    expect(messages(res.json().errors)).toEqual([
      `no corresponde al documento: su fecha 19/11/2025 no es la fecha de emisión ${today()}`,
    ]);

    const bases = withholdingBody(today());
    const w = bases.supportingDocuments[0]!.withholdings;
    Object.assign(w[0]!, { taxableBase: '129.57', amount: '12.96' });
    Object.assign(w[1]!, { taxableBase: '129.58', amount: '1.30' });
    const over = await createDocument(ctx, t, bases, ES);
    expect(over.statusCode, over.body).toBe(400);
    expect(messages(over.json().errors)).toEqual([
      'las bases de retención de IVA suman más que el IVA del documento (129.57 > 19.44)',
      'las bases de retención de renta suman más que la base imponible del documento (129.58 > 129.57)',
    ]);
  });
});
