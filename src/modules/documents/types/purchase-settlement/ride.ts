import type { RideView } from '../../../../adapters/ride/view.js';
import { vatTotals } from '../common/ride.js';
import type { DocumentHeader } from '../definition.js';
import type { PurchaseSettlementContent } from './compute.js';

/**
 * The liquidación RIDE (OCA report_edi_liquidation): the supplier, the invoice's item columns and
 * the invoice's totals block (no tip).
 */
export function purchaseSettlementRideView(
  header: DocumentHeader,
  content: PurchaseSettlementContent,
): RideView {
  const { supplier, totals } = content;
  return {
    documentType: '03',
    environment: header.environment,
    accessKey: header.accessKey,
    sequential: header.sequential,
    issueDate: header.issueDate,
    issuer: header.issuer,
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
            i.additionalDetails.length
              ? `${i.description} (${i.additionalDetails.map((d) => `${d.name}: ${d.value}`).join('; ')})`
              : i.description,
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
