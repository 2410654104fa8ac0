/**
 * The fully computed tax document: what validation and the totals calculator produce from a
 * request, and what the XML builders, the RIDE renderer and the emails consume. It lives in the
 * kernel because both the documents module and the RIDE adapter read it (an adapter imports
 * only src/shared/). Every amount is
 * a decimal string already formatted as the tax authority wants it (2 decimals for money,
 * up to 6 for quantity and unit price).
 */
type DocumentType = '01' | '04';

import type { Environment } from './scope.js';

export type { Environment };

/** The issuer as it was when the document was signed (later edits do not change a document). */
export interface IssuerSnapshot {
  ruc: string;
  businessName: string;
  tradeName: string | null;
  /** dirMatriz (head office); required by the schema. */
  mainAddress: string;
  /** dirEstablecimiento; null when the branch has no address of its own. */
  branchAddress: string | null;
  branchCode: string;
  issuePointCode: string;
  requiredAccounting: boolean;
  /** contribuyenteEspecial resolution number. */
  specialTaxpayer: string | null;
  /** agenteRetencion resolution number. */
  retentionAgentResolution: string | null;
  /** contribuyenteRimpe legend. */
  rimpeRegime: string | null;
}

export interface Buyer {
  /** Table 6: 04 RUC, 05 cédula, 06 passport, 07 final consumer, 08 foreign id. */
  idType: string;
  id: string;
  name: string;
  email: string;
  address: string | null;
  phone: string | null;
}

export interface TaxLine {
  /** 2 IVA, 3 ICE, 5 IRBPNR. */
  code: string;
  /** codigoPorcentaje, e.g. 4 for IVA 15%. */
  rateCode: string;
  /** tarifa, e.g. "15.00". */
  rate: string;
  taxableBase: string;
  amount: string;
}

export interface ItemLine {
  mainCode: string;
  auxiliaryCode: string | null;
  description: string;
  /** Up to 6 decimals, as given (normalised: no exponent, no superfluous sign). */
  quantity: string;
  unitPrice: string;
  /** Line discount amount, 2 decimals. */
  discount: string;
  /** precioTotalSinImpuesto = quantity × unitPrice − discount, rounded half-up to 2 decimals. */
  subtotal: string;
  /** detallesAdicionales (max 3). */
  additionalDetails: { name: string; value: string }[];
  taxes: TaxLine[];
}

export interface Payment {
  /** formaPago, table 24. */
  method: string;
  total: string;
  term: string | null;
  termUnit: string | null;
}

export interface Totals {
  /** totalSinImpuestos: Σ item subtotals. */
  totalWithoutTaxes: string;
  /** totalDescuento: Σ item discounts. */
  totalDiscount: string;
  /** totalConImpuestos: one entry per (code, rateCode), bases and amounts summed. */
  taxTotals: TaxLine[];
  /** propina (invoice only; "0.00" otherwise). */
  tip: string;
  /** importeTotal (invoice) / valorModificacion (credit note). */
  total: string;
}

export interface CreditNoteReference {
  /** codDocModificado, e.g. "01". */
  originalDocumentType: string;
  /** numDocModificado, NNN-NNN-NNNNNNNNN. */
  originalNumber: string;
  /** fechaEmisionDocSustento, DD/MM/YYYY. */
  originalIssueDate: string;
  /** motivo. */
  reason: string;
}

export interface DocumentModel {
  documentType: DocumentType;
  environment: Environment;
  accessKey: string;
  /** 9 digits, zero padded. */
  sequential: string;
  /** DD/MM/YYYY (America/Guayaquil). */
  issueDate: string;
  issuer: IssuerSnapshot;
  buyer: Buyer;
  items: ItemLine[];
  totals: Totals;
  /** Invoice only; [] for credit notes. */
  payments: Payment[];
  /** Credit note only. */
  creditNote: CreditNoteReference | null;
  /** infoAdicional/campoAdicional (max 15). */
  additionalInfo: { name: string; value: string }[];
}

/** estab-ptoEmi-secuencial, e.g. 001-001-000000123. */
export function documentNumber(model: Pick<DocumentModel, 'issuer' | 'sequential'>): string {
  return `${model.issuer.branchCode}-${model.issuer.issuePointCode}-${model.sequential}`;
}
