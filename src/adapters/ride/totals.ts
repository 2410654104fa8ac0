import type { DocumentModel, TaxLine } from '../../shared/document-model.js';
import { dec, fixed, sum } from '../../shared/money.js';
import { formatAmount } from '../../shared/money-format.js';
import { formatRate } from './format.js';
import type { Labels } from './labels.js';

export interface TotalsLine {
  label: string;
  value: string;
  /** The closing amount (VALOR TOTAL / VALOR MODIFICACIÓN), drawn emphasised. */
  grand: boolean;
}

const IVA = '2';
const ICE = '3';
const IRBPNR = '5';

/**
 * Order of the IVA subtotal lines, after the tax authority's usual RIDE: taxed rates first (15%,
 * 13%, historical 12% and 14%, 5%, differentiated), then 0%, not subject, exempt. Rate codes
 * from Ficha técnica tabla 17.
 */
const IVA_ORDER = ['4', '10', '2', '3', '5', '8', '0', '6', '7'];
const NOT_SUBJECT = '6';
const EXEMPT = '7';
const DIFFERENTIATED = '8';

/**
 * The totals block, one line per rate present, taken from the document's totalConImpuestos
 * (IVA bases and amounts as declared, not recomputed). ICE and IRBPNR are always shown, summed
 * over their rate codes; PROPINA only on invoices.
 */
export function totalsLines(model: DocumentModel, labels: Labels): TotalsLine[] {
  // Amounts written the one way every surface writes them (shared/money-format.ts).
  const line = (label: string, value: string, grand = false): TotalsLine => ({
    label,
    value: formatAmount(value),
    grand,
  });
  const iva = model.totals.taxTotals.filter((t) => t.code === IVA).sort(byIvaOrder);
  const others = model.totals.taxTotals.filter((t) => t.code !== IVA && t.code !== ICE && t.code !== IRBPNR);
  const lines: TotalsLine[] = [];
  for (const t of iva) lines.push(line(subtotalLabel(t, labels), t.taxableBase));
  lines.push(line(labels.subtotalWithoutTaxes, model.totals.totalWithoutTaxes));
  lines.push(line(labels.totalDiscount, model.totals.totalDiscount));
  lines.push(line(labels.ice, amountOf(model.totals.taxTotals, ICE)));
  lines.push(line(labels.irbpnr, amountOf(model.totals.taxTotals, IRBPNR)));
  for (const t of iva) {
    if (dec(t.rate).isZero()) continue;
    const rate = formatRate(t.rate);
    lines.push(
      line(t.rateCode === DIFFERENTIATED ? labels.vatDifferentiated(rate) : labels.vat(rate), t.amount),
    );
  }
  for (const t of others) lines.push(line(labels.otherTax(t.code, t.rateCode), t.amount));
  if (model.documentType === '01') {
    lines.push(line(labels.tip, model.totals.tip));
    lines.push(line(labels.invoiceTotal, model.totals.total, true));
  } else {
    lines.push(line(labels.creditNoteTotal, model.totals.total, true));
  }
  return lines;
}

function subtotalLabel(t: TaxLine, labels: Labels): string {
  if (t.rateCode === NOT_SUBJECT) return labels.subtotalNotSubject;
  if (t.rateCode === EXEMPT) return labels.subtotalExempt;
  if (t.rateCode === DIFFERENTIATED) return labels.subtotalDifferentiated(formatRate(t.rate));
  return labels.subtotal(formatRate(t.rate));
}

/** Known rate codes in IVA_ORDER; unknown ones after them, higher rate first. */
function byIvaOrder(a: TaxLine, b: TaxLine): number {
  const ia = IVA_ORDER.indexOf(a.rateCode);
  const ib = IVA_ORDER.indexOf(b.rateCode);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
  return dec(b.rate).comparedTo(dec(a.rate));
}

function amountOf(taxTotals: readonly TaxLine[], code: string): string {
  return fixed(sum(taxTotals.filter((t) => t.code === code).map((t) => dec(t.amount))));
}
