import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.js';
import type { CreditNoteInput, InvoiceInput, ItemInput, TaxInput } from './document-input.js';
import { computeDocumentContent } from './totals.js';

/**
 * One row per rule: a body that breaks only that rule, the single field error it must produce,
 * and (where there is a limit) the body just inside the limit, which must pass.
 */
const TODAY = '15/03/2026';

const tax = (over: Partial<TaxInput> = {}): TaxInput => ({
  code: '2',
  rateCode: '4',
  rate: '15.00',
  taxableBase: '10.00',
  taxAmount: '1.50',
  ...over,
});
const item = (over: Partial<ItemInput> = {}): ItemInput => ({
  mainCode: 'A1',
  description: 'Producto',
  quantity: '1',
  unitPrice: '10.00',
  taxes: [tax()],
  ...over,
});
const invoice = (over: Partial<InvoiceInput> = {}): InvoiceInput => ({
  documentType: '01',
  buyer: { idType: '05', id: '1712345678', name: 'Ana Pérez', email: 'ana@example.com' },
  items: [item()],
  payments: [{ method: '01', total: '11.50' }],
  ...over,
});
const creditNote = (over: Partial<CreditNoteInput> = {}): CreditNoteInput => ({
  documentType: '04',
  buyer: { idType: '05', id: '1712345678', name: 'Ana Pérez', email: 'ana@example.com' },
  originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '01/03/2026' },
  motivo: 'Devolución',
  items: [item()],
  ...over,
});
const buyer = (over: Partial<InvoiceInput['buyer']>) => ({ ...invoice().buyer, ...over });
const x = (n: number, ch = 'a') => ch.repeat(n);
const infos = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `n${i}`, value: 'v' }));

type Body = InvoiceInput | CreditNoteInput;
interface Rule {
  rule: string;
  bad: Body;
  path: string;
  message: RegExp;
  /** The same field just inside the limit. */
  good?: Body;
}

const RULES: Rule[] = [
  {
    rule: 'document type',
    bad: { ...invoice(), documentType: '05' } as never,
    path: 'documentType',
    message: /01.*04/,
  },
  // Decimal formats and limits
  {
    rule: 'quantity > 0',
    bad: invoice({ items: [item({ quantity: '0.000' })] }),
    path: 'items[0].quantity',
    message: /greater than 0/,
  },
  {
    rule: 'quantity not negative',
    bad: invoice({ items: [item({ quantity: '-1' })] }),
    path: 'items[0].quantity',
    message: /non-negative decimal/,
  },
  {
    rule: 'quantity no exponent',
    bad: invoice({ items: [item({ quantity: '1e1' })] }),
    path: 'items[0].quantity',
    message: /decimal string/,
  },
  {
    rule: 'quantity ≤ 6 decimals',
    bad: invoice({ items: [item({ quantity: '1.0000001' })] }),
    path: 'items[0].quantity',
    message: /at most 6 decimals/,
    good: invoice({ items: [item({ quantity: '1.000000' })] }),
  },
  {
    rule: 'quantity ≤ 12 integer digits',
    bad: invoice({
      items: [
        item({
          quantity: '1000000000000',
          unitPrice: '0',
          taxes: [tax({ taxableBase: '0', taxAmount: '0' })],
        }),
      ],
      payments: [{ method: '01', total: '0' }],
    }),
    path: 'items[0].quantity',
    message: /12 digits/,
    good: invoice({
      items: [
        item({
          quantity: '000999999999999',
          unitPrice: '0',
          taxes: [tax({ taxableBase: '0', taxAmount: '0' })],
        }),
      ],
      payments: [{ method: '01', total: '0' }],
    }),
  },
  {
    rule: 'unit price ≤ 6 decimals',
    bad: invoice({ items: [item({ unitPrice: '10.0000001' })] }),
    path: 'items[0].unitPrice',
    message: /6 decimals/,
  },
  {
    rule: 'unit price is a string decimal',
    bad: invoice({ items: [item({ unitPrice: '10,00' })] }),
    path: 'items[0].unitPrice',
    message: /decimal string/,
  },
  {
    rule: 'discount ≤ 2 decimals',
    bad: invoice({ items: [item({ discount: '0.001' })] }),
    path: 'items[0].discount',
    message: /2 decimals/,
  },
  {
    rule: 'discount ≤ quantity × unitPrice',
    bad: invoice({ items: [item({ discount: '10.01' })] }),
    path: 'items[0].discount',
    message: /must not exceed quantity × unitPrice \(10\.00\)/,
    good: invoice({
      items: [item({ discount: '10.00', taxes: [tax({ taxableBase: '0.00', taxAmount: '0.00' })] })],
      payments: [{ method: '01', total: '0.00' }],
    }),
  },
  { rule: 'tip ≤ 2 decimals', bad: invoice({ tip: '1.005' }), path: 'tip', message: /2 decimals/ },
  {
    rule: 'document total within the schema',
    bad: invoice({
      items: [
        item({
          quantity: '999999999999',
          unitPrice: '1',
          taxes: [tax({ taxableBase: '999999999999.00', taxAmount: '149999999999.85' })],
        }),
      ],
      payments: [{ method: '01', total: '1.00' }],
    }),
    path: 'items',
    message: /exceeds the schema limit/,
  },
  // Lengths and characters
  {
    rule: 'description ≤ 300 characters (accents count once)',
    bad: invoice({ items: [item({ description: x(301, 'ñ') })] }),
    path: 'items[0].description',
    message: /at most 300 characters \(got 301\)/,
    good: invoice({ items: [item({ description: x(300, 'ñ') })] }),
  },
  {
    rule: 'description required',
    bad: invoice({ items: [item({ description: '   ' })] }),
    path: 'items[0].description',
    message: /required/,
  },
  {
    rule: 'description single line',
    bad: invoice({ items: [item({ description: 'a\nb' })] }),
    path: 'items[0].description',
    message: /single line/,
  },
  {
    rule: 'no control characters',
    bad: invoice({ items: [item({ description: 'a\u0001b' })] }),
    path: 'items[0].description',
    message: /control characters/,
  },
  {
    rule: 'no unpaired surrogate',
    bad: invoice({ buyer: buyer({ name: 'a\ud800b' }) }),
    path: 'buyer.name',
    message: /control characters/,
  },
  {
    rule: 'no U+FFFF',
    bad: creditNote({ motivo: 'a\uffff' }),
    path: 'motivo',
    message: /control characters/,
  },
  {
    rule: 'mainCode ≤ 25',
    bad: invoice({ items: [item({ mainCode: x(26) })] }),
    path: 'items[0].mainCode',
    message: /25/,
    good: invoice({ items: [item({ mainCode: x(25) })] }),
  },
  {
    rule: 'auxiliaryCode ≤ 25',
    bad: invoice({ items: [item({ auxiliaryCode: x(26) })] }),
    path: 'items[0].auxiliaryCode',
    message: /25/,
  },
  {
    rule: 'auxiliaryCode not blank when given',
    bad: invoice({ items: [item({ auxiliaryCode: '' })] }),
    path: 'items[0].auxiliaryCode',
    message: /blank/,
  },
  {
    rule: 'buyer name ≤ 300',
    bad: invoice({ buyer: buyer({ name: x(301) }) }),
    path: 'buyer.name',
    message: /300/,
    good: invoice({ buyer: buyer({ name: x(300) }) }),
  },
  {
    rule: 'buyer address ≤ 300',
    bad: invoice({ buyer: buyer({ address: x(301) }) }),
    path: 'buyer.address',
    message: /300/,
  },
  {
    rule: 'buyer id ≤ 20',
    bad: invoice({ buyer: buyer({ idType: '06', id: x(21, '1') }) }),
    path: 'buyer.id',
    message: /20/,
    good: invoice({ buyer: buyer({ idType: '06', id: x(20, '1') }) }),
  },
  {
    rule: 'motivo ≤ 300',
    bad: creditNote({ motivo: x(301) }),
    path: 'motivo',
    message: /300/,
    good: creditNote({ motivo: x(300) }),
  },
  { rule: 'motivo required', bad: creditNote({ motivo: '' }), path: 'motivo', message: /required/ },
  {
    rule: 'additionalInfo ≤ 15',
    bad: invoice({ additionalInfo: infos(16) }),
    path: 'additionalInfo',
    message: /at most 15/,
    good: invoice({ additionalInfo: infos(15) }),
  },
  {
    rule: 'additionalInfo name ≤ 300',
    bad: invoice({ additionalInfo: [{ name: x(301), value: 'v' }] }),
    path: 'additionalInfo[0].name',
    message: /300/,
  },
  {
    rule: 'additionalInfo value ≥ 1',
    bad: invoice({ additionalInfo: [{ name: 'n', value: '' }] }),
    path: 'additionalInfo[0].value',
    message: /required/,
  },
  {
    rule: 'additionalInfo value ≤ 300',
    bad: invoice({ additionalInfo: [{ name: 'n', value: x(301) }] }),
    path: 'additionalInfo[0].value',
    message: /300/,
  },
  {
    rule: 'additionalDetails ≤ 3',
    bad: invoice({ items: [item({ additionalDetails: infos(4) })] }),
    path: 'items[0].additionalDetails',
    message: /at most 3/,
    good: invoice({ items: [item({ additionalDetails: infos(3) })] }),
  },
  // Buyer
  {
    rule: 'idType in 04..08',
    bad: invoice({ buyer: buyer({ idType: '03' }) }),
    path: 'buyer.idType',
    message: /04 \(RUC\)/,
  },
  {
    rule: 'RUC 13 digits ending 001',
    bad: invoice({ buyer: buyer({ idType: '04', id: '1790016919002' }) }),
    path: 'buyer.id',
    message: /RUC/,
  },
  {
    rule: 'cédula 10 digits',
    bad: invoice({ buyer: buyer({ id: '171234567' }) }),
    path: 'buyer.id',
    message: /cédula/,
  },
  {
    rule: 'final consumer id',
    bad: invoice({ buyer: buyer({ idType: '07', id: '9999999999' }) }),
    path: 'buyer.id',
    message: /9999999999999/,
  },
  {
    rule: 'email syntax',
    bad: invoice({ buyer: buyer({ email: 'ana@example' }) }),
    path: 'buyer.email',
    message: /valid email/,
  },
  {
    rule: 'final consumer ≤ USD 50.00',
    bad: invoice({
      buyer: buyer({ idType: '07', id: '9999999999999' }),
      items: [item({ unitPrice: '43.49', taxes: [tax({ taxableBase: '43.49', taxAmount: '6.52' })] })],
      payments: [{ method: '01', total: '50.01' }],
    }),
    path: 'buyer.idType',
    message: /USD 50\.00 \(total 50\.01\)/,
    good: invoice({
      buyer: buyer({ idType: '07', id: '9999999999999' }),
      items: [item({ unitPrice: '43.48', taxes: [tax({ taxableBase: '43.48', taxAmount: '6.52' })] })],
      payments: [{ method: '01', total: '50.00' }],
    }),
  },
  // Dates
  {
    rule: 'issueDate a real date',
    bad: invoice({ issueDate: '29/02/2026' }),
    path: 'issueDate',
    message: /real date/,
  },
  {
    rule: 'issueDate not in the future',
    bad: invoice({ issueDate: '16/03/2026' }),
    path: 'issueDate',
    message: /future/,
  },
  {
    rule: 'issueDate at most 90 days back',
    bad: invoice({ issueDate: '14/12/2025' }),
    path: 'issueDate',
    message: /90 days/,
    good: invoice({ issueDate: '15/12/2025' }),
  },
  {
    rule: 'credit note dated today',
    bad: creditNote({ issueDate: '14/03/2026' }),
    path: 'issueDate',
    message: /today \(15\/03\/2026\)/,
    good: creditNote({ issueDate: TODAY }),
  },
  {
    rule: 'original document not after the credit note',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '16/03/2026' },
    }),
    path: 'originalDocument.issueDate',
    message: /after/,
  },
  {
    rule: 'original document date real',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '31/04/2025' },
    }),
    path: 'originalDocument.issueDate',
    message: /real date/,
  },
  {
    rule: 'original document date in the schema range',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-000000001', issueDate: '01/01/1999' },
    }),
    path: 'originalDocument.issueDate',
    message: /2000/,
  },
  {
    rule: 'original document number',
    bad: creditNote({
      originalDocument: { documentType: '01', number: '001-001-1', issueDate: '01/03/2026' },
    }),
    path: 'originalDocument.number',
    message: /NNN-NNN-NNNNNNNNN/,
  },
  {
    rule: 'original document type',
    bad: creditNote({
      originalDocument: { documentType: '07', number: '001-001-000000001', issueDate: '01/03/2026' },
    }),
    path: 'originalDocument.documentType',
    message: /01 \(invoice\)/,
  },
  // Taxes
  {
    rule: 'known rate',
    bad: invoice({ items: [item({ taxes: [tax({ rateCode: '9' })] })] }),
    path: 'items[0].taxes[0].rateCode',
    message: /unknown tax rate: code 2, rateCode 9/,
  },
  {
    rule: 'historical 12% refused',
    bad: invoice({
      items: [item({ taxes: [tax({ rateCode: '2', rate: '12', taxAmount: '1.20' })] })],
      payments: [{ method: '01', total: '11.20' }],
    }),
    path: 'items[0].taxes[0].rateCode',
    message: /historical/,
  },
  {
    rule: 'historical 14% refused',
    bad: invoice({
      items: [item({ taxes: [tax({ rateCode: '3', rate: '14', taxAmount: '1.40' })] })],
      payments: [{ method: '01', total: '11.40' }],
    }),
    path: 'items[0].taxes[0].rateCode',
    message: /historical/,
  },
  {
    rule: 'rate equals the catalog',
    bad: invoice({ items: [item({ taxes: [tax({ rate: '12.00' })] })] }),
    path: 'items[0].taxes[0].rate',
    message: /must be 15\.00/,
  },
  {
    rule: 'an IVA row is required',
    bad: invoice({
      items: [item({ taxes: [tax({ code: '3', rateCode: '3051', rate: '0', taxAmount: '0.00' })] })],
      payments: [{ method: '01', total: '10.00' }],
    }),
    path: 'items[0].taxes',
    message: /IVA/,
  },
  {
    rule: 'at least one tax',
    bad: invoice({ items: [item({ taxes: [] })] }),
    path: 'items[0].taxes',
    message: /at least one tax/,
  },
  {
    rule: 'one row per tax code',
    bad: invoice({ items: [item({ taxes: [tax(), tax({ rateCode: '0', rate: '0', taxAmount: '0.00' })] })] }),
    path: 'items[0].taxes[1].code',
    message: /more than once/,
  },
  {
    rule: 'stated base equals ours',
    bad: invoice({ items: [item({ taxes: [tax({ taxableBase: '10.01' })] })] }),
    path: 'items[0].taxes[0].taxableBase',
    message: /^expected 10\.00, got 10\.01$/,
  },
  {
    rule: 'stated amount equals ours',
    bad: invoice({ items: [item({ taxes: [tax({ taxAmount: '1.49' })] })] }),
    path: 'items[0].taxes[0].taxAmount',
    message: /^expected 1\.50, got 1\.49$/,
    good: invoice({ items: [item({ taxes: [tax({ taxAmount: '1.5' })] })] }),
  },
  {
    rule: 'stated amount is money',
    bad: invoice({ items: [item({ taxes: [tax({ taxAmount: '1.500' })] })] }),
    path: 'items[0].taxes[0].taxAmount',
    message: /2 decimals/,
  },
  { rule: 'items required', bad: invoice({ items: [] }), path: 'items', message: /at least one item/ },
  // Payments
  {
    rule: 'payments required',
    bad: invoice({ payments: [] }),
    path: 'payments',
    message: /at least one payment/,
  },
  {
    rule: 'payments add up to the total',
    bad: invoice({ payments: [{ method: '01', total: '11.49' }] }),
    path: 'payments',
    message: /11\.49 but the invoice total is 11\.50/,
  },
  {
    rule: 'payment method in tabla 24',
    bad: invoice({ payments: [{ method: '02', total: '11.50' }] }),
    path: 'payments[0].method',
    message: /tabla 24/,
  },
  {
    rule: 'payment total is money',
    bad: invoice({ payments: [{ method: '01', total: '11.5.0' }] }),
    path: 'payments[0].total',
    message: /decimal string/,
  },
  {
    rule: 'term needs its unit',
    bad: invoice({ payments: [{ method: '01', total: '11.50', term: '30' }] }),
    path: 'payments[0].termUnit',
    message: /together/,
  },
  {
    rule: 'unit needs its term',
    bad: invoice({ payments: [{ method: '01', total: '11.50', termUnit: 'dias' }] }),
    path: 'payments[0].term',
    message: /together/,
  },
  {
    rule: 'term unit dias or meses',
    bad: invoice({ payments: [{ method: '01', total: '11.50', term: '1', termUnit: 'años' }] }),
    path: 'payments[0].termUnit',
    message: /dias, meses/,
  },
  {
    rule: 'term ≥ 0 decimal',
    bad: invoice({ payments: [{ method: '01', total: '11.50', term: '-1', termUnit: 'meses' }] }),
    path: 'payments[0].term',
    message: /non-negative/,
  },
];

describe('document rules: each one fails alone', () => {
  for (const r of RULES) {
    it(r.rule, () => {
      let caught: unknown;
      try {
        computeDocumentContent(r.bad, { today: TODAY });
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(AppError);
      const errors = (caught as AppError).errors!;
      expect(errors).toHaveLength(1);
      expect(errors[0]!.path).toBe(r.path);
      expect(errors[0]!.message).toMatch(r.message);
      if (r.good) expect(() => computeDocumentContent(r.good!, { today: TODAY })).not.toThrow();
    });
  }

  it('the base bodies themselves are valid', () => {
    expect(computeDocumentContent(invoice(), { today: TODAY }).totals.total).toBe('11.50');
    expect(computeDocumentContent(creditNote(), { today: TODAY }).totals.total).toBe('11.50');
  });
});
