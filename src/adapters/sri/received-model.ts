import type { SriEnvironment } from './types.js';

/**
 * A document received from a supplier or a client, as parseReceivedDocument reads it
 * (REFERENCE-PURCHASES §4). Amounts are decimal strings exactly as written in the XML (`3292`,
 * `3292.00`); add them up with decimal.js. Dates are ISO YYYY-MM-DD.
 */

export type ReceivedDocumentType = '01' | '03' | '04' | '05' | '06' | '07';

export interface TaxGroup {
  /** codigo: 2 IVA, 3 ICE, 5 IRBPNR. */
  taxCode: string;
  /** codigoPorcentaje (IVA rate code such as 4 = 15 %, or the ICE product code). */
  rateCode: string;
  /** tarifa when written (the invoice's totalConImpuestos omits it). */
  rate: string | null;
  base: string;
  amount: string;
}

export interface Payment {
  /** formaPago, e.g. 20 = otros con utilización del sistema financiero. */
  method: string;
  amount: string;
  term: string | null;
  termUnit: string | null;
}

/** A document another one refers to: what an NC/ND modifies, or what a retention supports. */
export interface DocumentReference {
  /** codDocModificado / codDocSustento. */
  type: string;
  /** EEE-PPP-SSSSSSSSS (a retention's 15-digit numDocSustento is written out so). */
  number: string;
  issueDate: string | null;
}

export interface RetentionLine {
  /** codigo: 1 renta, 2 IVA, 6 ISD. */
  taxCode: string;
  retentionCode: string;
  base: string;
  rate: string;
  amount: string;
}

export interface SupportingDocument extends DocumentReference {
  /** codSustento (2.0.0 only). */
  supportCode: string | null;
  /** numAutDocSustento (2.0.0 only). */
  authorizationNumber: string | null;
  subtotal: string | null;
  total: string | null;
  taxes: TaxGroup[];
  lines: RetentionLine[];
}

export interface Identification {
  /** tipoIdentificación: 04 RUC, 05 cédula, 06 pasaporte, 07 consumidor final, 08 exterior; null when absent (guía). */
  idType: string | null;
  id: string;
  name: string | null;
}

export interface ReceivedDocument {
  type: ReceivedDocumentType;
  /** The root's version attribute (null for a liquidación without one: its XSD does not require it). */
  version: string | null;
  accessKey: string;
  environment: SriEnvironment;
  supplier: { ruc: string; name: string; tradeName: string | null; address: string | null };
  establishment: string;
  emissionPoint: string;
  sequential: string;
  /** EEE-PPP-SSSSSSSSS */
  number: string;
  /** fechaEmision; for a guía (which has none) the date in its access key. */
  issueDate: string;
  /**
   * Who the document is addressed to: the buyer (01, 04, 05), the withheld party (07), the provider
   * (03: the receiving business is the seller), the first recipient (06).
   */
  recipient: Identification;
  /** Every identification the document is addressed to (all a guía's recipients). */
  recipientIds: string[];
  currency: string | null;
  subtotal: string | null;
  discount: string | null;
  tip: string | null;
  /** importeTotal (01, 03), valorModificacion (04), valorTotal (05); null for 06 and 07. */
  total: string | null;
  /** Every tax group; for 07, the supporting documents' taxes are in `retention`. */
  taxes: TaxGroup[];
  /** Sums over `taxes`, for the accountant and the ATS. */
  iceTotal: string;
  irbpnrTotal: string;
  payments: Payment[];
  /** The invoice a credit or debit note modifies. */
  modifiedDocument: DocumentReference | null;
  /** motivo (04) or the motivos' razones (05). */
  reason: string | null;
  /** 07 only. Version 1.0.0 has one supporting document per line; 2.0.0 groups lines per document. */
  retention: { fiscalPeriod: string; supportingDocuments: SupportingDocument[] } | null;
  /** What the document's RIDE shows beyond the fields above (received-details.ts). */
  details: ReceivedDetails;
  /** Present when the input was an `autorizacion` wrapper or a SOAP answer. */
  authorization: {
    status: string;
    number: string | null;
    date: string | null;
    environment: string | null;
  } | null;
  /** The signed document itself, trimmed (what the signature covers). */
  signedXml: string;
}

/** A line of detalles (01, 03, 04) or of a guía's recipient; amounts as written, null when absent. */
export interface ReceivedItem {
  mainCode: string | null;
  auxiliaryCode: string | null;
  description: string;
  quantity: string;
  unitPrice: string | null;
  discount: string | null;
  subtotal: string | null;
  additionalDetails: { name: string; value: string }[];
  taxes: TaxGroup[];
}

export interface WaybillRecipient {
  id: string;
  name: string;
  address: string;
  transferReason: string;
  customsDocument: string | null;
  destinationBranchCode: string | null;
  route: string | null;
  supportingDocument: (DocumentReference & { authorizationNumber: string | null }) | null;
  items: ReceivedItem[];
}

export interface ReceivedDetails {
  /** The issuer's legends and branch (infoTributaria / the info element). */
  issuer: {
    branchAddress: string | null;
    requiredAccounting: boolean;
    specialTaxpayer: string | null;
    retentionAgentResolution: string | null;
    rimpeRegime: string | null;
  };
  /** direccionComprador (01, 04, 05) or direccionProveedor (03). */
  recipientAddress: string | null;
  items: ReceivedItem[];
  /** A debit note's motivos. */
  debitReasons: { reason: string; amount: string }[];
  /** A guía's carrier and recipients. */
  waybill: {
    carrierId: string;
    carrierName: string;
    plate: string;
    departureAddress: string;
    transportStart: string;
    transportEnd: string;
    recipients: WaybillRecipient[];
  } | null;
  /** infoAdicional/campoAdicional. */
  additionalInfo: { name: string; value: string }[];
}
