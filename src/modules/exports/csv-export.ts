import { PassThrough, pipeline, type Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { Executor } from '../../db/pool.js';
import { isoToDdMmYyyy } from '../../shared/clock.js';
import { CSV_OPTIONS, money, spreadsheetSafe } from '../../shared/csv-cells.js';
import {
  type ExportLanguage,
  exportDateTime,
  exportHeaders,
  exportLabel,
} from '../../shared/export-labels.js';
import type { IssuerScope as DocumentScope } from '../../shared/scope.js';
import { sequentialDigits } from '../../shared/sri-codes.js';
import { documentTypeName } from '../delivery/index.js';
import { documents, type ListFilters, listOrder, listWhere } from '../documents/index.js';

/** Rows fetched per round trip by the cursor: memory holds one batch, whatever the list's size. */
const BATCH_SIZE = 500;

/** `[es, en]` per column; the codes (type, statuses) keep columns of their own for scripts. */
const COLUMNS = [
  ['Tipo', 'Type'],
  ['Tipo de comprobante', 'Document type'],
  ['Número', 'Number'],
  ['Fecha de emisión', 'Issue date'],
  ['Clave de acceso', 'Access key'],
  ['Estado', 'Status'],
  ['Tipo de identificación', 'ID type'],
  ['Identificación', 'ID'],
  ['Razón social / Nombres', 'Name'],
  ['Correo', 'Email'],
  ['Subtotal sin impuestos', 'Subtotal before taxes'],
  ['IVA', 'VAT'],
  ['Total', 'Total'],
  ['Número de autorización', 'Authorization number'],
  ['Fecha de autorización', 'Authorization date'],
  ['Estado del correo', 'Email status'],
  ['Código de estado', 'Status code'],
  ['Código de estado del correo', 'Email status code'],
] as const;

/** Columns read per row, in the order of the array rows the cursor returns. */
const SELECTED = {
  documentType: documents.documentType,
  accessKey: documents.accessKey,
  sequential: documents.sequential,
  issueDate: documents.issueDate,
  status: documents.status,
  buyerIdType: documents.buyerIdType,
  buyerId: documents.buyerId,
  buyerName: documents.buyerName,
  buyerEmail: documents.buyerEmail,
  // Only the types with an invoice-style totals block (01, 04) have a subtotal and IVA.
  subtotal: sql<string | null>`${documents.model}->'totals'->>'totalWithoutTaxes'`,
  iva: sql<
    string | null
  >`case when ${documents.model}->'totals' ? 'taxTotals' then (select coalesce(sum((t->>'amount')::numeric), 0)::numeric(14,2)::text from jsonb_array_elements(${documents.model}->'totals'->'taxTotals') t where t->>'code' = '2') end`,
  total: documents.total,
  authorizationNumber: documents.authorizationNumber,
  authorizationDate: documents.authorizationDate,
  emailStatus: documents.emailStatus,
};

function toRecord(row: unknown[], lang: ExportLanguage): string[] {
  const [
    type,
    accessKey,
    sequential,
    issueDate,
    status,
    idType,
    id,
    name,
    email,
    sub,
    iva,
    total,
    authNo,
    authAt,
    emailStatus,
  ] = row as [
    string,
    string,
    number,
    string,
    string,
    string,
    string,
    string,
    string,
    string | null,
    string | null,
    string,
    string | null,
    Date | null,
    string,
  ];
  // estab and ptoEmi are digits 25-30 of the access key (SRI Ficha técnica, tabla 1).
  const number = `${accessKey.slice(24, 27)}-${accessKey.slice(27, 30)}-${sequentialDigits(sequential)}`;
  const cells = [
    type,
    documentTypeName(lang, type),
    number,
    isoToDdMmYyyy(issueDate),
    accessKey,
    exportLabel(lang, 'documentStatus', status),
    idType,
    id,
    name,
    email,
    money(sub),
    money(iva),
    money(total),
    authNo ?? '',
    authAt ? exportDateTime(authAt) : '',
    exportLabel(lang, 'emailStatus', emailStatus),
    status,
    emailStatus,
  ];
  return cells.map(spreadsheetSafe);
}

/**
 * The list's documents as CSV, streamed from a server-side cursor on a connection of its own
 * (released when the stream ends, fails or the client goes away). Nothing is read before the
 * caller pipes it, and memory holds one batch of rows at a time.
 */
export async function streamDocumentsCsv(
  db: Executor,
  pool: pg.Pool,
  scope: DocumentScope,
  filters: ListFilters,
  lang: ExportLanguage,
): Promise<Readable> {
  const query = db
    .select(SELECTED)
    .from(documents)
    .where(listWhere(scope, filters))
    .orderBy(...listOrder(filters))
    .toSQL();
  const client = await pool.connect();
  const rows = client.query(
    new QueryStream(query.sql, query.params as unknown[], { batchSize: BATCH_SIZE, rowMode: 'array' }),
  );
  const records = new Transform({
    objectMode: true,
    transform(row: unknown[], _enc, done) {
      done(null, toRecord(row, lang));
    },
  });
  const out = new PassThrough();
  pipeline(
    rows,
    records,
    stringify({ ...CSV_OPTIONS, header: true, columns: exportHeaders(lang, COLUMNS) }),
    out,
    (err) => {
      // A connection left mid-cursor (client gone, error) is discarded, never reused.
      client.release(err ?? undefined);
    },
  );
  return out;
}
