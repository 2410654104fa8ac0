import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { isoToDdMmYyyy } from '../../shared/clock.js';
import { CSV_OPTIONS, money, spreadsheetSafe } from '../../shared/csv-cells.js';
import {
  type ExportLanguage,
  exportDateTime,
  exportHeaders,
  exportLabel,
} from '../../shared/export-labels.js';
import { documentTypeName } from '../delivery/index.js';
import { purchaseWhere } from './purchase-list.js';
import type { PurchaseScope } from './purchases.repository.js';
import type { PurchaseListQueryT } from './purchases.schemas.js';
import { type PurchaseRow, purchases } from './purchases.tables.js';

/** Rows per page of the keyset walk: memory holds one page, whatever the export's size. */
const PAGE = 500;

/** `[es, en]` per column; the SRI state keeps a column of its own for scripts. */
const COLUMNS = [
  ['Tipo', 'Type'],
  ['Tipo de comprobante', 'Document type'],
  ['Número', 'Number'],
  ['Fecha de emisión', 'Issue date'],
  ['Clave de acceso', 'Access key'],
  ['RUC del proveedor', 'Supplier RUC'],
  ['Razón social del proveedor', 'Supplier name'],
  ['Nombre comercial', 'Trade name'],
  ['Identificación del receptor', 'Receiver ID'],
  ['Subtotal sin impuestos', 'Subtotal before taxes'],
  ['IVA', 'VAT'],
  ['Total', 'Total'],
  ['Número de autorización', 'Authorization number'],
  ['Fecha de autorización', 'Authorization date'],
  ['Estado en el SRI', 'SRI status'],
  ['Código de estado en el SRI', 'SRI status code'],
] as const;

function toRecord(p: PurchaseRow, lang: ExportLanguage): string[] {
  return [
    p.documentType,
    documentTypeName(lang, p.documentType),
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
    p.authorizationDate ? exportDateTime(p.authorizationDate) : '',
    spreadsheetSafe(exportLabel(lang, 'purchaseStatus', p.sriStatus)),
    spreadsheetSafe(p.sriStatus),
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
  lang: ExportLanguage,
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
      for (const p of page) yield toRecord(p, lang);
      if (page.length < PAGE) return;
      after = page.at(-1)!;
    }
  }
  return Readable.from(rows()).pipe(
    stringify({ ...CSV_OPTIONS, header: true, columns: exportHeaders(lang, COLUMNS) }),
  );
}
