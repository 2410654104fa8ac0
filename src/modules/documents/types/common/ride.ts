import type { RideView, ViewLabelKey, ViewTotal } from '../../../../adapters/ride/view.js';
import type { TaxLine } from '../../../../shared/document-model.js';
import type { DocumentHeader } from '../definition.js';

/**
 * What the view RIDEs of the 03, 05, 06 and 07 share. Each type's ride.ts maps the fields of its
 * content it shows; a received document of the type (src/modules/purchases) gives the same fields,
 * so one mapping draws both.
 */

/** The header fields a view reads: a received document gives them too. */
export type RideHeader = Pick<
  DocumentHeader,
  'environment' | 'accessKey' | 'sequential' | 'issueDate' | 'issuer'
>;

/** The top of every view: the type and the header. */
export function viewHeader(
  documentType: RideView['documentType'],
  header: RideHeader,
): Pick<RideView, 'documentType' | 'environment' | 'accessKey' | 'sequential' | 'issueDate' | 'issuer'> {
  const { environment, accessKey, sequential, issueDate, issuer } = header;
  return { documentType, environment, accessKey, sequential, issueDate, issuer };
}

/** An item's description, its additional details in brackets: `Arroz (Lote: L-7; Saco: 50 kg)`. */
export function describeItem(item: {
  description: string;
  additionalDetails: readonly { name: string; value: string }[];
}): string {
  return item.additionalDetails.length
    ? `${item.description} (${item.additionalDetails.map((d) => `${d.name}: ${d.value}`).join('; ')})`
    : item.description;
}

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
