/**
 * The ATS code tables this service uses, with their validity (ISO dates, inclusive; null = open),
 * from the SRI's Ficha técnica ATS (Feb 2025) as REFERENCE-ATS.md §4 transcribes it. A table is
 * read on the last day of the reported period, so the ATS of March 2026 uses March 2026's codes.
 */

interface Dated {
  validFrom: string | null;
  validTo: string | null;
}

function inForce(row: Dated, on: string): boolean {
  return (row.validFrom === null || row.validFrom <= on) && (row.validTo === null || on <= row.validTo);
}

/** Tabla 5: codSustento and the tipoComprobante codes each allows. */
interface SupportCode extends Dated {
  code: string;
  description: string;
  documentTypes: readonly string[];
}

const support = (
  code: string,
  description: string,
  types: string,
  validFrom: string | null = null,
  validTo: string | null = null,
): SupportCode => ({
  code,
  description,
  documentTypes: types.split(' ').map((t) => t.padStart(2, '0')),
  validFrom,
  validTo,
});

const ATS_SUPPORT_CODES: readonly SupportCode[] = [
  support(
    '01',
    'Crédito tributario de IVA (bienes y servicios distintos de inventarios y activos fijos)',
    '1 3 4 5 11 12 21 41 43 47 48 294 344',
  ),
  support(
    '02',
    'Costo o gasto para impuesto a la renta (bienes y servicios distintos de inventarios y activos fijos)',
    '1 2 3 4 5 9 11 12 15 19 20 21 41 43 47 48 294 344 364',
  ),
  support('03', 'Activo fijo: crédito tributario de IVA', '1 3 4 5 41 47 48 294 344'),
  support('04', 'Activo fijo: costo o gasto para impuesto a la renta', '1 2 3 4 5 15 41 47 48 294 344'),
  support(
    '05',
    'Liquidación de gastos de viaje, hospedaje y alimentación a nombre de empleados',
    '1 2 3 4 5 11 15 41 294 344',
  ),
  support('06', 'Inventario: crédito tributario de IVA', '1 3 4 5 41 43 47 48 294 344'),
  support('07', 'Inventario: costo o gasto para impuesto a la renta', '1 2 3 4 5 15 41 43 47 48 294 344 364'),
  support('08', 'Valor pagado para solicitar reembolso de gasto (intermediario)', '1 2 3 4 5 21 294 344'),
  support('09', 'Reembolso por siniestros', '1 4 5 45'),
  support('10', 'Distribución de dividendos, beneficios o utilidades', '19'),
  support('11', 'Convenios de débito o recaudación para IFIs', '12', '2015-03-01'),
  support('12', 'Impuestos y retenciones presuntivos', '42', '2015-03-01'),
  support('13', 'Valores reconocidos por entidades del sector público', '19', '2015-03-01'),
  support('14', 'Valores facturados por socios a operadoras de transporte', '1 2 3 4 5', '2018-01-01'),
  support('15', 'Pagos por servicios digitales propios y de terceros', '1 2 3 4 5 12 15', '2020-06-01'),
  support('00', 'Casos especiales', '1 2 4 5 19 42', null, '2015-02-28'),
];

export function findSupportCode(code: string, on: string): SupportCode | undefined {
  return ATS_SUPPORT_CODES.find((row) => row.code === code && inForce(row, on));
}

/** Tabla 13: formaPago. Codes 02-14 closed on 2016-08-31. */
const PAYMENT_FORMS: readonly (Dated & { code: string })[] = [
  { code: '01', validFrom: '2013-01-01', validTo: null },
  ...['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14'].map((code) => ({
    code,
    validFrom: '2013-01-01',
    validTo: '2016-08-31',
  })),
  { code: '15', validFrom: '2013-01-01', validTo: null },
  { code: '16', validFrom: '2016-05-01', validTo: null },
  { code: '17', validFrom: '2016-05-01', validTo: null },
  { code: '18', validFrom: '2016-05-01', validTo: null },
  { code: '19', validFrom: '2016-06-01', validTo: null },
  { code: '20', validFrom: '2016-06-01', validTo: null },
  { code: '21', validFrom: '2016-06-01', validTo: null },
];

export function isPaymentFormInForce(code: string, on: string): boolean {
  return PAYMENT_FORMS.some((row) => row.code === code && inForce(row, on));
}

/** Above this, bases plus taxes of a purchase require `formasDePago` (USD 1 000 before 2023-12-20). */
export function paymentFormThreshold(on: string): string {
  return on >= '2023-12-20' ? '500.00' : '1000.00';
}

/** Tabla 2: the annex's identification codes from the XML's (REFERENCE-ATS §4.2). */
const PURCHASE_ID_TYPES: Record<string, string> = { '04': '01', '05': '02', '06': '03', '08': '03' };
const SALE_ID_TYPES: Record<string, string> = { '04': '04', '05': '05', '06': '06', '07': '07', '08': '06' };

export function purchaseIdType(xmlIdType: string): string | undefined {
  return PURCHASE_ID_TYPES[xmlIdType];
}

export function saleIdType(xmlIdType: string): string | undefined {
  return SALE_ID_TYPES[xmlIdType];
}

/** Tabla 4, "Trans." column: the supplier id types a purchase document may be reported with. */
const PURCHASE_DOCUMENT_ID_TYPES: Record<string, readonly string[]> = {
  '01': ['01'],
  '02': ['01'],
  '03': ['02', '03'],
  '04': ['01', '02', '03'],
  '05': ['01', '02', '03'],
};

export function isDocumentAllowedForSupplier(documentType: string, atsIdType: string): boolean {
  const allowed = PURCHASE_DOCUMENT_ID_TYPES[documentType];
  return allowed === undefined || allowed.includes(atsIdType);
}

/**
 * Tabla 11: the compras element each IVA withholding code fills, in the schema's interleaved
 * order. Codes 7 (retención en cero) and 8 (no procede) report nothing.
 */
export const VAT_WITHHOLDING_ELEMENTS: readonly { code: string; element: string; optional: boolean }[] = [
  { code: '9', element: 'valRetBien10', optional: true },
  { code: '10', element: 'valRetServ20', optional: true },
  { code: '1', element: 'valorRetBienes', optional: false },
  { code: '11', element: 'valRetServ50', optional: true },
  { code: '2', element: 'valorRetServicios', optional: false },
  { code: '3', element: 'valRetServ100', optional: false },
];

/** IVA codigoPorcentaje groups (REFERENCE-ATS §2.2, §5.1). */
export const VAT_ZERO = '0';
export const VAT_NOT_SUBJECT = '6';
export const VAT_EXEMPT = '7';
export const TAX_VAT = '2';
export const TAX_ICE = '3';
