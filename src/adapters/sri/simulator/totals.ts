import { D, type Dec, sum } from '../../../shared/money.js';
import type { DocumentAmounts, TaxAmount } from './document.js';
import type { TypedAmounts } from './typed-document.js';
import { typedMismatch } from './typed-totals.js';

/**
 * The arithmetic the tax authority re-does before authorizing (error 52, "Error en diferencias";
 * REFERENCE §7 totals rules). A group's value of a tax levied as a rate on a base (IVA, ICE) is the
 * rate applied to the group's summed base, as the real authorized invoices compute it, not the sum
 * of the lines' rounded values (those drift by up to half a cent a line). Differences up to one cent
 * pass, as the tax authority tolerates them in practice.
 */

const TOLERANCE = new D('0.01');
const IVA = '2';
/** Taxes whose value is base × tarifa / 100 (IRBPNR is a fixed amount per unit). */
const RATE_ON_BASE = new Set([IVA, '3']);

const differs = (a: Dec, b: Dec) => a.minus(b).abs().greaterThan(TOLERANCE);
const n = (v: string | null | undefined) => new D(v === null || v === undefined || v === '' ? '0' : v);
const groupKey = (t: TaxAmount) => `${t.codigo}/${t.codigoPorcentaje}`;

/** Why the figures disagree (text for informacionAdicional), or null when they add up. */
export function arithmeticMismatch(amounts: DocumentAmounts | TypedAmounts): string | null {
  if (!isItemDocument(amounts)) return typedMismatch(amounts);
  const a = amounts;
  const lineBases = sum(a.lines.map((l) => n(l.precioTotalSinImpuesto)));
  if (differs(lineBases, n(a.totalSinImpuestos))) {
    return `totalSinImpuestos ${a.totalSinImpuestos} difiere de la suma de precioTotalSinImpuesto de los detalles (${lineBases.toFixed(2)})`;
  }

  const lineGroups = new Map<string, { base: Dec; valor: Dec; tarifa: string | null }>();
  for (const [index, line] of a.lines.entries()) {
    for (const tax of line.taxes) {
      if (tax.codigo === IVA && tax.tarifa !== null) {
        const expected = n(tax.baseImponible).times(n(tax.tarifa)).dividedBy(100);
        if (differs(expected, n(tax.valor))) {
          return `detalle ${index + 1}: valor del impuesto ${tax.valor} no corresponde a ${tax.baseImponible} × ${tax.tarifa}%`;
        }
      }
      const g = lineGroups.get(groupKey(tax)) ?? { base: new D(0), valor: new D(0), tarifa: tax.tarifa };
      lineGroups.set(groupKey(tax), {
        base: g.base.plus(n(tax.baseImponible)),
        valor: g.valor.plus(n(tax.valor)),
        tarifa: g.tarifa,
      });
    }
  }

  const seen = new Set<string>();
  for (const total of a.totalTaxes) {
    const key = groupKey(total);
    seen.add(key);
    const lines = lineGroups.get(key) ?? { base: new D(0), valor: new D(0), tarifa: null };
    const base = n(total.baseImponible);
    // The base may already be net of descuentoAdicional (an invoice-level discount).
    if (differs(base, lines.base) && differs(base, lines.base.minus(n(total.descuentoAdicional)))) {
      return `totalImpuesto ${key}: baseImponible ${total.baseImponible} difiere de la suma de los detalles (${lines.base.toFixed(2)})`;
    }
    const tarifa = total.tarifa ?? lines.tarifa;
    const expected =
      RATE_ON_BASE.has(total.codigo) && tarifa !== null ? base.times(n(tarifa)).dividedBy(100) : lines.valor;
    if (differs(n(total.valor), expected)) {
      return `totalImpuesto ${key}: valor ${total.valor} no corresponde (esperado ${expected.toDecimalPlaces(2).toFixed(2)})`;
    }
  }
  for (const [key, g] of lineGroups) {
    if (!seen.has(key) && !g.base.isZero())
      return `totalConImpuestos no incluye el impuesto ${key} de los detalles`;
  }

  const taxes = sum(a.totalTaxes.map((t) => n(t.valor)));
  const gross = n(a.totalSinImpuestos)
    .plus(taxes)
    .plus(sum(a.charges.map(n)));
  const compensated = gross.minus(sum(a.compensaciones.map(n)));
  const stated = n(a.total);
  // Whether a compensación is shown before or after the total varies; either reading passes.
  if (differs(stated, gross) && differs(stated, compensated)) {
    const name = a.kind === 'notaCredito' ? 'valorModificacion' : 'importeTotal';
    return `${name} ${a.total} no corresponde a la suma de subtotal, impuestos y cargos (${gross.toFixed(2)})`;
  }
  return null;
}

function isItemDocument(a: DocumentAmounts | TypedAmounts): a is DocumentAmounts {
  return a.kind === 'factura' || a.kind === 'notaCredito' || a.kind === 'liquidacionCompra';
}
