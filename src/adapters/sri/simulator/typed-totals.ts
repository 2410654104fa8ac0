import { D, type Dec, sum } from '../../../shared/money.js';
import type { DebitNoteAmounts, TypedAmounts, WithholdingAmounts } from './typed-document.js';

/**
 * Error 52 ("Error en diferencias") for the types without item lines, with the same one-cent
 * tolerance as totals.ts beside it: the retención's supporting documents and withheld values, the nota de
 * débito's reasons, taxes and total. A guía has nothing to add up.
 */
const TOLERANCE = new D('0.01');
const differs = (a: Dec, b: Dec) => a.minus(b).abs().greaterThan(TOLERANCE);
const n = (v: string | null | undefined) => new D(v === null || v === undefined || v === '' ? '0' : v);

export function typedMismatch(a: TypedAmounts): string | null {
  if (a.kind === 'comprobanteRetencion') return withholdingMismatch(a);
  if (a.kind === 'notaDebito') return debitNoteMismatch(a);
  return null;
}

function withholdingMismatch(a: WithholdingAmounts): string | null {
  for (const [i, doc] of a.docs.entries()) {
    const at = `docSustento ${i + 1}`;
    for (const t of doc.taxes) {
      const expected = n(t.baseImponible).times(n(t.tarifa)).dividedBy(100);
      if (differs(expected, n(t.valorImpuesto))) {
        return `${at}: valorImpuesto ${t.valorImpuesto} no corresponde a ${t.baseImponible} × ${t.tarifa}%`;
      }
    }
    const total = n(doc.totalSinImpuestos).plus(sum(doc.taxes.map((t) => n(t.valorImpuesto))));
    if (differs(total, n(doc.importeTotal))) {
      return `${at}: importeTotal ${doc.importeTotal} no corresponde a totalSinImpuestos más impuestos (${total.toFixed(2)})`;
    }
    const paid = sum(doc.pagos.map(n));
    if (differs(paid, n(doc.importeTotal))) {
      return `${at}: la suma de pagos (${paid.toFixed(2)}) difiere de importeTotal ${doc.importeTotal}`;
    }
    for (const r of doc.retenciones) {
      const expected = n(r.baseImponible).times(n(r.porcentajeRetener)).dividedBy(100);
      if (differs(expected, n(r.valorRetenido))) {
        return `${at}: valorRetenido ${r.valorRetenido} no corresponde a ${r.baseImponible} × ${r.porcentajeRetener}%`;
      }
    }
  }
  return null;
}

function debitNoteMismatch(a: DebitNoteAmounts): string | null {
  const reasons = sum(a.motivos.map(n));
  if (differs(reasons, n(a.totalSinImpuestos))) {
    return `totalSinImpuestos ${a.totalSinImpuestos} difiere de la suma de los motivos (${reasons.toFixed(2)})`;
  }
  for (const t of a.impuestos) {
    const expected = n(t.baseImponible).times(n(t.tarifa)).dividedBy(100);
    if (differs(expected, n(t.valor))) {
      return `impuesto ${t.codigo}/${t.codigoPorcentaje}: valor ${t.valor} no corresponde a ${t.baseImponible} × ${t.tarifa}%`;
    }
  }
  const gross = n(a.totalSinImpuestos).plus(sum(a.impuestos.map((t) => n(t.valor))));
  const compensated = gross.minus(sum(a.compensaciones.map(n)));
  if (differs(n(a.valorTotal), gross) && differs(n(a.valorTotal), compensated)) {
    return `valorTotal ${a.valorTotal} no corresponde a la suma de subtotal e impuestos (${gross.toFixed(2)})`;
  }
  if (a.pagos.length > 0) {
    const paid = sum(a.pagos.map(n));
    if (differs(paid, n(a.valorTotal)) && differs(paid, compensated)) {
      return `la suma de pagos (${paid.toFixed(2)}) difiere de valorTotal ${a.valorTotal}`;
    }
  }
  return null;
}
