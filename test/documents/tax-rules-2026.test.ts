import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { ADMIN_TOKEN } from '../helpers/billing.js';
import { keyDated, TYPE_CASES } from '../helpers/document-types.js';
import { createDocument, creditNoteBody, docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, type RegisteredTenant } from '../helpers/tenants.js';
import {
  documentOf,
  invoiceWith,
  issue,
  type Lifecycle,
  registerTenant,
  settle,
  startLifecycle,
} from '../submission/support.js';

/**
 * The rules of 2026 (Res. NAC-DGERCGC25-00000014 and -00000017) and the links between documents,
 * through the API with the real simulator. Every date comes from the test clock, set explicitly.
 */
let life: Lifecycle;
let t: RegisteredTenant;
/** 17:00Z is noon in Ecuador (UTC-5). */
const at = (iso: string) => new Date(`${iso}Z`);
const NOT_IN_ACCOUNT = 'the original is not in this account; it was not checked';

beforeAll(async () => {
  life = await startLifecycle({ ADMIN_TOKEN });
  life.ctx.clock.set(at('2026-11-20T17:00:00'));
  t = await registerTenant(life.ctx);
  const put = await life.ctx.app.inject({
    method: 'PUT',
    url: `/v1/issuers/${t.issuerId}/document-types`,
    headers: bearer(t.apiKey),
    payload: { documentTypes: ['01', '03', '04', '05', '06', '07'] },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(() => life?.close());

const today = () => ecuadorDate(life.ctx.clock.now());
const voidIt = (key: string) =>
  life.ctx.app.inject({
    method: 'POST',
    url: `/v1/documents/${key}/void`,
    headers: docHeaders(t),
    payload: { confirmedSriVoid: true, reason: 'Error en el comprobante' },
  });
const validate = (body: object) =>
  life.ctx.app.inject({
    method: 'POST',
    url: '/v1/documents/validate',
    headers: docHeaders(t),
    payload: body,
  });
const errorsOf = (res: { statusCode: number; json(): { code?: string; errors?: unknown } }) => [
  res.statusCode,
  res.json().code,
  res.json().errors,
];

describe('links between documents', () => {
  let invoiceNumber: string;
  let returnedNumber: string;
  beforeAll(async () => {
    life.ctx.clock.set(at('2026-11-20T17:00:00'));
    const inv = await issue(life.ctx, t);
    const returned = await issue(life.ctx, t, invoiceWith('DEVUELTA'));
    await settle(life.ctx);
    invoiceNumber = (await documentOf(life.ctx, t, inv)).number;
    const r = await documentOf(life.ctx, t, returned);
    expect([r.status, (await documentOf(life.ctx, t, inv)).status]).toEqual(['RETURNED', 'AUTHORIZED']);
    returnedNumber = r.number;
  });

  it('a credit note against an AUTHORIZED invoice of the account, same buyer and date: 201, no warning', async () => {
    const res = await createDocument(
      life.ctx,
      t,
      creditNoteBody({ number: invoiceNumber, issueDate: today() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toBeUndefined();
    expect(
      (await validate(creditNoteBody({ number: invoiceNumber, issueDate: today() }))).json(),
    ).toMatchObject({
      valid: true,
      errors: [],
      warnings: [],
    });
  });

  it('refuses another buyer, another issue date, a RETURNED original; the dry run says the same', async () => {
    const cases: [object, string, RegExp][] = [
      [
        creditNoteBody(
          { number: invoiceNumber, issueDate: today() },
          { buyer: { idType: '05', id: '0912345678', name: 'Otro', email: 'o@example.com' } },
        ),
        'buyer.id',
        /must be the original's buyer identification \(1710034065\)/,
      ],
      [
        creditNoteBody({ number: invoiceNumber, issueDate: '19/11/2026' }),
        'originalDocument.issueDate',
        /\(20\/11\/2026\)/,
      ],
      [
        creditNoteBody({ number: returnedNumber, issueDate: today() }),
        'originalDocument.number',
        /is RETURNED/,
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await createDocument(life.ctx, t, body);
      expect(errorsOf(res)).toEqual([
        400,
        'VALIDATION_FAILED',
        [{ path, message: expect.stringMatching(message) }],
      ]);
      const dry = (await validate(body)).json();
      expect([dry.valid, dry.errors]).toEqual([
        false,
        [{ code: 'VALIDATION_FAILED', path, message: expect.stringMatching(message) }],
      ]);
    }
  });

  it('a debit note against a RETURNED invoice is refused', async () => {
    const body = TYPE_CASES.find((c) => c.code === '05')!.body(today()) as {
      originalDocument: { number: string };
      buyer: { idType: string; id: string };
    };
    body.originalDocument.number = returnedNumber;
    Object.assign(body.buyer, { idType: '05', id: '1710034065' });
    const res = await createDocument(life.ctx, t, body);
    expect(errorsOf(res)).toEqual([
      400,
      'VALIDATION_FAILED',
      [
        {
          path: 'originalDocument.number',
          message: 'is RETURNED: only an AUTHORIZED document can be referred to',
        },
      ],
    ]);
  });

  it('an original not in the account is accepted with a warning, in the answer and the dry run', async () => {
    const body = creditNoteBody({ number: '001-001-000000777', issueDate: '02/10/2025' });
    const warning = { code: 'ORIGINAL_NOT_IN_ACCOUNT', path: 'originalDocument', message: NOT_IN_ACCOUNT };
    const dry = (await validate(body)).json();
    expect([dry.valid, dry.warnings]).toEqual([true, [warning]]);
    const res = await createDocument(life.ctx, t, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([warning]);
  });

  it("refuses a withholding's authorization number of another date, and a waybill's key of another number", async () => {
    const withholding = TYPE_CASES.find((c) => c.code === '07')!.body(today()) as {
      supportingDocuments: { authorizationNumber: string }[];
    };
    const d = withholding.supportingDocuments[0]!;
    d.authorizationNumber = keyDated(d.authorizationNumber, '19/11/2026');
    const path = 'supportingDocuments[0].authorizationNumber';
    const message = `does not match the document: its date 19/11/2026 is not the issue date ${today()}`;
    expect(errorsOf(await createDocument(life.ctx, t, withholding))).toEqual([
      400,
      'VALIDATION_FAILED',
      [{ path, message }],
    ]);
    expect((await validate(withholding)).json().errors).toEqual([
      { code: 'VALIDATION_FAILED', path, message },
    ]);

    const waybill = TYPE_CASES.find((c) => c.code === '06')!.body(today()) as {
      recipients: { supportingDocument: { number: string } }[];
    };
    waybill.recipients[0]!.supportingDocument.number = '002-001-000000002';
    expect(errorsOf(await createDocument(life.ctx, t, waybill))).toEqual([
      400,
      'VALIDATION_FAILED',
      [
        {
          path: 'recipients[0].supportingDocument.authorizationNumber',
          message: 'does not match the document: its number 002-001-000000001 is not 002-001-000000002',
        },
      ],
    ]);
  });
});

describe('final consumer invoices (id type 07) from 2026', () => {
  const finalConsumer = () =>
    invoiceBody({
      buyer: { idType: '07', id: '9999999999999', name: 'CONSUMIDOR FINAL', email: 'cf@example.com' },
      items: [
        {
          mainCode: 'SKU-002',
          description: 'Libro técnico',
          quantity: '1',
          unitPrice: '20.00',
          taxes: [{ code: '2', rateCode: '0', rate: '0', taxableBase: '20.00', taxAmount: '0.00' }],
        },
      ],
      payments: [{ method: '01', total: '20.00' }],
    });

  it('cannot be voided: 400 DOCUMENT_NOT_VOIDABLE citing the rule; the detail says so before trying', async () => {
    life.ctx.clock.set(at('2026-11-20T17:00:00'));
    const key = await issue(life.ctx, t, finalConsumer());
    const identified = await issue(life.ctx, t);
    await settle(life.ctx);
    const doc = await documentOf(life.ctx, t, key);
    expect([doc.status, doc.voidWindow]).toEqual([
      'AUTHORIZED',
      { lastDay: null, open: false, blockedBy: 'FINAL_CONSUMER' },
    ]);
    const res = await voidIt(key);
    expect([res.statusCode, res.json().code]).toEqual([400, 'DOCUMENT_NOT_VOIDABLE']);
    expect(res.json().detail).toContain('NAC-DGERCGC25-00000017');
    // The neighbour: an identified buyer's invoice of the same day is voided.
    expect((await voidIt(identified)).statusCode).toBe(200);
  });

  it('cannot be corrected by a credit note: 400 VALIDATION_FAILED on buyer.idType, in the dry run too', async () => {
    const body = creditNoteBody(
      { number: '001-001-000000888', issueDate: today() },
      { buyer: { idType: '07', id: '9999999999999', name: 'CONSUMIDOR FINAL', email: 'cf@example.com' } },
    );
    const res = await createDocument(life.ctx, t, body);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().errors).toContainEqual({
      path: 'buyer.idType',
      message: expect.stringContaining('NAC-DGERCGC25-00000017'),
    });
    expect((await validate(body)).json().errors).toContainEqual({
      code: 'VALIDATION_FAILED',
      path: 'buyer.idType',
      message: expect.stringContaining('cannot be issued to a final consumer'),
    });
  });
});

describe('the voiding window: until day 7 of the next month, or the next business day', () => {
  it('the last day, the first day after, and a holiday that moves the deadline', async () => {
    life.ctx.clock.set(at('2026-11-20T17:00:00'));
    const first = await issue(life.ctx, t);
    const second = await issue(life.ctx, t);
    await settle(life.ctx);
    expect((await documentOf(life.ctx, t, first)).voidWindow).toEqual({
      lastDay: '07/12/2026',
      open: true,
      blockedBy: null,
    });

    life.ctx.clock.set(at('2026-12-08T04:59:00')); // 07/12/2026 23:59 in Ecuador
    expect((await voidIt(first)).statusCode).toBe(200);

    life.ctx.clock.set(at('2026-12-08T15:00:00')); // 08/12/2026
    const closed = await voidIt(second);
    expect([closed.statusCode, closed.json().code]).toEqual([400, 'DOCUMENT_VOID_WINDOW_CLOSED']);
    expect(closed.json().detail).toMatch(/closed on 07\/12\/2026.*credit note/);
    expect((await documentOf(life.ctx, t, second)).voidWindow).toEqual({
      lastDay: '07/12/2026',
      open: false,
      blockedBy: 'WINDOW_CLOSED',
    });

    // The operator declares 07/12/2026 a holiday: the window ends on the next business day.
    const added = await life.ctx.app.inject({
      method: 'POST',
      url: '/admin/v1/holidays',
      headers: bearer(ADMIN_TOKEN),
      payload: { date: '07/12/2026', name: 'Feriado de prueba' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await documentOf(life.ctx, t, second)).voidWindow).toEqual({
      lastDay: '08/12/2026',
      open: true,
      blockedBy: null,
    });
    expect((await voidIt(second)).statusCode).toBe(200);
  });
});
