import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readP12 } from '../../src/adapters/signing/p12.js';
import { signDocumentXml } from '../../src/adapters/signing/xades.js';
import { answerAuthorization } from '../../src/adapters/sri/simulator/authorizer.js';
import { readSubmittedDocument } from '../../src/adapters/sri/simulator/document.js';
import { receiveDocument } from '../../src/adapters/sri/simulator/reception.js';
import { parseDocument } from '../../src/adapters/sri/simulator/schema-validator.js';
import { SimulatorState } from '../../src/adapters/sri/simulator/state.js';
import { arithmeticMismatch } from '../../src/adapters/sri/simulator/totals.js';
import { buildAccessKey } from '../../src/modules/documents/access-key.js';
import { computeDocumentContent } from '../../src/modules/documents/types/common/sales-compute.js';
import type {
  CreditNoteInput,
  InvoiceInput,
  ItemInput,
} from '../../src/modules/documents/types/common/sales-input.js';
import {
  aggregateTotals,
  computeLine,
  type LineTaxRate,
} from '../../src/modules/documents/types/common/tax-lines.js';
import { ecuadorDate, MovableClock } from '../../src/shared/clock.js';
import type { DocumentModel, IssuerSnapshot } from '../../src/shared/document-model.js';
import { dec } from '../../src/shared/money.js';
import { makeCertificate } from '../helpers/certificates.js';
import { buildDocumentXml } from './fixtures.js';

/**
 * Issue 13, defect 9: a tax group's value is the rate applied to the group's summed base. Proved
 * against the real authorized invoices and, over random line sets, against the simulator's own
 * reception and authorization (schema, signature, access key, error 52 arithmetic).
 */

const SAMPLES = new URL('../fixtures/sri/samples/', import.meta.url);
const REAL_INVOICES = [
  'factura_v1.1.0_real_1312202301179001691900122011070002060400460006816.extracted.xml',
  'factura_v1.1.0_real_0810202301019047913700120021000000699911921739517.extracted.xml',
];

describe('real authorized invoices pass the simulator arithmetic', () => {
  it.each(REAL_INVOICES)('%s', (file) => {
    const parsed = parseDocument(readFileSync(new URL(file, SAMPLES)));
    if ('error' in parsed) throw new Error(parsed.error);
    const amounts = readSubmittedDocument(parsed.doc).amounts;
    parsed.doc.dispose();
    expect('lines' in amounts ? amounts.lines.length : 0).toBeGreaterThan(0);
    expect(arithmeticMismatch(amounts)).toBeNull();
  });
});

const ISSUER: IssuerSnapshot = {
  ruc: '0102581709001',
  businessName: 'PEREZ LOPEZ JUAN',
  tradeName: null,
  mainAddress: 'Racar',
  branchAddress: null,
  branchCode: '001',
  issuePointCode: '001',
  requiredAccounting: false,
  specialTaxpayer: null,
  retentionAgentResolution: null,
  rimpeRegime: null,
};

const clock = new MovableClock();
const issued = makeCertificate({ now: clock.now() });
const cert = readP12(issued.p12, issued.password, clock.now());

/** Rates a line may carry (current catalog rows); ICE and IRBPNR ride along with an IVA row. */
const IVA_RATES: LineTaxRate[] = [
  { code: '2', rateCode: '0', rate: '0' },
  { code: '2', rateCode: '4', rate: '15' },
  { code: '2', rateCode: '5', rate: '5' },
  { code: '2', rateCode: '8', rate: '8' },
  { code: '2', rateCode: '10', rate: '13' },
];
const ICE = { code: '3', rateCode: '3051', rate: '0' };
const IRBPNR = { code: '5', rateCode: '5001', rate: '0.02' };

/** Decimal text with `scale` decimals in [min, max] units of 10^-scale. */
const decimal = (min: number, max: number, scale: number) =>
  fc.integer({ min, max }).map((n) =>
    dec(n)
      .dividedBy(10 ** scale)
      .toFixed(scale),
  );

const lineArb = fc.record({
  quantity: fc.oneof(decimal(1, 5, 0), decimal(1, 5000, 3)),
  // Small prices are where rounding drifts most: a cent or a few, often.
  unitPrice: fc.oneof(decimal(1, 40, 2), decimal(1, 100_000, 2), decimal(1, 9_999_999, 6)),
  discountPercent: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
  iva: fc.constantFrom(...IVA_RATES),
  extras: fc.constantFrom<LineTaxRate[]>([], [IRBPNR], [ICE, IRBPNR]),
});

type LineCase = typeof lineArb extends fc.Arbitrary<infer T> ? T : never;

function invoiceFor(lines: LineCase[], today: string): InvoiceInput {
  const items: ItemInput[] = [];
  const computed = lines.map((l, i) => {
    const gross = dec(l.quantity).times(l.unitPrice);
    const discount = gross.times(l.discountPercent).dividedBy(100).toDecimalPlaces(2, 1).toFixed(2);
    const rates = [...l.extras, l.iva];
    // A client computes each line's figures as the API documents them.
    const line = computeLine(
      { quantity: dec(l.quantity), unitPrice: dec(l.unitPrice), discount: dec(discount) },
      rates,
    );
    items.push({
      mainCode: `SKU-${i}`,
      description: `Artículo ${i}`,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount,
      taxes: line.taxes.map((t) => ({
        code: t.code,
        rateCode: t.rateCode,
        rate: t.rate,
        taxableBase: t.taxableBase,
        taxAmount: t.amount,
      })),
    });
    return { ...line, discount };
  });
  const { total } = aggregateTotals(computed, '0');
  return {
    documentType: '01',
    issueDate: today,
    buyer: { idType: '04', id: '1790016919001', name: 'CORPORACION FAVORITA C.A.', email: 'c@example.ec' },
    items,
    payments: [{ method: '20', total }],
  };
}

let sequential = 0;
function modelFor(input: InvoiceInput | CreditNoteInput, today: string): DocumentModel {
  const content = computeDocumentContent(input, { today });
  const seq = String(++sequential).padStart(9, '0');
  const accessKey = buildAccessKey({
    issueDate: content.issueDate,
    documentType: input.documentType,
    ruc: ISSUER.ruc,
    environment: 'sandbox',
    branchCode: ISSUER.branchCode,
    issuePointCode: ISSUER.issuePointCode,
    sequential: seq,
    numericCode: '12345678',
    emissionType: '1',
  });
  return {
    ...content,
    documentType: input.documentType,
    environment: 'sandbox',
    accessKey,
    sequential: seq,
    issuer: ISSUER,
  };
}

/** Signs the document and runs it through the simulator's reception and authorization. */
function authorize(model: DocumentModel, state: SimulatorState) {
  const signed = signDocumentXml(buildDocumentXml(model), cert, clock.now());
  const now = clock.now().getTime();
  const received = receiveDocument(Buffer.from(signed, 'utf8'), { state, now, authorizationDelayMs: 0 });
  expect(received).toMatchObject({ kind: 'answer', answer: { status: 'RECIBIDA' } });
  const answer = answerAuthorization(model.accessKey, state, now, false);
  if (answer.kind !== 'answer') throw new Error('no authorization answer');
  return answer.entries.at(-1);
}

describe('a credit note at the historical 12% (issue 13, defect 10)', () => {
  it('is built and authorized for an invoice issued in 2023', () => {
    const today = ecuadorDate(clock.now());
    const note: CreditNoteInput = {
      documentType: '04',
      buyer: { idType: '05', id: '1712345678', name: 'Ana Pérez', email: 'ana@example.com' },
      originalDocument: { documentType: '01', number: '001-002-000069991', issueDate: '08/10/2023' },
      motivo: 'Devolución',
      items: [
        {
          mainCode: 'A1',
          description: 'Producto',
          quantity: '1',
          unitPrice: '10.4911',
          taxes: [{ code: '2', rateCode: '2', rate: '12', taxableBase: '10.49', taxAmount: '1.26' }],
        },
      ],
    };
    const model = modelFor(note, today);
    expect(model.totals.taxTotals).toEqual([
      { code: '2', rateCode: '2', rate: '12.00', taxableBase: '10.49', amount: '1.26' },
    ]);
    expect(model.totals.total).toBe('11.75');
    const entry = authorize(model, new SimulatorState());
    expect(entry?.messages).toEqual([]);
    expect(entry?.status).toBe('AUTORIZADO');
  });
});

describe('random line sets: every group valued on its summed base, every document authorized', () => {
  it('the simulator authorizes what the service builds (fast-check, fixed seed)', () => {
    const state = new SimulatorState();
    const today = ecuadorDate(clock.now());
    let drifted = 0;
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 60 }), (lines) => {
        const model = modelFor(invoiceFor(lines, today), today);
        for (const group of model.totals.taxTotals) {
          const lineSum = model.items
            .flatMap((item) => item.taxes)
            .filter((t) => t.code === group.code && t.rateCode === group.rateCode)
            .reduce((acc, t) => acc.plus(t.amount), dec(0));
          if (group.code === '5') {
            expect(group.amount).toBe(lineSum.toFixed(2));
            continue;
          }
          const expected = dec(group.taxableBase).times(group.rate).dividedBy(100).toDecimalPlaces(2, 4);
          expect(group.amount).toBe(expected.toFixed(2));
          if (!lineSum.equals(group.amount)) drifted++;
        }
        const entry = authorize(model, state);
        expect(entry?.messages).toEqual([]);
        expect(entry?.status).toBe('AUTORIZADO');
      }),
      { seed: 1313, numRuns: 200 },
    );
    // The runs include documents where the lines' rounded values and the group value differ.
    expect(drifted).toBeGreaterThan(0);
  });
});
