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
  /** Sandbox (ambiente 1) documents: a test, never a tax document. */
  test: string;
  /** Header names of the newer types (tabla 3 wording), by codDoc. */
  documentNames: Record<string, string>;
  /** Fixed texts of the view-model RIDE (03, 05, 06, 07). */
  view: ViewLabels;
  /** Tabla 3 names for the document a credit note modifies. */
  documentTypes: Record<string, string>;
  paymentMethods: Record<string, string>;
  termUnits: Record<string, string>;
}

/** Fixed texts of the RIDEs drawn from a view (view.ts): 03, 05, 06 and 07. */
export interface ViewLabels {
  name: string;
  identification: string;
  issueDate: string;
  address: string;
  fiscalPeriod: string;
  voucher: string;
  number: string;
  documentNumber: string;
  voucherDate: string;
  fiscalPeriodColumn: string;
  withholdingBase: string;
  tax: string;
  withholdingCode: string;
  withholdingRate: string;
  withheldValue: string;
  totalWithheld: string;
  renta: string;
  iva: string;
  isd: string;
  modifiedDocument: string;
  modifiedDocumentDate: string;
  reason: string;
  value: string;
  subtotalRate: string;
  subtotalWithoutTaxes: string;
  totalDiscount: string;
  vatRate: string;
  total: string;
  mainCode: string;
  auxiliaryCode: string;
  quantity: string;
  description: string;
  unitPrice: string;
  discount: string;
  lineTotal: string;
  carrierName: string;
  carrierId: string;
  plate: string;
  departure: string;
  transportStart: string;
  transportEnd: string;
  recipient: string;
  recipientId: string;
  destination: string;
  transferReason: string;
  supportingDocument: string;
  supportingDocumentDate: string;
  authorizationNumber: string;
  customsDocument: string;
  destinationBranch: string;
  route: string;
  invoice: string;
  purchaseSettlement: string;
  creditNote: string;
  debitNote: string;
  otherDocument: string;
}

const esView: ViewLabels = {
  name: 'Razón Social / Nombres y Apellidos:',
  identification: 'Identificación:',
  issueDate: 'Fecha de Emisión:',
  address: 'Dirección:',
  fiscalPeriod: 'Ejercicio Fiscal:',
  voucher: 'Comprobante',
  number: 'Número',
  documentNumber: 'Número:',
  voucherDate: 'Fecha Emisión',
  fiscalPeriodColumn: 'Ejercicio Fiscal',
  withholdingBase: 'Base Imponible para la Retención',
  tax: 'Impuesto',
  withholdingCode: 'Código',
  withholdingRate: 'Porcentaje Retención',
  withheldValue: 'Valor Retenido',
  totalWithheld: 'VALOR TOTAL RETENIDO',
  renta: 'RENTA',
  iva: 'IVA',
  isd: 'ISD',
  modifiedDocument: 'Comprobante que se modifica:',
  modifiedDocumentDate: 'Fecha Emisión (Comprobante a modificar):',
  reason: 'Razón de la modificación',
  value: 'Valor',
  subtotalRate: 'SUBTOTAL',
  subtotalWithoutTaxes: 'SUBTOTAL SIN IMPUESTOS',
  totalDiscount: 'TOTAL DESCUENTO',
  vatRate: 'IVA',
  total: 'VALOR TOTAL',
  mainCode: 'Cód. Principal',
  auxiliaryCode: 'Cód. Auxiliar',
  quantity: 'Cant.',
  description: 'Descripción',
  unitPrice: 'Precio Unitario',
  discount: 'Descuento',
  lineTotal: 'Precio Total',
  carrierName: 'Razón Social / Nombres y Apellidos (Transportista):',
  carrierId: 'Identificación (Transportista):',
  plate: 'Placa:',
  departure: 'Punto de Partida:',
  transportStart: 'Fecha Inicio Transporte:',
  transportEnd: 'Fecha Fin Transporte:',
  recipient: 'Destinatario:',
  recipientId: 'Identificación (Destinatario):',
  destination: 'Destino (Punto de llegada):',
  transferReason: 'Motivo Traslado:',
  supportingDocument: 'Comprobante de Venta:',
  supportingDocumentDate: 'Fecha de Emisión:',
  authorizationNumber: 'Número de Autorización:',
  customsDocument: 'Documento Aduanero:',
  destinationBranch: 'Código Establecimiento Destino:',
  route: 'Ruta:',
  invoice: 'FACTURA',
  purchaseSettlement: 'LIQUIDACIÓN DE COMPRA',
  creditNote: 'NOTA DE CRÉDITO',
  debitNote: 'NOTA DE DÉBITO',
  otherDocument: 'OTRO',
};

const enView: ViewLabels = {
  name: 'Name:',
  identification: 'Tax ID:',
  issueDate: 'Issue date:',
  address: 'Address:',
  fiscalPeriod: 'Fiscal period:',
  voucher: 'Document',
  number: 'Number',
  documentNumber: 'Number:',
  voucherDate: 'Issue date',
  fiscalPeriodColumn: 'Fiscal period',
  withholdingBase: 'Taxable base for withholding',
  tax: 'Tax',
  withholdingCode: 'Code',
  withholdingRate: 'Withholding rate',
  withheldValue: 'Amount withheld',
  totalWithheld: 'TOTAL WITHHELD',
  renta: 'INCOME TAX',
  iva: 'VAT',
  isd: 'ISD',
  modifiedDocument: 'Document modified:',
  modifiedDocumentDate: 'Issue date of the modified document:',
  reason: 'Reason for the modification',
  value: 'Amount',
  subtotalRate: 'SUBTOTAL',
  subtotalWithoutTaxes: 'SUBTOTAL BEFORE TAXES',
  totalDiscount: 'TOTAL DISCOUNT',
  vatRate: 'VAT (IVA)',
  total: 'TOTAL',
  mainCode: 'Main code',
  auxiliaryCode: 'Aux. code',
  quantity: 'Qty.',
  description: 'Description',
  unitPrice: 'Unit price',
  discount: 'Discount',
  lineTotal: 'Total price',
  carrierName: 'Carrier name:',
  carrierId: 'Carrier tax ID:',
  plate: 'License plate:',
  departure: 'Departure point:',
  transportStart: 'Transport start date:',
  transportEnd: 'Transport end date:',
  recipient: 'Recipient:',
  recipientId: 'Recipient tax ID:',
  destination: 'Destination (arrival point):',
  transferReason: 'Reason for transfer:',
  supportingDocument: 'Sales document:',
  supportingDocumentDate: 'Issue date:',
  authorizationNumber: 'Authorization number:',
  customsDocument: 'Customs document:',
  destinationBranch: 'Destination establishment code:',
  route: 'Route:',
  invoice: 'INVOICE',
  purchaseSettlement: 'PURCHASE SETTLEMENT',
  creditNote: 'CREDIT NOTE',
  debitNote: 'DEBIT NOTE',
  otherDocument: 'OTHER',
};

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
  test: 'PRUEBAS — SIN VALIDEZ TRIBUTARIA',
  documentNames: {
    '03': 'LIQUIDACIÓN DE COMPRA DE BIENES Y PRESTACIÓN DE SERVICIOS',
    '05': 'NOTA DE DÉBITO',
    '06': 'GUÍA DE REMISIÓN',
    '07': 'COMPROBANTE DE RETENCIÓN',
  },
  view: esView,
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
  test: 'TEST — NOT VALID FOR TAX PURPOSES',
  documentNames: {
    '03': 'PURCHASE SETTLEMENT (LIQUIDACIÓN DE COMPRA)',
    '05': 'DEBIT NOTE (NOTA DE DÉBITO)',
    '06': 'WAYBILL (GUÍA DE REMISIÓN)',
    '07': 'WITHHOLDING RECEIPT (COMPROBANTE DE RETENCIÓN)',
  },
  view: enView,
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
