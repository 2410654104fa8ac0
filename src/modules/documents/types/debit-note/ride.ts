import type { RideView } from '../../../../adapters/ride/view.js';
import { documentTypeLabel, vatTotals } from '../common/ride.js';
import type { DocumentHeader } from '../definition.js';
import type { DebitNoteContent } from './compute.js';

/**
 * The nota de débito RIDE (OCA report_edi_debit_note, DavidLeonP nod_001..007): the buyer, the
 * document it modifies and its date, the reasons with their amounts, and the invoice's totals.
 */
export function debitNoteRideView(header: DocumentHeader, content: DebitNoteContent): RideView {
  const { buyer, originalDocument: original } = content;
  return {
    documentType: '05',
    environment: header.environment,
    accessKey: header.accessKey,
    sequential: header.sequential,
    issueDate: header.issueDate,
    issuer: header.issuer,
    party: [
      { label: 'name', value: buyer.name, wide: true },
      { label: 'identification', value: buyer.id },
      { label: 'issueDate', value: header.issueDate },
      ...(buyer.address ? [{ label: 'address' as const, value: buyer.address, wide: true }] : []),
      { label: 'modifiedDocument', value: documentTypeLabel(original.documentType) },
      { label: 'documentNumber', value: original.number },
      { label: 'modifiedDocumentDate', value: original.issueDate },
    ],
    sections: [
      {
        title: null,
        fields: [],
        table: {
          columns: [
            { label: 'reason', width: 0, align: 'left' },
            { label: 'value', width: 80, align: 'right' },
          ],
          rows: content.reasons.map((r) => [r.reason, r.amount]),
        },
      },
    ],
    totals: vatTotals(content.taxes, content.totalWithoutTaxes, null, content.total),
    additionalInfo: content.additionalInfo,
    payments: content.payments,
  };
}
