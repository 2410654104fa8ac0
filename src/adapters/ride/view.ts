import type { Environment, IssuerSnapshot, Payment } from '../../shared/document-model.js';
import type { ViewLabels } from './labels.js';

/**
 * A RIDE described as data, for the document types after the invoice and the credit note
 * (03, 05, 06, 07): each type's `ride.ts` maps its content to this view, and `renderRide`
 * draws it with the invoice's header, barcode, footer and marks (view-flows.ts). Fixed texts are label keys
 * (es/en in labels.ts); values are the document's own strings.
 */
export type ViewLabelKey = keyof ViewLabels;

/** A value: the document's text, or a label key when the value itself needs translating. */
export type ViewValue = string | { label: ViewLabelKey };

export interface ViewField {
  label: ViewLabelKey;
  value: ViewValue;
  /** Takes the whole row (long texts). */
  wide?: boolean;
}

interface ViewColumn {
  label: ViewLabelKey;
  /** Points; 0 = takes what the other columns leave. */
  width: number;
  align: 'left' | 'right';
}

export interface ViewTable {
  columns: ViewColumn[];
  rows: ViewValue[][];
}

export interface ViewSection {
  /** A band above the section (e.g. the recipient's name); none when null. */
  title: ViewField | null;
  fields: ViewField[];
  table: ViewTable | null;
}

export interface ViewTotal {
  label: ViewLabelKey;
  /** Appended to the label text ("15%"). */
  suffix?: string;
  value: string;
  grand?: boolean;
}

export interface RideView {
  documentType: '03' | '05' | '06' | '07';
  environment: Environment;
  accessKey: string;
  sequential: string;
  issueDate: string;
  issuer: IssuerSnapshot;
  /** The counterpart box under the header (subject, buyer, supplier, carrier). */
  party: ViewField[];
  sections: ViewSection[];
  totals: ViewTotal[];
  additionalInfo: { name: string; value: string }[];
  /** The payment table under the additional information (03, 05: their XML has `pagos`). */
  payments?: Payment[];
}
