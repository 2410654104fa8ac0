import type { RideView } from '../../../../adapters/ride/view.js';
import type { Payment, TaxLine } from '../../../../shared/document-model.js';
import { describeItem, type RideHeader, vatTotals, viewHeader } from '../common/ride.js';
import type { NameValue } from '../common/schemas.js';

/** What the liquidación RIDE shows: fields of PurchaseSettlementContent, or of a received 03. */
export interface PurchaseSettlementRide {
  supplier: { id: string; name: string; address: string | null };
  items: {
    mainCode: string;
    auxiliaryCode: string | null;
    quantity: string;
    description: string;
    additionalDetails: NameValue[];
    unitPrice: string;
    discount: string;
    subtotal: string;
  }[];
  /** IVA groups only. */
  totals: { taxTotals: TaxLine[]; totalWithoutTaxes: string; totalDiscount: string | null; total: string };
  payments: Payment[];
  additionalInfo: NameValue[];
}

/**
 * The liquidación RIDE (OCA report_edi_liquidation): the supplier, the invoice's item columns and
 * the invoice's totals block (no tip).
 */
export function purchaseSettlementRideView(header: RideHeader, content: PurchaseSettlementRide): RideView {
  const { supplier, totals } = content;
  return {
    ...viewHeader('03', header),
    party: [
      { label: 'name', value: supplier.name, wide: true },
      { label: 'identification', value: supplier.id },
      { label: 'issueDate', value: header.issueDate },
      ...(supplier.address ? [{ label: 'address' as const, value: supplier.address, wide: true }] : []),
    ],
    sections: [
      {
        title: null,
        fields: [],
        table: {
          columns: [
            { label: 'mainCode', width: 62, align: 'left' },
            { label: 'auxiliaryCode', width: 62, align: 'left' },
            { label: 'quantity', width: 48, align: 'right' },
            { label: 'description', width: 0, align: 'left' },
            { label: 'unitPrice', width: 60, align: 'right' },
            { label: 'discount', width: 50, align: 'right' },
            { label: 'lineTotal', width: 58, align: 'right' },
          ],
          rows: content.items.map((i) => [
            i.mainCode,
            i.auxiliaryCode ?? '',
            i.quantity,
            describeItem(i),
            i.unitPrice,
            i.discount,
            i.subtotal,
          ]),
        },
      },
    ],
    totals: vatTotals(totals.taxTotals, totals.totalWithoutTaxes, totals.totalDiscount, totals.total),
    additionalInfo: content.additionalInfo,
    payments: content.payments,
  };
}
