import type { AtsProblem } from './ats-checks.js';
import type { AtsReportProblem, AtsTarget } from './ats-report.model.js';

/**
 * The core checks' problems (Spanish, naming the element by its path) as the report's problems:
 * a stable code per rule, an English sentence, the owner's page to fix it. Every such problem is
 * an ERROR: the SRI would refuse the file or misread it.
 */
const RULES: { leaf: RegExp; code: string; en: string }[] = [
  {
    leaf: /^codSustento$/,
    code: 'SUSTENTO_INVALID',
    en: 'the sustento code is not in force or does not allow this document type',
  },
  {
    leaf: /^formasDePago$|^formaPago/,
    code: 'PAYMENT_METHOD_MISSING',
    en: 'a purchase above the threshold needs a payment method in force',
  },
  {
    leaf: /^tpIdProv$|^tpIdCliente$/,
    code: 'SUPPLIER_ID_INVALID',
    en: 'the identification type cannot be reported in the annex',
  },
  {
    leaf: /^tipoComprobante$/,
    code: 'DOCUMENT_TYPE_NOT_ALLOWED',
    en: 'this document type is not allowed for the supplier',
  },
  {
    leaf: /^docModificado$/,
    code: 'MODIFIED_DOCUMENT_UNKNOWN',
    en: 'a credit or debit note must name the document it modifies: add the original among your purchases',
  },
  { leaf: /^fecha/, code: 'DATE_INVALID', en: 'the date is not a real date inside the period' },
  {
    leaf: /^(razonSocial|denoProv|denoCli)$/,
    code: 'NAME_INVALID',
    en: 'the name has characters the annex does not accept',
  },
  {
    leaf: /^numEstabRuc$|^IdInformante$/,
    code: 'ISSUER_DATA_INVALID',
    en: "the informant's RUC or establishments are not valid",
  },
  { leaf: /^montoIva$/, code: 'VAT_WITHHELD_TOO_HIGH', en: "the VAT withheld is above the purchase's VAT" },
];

/** `iva/compras/detalleCompras[3]/codSustento` → `compras/detalleCompras/codSustento` and row 3. */
export function splitElement(path: string): { element: string; section: string; row: number | null } {
  const parts = path.replace(/^iva\//, '').split('/');
  const row = /\[(\d+)\]$/.exec(parts[1] ?? '')?.[1];
  return {
    element: parts.map((p) => p.replace(/\[\d+\]$/, '')).join('/'),
    section: parts[0] ?? '',
    row: row === undefined ? null : Number(row),
  };
}

export function checkProblem(p: AtsProblem, target: AtsTarget | null): AtsReportProblem {
  const { element } = splitElement(p.element);
  const leaf = element.split('/').at(-1) ?? '';
  const rule = RULES.find((r) => r.leaf.test(leaf));
  return {
    severity: 'ERROR',
    code: rule?.code ?? 'ATS_RULE_BROKEN',
    element,
    target,
    es: p.message,
    en: `${leaf}: ${rule?.en ?? 'the value breaks an SRI rule of the annex'} (${p.message})`,
  };
}

/** libxml2's message names the element: `Element 'baseImpGrav': …`. */
export function schemaProblem(message: string, target: AtsTarget | null): AtsReportProblem {
  const leaf = /Element '([^']+)'/.exec(message)?.[1] ?? null;
  return {
    severity: 'ERROR',
    code: 'SCHEMA_INVALID',
    element: leaf,
    target,
    es: `El archivo no cumple el esquema del SRI: ${message}`,
    en: `The file does not meet the SRI schema: ${message}`,
  };
}
