/**
 * What the ATS (Anexo Transaccional Simplificado) is built from: the period's purchases, sales and
 * voided documents, in the SRI documents' own terms (XML identification types, tax codes, ISO
 * dates). ats-rows.ts turns them into the annex's rows (docs/ats.md; REFERENCE-ATS.md §2-§6).
 */

/** A calendar month, or a RIMPE semester (month 6 = January-June, 12 = July-December). */
interface AtsPeriod {
  year: number;
  month: number;
  semester?: boolean;
}

/**
 * Which sales `totalVentas` and `ventasEstab` add up (REFERENCE-ATS §5.2, an open question):
 * `physical` = only physical (F) sales, as the SRI's validator answered (reading A, the default);
 * `all` = every sales row (reading B, OCA's).
 */
export type TotalVentasReading = 'physical' | 'all';

export interface AtsHeader {
  /** The informant's RUC (13 digits ending 001). */
  ruc: string;
  /** The informant's legal name as registered; normalised to the annex's characters when written. */
  legalName: string;
  period: AtsPeriod;
  /** The RUC's active establishments (3-digit codes), sold or not: one ventaEst row each. */
  establishments: readonly string[];
  totalVentasReading: TotalVentasReading;
}

/** One total of a document: `totalImpuesto` of an invoice or `impuesto` of a note. */
export interface AtsTax {
  /** codigo: 2 IVA, 3 ICE, 5 IRBPNR. */
  taxCode: string;
  /** codigoPorcentaje. */
  rateCode: string;
  base: string;
  amount: string;
}

/** A line of a retention we issued on a purchase (codigo 1 renta, 2 IVA). */
interface AtsRetentionLine {
  taxCode: '1' | '2';
  code: string;
  base: string;
  /** porcentajeRetener. */
  rate: string;
  amount: string;
}

interface AtsRetention {
  establishment: string;
  point: string;
  sequential: string;
  /** The retention's access key. */
  authorization: string;
  issueDate: string;
  lines: readonly AtsRetentionLine[];
}

/** The document a credit or debit note modifies. */
interface AtsModifiedDocument {
  documentType: string;
  establishment: string;
  point: string;
  sequential: string;
  authorization: string;
}

/** A purchase of the period: a received 01/04/05 or our own liquidación (03), with one sustento. */
export interface AtsPurchase {
  /** codSustento (Tabla 5). */
  supportCode: string;
  /** The supplier's identification type as the document's XML gives it (04 RUC, 05 cédula, 06, 08). */
  supplierIdType: string;
  supplierId: string;
  supplierName: string;
  /** Tabla 14 (01 natural person, 02 company): reported only for passports and foreign ids. */
  supplierKind?: '01' | '02';
  documentType: string;
  relatedParty: boolean;
  /** The accounting date (fechaRegistro), ISO. */
  bookedOn: string;
  establishment: string;
  point: string;
  sequential: string;
  issueDate: string;
  /** The document's access key (49 digits) or a paper authorization (10). */
  authorization: string;
  taxes: readonly AtsTax[];
  /** formaPago codes (Tabla 13) of the document's payments. */
  paymentForms: readonly string[];
  retention?: AtsRetention;
  modified?: AtsModifiedDocument;
}

/** One authorized sales document of the period (01, 04 or 05). */
export interface AtsSale {
  /** The buyer's identification type as the XML gives it (04, 05, 06, 07, 08). */
  buyerIdType: string;
  buyerId: string;
  buyerName: string;
  buyerKind?: '01' | '02';
  relatedParty?: boolean;
  documentType: '01' | '04' | '05';
  /** E electronic (every document this service issues), F physical. */
  emission: 'E' | 'F';
  establishment: string;
  taxes: readonly AtsTax[];
  paymentForms: readonly string[];
  /** Withholdings the client applied on paper vouchers (REFERENCE-ATS §5.3); electronic 07s are not. */
  withheldVat?: string;
  withheldIncomeTax?: string;
}

/** A document of ours voided in the period by a way other than the SRI portal (REFERENCE-ATS §6). */
export interface AtsVoided {
  documentType: string;
  establishment: string;
  point: string;
  sequential: number;
  authorization: string;
}

/** Everything one ATS file is made of; the lists may be streamed from the database. */
export interface AtsSources {
  purchases: AsyncIterable<AtsPurchase> | Iterable<AtsPurchase>;
  sales: AsyncIterable<AtsSale> | Iterable<AtsSale>;
  voided: AsyncIterable<AtsVoided> | Iterable<AtsVoided>;
}
