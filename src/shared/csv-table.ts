import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
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
  /** Columns (normalized header names) whose cell holds bytes that are not UTF-8 (csv-decode.ts). */
  undecodable?: string[];
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

/** Characters handed to the parser at a time, the event loop free between two (a few ms each). */
const CHUNK_CHARS = 1024;
/**
 * Records read at most, rows whose every cell is empty (`;;`, which spreadsheets leave after a
 * table) included: past it the file is refused without reading on. Bounds the work of one import
 * (csv-parse costs tens of µs a record on a busy machine) whatever the file holds.
 */
const CSV_MAX_RECORDS = 2 * CSV_MAX_ROWS;

type ParsedRecord = { record: string[]; info: { lines: number } };

/** The file in small pieces, each after a turn of the event loop (setImmediate: timers and I/O run). */
async function* chunksOf(text: string): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += CHUNK_CHARS) {
    await setImmediate();
    yield text.slice(i, i + CHUNK_CHARS);
  }
}

/**
 * Reads the file as a stream, stopping at the first record past the limits: no request holds the
 * event loop for more than one chunk's parse, and no file costs more than CSV_MAX_RECORDS records.
 */
async function readRecords(body: string): Promise<ParsedRecord[]> {
  const parser = Readable.from(chunksOf(body)).pipe(
    parse({
      delimiter: delimiterOf(body),
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }),
  );
  const records: ParsedRecord[] = [];
  let dataRows = 0;
  try {
    for await (const rec of parser as AsyncIterable<ParsedRecord>) {
      records.push(rec);
      if (records.length > 1 && rec.record.some((c) => c !== '')) dataRows++;
      if (dataRows > CSV_MAX_ROWS)
        throw fileError(`has more than ${CSV_MAX_ROWS} rows; at most ${CSV_MAX_ROWS} per import`);
      if (records.length > CSV_MAX_RECORDS + 1)
        throw fileError(
          `has more than ${CSV_MAX_RECORDS} lines after the header (empty ones included); at most ${CSV_MAX_ROWS} rows per import`,
        );
    }
  } catch (e) {
    if (e instanceof CsvError) throw fileError(`is not valid CSV (${e.message})`);
    throw e;
  } finally {
    parser.destroy();
  }
  return records;
}

/**
 * The table of a decoded file. `lossy` (csv-decode.ts): a row holding an undecodable byte (U+FFFD)
 * carries the columns where it stands in `undecodable`, for the import to report, not save.
 */
export async function parseCsvTable(text: string, lossy = false): Promise<CsvTable> {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw fileError('is empty: expected a header row and at least one row');
  const [header, ...data] = await readRecords(body);
  const headers = (header?.record ?? []).map(normalizeHeader);
  const rows = data
    .map(({ record, info }) => {
      const cells: Record<string, string> = {};
      headers.forEach((h, i) => {
        if (h && record[i] !== undefined && cells[h] === undefined) cells[h] = record[i]!;
      });
      const undecodable = lossy ? headers.filter((h, i) => h && record[i]?.includes('\uFFFD')) : [];
      // info.lines is the line where the record ends; a quoted cell may span lines.
      const line = info.lines - (record.join('').match(/\n/g)?.length ?? 0);
      return { line, cells, ...(undecodable.length ? { undecodable } : {}) };
    })
    .filter((r) => Object.values(r.cells).some((v) => v !== ''));
  if (rows.length === 0) throw fileError('has no rows after the header row');
  return { headers, rows };
}

/** The errors of a row with bytes that are not UTF-8 (none for a clean row). */
export function decodingErrors(row: CsvRow): RowError[] {
  return (row.undecodable ?? []).map((field) => ({
    field,
    code: 'INVALID_VALUE' as const,
    message:
      'does not decode cleanly: the file is UTF-8 but this cell holds bytes that are not; fix them and import again',
  }));
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
