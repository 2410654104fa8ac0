/**
 * Withholding codes (códigos de retención) with their rates and validity, for the comprobante de
 * retención (07). Copied from the project's shared reference `shared/sri/REFERENCE-TYPES.md` §2
 * ("Codes"), which cross-checks OCA l10n-ecuador, odoo/odoo `l10n_ec` (account.tax-ec.csv,
 * commit dbd5b3b), Dátil's API docs, DavidLeonP/comprobantes and real authorized documents.
 *
 * Rates change by resolution, so each row carries its validity (ISO dates, both inclusive; null =
 * open: no start known before this catalog, or no end announced). A document uses the row valid
 * on its issue date. The rows ending 2026-02-28 and starting 2026-03-01 follow resolution
 * NAC-DGERCGC26-00000009 as an OCA variant cites it; the reference marks that source as not yet
 * confirmed against the SRI's own table (docs/document-types.md, "Withholding catalog").
 */
export interface WithholdingCode {
  /** codigo: 1 renta, 2 IVA, 6 ISD. */
  taxCode: '1' | '2' | '6';
  /** codigoRetencion (1-5 characters; letter codes are the ATS codes). */
  code: string;
  description: string;
  /** porcentajeRetener, 2 decimals. */
  rate: string;
  validFrom: string | null;
  validTo: string | null;
}

const R2026_END = '2026-02-28';
const R2026_START = '2026-03-01';

const row = (
  taxCode: WithholdingCode['taxCode'],
  code: string,
  description: string,
  rate: string,
  validFrom: string | null = null,
  validTo: string | null = null,
): WithholdingCode => ({ taxCode, code, description, rate, validFrom, validTo });

export const WITHHOLDING_CODES: readonly WithholdingCode[] = [
  // IVA (codigo 2): OCA account_tax_data.py, Dátil; 9 at 10 % in four real 2024-2025 documents.
  row('2', '9', 'Retención IVA 10%', '10.00'),
  row('2', '10', 'Retención IVA 20%', '20.00'),
  row('2', '1', 'Retención IVA 30%', '30.00'),
  row('2', '11', 'Retención IVA 50%', '50.00'),
  row('2', '2', 'Retención IVA 70%', '70.00'),
  row('2', '3', 'Retención IVA 100%', '100.00'),
  row('2', '7', 'Retención en cero', '0.00'),
  row('2', '8', 'No procede retención', '0.00'),
  // Renta (codigo 1): descriptions DavidLeonP tabla18_*, rates Odoo template and real documents.
  row('1', '303', 'Honorarios profesionales', '10.00'),
  row('1', '303A', 'Honorarios profesionales (5%)', '5.00', R2026_START),
  row('1', '304', 'Servicios predomina el intelecto', '8.00', null, R2026_END),
  row('1', '304', 'Servicios predomina el intelecto', '10.00', R2026_START),
  row('1', '307', 'Servicios predomina la mano de obra', '2.00', null, R2026_END),
  row('1', '307', 'Servicios predomina la mano de obra', '3.00', R2026_START),
  row('1', '308', 'Utilización o aprovechamiento de la imagen o renombre', '10.00'),
  row(
    '1',
    '309',
    'Servicios prestados por medios de comunicación y agencias de publicidad',
    '1.75',
    null,
    R2026_END,
  ),
  row(
    '1',
    '309',
    'Servicios prestados por medios de comunicación y agencias de publicidad',
    '3.00',
    R2026_START,
  ),
  row('1', '310', 'Servicio de transporte privado de pasajeros o carga', '1.00'),
  row(
    '1',
    '311',
    'Pagos a través de liquidación de compra (nivel cultural o rusticidad)',
    '2.00',
    null,
    R2026_END,
  ),
  row(
    '1',
    '311',
    'Pagos a través de liquidación de compra (nivel cultural o rusticidad)',
    '3.00',
    R2026_START,
  ),
  row('1', '312', 'Transferencia de bienes muebles de naturaleza corporal', '1.75', null, R2026_END),
  row('1', '312', 'Transferencia de bienes muebles de naturaleza corporal', '2.00', R2026_START),
  row(
    '1',
    '312A',
    'Compra local de bienes de origen agrícola, avícola, pecuario, apícola, cunícula, bioacuático y forestal',
    '1.00',
  ),
  row('1', '312C', 'Transferencia de bienes muebles (1.75%)', '1.75', R2026_START),
  row('1', '320', 'Arrendamiento de bienes inmuebles', '8.00', null, R2026_END),
  row('1', '320', 'Arrendamiento de bienes inmuebles', '10.00', R2026_START),
  row('1', '322', 'Seguros y reaseguros (primas y cesiones)', '1.75', null, R2026_END),
  row('1', '322', 'Seguros y reaseguros (primas y cesiones)', '2.00', R2026_START),
  row('1', '332', 'Otras compras de bienes y servicios no sujetas a retención', '0.00'),
  row('1', '332B', 'Compra de bienes inmuebles', '0.00'),
  row('1', '343', 'Otras retenciones aplicables el 1%', '1.00'),
  row('1', '343A', 'Energía eléctrica', '1.00', null, R2026_END),
  row('1', '343A', 'Energía eléctrica', '2.00', R2026_START),
  row('1', '343B', 'Otras retenciones aplicables el 2%', '2.00', R2026_START),
  row('1', '3440', 'Otras retenciones aplicables el 2.75%', '2.75', null, R2026_END),
  row('1', '346', 'Otras retenciones aplicables a otros porcentajes', '1.75'),
  // ISD (codigo 6): Dátil "Retención ISD"; DavidLeonP tabla18_4580.
  row('6', '4580', 'Impuesto a la salida de divisas', '5.00'),
];

const inForce = (r: WithholdingCode, isoDate: string) =>
  (r.validFrom === null || r.validFrom <= isoDate) && (r.validTo === null || isoDate <= r.validTo);

/**
 * The row for (taxCode, code) in force on `isoDate`; `outOfDate` lists the code's rows when it
 * exists but none is in force then (so the refusal can say when it was valid).
 */
export function findWithholdingCode(
  taxCode: string,
  code: string,
  isoDate: string,
): { row: WithholdingCode } | { outOfDate: WithholdingCode[] } | null {
  const rows = WITHHOLDING_CODES.filter((r) => r.taxCode === taxCode && r.code === code);
  if (rows.length === 0) return null;
  const current = rows.find((r) => inForce(r, isoDate));
  return current ? { row: current } : { outOfDate: rows };
}

/** "from 2026-03-01", "until 2026-02-28", "2024-01-01 to 2024-12-31", "always". */
export function validityText(r: WithholdingCode): string {
  if (r.validFrom && r.validTo) return `${r.validFrom} to ${r.validTo}`;
  if (r.validFrom) return `from ${r.validFrom}`;
  if (r.validTo) return `until ${r.validTo}`;
  return 'without end date';
}

/** codSustento (sustento tributario, ATS table): REFERENCE-TYPES.md §2 from OCA data.py and Dátil. */
export const SUPPORT_CODES = [
  { code: '00', description: 'Casos especiales cuyo sustento no aplica' },
  { code: '01', description: 'Crédito tributario para declaración de IVA' },
  { code: '02', description: 'Costo o gasto para declaración de IR' },
  { code: '03', description: 'Activo fijo - crédito tributario para declaración de IVA' },
  { code: '04', description: 'Activo fijo - costo o gasto para declaración de IR' },
  { code: '05', description: 'Liquidación de gastos de viaje, hospedaje y alimentación' },
  { code: '06', description: 'Inventario - crédito tributario para declaración de IVA' },
  { code: '07', description: 'Inventario - costo o gasto para declaración de IR' },
  { code: '08', description: 'Valor pagado para solicitar reembolso de gasto (intermediario)' },
  { code: '09', description: 'Reembolso por siniestros' },
  { code: '10', description: 'Distribución de dividendos, beneficios o utilidades' },
  { code: '11', description: 'Convenios de débito o recaudación para IFIs' },
  { code: '12', description: 'Impuestos y retenciones presuntivos' },
  { code: '13', description: 'Valores reconocidos por entidades del sector público' },
  { code: '14', description: 'Valores facturados por socios a operadoras de transporte' },
  { code: '15', description: 'Pagos por servicios digitales' },
] as const;
