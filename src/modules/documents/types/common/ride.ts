import type { ViewLabelKey, ViewTotal } from '../../../../adapters/ride/view.js';
import type { TaxLine } from '../../../../shared/document-model.js';

/** The tabla 3 name of a referenced document, as a label (translated by the renderer). */
export function documentTypeLabel(code: string): { label: ViewLabelKey } {
  const names: Record<string, ViewLabelKey> = {
    '01': 'invoice',
    '03': 'purchaseSettlement',
    '04': 'creditNote',
    '05': 'debitNote',
  };
  return { label: names[code] ?? 'otherDocument' };
}

/**
 * Totals as the invoice RIDE shows them, for IVA-only documents: a SUBTOTAL per rate, the subtotal
 * without taxes, the discount when there is one, IVA per taxed rate, and the grand total.
 */
export function vatTotals(
  taxTotals: readonly TaxLine[],
  totalWithoutTaxes: string,
  totalDiscount: string | null,
  total: string,
): ViewTotal[] {
  const rate = (t: TaxLine) => `${Number(t.rate)}%`;
  const out: ViewTotal[] = taxTotals.map((t) => ({
    label: 'subtotalRate',
    suffix: rate(t),
    value: t.taxableBase,
  }));
  out.push({ label: 'subtotalWithoutTaxes', value: totalWithoutTaxes });
  if (totalDiscount !== null) out.push({ label: 'totalDiscount', value: totalDiscount });
  for (const t of taxTotals) {
    if (Number(t.rate) > 0) out.push({ label: 'vatRate', suffix: rate(t), value: t.amount });
  }
  out.push({ label: 'total', value: total, grand: true });
  return out;
}
