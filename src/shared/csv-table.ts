import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from './errors.js';

/**
 * Reading an imported CSV file (customers, products; docs/customers-products.md): UTF-8 with or
 * without BOM, `;` or `,` between fields (whichever the header row uses more), quotes as RFC 4180,
 * blank lines skipped, cells trimmed. Header names are matched loosely: case, accents, spaces,
 * `_` and `-` do not count ("Razón social" = "razon_social" = "RazonSocial").
 */
export const CSV_MAX_BYTES = 1024 * 1024;
const CSV_MAX_ROWS = 1000;

export interface CsvRow {
  /** The line of the file where the row starts (the header is line 1). */
  line: number;
  /** By normalized header name. */
  cells: Record<string, string>;
}

export interface CsvTable {
  headers: string[];
  rows: CsvRow[];
}

/** One thing wrong with a cell of an imported row: `code` is stable, `message` is English. */
export interface RowError {
  field: string;
  code: 'REQUIRED' | 'TOO_LONG' | 'INVALID_FORMAT' | 'INVALID_VALUE' | 'DUPLICATE';
  message: string;
}

function normalizeHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');
}

function fileError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `file: ${message}`, { errors: [{ path: 'file', message }] });
}

function delimiterOf(text: string): ';' | ',' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

export function parseCsvTable(text: string): CsvTable {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw fileError('is empty: expected a header row and at least one row');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter: delimiterOf(body),
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as never;
  } catch (e) {
    if (e instanceof CsvError) throw fileError(`is not valid CSV (${e.message})`);
    throw e;
  }
  const [header, ...data] = records;
  const headers = (header?.record ?? []).map(normalizeHeader);
  if (data.length === 0) throw fileError('has no rows after the header row');
  if (data.length > CSV_MAX_ROWS)
    throw fileError(`has ${data.length} rows; at most ${CSV_MAX_ROWS} per import`);
  const rows = data
    .map(({ record, info }) => {
      const cells: Record<string, string> = {};
      headers.forEach((h, i) => {
        if (h && record[i] !== undefined && cells[h] === undefined) cells[h] = record[i]!;
      });
      // info.lines is the line where the record ends; a quoted cell may span lines.
      return { line: info.lines - (record.join('').match(/\n/g)?.length ?? 0), cells };
    })
    .filter((r) => Object.values(r.cells).some((v) => v !== ''));
  return { headers, rows };
}

/**
 * The header of each field, found among its accepted names (English and Spanish, normalized);
 * a required field without its column is one VALIDATION_FAILED naming every missing column.
 */
export function mapColumns<A extends Record<string, readonly string[]>>(
  table: CsvTable,
  aliases: A,
  required: readonly (keyof A & string)[],
): Record<keyof A & string, string | null> {
  const out = {} as Record<keyof A & string, string | null>;
  for (const field of Object.keys(aliases) as (keyof A & string)[]) {
    out[field] = aliases[field]!.map(normalizeHeader).find((a) => table.headers.includes(a)) ?? null;
  }
  const missing = required.filter((f) => out[f] === null);
  if (missing.length) {
    const errors = missing.map((f) => ({
      path: 'file',
      message: `missing column ${f} (accepted headers: ${aliases[f]!.join(', ')})`,
    }));
    throw new AppError('VALIDATION_FAILED', errors.map((e) => e.message).join('; '), { errors });
  }
  return out;
}

/** The cell of a field in a row ('' when its column is absent). */
export function cellOf<F extends string>(row: CsvRow, columns: Record<F, string | null>, field: F): string {
  const column = columns[field];
  return column === null ? '' : (row.cells[column] ?? '');
}
