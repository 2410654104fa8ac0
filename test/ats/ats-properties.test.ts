import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childValue } from '../../src/modules/ats/ats-tree.js';
import {
  type AtsPurchase,
  type AtsSale,
  buildAts,
  parseAtsXml,
  validateAtsSchema,
} from '../../src/modules/ats/index.js';
import { header } from './ats-sample.js';

/** Cents as integers: the expected sums are computed without the code under test's decimals. */
const cents = fc.integer({ min: 1, max: 5_000_00 });
const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
/** IVA 15 % of a base in cents, rounded half-up to the cent. */
const vatOf = (c: number) => Math.floor((c * 15 + 50) / 100);

const taxArb = fc.record({ rateCode: fc.constantFrom('0', '4', '6', '7'), base: cents });
const clients = [
  { buyerIdType: '04', buyerId: '1792000025001' },
  { buyerIdType: '05', buyerId: '1710034065' },
  { buyerIdType: '06', buyerId: 'AB123456' },
  { buyerIdType: '07', buyerId: '9999999999999' },
];
const saleArb = fc.record({
  client: fc.constantFrom(...clients),
  documentType: fc.constantFrom('01' as const, '04' as const, '05' as const),
  taxes: fc.array(taxArb, { minLength: 1, maxLength: 3 }),
  establishment: fc.constantFrom('001', '002'),
});
const purchaseArb = fc.record({
  sequential: fc.integer({ min: 1, max: 999_999_999 }),
  base: cents,
  day: fc.integer({ min: 1, max: 28 }),
});

type RawSale = {
  client: (typeof clients)[number];
  documentType: '01' | '04' | '05';
  taxes: { rateCode: string; base: number }[];
  establishment: string;
};

function toSale(s: RawSale): AtsSale {
  return {
    ...s.client,
    buyerName: 'Cliente',
    documentType: s.documentType,
    emission: 'E',
    establishment: s.establishment,
    taxes: s.taxes.map((t) => ({
      taxCode: '2',
      rateCode: t.rateCode,
      base: money(t.base),
      amount: money(t.rateCode === '4' ? vatOf(t.base) : 0),
    })),
    paymentForms: ['20'],
  };
}

function toPurchase(p: { sequential: number; base: number; day: number }, i: number): AtsPurchase {
  const day = String(p.day).padStart(2, '0');
  return {
    supportCode: '02',
    supplierIdType: '04',
    supplierId: '0992000058001',
    supplierName: 'Proveedor',
    documentType: '01',
    relatedParty: false,
    bookedOn: `2026-03-${day}`,
    establishment: '001',
    point: '001',
    sequential: String(p.sequential).padStart(9, '0'),
    issueDate: `2026-03-${day}`,
    authorization: `${day}0320260109920000580012001001${String(i).padStart(9, '0')}123456781`.slice(0, 49),
    taxes: [{ taxCode: '2', rateCode: '4', base: money(p.base), amount: money(vatOf(p.base)) }],
    paymentForms: ['20'],
  };
}

const toCents = (text: string | undefined) => Math.round(Number(text ?? '0') * 100);

describe('ATS properties over random months', () => {
  it('ventas add up to the sales documents, each purchase is one row, and the file validates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(saleArb, { maxLength: 30 }),
        fc.array(purchaseArb, { maxLength: 12 }),
        async (rawSales, rawPurchases) => {
          const sales = rawSales.map(toSale);
          const purchases = rawPurchases.map(toPurchase);
          let xml = '';
          await buildAts(header, { purchases, sales, voided: [] }, (c) => {
            xml += c;
          });
          expect(validateAtsSchema(xml)).toEqual([]);
          const root = parseAtsXml(xml);
          const rows = root.children?.find((n) => n.name === 'ventas')?.children ?? [];
          for (const [docType, atsType] of [
            ['01', '18'],
            ['04', '04'],
            ['05', '05'],
          ] as const) {
            const docs = rawSales.filter((s) => s.documentType === docType);
            const expectedBases = docs.flatMap((s) => s.taxes).reduce((a, t) => a + t.base, 0);
            const expectedVat = docs
              .flatMap((s) => s.taxes)
              .reduce((a, t) => a + (t.rateCode === '4' ? vatOf(t.base) : 0), 0);
            const mine = rows.filter((r) => childValue(r, 'tipoComprobante') === atsType);
            const bases = mine.reduce(
              (a, r) =>
                a +
                toCents(childValue(r, 'baseNoGraIva')) +
                toCents(childValue(r, 'baseImponible')) +
                toCents(childValue(r, 'baseImpGrav')),
              0,
            );
            expect(bases).toBe(expectedBases);
            expect(mine.reduce((a, r) => a + toCents(childValue(r, 'montoIva')), 0)).toBe(expectedVat);
            expect(mine.reduce((a, r) => a + Number(childValue(r, 'numeroComprobantes')), 0)).toBe(
              docs.length,
            );
          }
          const compras = root.children?.find((n) => n.name === 'compras')?.children ?? [];
          expect(compras.map((r) => childValue(r, 'autorizacion'))).toEqual(
            purchases.map((p) => p.authorization),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
