import type { RideView } from '../../../../adapters/ride/view.js';
import type { Payment, TaxLine } from '../../../../shared/document-model.js';
import { documentTypeLabel, type RideHeader, vatTotals, viewHeader } from '../common/ride.js';
import type { NameValue } from '../common/schemas.js';

/** What the nota de débito RIDE shows: fields of DebitNoteContent, or of a received 05. */
export interface DebitNoteRide {
  buyer: { id: string; name: string; address: string | null };
  /** A received note may not name one. Its date DD/MM/YYYY. */
  originalDocument: { documentType: string; number: string; issueDate: string } | null;
  reasons: { reason: string; amount: string }[];
  totalWithoutTaxes: string;
  /** Ours has none; a received note shows the one it writes. */
  totalDiscount?: string | null;
  /** IVA groups. */
  taxes: TaxLine[];
  total: string;
  payments: Payment[];
  additionalInfo: NameValue[];
}

/**
 * The nota de débito RIDE (OCA report_edi_debit_note, DavidLeonP nod_001..007): the buyer, the
 * document it modifies and its date, the reasons with their amounts, and the invoice's totals.
 */
export function debitNoteRideView(header: RideHeader, content: DebitNoteRide): RideView {
  const { buyer, originalDocument: original } = content;
  return {
    ...viewHeader('05', header),
    party: [
      { label: 'name', value: buyer.name, wide: true },
      { label: 'identification', value: buyer.id },
      { label: 'issueDate', value: header.issueDate },
      ...(buyer.address ? [{ label: 'address' as const, value: buyer.address, wide: true }] : []),
      ...(original
        ? [
            { label: 'modifiedDocument' as const, value: documentTypeLabel(original.documentType) },
            { label: 'documentNumber' as const, value: original.number },
            { label: 'modifiedDocumentDate' as const, value: original.issueDate },
          ]
        : []),
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
    totals: vatTotals(content.taxes, content.totalWithoutTaxes, content.totalDiscount ?? null, content.total),
    additionalInfo: content.additionalInfo,
    payments: content.payments,
  };
}
