import { describe, expect, it } from 'vitest';
import type { DocumentModel, TaxLine } from '../../shared/document-model.js';
import { LABELS } from './labels.js';
import { totalsLines } from './totals.js';

const tax = (code: string, rateCode: string, rate: string, base: string, amount: string): TaxLine => ({
  code,
  rateCode,
  rate,
  taxableBase: base,
  amount,
});

function model(documentType: '01' | '04', taxTotals: TaxLine[]): DocumentModel {
  return {
    documentType,
    totals: { totalWithoutTaxes: '300.00', totalDiscount: '4.00', taxTotals, tip: '1.50', total: '351.23' },
  } as DocumentModel;
}

describe('totalsLines', () => {
  const taxes = [
    tax('2', '0', '0.00', '20.00', '0.00'),
    tax('2', '7', '0.00', '10.00', '0.00'),
    tax('2', '4', '15.00', '110.00', '16.50'),
    tax('3', '3051', '10.00', '50.00', '5.00'),
    tax('2', '6', '0.00', '5.00', '0.00'),
    tax('5', '5001', '0.02', '12.00', '0.24'),
    tax('2', '5', '5.00', '40.00', '2.00'),
    tax('2', '10', '13.00', '60.00', '7.80'),
    tax('3', '3610', '20.00', '10.00', '2.00'),
  ];

  it('orders the invoice lines as the RIDE shows them, summing ICE over its rate codes', () => {
    expect(
      totalsLines(model('01', taxes), LABELS.es).map((l) => `${l.label} ${l.value}${l.grand ? ' *' : ''}`),
    ).toEqual([
      'SUBTOTAL 15% 110.00',
      'SUBTOTAL 13% 60.00',
      'SUBTOTAL 5% 40.00',
      'SUBTOTAL 0% 20.00',
      'SUBTOTAL NO OBJETO DE IVA 5.00',
      'SUBTOTAL EXENTO DE IVA 10.00',
      'SUBTOTAL SIN IMPUESTOS 300.00',
      'TOTAL DESCUENTO 4.00',
      'ICE 7.00',
      'IRBPNR 0.24',
      'IVA 15% 16.50',
      'IVA 13% 7.80',
      'IVA 5% 2.00',
      'PROPINA 1.50',
      'VALOR TOTAL 351.23 *',
    ]);
  });

  it('shows ICE and IRBPNR as 0.00 when absent, and no tip on a credit note', () => {
    const lines = totalsLines(model('04', [tax('2', '4', '15.00', '100.00', '15.00')]), LABELS.es);
    expect(lines.map((l) => l.label)).toEqual([
      'SUBTOTAL 15%',
      'SUBTOTAL SIN IMPUESTOS',
      'TOTAL DESCUENTO',
      'ICE',
      'IRBPNR',
      'IVA 15%',
      'VALOR MODIFICACIÓN',
    ]);
    expect(lines.find((l) => l.label === 'ICE')?.value).toBe('0.00');
  });

  it('keeps historical, differentiated and unknown rates instead of dropping money', () => {
    const lines = totalsLines(
      model('01', [
        tax('2', '2', '12.00', '10.00', '1.20'),
        tax('2', '8', '8.00', '10.00', '0.80'),
        tax('2', '99', '20.00', '10.00', '2.00'),
        tax('9', '1', '1.00', '10.00', '0.10'),
      ]),
      LABELS.en,
    ).map((l) => `${l.label} ${l.value}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'SUBTOTAL 12% 10.00',
        'SUBTOTAL DIFFERENTIATED VAT 8% 10.00',
        'SUBTOTAL 20% 10.00',
        'VAT (IVA) 12% 1.20',
        'DIFFERENTIATED VAT 8% 0.80',
        'VAT (IVA) 20% 2.00',
        'TAX 9-1 0.10',
      ]),
    );
    expect(lines.indexOf('SUBTOTAL 12% 10.00')).toBeLessThan(lines.indexOf('SUBTOTAL 20% 10.00'));
  });
});
