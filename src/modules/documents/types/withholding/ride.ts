import type { RideView, ViewValue } from '../../../../adapters/ride/view.js';
import { documentTypeLabel, type RideHeader, viewHeader } from '../common/ride.js';
import type { NameValue } from '../common/schemas.js';

const TAX_LABEL: Record<string, 'renta' | 'iva' | 'isd'> = { '1': 'renta', '2': 'iva', '6': 'isd' };

/** What the retención RIDE shows: fields of WithholdingContent, or of a received 07. */
export interface WithholdingRide {
  /** MM/YYYY. */
  fiscalPeriod: string;
  subject: { id: string; name: string };
  supportingDocuments: {
    documentType: string;
    number: string;
    /** DD/MM/YYYY. */
    issueDate: string;
    withholdings: {
      code: string;
      withholdingCode: string;
      taxableBase: string;
      rate: string;
      amount: string;
    }[];
  }[];
  totalWithheld: string;
  additionalInfo: NameValue[];
}

/**
 * The retención RIDE (OCA report_edi_withhold, DavidLeonP com_001..013): the subject, then one
 * row per withholding with its supporting document (type, number, date), fiscal period, base,
 * tax, code, rate and amount; the total withheld at the foot.
 */
export function withholdingRideView(header: RideHeader, content: WithholdingRide): RideView {
  const rows: ViewValue[][] = content.supportingDocuments.flatMap((doc) =>
    doc.withholdings.map((w) => [
      documentTypeLabel(doc.documentType),
      doc.number,
      doc.issueDate,
      content.fiscalPeriod,
      w.taxableBase,
      TAX_LABEL[w.code] ? { label: TAX_LABEL[w.code]! } : w.code,
      w.withholdingCode,
      `${w.rate}%`,
      w.amount,
    ]),
  );
  return {
    ...viewHeader('07', header),
    party: [
      { label: 'name', value: content.subject.name, wide: true },
      { label: 'identification', value: content.subject.id },
      { label: 'issueDate', value: header.issueDate },
      { label: 'fiscalPeriod', value: content.fiscalPeriod },
    ],
    sections: [
      {
        title: null,
        fields: [],
        table: {
          columns: [
            { label: 'voucher', width: 62, align: 'left' },
            { label: 'number', width: 0, align: 'left' },
            { label: 'voucherDate', width: 50, align: 'left' },
            { label: 'fiscalPeriodColumn', width: 44, align: 'left' },
            { label: 'withholdingBase', width: 66, align: 'right' },
            { label: 'tax', width: 60, align: 'left' },
            { label: 'withholdingCode', width: 36, align: 'left' },
            { label: 'withholdingRate', width: 50, align: 'right' },
            { label: 'withheldValue', width: 56, align: 'right' },
          ],
          rows,
        },
      },
    ],
    totals: [{ label: 'totalWithheld', value: content.totalWithheld, grand: true }],
    additionalInfo: content.additionalInfo,
  };
}
