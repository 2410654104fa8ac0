import { describe, expect, it } from 'vitest';
import type { DocumentModel } from '../../src/shared/document-model.js';
import { dec, fixed, sum } from '../../src/shared/money.js';
import { buildDocument, manyItems } from './fixtures.js';
import { allTaxesInvoice, longTextInvoice, richCreditNote, richInvoice } from './sample-documents.js';

const samples: [string, () => DocumentModel][] = [
  ['rich invoice', richInvoice],
  ['rich credit note', richCreditNote],
  ['every tax rate (invoice)', () => allTaxesInvoice('01')],
  ['every tax rate (credit note)', () => allTaxesInvoice('04')],
  ['long texts', () => longTextInvoice(5)],
  ['80 items', () => buildDocument({ items: manyItems(80) })],
];

/** Módulo 11 over the first 48 digits, weights 2..7 from the right (REFERENCE §5). */
function checkDigit(key: string): number {
  let total = 0;
  for (let i = 47, w = 2; i >= 0; i--, w = w === 7 ? 2 : w + 1) total += Number(key[i]) * w;
  const d = 11 - (total % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

describe('RIDE fixtures', () => {
  it.each(samples)('%s adds up the way the tax authority checks it', (_name, build) => {
    const m = build();
    for (const item of m.items) {
      expect(item.subtotal).toBe(fixed(dec(item.quantity).times(item.unitPrice).minus(item.discount)));
    }
    expect(m.totals.totalWithoutTaxes).toBe(fixed(sum(m.items.map((i) => dec(i.subtotal)))));
    expect(m.totals.totalDiscount).toBe(fixed(sum(m.items.map((i) => dec(i.discount)))));
    for (const t of m.totals.taxTotals) {
      const lines = m.items
        .flatMap((i) => i.taxes)
        .filter((x) => x.code === t.code && x.rateCode === t.rateCode);
      expect(t.taxableBase).toBe(fixed(sum(lines.map((x) => dec(x.taxableBase)))));
      expect(t.amount).toBe(fixed(sum(lines.map((x) => dec(x.amount)))));
    }
    const taxes = sum(m.totals.taxTotals.map((t) => dec(t.amount)));
    expect(m.totals.total).toBe(fixed(dec(m.totals.totalWithoutTaxes).plus(taxes).plus(m.totals.tip)));
    if (m.documentType === '01') expect(fixed(sum(m.payments.map((p) => dec(p.total))))).toBe(m.totals.total);
    expect(m.accessKey).toMatch(/^\d{49}$/);
    expect(Number(m.accessKey[48])).toBe(checkDigit(m.accessKey));
  });
});
