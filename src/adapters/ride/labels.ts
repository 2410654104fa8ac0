import { PAYMENT_METHODS, TERM_UNITS } from '../../shared/sri-codes.js';

export type RideLanguage = 'es' | 'en';

/**
 * Every fixed text of the RIDE. English keeps the legal Spanish names next to the translation
 * where a reader must recognise the tax document ("INVOICE (FACTURA)").
 */
export interface Labels {
  ruc: string;
  invoice: string;
  creditNote: string;
  numberPrefix: string;
  authorizationNumber: string;
  authorizationDate: string;
  environment: string;
  sandbox: string;
  production: string;
  emission: string;
  emissionNormal: string;
  accessKey: string;
  pending: string;
  mainAddress: string;
  branchAddress: string;
  specialTaxpayer: string;
  requiredAccounting: string;
  yes: string;
  no: string;
  retentionAgent: string;
  buyerName: string;
  buyerId: string;
  issueDate: string;
  buyerAddress: string;
  modifiedDocument: string;
  modifiedDocumentDate: string;
  modificationReason: string;
  mainCode: string;
  auxiliaryCode: string;
  quantity: string;
  description: string;
  unitPrice: string;
  discount: string;
  lineTotal: string;
  additionalInfo: string;
  paymentMethod: string;
  paymentValue: string;
  paymentTerm: string;
  paymentTermUnit: string;
  subtotal: (rate: string) => string;
  subtotalNotSubject: string;
  subtotalExempt: string;
  subtotalDifferentiated: (rate: string) => string;
  subtotalWithoutTaxes: string;
  totalDiscount: string;
  ice: string;
  irbpnr: string;
  vat: (rate: string) => string;
  vatDifferentiated: (rate: string) => string;
  otherTax: (code: string, rateCode: string) => string;
  tip: string;
  invoiceTotal: string;
  creditNoteTotal: string;
  page: (n: number, of: number) => string;
  voided: string;
  voidedBanner: string;
  draft: string;
  /** Tabla 3 names for the document a credit note modifies. */
  documentTypes: Record<string, string>;
  paymentMethods: Record<string, string>;
  termUnits: Record<string, string>;
}

const spanishPaymentMethods: Record<string, string> = Object.fromEntries(
  PAYMENT_METHODS.map((m) => [m.code, m.description]),
);

const es: Labels = {
  ruc: 'R.U.C.:',
  invoice: 'FACTURA',
  creditNote: 'NOTA DE CRÉDITO',
  numberPrefix: 'No.',
  authorizationNumber: 'NÚMERO DE AUTORIZACIÓN',
  authorizationDate: 'FECHA Y HORA DE AUTORIZACIÓN:',
  environment: 'AMBIENTE:',
  sandbox: 'PRUEBAS',
  production: 'PRODUCCIÓN',
  emission: 'EMISIÓN:',
  emissionNormal: 'NORMAL',
  accessKey: 'CLAVE DE ACCESO',
  pending: 'PENDIENTE',
  mainAddress: 'Dir. Matriz:',
  branchAddress: 'Dir. Sucursal:',
  specialTaxpayer: 'Contribuyente Especial Nro.:',
  requiredAccounting: 'OBLIGADO A LLEVAR CONTABILIDAD:',
  yes: 'SI',
  no: 'NO',
  retentionAgent: 'Agente de Retención Resolución No.:',
  buyerName: 'Razón Social / Nombres y Apellidos:',
  buyerId: 'Identificación:',
  issueDate: 'Fecha de Emisión:',
  buyerAddress: 'Dirección:',
  modifiedDocument: 'Comprobante que se modifica:',
  modifiedDocumentDate: 'Fecha de emisión (comprobante a modificar):',
  modificationReason: 'Razón de modificación:',
  mainCode: 'Cód. Principal',
  auxiliaryCode: 'Cód. Auxiliar',
  quantity: 'Cant.',
  description: 'Descripción',
  unitPrice: 'Precio Unitario',
  discount: 'Descuento',
  lineTotal: 'Precio Total',
  additionalInfo: 'Información Adicional',
  paymentMethod: 'Forma de pago',
  paymentValue: 'Valor',
  paymentTerm: 'Plazo',
  paymentTermUnit: 'Unidad de tiempo',
  subtotal: (rate) => `SUBTOTAL ${rate}%`,
  subtotalNotSubject: 'SUBTOTAL NO OBJETO DE IVA',
  subtotalExempt: 'SUBTOTAL EXENTO DE IVA',
  subtotalDifferentiated: (rate) => `SUBTOTAL IVA DIFERENCIADO ${rate}%`,
  subtotalWithoutTaxes: 'SUBTOTAL SIN IMPUESTOS',
  totalDiscount: 'TOTAL DESCUENTO',
  ice: 'ICE',
  irbpnr: 'IRBPNR',
  vat: (rate) => `IVA ${rate}%`,
  vatDifferentiated: (rate) => `IVA DIFERENCIADO ${rate}%`,
  otherTax: (code, rateCode) => `IMPUESTO ${code}-${rateCode}`,
  tip: 'PROPINA',
  invoiceTotal: 'VALOR TOTAL',
  creditNoteTotal: 'VALOR MODIFICACIÓN',
  page: (n, of) => `Página ${n} de ${of}`,
  voided: 'ANULADO',
  voidedBanner: 'DOCUMENTO ANULADO',
  draft: 'BORRADOR — SIN VALOR TRIBUTARIO',
  documentTypes: {
    '01': 'FACTURA',
    '03': 'LIQUIDACIÓN DE COMPRA',
    '04': 'NOTA DE CRÉDITO',
    '05': 'NOTA DE DÉBITO',
  },
  paymentMethods: spanishPaymentMethods,
  termUnits: Object.fromEntries(TERM_UNITS.map((u) => [u.code, u.description])),
};

const en: Labels = {
  ...es,
  invoice: 'INVOICE (FACTURA)',
  creditNote: 'CREDIT NOTE (NOTA DE CRÉDITO)',
  authorizationNumber: 'AUTHORIZATION NUMBER',
  authorizationDate: 'AUTHORIZATION DATE AND TIME:',
  environment: 'ENVIRONMENT:',
  sandbox: 'TEST (PRUEBAS)',
  production: 'PRODUCTION (PRODUCCIÓN)',
  emission: 'ISSUE TYPE:',
  accessKey: 'ACCESS KEY (CLAVE DE ACCESO)',
  pending: 'PENDING',
  mainAddress: 'Head office:',
  branchAddress: 'Branch:',
  specialTaxpayer: 'Special taxpayer No.:',
  requiredAccounting: 'REQUIRED TO KEEP ACCOUNTING:',
  yes: 'YES',
  no: 'NO',
  retentionAgent: 'Withholding agent, resolution No.:',
  buyerName: 'Customer name:',
  buyerId: 'Tax ID:',
  issueDate: 'Issue date:',
  buyerAddress: 'Address:',
  modifiedDocument: 'Document modified:',
  modifiedDocumentDate: 'Issue date of the modified document:',
  modificationReason: 'Reason for the modification:',
  mainCode: 'Main code',
  auxiliaryCode: 'Aux. code',
  quantity: 'Qty.',
  description: 'Description',
  unitPrice: 'Unit price',
  discount: 'Discount',
  lineTotal: 'Total price',
  additionalInfo: 'Additional information',
  paymentMethod: 'Payment method',
  paymentValue: 'Amount',
  paymentTerm: 'Term',
  paymentTermUnit: 'Time unit',
  subtotal: (rate) => `SUBTOTAL ${rate}%`,
  subtotalNotSubject: 'SUBTOTAL NOT SUBJECT TO VAT',
  subtotalExempt: 'SUBTOTAL VAT EXEMPT',
  subtotalDifferentiated: (rate) => `SUBTOTAL DIFFERENTIATED VAT ${rate}%`,
  subtotalWithoutTaxes: 'SUBTOTAL BEFORE TAXES',
  totalDiscount: 'TOTAL DISCOUNT',
  vat: (rate) => `VAT (IVA) ${rate}%`,
  vatDifferentiated: (rate) => `DIFFERENTIATED VAT ${rate}%`,
  otherTax: (code, rateCode) => `TAX ${code}-${rateCode}`,
  tip: 'TIP (PROPINA)',
  invoiceTotal: 'TOTAL',
  creditNoteTotal: 'CREDIT NOTE TOTAL',
  page: (n, of) => `Page ${n} of ${of}`,
  voided: 'VOIDED',
  voidedBanner: 'VOIDED DOCUMENT',
  draft: 'DRAFT — NOT A TAX DOCUMENT',
  documentTypes: {
    '01': 'INVOICE (FACTURA)',
    '03': 'PURCHASE SETTLEMENT',
    '04': 'CREDIT NOTE',
    '05': 'DEBIT NOTE',
  },
  paymentMethods: {
    '01': 'Without using the financial system',
    '15': 'Debt offsetting',
    '16': 'Debit card',
    '17': 'Electronic money',
    '18': 'Prepaid card',
    '19': 'Credit card',
    '20': 'Other, using the financial system',
    '21': 'Endorsement of securities',
  },
  termUnits: { dias: 'Days', meses: 'Months' },
};

export const LABELS: Record<RideLanguage, Labels> = { es, en };
