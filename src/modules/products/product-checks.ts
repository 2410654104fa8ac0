import { type CsvRow, type CsvTable, cellOf, mapColumns } from '../../shared/csv-table.js';
import { normalizeCode } from '../../shared/identifiers.js';
import { decimalField, RowErrors, searchText, textField } from '../../shared/row-checks.js';
import { findTaxRate } from '../catalogs/index.js';
import type { ProductTax } from './products.tables.js';

/** What a product is made of, checked: the fields of POST /v1/products. */
export interface ProductFields {
  mainCode: string;
  auxiliaryCode: string | null;
  description: string;
  unitPrice: string;
  taxes: ProductTax[];
  additionalDetails: { name: string; value: string }[];
}

export interface ProductInput {
  mainCode?: string;
  auxiliaryCode?: string | null;
  description?: string;
  unitPrice?: string;
  taxes?: { code?: string; rateCode?: string }[];
  additionalDetails?: { name?: string; value?: string }[] | null;
}

const TAX_NAMES: Record<string, string> = { '2': 'IVA', '3': 'ICE', '5': 'IRBPNR' };
const TAX_ORDER = ['2', '3', '5'];

/**
 * The item rules of a document (codes 25 characters, description 300, unit price at most 6
 * decimals, at most 3 additional details), and taxes as an invoice item takes them: exactly one
 * IVA, at most one ICE and one IRBPNR, each a current row of the catalog.
 */
export function checkProduct(input: ProductInput): { value: ProductFields | null; errors: RowErrors } {
  const errs = new RowErrors();
  const mainCode = textField(errs, 'mainCode', normalizeCode(input.mainCode), 25, true);
  const auxiliaryCode = textField(errs, 'auxiliaryCode', normalizeCode(input.auxiliaryCode), 25);
  const description = textField(errs, 'description', input.description, 300, true);
  const unitPrice = decimalField(errs, 'unitPrice', input.unitPrice, 6);
  const taxes = checkTaxes(errs, input.taxes ?? []);
  const details = input.additionalDetails ?? [];
  if (details.length > 3) errs.add('additionalDetails', 'INVALID_VALUE', 'must have at most 3 entries');
  const additionalDetails = details.slice(0, 3).flatMap((d, i) => {
    const name = textField(errs, `additionalDetails[${i}].name`, d.name, 300, true);
    const value = textField(errs, `additionalDetails[${i}].value`, d.value, 300, true);
    return name !== null && value !== null ? [{ name, value }] : [];
  });
  if (errs.list.length) return { value: null, errors: errs };
  return {
    value: {
      mainCode: mainCode!,
      auxiliaryCode,
      description: description!,
      unitPrice: unitPrice!,
      taxes,
      additionalDetails,
    },
    errors: errs,
  };
}

function checkTaxes(errs: RowErrors, taxes: { code?: string; rateCode?: string }[]): ProductTax[] {
  const out: ProductTax[] = [];
  taxes.forEach((tax, i) => {
    const code = tax.code ?? '';
    if (!TAX_NAMES[code]) {
      errs.add(`taxes[${i}].code`, 'INVALID_VALUE', 'must be 2 (IVA), 3 (ICE) or 5 (IRBPNR)');
      return;
    }
    if (out.some((t) => t.code === code)) {
      errs.add(`taxes[${i}].code`, 'INVALID_VALUE', `${TAX_NAMES[code]} appears more than once`);
      return;
    }
    const row = findTaxRate(code, tax.rateCode ?? '');
    if (!row) {
      errs.add(
        `taxes[${i}].rateCode`,
        'INVALID_VALUE',
        `is not a ${TAX_NAMES[code]} rate code of the catalog`,
      );
      return;
    }
    if (!row.current) {
      errs.add(`taxes[${i}].rateCode`, 'INVALID_VALUE', `${row.description} is no longer in force`);
      return;
    }
    out.push({ code: code as ProductTax['code'], rateCode: row.rateCode });
  });
  if (!out.some((t) => t.code === '2') && !errs.has('taxes'))
    errs.add('taxes', 'REQUIRED', 'must include the IVA rate (code 2)');
  return out.sort((a, b) => TAX_ORDER.indexOf(a.code) - TAX_ORDER.indexOf(b.code));
}

/** Accepted column names of an import, English and Spanish (docs/customers-products.md). */
const PRODUCT_COLUMNS = {
  mainCode: ['mainCode', 'codigo', 'codigoPrincipal', 'code', 'sku'],
  auxiliaryCode: ['auxiliaryCode', 'codigoAuxiliar', 'auxCode'],
  description: ['description', 'descripcion', 'nombre', 'producto', 'name', 'product'],
  unitPrice: ['unitPrice', 'precio', 'precioUnitario', 'price'],
  iva: ['iva', 'tarifaIva', 'ivaRateCode', 'codigoIva', 'vat'],
  ice: ['ice', 'iceRateCode', 'codigoIce'],
  irbpnr: ['irbpnr', 'irbpnrRateCode'],
  detail1Name: ['detail1Name', 'detalle1Nombre'],
  detail1Value: ['detail1Value', 'detalle1Valor'],
  detail2Name: ['detail2Name', 'detalle2Nombre'],
  detail2Value: ['detail2Value', 'detalle2Valor'],
  detail3Name: ['detail3Name', 'detalle3Nombre'],
  detail3Value: ['detail3Value', 'detalle3Valor'],
} as const;

export function productColumns(table: CsvTable) {
  return mapColumns(table, PRODUCT_COLUMNS, ['mainCode', 'description', 'unitPrice', 'iva']);
}

/**
 * The IVA cell: a rate code of the catalog (4), a percentage ("15%", "IVA 15%", or 15 when no
 * rate code is 15), or a word (exento/exempt, no objeto/not subject). What matches nothing is
 * passed on as it is, and the catalog check names it.
 */
function ivaRateCodeOf(cell: string): string {
  const word = searchText(cell).replace(/\s+/g, ' ').trim();
  if (/^(exento|exempt)/.test(word)) return '7';
  if (/^(no objeto|not subject)/.test(word)) return '6';
  if (/^\d+$/.test(word) && findTaxRate('2', word)) return word;
  const percent = /^(?:iva )?(\d+(?:[.,]\d+)?) ?%?$/.exec(word);
  if (percent) {
    const rate = Number(percent[1]!.replace(',', '.'));
    // 0% is the plain 0% rate (code 0), not exempt (7) or not subject (6).
    const rows = ['0', '4', '5', '8', '10']
      .map((c) => findTaxRate('2', c)!)
      .filter((r) => r.current && Number(r.rate) === rate);
    if (rows[0]) return rows[0].rateCode;
  }
  return cell;
}

/** "12,50" (decimal comma, the Spanish spreadsheet) is 12.50; thousands separators are refused. */
function priceOfCell(cell: string): string {
  return /^\d+,\d+$/.test(cell) ? cell.replace(',', '.') : cell;
}

/** A CSV row as the input of checkProduct. */
export function productInputOfRow(row: CsvRow, columns: ReturnType<typeof productColumns>): ProductInput {
  const cell = (f: keyof typeof PRODUCT_COLUMNS) => cellOf(row, columns, f);
  const taxes: { code: string; rateCode: string }[] = [];
  if (cell('iva') !== '') taxes.push({ code: '2', rateCode: ivaRateCodeOf(cell('iva')) });
  if (cell('ice') !== '') taxes.push({ code: '3', rateCode: cell('ice') });
  if (cell('irbpnr') !== '') taxes.push({ code: '5', rateCode: cell('irbpnr') });
  const details = ([1, 2, 3] as const).flatMap((n) => {
    const name = cell(`detail${n}Name`);
    const value = cell(`detail${n}Value`);
    return name || value ? [{ name, value }] : [];
  });
  return {
    mainCode: cell('mainCode'),
    auxiliaryCode: cell('auxiliaryCode'),
    description: cell('description'),
    unitPrice: priceOfCell(cell('unitPrice')),
    taxes,
    additionalDetails: details,
  };
}

const COLUMN_OF_TAX: Record<string, string> = { '2': 'iva', '3': 'ice', '5': 'irbpnr' };

/** An error's field named as the CSV column it came from (`taxes[1].rateCode` → `ice`). */
export function columnOfField(input: ProductInput, field: string): string {
  if (field === 'taxes') return 'iva';
  const tax = /^taxes\[(\d+)\]/.exec(field);
  if (tax) return COLUMN_OF_TAX[input.taxes?.[Number(tax[1])]?.code ?? ''] ?? 'iva';
  const detail = /^additionalDetails\[(\d+)\]\.(name|value)$/.exec(field);
  if (detail) return `detail${Number(detail[1]) + 1}${detail[2] === 'name' ? 'Name' : 'Value'}`;
  return field;
}
