import { type CsvRow, type CsvTable, cellOf, mapColumns } from '../../shared/csv-table.js';
import { normalizeIdentification } from '../../shared/identifiers.js';
import { emailField, RowErrors, textField } from '../../shared/row-checks.js';
import { ID_TYPES } from '../catalogs/index.js';
import { buyerIdProblem } from '../documents/index.js';
import type { CustomerIdType } from './customers.tables.js';

/** What a customer is made of, checked: the fields of POST /v1/customers. */
export interface CustomerFields {
  idType: CustomerIdType;
  identification: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
}

export type CustomerInput = { [K in keyof CustomerFields]?: string | null };

const ID_TYPE_CODES = ID_TYPES.map((t) => t.code) as readonly string[];

/**
 * The checks of a document's buyer (documents' buyerIdProblem: a RUC is 13 digits ending in 001, a
 * cédula 10 digits, a final consumer 9999999999999; at most 20 characters), so a saved customer is
 * always a valid buyer. Limits as the buyer's: name and address 300, phone 50.
 */
export function checkCustomer(input: CustomerInput): { value: CustomerFields | null; errors: RowErrors } {
  const errs = new RowErrors();
  const idType = input.idType?.trim() ?? '';
  if (idType === '') errs.add('idType', 'REQUIRED', 'is required');
  else if (!ID_TYPE_CODES.includes(idType))
    errs.add(
      'idType',
      'INVALID_VALUE',
      `must be one of ${ID_TYPES.map((t) => `${t.code} (${t.description})`).join(', ')}`,
    );
  const identification = textField(
    errs,
    'identification',
    normalizeIdentification(input.identification),
    20,
    true,
  );
  if (identification !== null && !errs.has('idType')) {
    const problem = buyerIdProblem(idType, identification);
    if (problem) errs.add('identification', 'INVALID_FORMAT', problem);
  }
  const name = textField(errs, 'name', input.name, 300, true);
  const email = emailField(errs, 'email', input.email);
  const phone = textField(errs, 'phone', input.phone, 50);
  const address = textField(errs, 'address', input.address, 300);
  if (errs.list.length) return { value: null, errors: errs };
  return {
    value: {
      idType: idType as CustomerIdType,
      identification: identification!,
      name: name!,
      email,
      phone,
      address,
    },
    errors: errs,
  };
}

/** Accepted column names of an import, English and Spanish (docs/customers-products.md). */
const CUSTOMER_COLUMNS = {
  idType: ['idType', 'tipoIdentificacion', 'tipoId', 'tipo', 'type'],
  identification: ['identification', 'identificacion', 'id', 'rucCedula', 'ruc', 'cedula'],
  name: ['name', 'nombre', 'razonSocial', 'nombreRazonSocial', 'cliente', 'customer'],
  email: ['email', 'correo', 'correoElectronico', 'mail'],
  phone: ['phone', 'telefono', 'celular'],
  address: ['address', 'direccion'],
} as const;

/** Words people write for an identification type, normalized (lower case, no accents). */
const ID_TYPE_WORDS: Record<string, CustomerIdType> = {
  ruc: '04',
  cedula: '05',
  'cedula de identidad': '05',
  pasaporte: '06',
  passport: '06',
  'consumidor final': '07',
  'final consumer': '07',
  exterior: '08',
  'identificacion del exterior': '08',
  foreign: '08',
  'foreign id': '08',
};

function idTypeOfCell(cell: string): string {
  const word = cell.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  if (ID_TYPE_WORDS[word]) return ID_TYPE_WORDS[word];
  // A spreadsheet turns 04 into 4.
  return /^\d$/.test(word) ? `0${word}` : cell;
}

/**
 * A spreadsheet also drops the leading zero of cédulas and RUCs of provinces 01 to 09: a cédula
 * of 9 digits and a RUC of 12 digits ending in 001 get it back.
 */
function identificationOfCell(idType: string, raw: string): string {
  const cell = normalizeIdentification(raw);
  if (idType === '05' && /^\d{9}$/.test(cell)) return `0${cell}`;
  if (idType === '04' && /^\d{9}001$/.test(cell)) return `0${cell}`;
  return cell;
}

export function customerColumns(table: CsvTable) {
  return mapColumns(table, CUSTOMER_COLUMNS, ['idType', 'identification', 'name']);
}

/** A CSV row as the input of checkCustomer. */
export function customerInputOfRow(
  row: CsvRow,
  columns: ReturnType<typeof customerColumns>,
): { [K in keyof CustomerFields]: string } {
  const idType = idTypeOfCell(cellOf(row, columns, 'idType'));
  return {
    idType,
    identification: identificationOfCell(idType, cellOf(row, columns, 'identification')),
    name: cellOf(row, columns, 'name'),
    email: cellOf(row, columns, 'email'),
    phone: cellOf(row, columns, 'phone'),
    address: cellOf(row, columns, 'address'),
  };
}
