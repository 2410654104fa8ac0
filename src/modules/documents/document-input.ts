/**
 * Request bodies of POST /v1/documents as the client sends them: camelCase, every amount a decimal
 * string. The credit note body is interface.md's table; the invoice body is decisions.md §2
 * ("Invoice body"). Shape (types, required members) is checked by the route schema; meaning
 * (formats, catalogs, arithmetic) by `computeDocumentContent` in totals.ts.
 */
export interface NameValue {
  name: string;
  value: string;
}

export interface TaxInput {
  /** Tabla 16: 2 IVA, 3 ICE, 5 IRBPNR. */
  code: string;
  /** codigoPorcentaje, e.g. "4" for IVA 15%. */
  rateCode: string;
  /** Percentage; must equal the catalog's rate for (code, rateCode). */
  rate: string;
  /** The client's own figures; refused when they differ from ours at 2 decimals. */
  taxableBase: string;
  taxAmount: string;
}

export interface ItemInput {
  mainCode: string;
  auxiliaryCode?: string | null;
  description: string;
  /** > 0, up to 6 decimals. */
  quantity: string;
  /** ≥ 0, up to 6 decimals. */
  unitPrice: string;
  /** Line discount amount, ≥ 0, up to 2 decimals; at most quantity × unitPrice. */
  discount?: string | null;
  /** detallesAdicionales, at most 3. */
  additionalDetails?: NameValue[] | null;
  taxes: TaxInput[];
}

export interface BuyerInput {
  /** Tabla 6: 04 RUC, 05 cédula, 06 passport, 07 final consumer, 08 foreign id. */
  idType: string;
  id: string;
  name: string;
  email: string;
  address?: string | null;
}

export interface InvoiceBuyerInput extends BuyerInput {
  phone?: string | null;
}

export interface PaymentInput {
  /** formaPago, tabla 24. */
  method: string;
  total: string;
  /** plazo; given together with termUnit. */
  term?: string | null;
  /** unidadTiempo: "dias" or "meses" (TERM_UNITS). */
  termUnit?: string | null;
}

export interface InvoiceInput {
  documentType: '01';
  /** DD/MM/YYYY; defaults to today. */
  issueDate?: string | null;
  buyer: InvoiceBuyerInput;
  items: ItemInput[];
  payments: PaymentInput[];
  /** propina (service charge), not taxed. */
  tip?: string | null;
  /** infoAdicional/campoAdicional, at most 15. */
  additionalInfo?: NameValue[] | null;
}

export interface OriginalDocumentInput {
  /** codDocModificado, e.g. "01". */
  documentType: string;
  /** numDocModificado NNN-NNN-NNNNNNNNN. */
  number: string;
  /** DD/MM/YYYY. */
  issueDate: string;
}

export interface CreditNoteInput {
  documentType: '04';
  /** DD/MM/YYYY; must be today (decisions.md §4); defaults to today. */
  issueDate?: string | null;
  buyer: BuyerInput;
  originalDocument: OriginalDocumentInput;
  /** Reason for the credit, max 300. */
  motivo: string;
  items: ItemInput[];
  additionalInfo?: NameValue[] | null;
}

export type DocumentInput = InvoiceInput | CreditNoteInput;
