import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { ddMmYyyyToIso, parseDdMmYyyy } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { accessKeyProblem } from './purchase-checks.js';

/**
 * The SRI portal's "Comprobantes electrónicos recibidos" report (REFERENCE-PURCHASES §3): tab
 * separated, one header line, 12 columns, ISO-8859-1 as served (UTF-8 with or without BOM once a
 * user re-saved it), CRLF or LF, lines ending in a tab, amounts like `.31` or `5032`, an empty
 * IMPORTE_TOTAL on credit notes and empty amounts on retentions, the same key twice.
 */
export const TXT_MAX_BYTES = 1024 * 1024;
/** Checked by counting line ends before any decoding or parsing: the work is bounded up front. */
export const TXT_MAX_ROWS = 2000;
/** Lines parsed between two turns of the event loop. */
const CHUNK = 250;

export const TXT_COLUMNS = [
  'RUC_EMISOR',
  'RAZON_SOCIAL_EMISOR',
  'TIPO_COMPROBANTE',
  'SERIE_COMPROBANTE',
  'CLAVE_ACCESO',
  'FECHA_AUTORIZACION',
  'FECHA_EMISION',
  'IDENTIFICACION_RECEPTOR',
  'VALOR_SIN_IMPUESTOS',
  'IVA',
  'IMPORTE_TOTAL',
  'NUMERO_DOCUMENTO_MODIFICADO',
] as const;

export interface TxtRow {
  line: number;
  accessKey: string;
  supplierRuc: string;
  supplierName: string;
  typeLabel: string;
  number: string;
  /** YYYY-MM-DD or null when the cell is not a date. */
  issueDate: string | null;
  receiverId: string;
  totalWithoutTaxes: string | null;
  iva: string | null;
  total: string | null;
  /** Why the row cannot be imported as it stands (bad key, cells that contradict the key…). */
  problem: string | null;
}

function txtError(message: string): AppError {
  return new AppError('PURCHASE_TXT_INVALID', `file: ${message}`, { errors: [{ path: 'file', message }] });
}

/** Strict UTF-8 after an optional BOM; otherwise Windows-1252 (a superset of Latin-1's printable range). */
function decodeTxt(bytes: Buffer): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

function countLines(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

/** `.31` → 0.31, `5032` → 5032, empty → null; anything else is not an amount. */
const AMOUNT = /^(\d+(\.\d*)?|\.\d+)$/;
function amountCell(value: string): string | null | undefined {
  if (value === '') return null;
  return AMOUNT.test(value) ? value : undefined;
}

function rowOf(line: number, cells: string[]): TxtRow {
  const c = (i: number) => (cells[i] ?? '').trim();
  const key = c(4);
  const issued = parseDdMmYyyy(c(6)) ? ddMmYyyyToIso(c(6)) : null;
  const problems: string[] = [];
  if (cells.length < 11) problems.push(`has ${cells.length} columns, expected 12`);
  const keyProblem = accessKeyProblem(key);
  if (keyProblem) problems.push(`CLAVE_ACCESO ${keyProblem}`);
  else {
    // Cross-checks with the key's own parts (REFERENCE-PURCHASES §3, parsing rules).
    if (c(0) !== key.slice(10, 23))
      problems.push(`RUC_EMISOR ${c(0)} is not the key's RUC ${key.slice(10, 23)}`);
    const series = `${key.slice(24, 27)}-${key.slice(27, 30)}-${key.slice(30, 39)}`;
    if (c(3) !== series) problems.push(`SERIE_COMPROBANTE ${c(3)} is not the key's ${series}`);
    if (c(6).replaceAll('/', '') !== key.slice(0, 8))
      problems.push(`FECHA_EMISION ${c(6)} is not the key's date`);
  }
  const amounts = [8, 9, 10].map((i) => amountCell(c(i)));
  [8, 9, 10].forEach((i, j) => {
    if (amounts[j] === undefined) problems.push(`${TXT_COLUMNS[i]} "${c(i)}" is not an amount`);
  });
  return {
    line,
    accessKey: key,
    supplierRuc: c(0),
    supplierName: c(1),
    typeLabel: c(2),
    number: c(3),
    issueDate: issued,
    receiverId: c(7),
    totalWithoutTaxes: amounts[0] ?? null,
    iva: amounts[1] ?? null,
    total: amounts[2] ?? null,
    problem: problems.length ? problems.join('; ') : null,
  };
}

/**
 * The rows of a report. The size and the row count are checked before any parsing; the lines are
 * parsed a chunk at a time, yielding to the event loop between chunks, so a large file never
 * holds the process.
 */
export async function parseTxtReport(bytes: Buffer): Promise<TxtRow[]> {
  if (bytes.length > TXT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The TXT file is larger than ${TXT_MAX_BYTES / 1024} KB`);
  }
  const lineEnds = countLines(bytes);
  if (lineEnds > TXT_MAX_ROWS + 1) {
    throw txtError(`has ${lineEnds} lines; at most ${TXT_MAX_ROWS} rows per import (split the period)`);
  }
  const lines = decodeTxt(bytes).split(/\r?\n/);
  const header = (lines[0] ?? '')
    .split('\t')
    .map((h) => h.trim())
    .filter((h) => h !== '');
  if (header.join('\t') !== TXT_COLUMNS.join('\t')) {
    throw txtError(
      `the header is ${header.join(', ') || '(empty)'}; expected the 12 columns of the SRI's "Comprobantes recibidos" report: ${TXT_COLUMNS.join(', ')}`,
    );
  }
  const rows: TxtRow[] = [];
  for (let start = 1; start < lines.length; start += CHUNK) {
    for (let i = start; i < Math.min(start + CHUNK, lines.length); i++) {
      const text = lines[i]!;
      if (text.trim() === '') continue;
      rows.push(rowOf(i + 1, text.split('\t')));
    }
    if (start + CHUNK < lines.length) await yieldToLoop();
  }
  if (rows.length === 0) throw txtError('has no rows after the header');
  return rows;
}
