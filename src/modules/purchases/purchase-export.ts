import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { ecuadorTimestamp, isoToDdMmYyyy } from '../../shared/clock.js';
import { CSV_OPTIONS, money, spreadsheetSafe } from '../../shared/csv-cells.js';
import { documentTypeName } from '../delivery/index.js';
import { purchaseWhere } from './purchase-list.js';
import type { PurchaseScope } from './purchases.repository.js';
import type { PurchaseListQueryT } from './purchases.schemas.js';
import { type PurchaseRow, purchases } from './purchases.tables.js';

/** Rows per page of the keyset walk: memory holds one page, whatever the export's size. */
const PAGE = 500;

const HEADERS = [
  'Tipo',
  'Tipo de comprobante',
  'Número',
  'Fecha de emisión',
  'Clave de acceso',
  'RUC del proveedor',
  'Razón social del proveedor',
  'Nombre comercial',
  'Identificación del receptor',
  'Subtotal sin impuestos',
  'IVA',
  'Total',
  'Número de autorización',
  'Fecha de autorización',
  'Estado en el SRI',
];

function toRecord(p: PurchaseRow): string[] {
  return [
    p.documentType,
    documentTypeName('es', p.documentType),
    p.number,
    isoToDdMmYyyy(p.issueDate),
    p.accessKey,
    p.supplierRuc,
    spreadsheetSafe(p.supplierName),
    spreadsheetSafe(p.supplierTradeName ?? ''),
    spreadsheetSafe(p.receiverId),
    money(p.totalWithoutTaxes),
    money(p.iva),
    money(p.total),
    p.authorizationNumber,
    p.authorizationDate ? ecuadorTimestamp(p.authorizationDate) : '',
    p.sriStatus,
  ];
}

/**
 * Every purchase the list's filters select, as the documents' CSV (the same cell rules), read a
 * page at a time by the list's own keyset as the client consumes the stream.
 */
export function streamPurchasesCsv(
  db: Executor,
  scope: PurchaseScope,
  filters: Omit<PurchaseListQueryT, 'limit' | 'cursor'>,
): Readable {
  const where = purchaseWhere(scope, filters);
  async function* rows() {
    let after: PurchaseRow | null = null;
    for (;;) {
      const page: PurchaseRow[] = await db
        .select()
        .from(purchases)
        .where(
          after
            ? and(
                where,
                sql`(${purchases.issueDate}, ${purchases.id}) < (${after.issueDate}::date, ${after.id}::uuid)`,
              )
            : where,
        )
        .orderBy(desc(purchases.issueDate), desc(purchases.id))
        .limit(PAGE);
      for (const p of page) yield toRecord(p);
      if (page.length < PAGE) return;
      after = page.at(-1)!;
    }
  }
  return Readable.from(rows()).pipe(stringify({ ...CSV_OPTIONS, header: true, columns: HEADERS }));
}
