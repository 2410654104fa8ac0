import { PassThrough, pipeline, type Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { Executor } from '../../db/pool.js';
import { ecuadorTimestamp, isoToDdMmYyyy } from '../../shared/clock.js';
import { CSV_OPTIONS, money, spreadsheetSafe } from '../../shared/csv-cells.js';
import type { IssuerScope as DocumentScope } from '../../shared/scope.js';
import { sequentialDigits } from '../../shared/sri-codes.js';
import { documentTypeName } from '../delivery/index.js';
import { documents, type ListFilters, listOrder, listWhere } from '../documents/index.js';

/** Rows fetched per round trip by the cursor: memory holds one batch, whatever the list's size. */
const BATCH_SIZE = 500;

const HEADERS = [
  'Tipo',
  'Tipo de comprobante',
  'Número',
  'Fecha de emisión',
  'Clave de acceso',
  'Estado',
  'Tipo de identificación',
  'Identificación',
  'Razón social / Nombres',
  'Correo',
  'Subtotal sin impuestos',
  'IVA',
  'Total',
  'Número de autorización',
  'Fecha de autorización',
  'Estado del correo',
];

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

function toRecord(row: unknown[]): string[] {
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
    documentTypeName('es', type),
    number,
    isoToDdMmYyyy(issueDate),
    accessKey,
    status,
    idType,
    id,
    name,
    email,
    money(sub),
    money(iva),
    money(total),
    authNo ?? '',
    authAt ? ecuadorTimestamp(authAt) : '',
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
      done(null, toRecord(row));
    },
  });
  const out = new PassThrough();
  pipeline(rows, records, stringify({ ...CSV_OPTIONS, header: true, columns: HEADERS }), out, (err) => {
    // A connection left mid-cursor (client gone, error) is discarded, never reused.
    client.release(err ?? undefined);
  });
  return out;
}
