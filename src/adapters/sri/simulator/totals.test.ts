import { describe, expect, it } from 'vitest';
import type { DocumentAmounts, TaxAmount } from './document.js';
import { arithmeticMismatch } from './totals.js';

const iva = (base: string, valor: string, tarifa: string | null = '15.00'): TaxAmount => ({
  codigo: '2',
  codigoPorcentaje: '4',
  tarifa,
  baseImponible: base,
  valor,
  descuentoAdicional: null,
});

function invoice(overrides: Partial<DocumentAmounts> = {}): DocumentAmounts {
  return {
    kind: 'factura',
    lines: [
      { precioTotalSinImpuesto: '20.00', taxes: [iva('20.00', '3.00')] },
      { precioTotalSinImpuesto: '5.50', taxes: [iva('5.50', '0.83')] },
    ],
    totalSinImpuestos: '25.50',
    totalTaxes: [iva('25.50', '3.83', null)],
    total: '29.33',
    charges: ['0.00'],
    compensaciones: [],
    ...overrides,
  };
}

describe('simulator arithmetic check (error 52)', () => {
  it('accepts consistent figures', () => {
    expect(arithmeticMismatch(invoice())).toBeNull();
  });

  it('tolerates one cent of rounding', () => {
    expect(arithmeticMismatch(invoice({ total: '29.34' }))).toBeNull();
    expect(
      arithmeticMismatch(invoice({ totalTaxes: [iva('25.50', '3.82', null)], total: '29.32' })),
    ).toBeNull();
  });

  it('refuses a subtotal that is not the sum of the lines', () => {
    expect(arithmeticMismatch(invoice({ totalSinImpuestos: '25.60', total: '29.43' }))).toMatch(
      /totalSinImpuestos/,
    );
  });

  it('refuses a line tax that is not base × rate', () => {
    const lines = invoice().lines;
    lines[0] = { precioTotalSinImpuesto: '20.00', taxes: [iva('20.00', '2.40')] };
    expect(arithmeticMismatch(invoice({ lines }))).toMatch(/detalle 1/);
  });

  it('refuses a tax total whose base or value disagree', () => {
    expect(arithmeticMismatch(invoice({ totalTaxes: [iva('25.00', '3.75', null)], total: '28.75' }))).toMatch(
      /baseImponible/,
    );
    expect(arithmeticMismatch(invoice({ totalTaxes: [iva('25.50', '3.90', null)], total: '29.40' }))).toMatch(
      /valor/,
    );
  });

  it('refuses a tax group of the lines missing from the totals', () => {
    expect(arithmeticMismatch(invoice({ totalTaxes: [], total: '25.50' }))).toMatch(/no incluye/);
  });

  it('refuses a total that is not subtotal + taxes + charges', () => {
    expect(arithmeticMismatch(invoice({ total: '29.35' }))).toMatch(/importeTotal 29.35/);
    expect(arithmeticMismatch(invoice({ charges: ['2.55'], total: '31.88' }))).toBeNull();
  });

  it('checks valorModificacion of a credit note', () => {
    const note = invoice({ kind: 'notaCredito', charges: [] });
    expect(arithmeticMismatch(note)).toBeNull();
    expect(arithmeticMismatch({ ...note, total: '30.00' })).toMatch(/valorModificacion/);
  });
});

describe('group values on the summed base (issue 13, defect 9)', () => {
  const tenCents = { precioTotalSinImpuesto: '0.10', taxes: [iva('0.10', '0.02')] };
  const four = (groupValue: string, total: string) =>
    invoice({
      lines: [tenCents, tenCents, tenCents, tenCents],
      totalSinImpuestos: '0.40',
      totalTaxes: [iva('0.40', groupValue, null)],
      total,
    });

  it('refuses four lines of 0.10 at 15% whose group is the sum of the rounded lines (0.08)', () => {
    expect(arithmeticMismatch(four('0.08', '0.48'))).toMatch(/valor 0.08 no corresponde \(esperado 0.06\)/);
    expect(arithmeticMismatch(four('0.06', '0.46'))).toBeNull();
  });

  it('values an ICE group on its base too', () => {
    const ice = (base: string, valor: string): TaxAmount => ({ ...iva(base, valor, '10.00'), codigo: '3' });
    const line = { precioTotalSinImpuesto: '0.05', taxes: [ice('0.05', '0.01')] };
    const lines = [line, line, line, line];
    // 10% of 0.20 = 0.02; the lines' rounded values add up to 0.04.
    const base = { lines, totalSinImpuestos: '0.20', charges: [] };
    expect(
      arithmeticMismatch(invoice({ ...base, totalTaxes: [ice('0.20', '0.02')], total: '0.22' })),
    ).toBeNull();
    expect(
      arithmeticMismatch(invoice({ ...base, totalTaxes: [ice('0.20', '0.04')], total: '0.24' })),
    ).toMatch(/valor 0.04/);
  });
});
