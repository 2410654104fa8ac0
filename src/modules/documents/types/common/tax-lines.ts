import type { TaxLine, Totals } from '../../../../shared/document-model.js';
import { D, type Dec, dec, fixed, sum } from '../../../../shared/money.js';

/**
 * Tax arithmetic shared by the types: the lines and groups of the item documents (01, 03, 04, via
 * item-checks.ts and sales-compute.ts) and the IVA code the 05 and 07 check against.
 */

/** Tabla 16 tax codes. */
export const TAX_IVA = '2';
const TAX_ICE = '3';
const TAX_IRBPNR = '5';

export interface LineTaxRate {
  code: string;
  rateCode: string;
  /** Percentage (IVA, ICE) or, for IRBPNR, USD per unit. */
  rate: string;
}

export interface LineAmounts {
  quantity: Dec;
  unitPrice: Dec;
  discount: Dec;
}

/**
 * The figures of one detalle, with no catalog lookups (the caller has checked the rates), so the
 * rules can also be run against historical documents:
 * - precioTotalSinImpuesto = round2(quantity × unitPrice − discount), half-up;
 * - ICE and IRBPNR are levied on that subtotal; IRBPNR is a fixed USD amount per unit
 *   (bottles), so its value is round2(quantity × rate);
 * - the IVA base is the subtotal plus the line's ICE (LRTI art. 58: the IVA base includes the
 *   ICE charged on the price); IRBPNR stays out of it;
 * - every other value is round2(base × rate / 100).
 * Taxes come back in the order given.
 */
export function computeLine(
  line: LineAmounts,
  rates: readonly LineTaxRate[],
): { subtotal: string; taxes: TaxLine[] } {
  const subtotal = round2(line.quantity.times(line.unitPrice).minus(line.discount));
  const amountOf = (code: string, base: Dec, rate: Dec): Dec =>
    code === TAX_IRBPNR ? round2(line.quantity.times(rate)) : round2(base.times(rate).dividedBy(100));
  const ice = sum(
    rates.filter((r) => r.code === TAX_ICE).map((r) => amountOf(TAX_ICE, subtotal, dec(r.rate))),
  );
  const ivaBase = subtotal.plus(ice);
  const taxes = rates.map((r) => {
    const base = r.code === TAX_IVA ? ivaBase : subtotal;
    const rate = dec(r.rate);
    return {
      code: r.code,
      rateCode: r.rateCode,
      rate: fixed(rate),
      taxableBase: fixed(base),
      amount: fixed(amountOf(r.code, base, rate)),
    };
  });
  return { subtotal: fixed(subtotal), taxes };
}

/**
 * Document totals from its lines (docs/spec-map.md, SRI §7): totalSinImpuestos = Σ subtotals, totalDescuento
 * = Σ discounts, one totalImpuesto per (code, rateCode) ordered by code then rateCode, and
 * importeTotal = totalSinImpuestos + Σ group values + propina.
 *
 * A group's base is the sum of its lines' bases; its value is the rate applied once to that sum,
 * round2(Σ base × rate / 100) half-up (decisions.md §5 "Tax groups"), as the real authorized
 * invoices and the tax authority's check (error 52) do. Lines keep their own rounded values, so the
 * group may differ from the sum of its lines by cents: four lines of 0.10 at 15% are 0.02 each,
 * the group 0.06. IRBPNR is a fixed amount per unit, not a rate on a base: its group sums the lines.
 */
export function aggregateTotals(
  lines: readonly { subtotal: string; discount: string; taxes: readonly TaxLine[] }[],
  tip: string,
): Totals {
  const groups = new Map<string, { code: string; rateCode: string; rate: string; base: Dec; amount: Dec }>();
  for (const tax of lines.flatMap((l) => l.taxes)) {
    const key = `${tax.code}/${tax.rateCode}`;
    const group = groups.get(key) ?? {
      code: tax.code,
      rateCode: tax.rateCode,
      rate: tax.rate,
      base: dec(0),
      amount: dec(0),
    };
    group.base = group.base.plus(tax.taxableBase);
    group.amount = group.amount.plus(tax.amount);
    groups.set(key, group);
  }
  const taxTotals = [...groups.values()]
    .sort((a, b) => Number(a.code) - Number(b.code) || Number(a.rateCode) - Number(b.rateCode))
    .map((g) => ({
      code: g.code,
      rateCode: g.rateCode,
      rate: g.rate,
      taxableBase: fixed(g.base),
      amount: fixed(g.code === TAX_IRBPNR ? g.amount : round2(g.base.times(g.rate).dividedBy(100))),
    }));
  const totalWithoutTaxes = sum(lines.map((l) => dec(l.subtotal)));
  const taxes = sum(taxTotals.map((t) => dec(t.amount)));
  return {
    totalWithoutTaxes: fixed(totalWithoutTaxes),
    totalDiscount: fixed(sum(lines.map((l) => dec(l.discount)))),
    taxTotals,
    tip: fixed(dec(tip)),
    total: fixed(totalWithoutTaxes.plus(taxes).plus(tip)),
  };
}

function round2(value: Dec): Dec {
  return value.toDecimalPlaces(2, D.ROUND_HALF_UP);
}
