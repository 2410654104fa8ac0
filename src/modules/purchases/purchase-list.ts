import { and, desc, eq, gte, ilike, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { ddMmYyyyToIso, parseDdMmYyyy } from '../../shared/clock.js';
import { validationError } from '../../shared/errors.js';
import { likeLiteral } from '../../shared/row-checks.js';
import { toPurchaseSummary } from './purchase-view.js';
import type { PurchaseScope } from './purchases.repository.js';
import type { PurchaseListQueryT } from './purchases.schemas.js';
import { purchases } from './purchases.tables.js';

/** Newest issue date first; the keyset cursor is the last row's (issue date, id). */
function encodeCursor(issueDate: string, id: string): string {
  return Buffer.from(JSON.stringify([issueDate, id])).toString('base64url');
}

function decodeCursor(text: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(v[0]) &&
      typeof v[1] === 'string' &&
      /^[0-9a-f-]{36}$/.test(v[1])
    )
      return [v[0], v[1]];
  } catch {
    // falls through to the error below
  }
  throw validationError('query.cursor', 'is not a cursor of this list');
}

function dateFilter(value: string | undefined, path: string): string | null {
  if (value === undefined) return null;
  if (!parseDdMmYyyy(value)) throw validationError(path, 'must be a real date DD/MM/YYYY');
  return ddMmYyyyToIso(value);
}

/** A retention (07) of the tenant on this purchase: the supplier withheld, the number supported. */
const hasRetention = sql`exists (select 1 from documents d
  where d.tenant_id = ${purchases.tenantId} and d.environment = ${purchases.environment}
    and d.document_type = '07' and d.buyer_id = ${purchases.supplierRuc}
    and d.status not in ('RETURNED', 'NOT_AUTHORIZED')
    and d.model->'supportingDocuments' @> jsonb_build_array(jsonb_build_object('number', ${purchases.number}, 'documentType', ${purchases.documentType})))`;

/** The filters of the list, the export and the totals (one definition). */
export function purchaseWhere(scope: PurchaseScope, q: Omit<PurchaseListQueryT, 'limit' | 'cursor'>): SQL {
  const from = dateFilter(q.from, 'query.from');
  const to = dateFilter(q.to, 'query.to');
  if (from && to && from > to) throw validationError('query.from', 'must not be after query.to');
  const conditions: SQL[] = [
    eq(purchases.tenantId, scope.tenantId),
    eq(purchases.environment, scope.environment),
  ];
  const supplier = q.supplier?.trim();
  if (supplier) {
    conditions.push(
      or(
        like(purchases.supplierRuc, `${likeLiteral(supplier)}%`),
        ilike(purchases.supplierName, `%${likeLiteral(supplier)}%`),
        ilike(purchases.supplierTradeName, `%${likeLiteral(supplier)}%`),
      )!,
    );
  }
  if (q.documentType) conditions.push(eq(purchases.documentType, q.documentType));
  if (from) conditions.push(gte(purchases.issueDate, from));
  if (to) conditions.push(lte(purchases.issueDate, to));
  if (q.status) conditions.push(eq(purchases.sriStatus, q.status));
  if (q.withoutRetention === true) {
    conditions.push(sql`${purchases.documentType} in ('01', '05') and not ${hasRetention}`);
  }
  return and(...conditions)!;
}

export async function listPurchases(db: Executor, scope: PurchaseScope, q: PurchaseListQueryT) {
  const where = purchaseWhere(scope, q);
  const limit = q.limit ?? 20;
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const page = after
    ? and(where, sql`(${purchases.issueDate}, ${purchases.id}) < (${after[0]}::date, ${after[1]}::uuid)`)!
    : where;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(purchases)
      .where(page)
      .orderBy(desc(purchases.issueDate), desc(purchases.id))
      .limit(limit + 1),
    db
      .select({
        count: sql<number>`count(*)::int`,
        totalWithoutTaxes: sql<string>`coalesce(sum(${purchases.totalWithoutTaxes}), 0)::numeric(14,2)::text`,
        iva: sql<string>`coalesce(sum(${purchases.iva}), 0)::numeric(14,2)::text`,
        total: sql<string>`coalesce(sum(${purchases.total}), 0)::numeric(14,2)::text`,
      })
      .from(purchases)
      .where(where),
  ]);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    data: shown.map(toPurchaseSummary),
    totals: totals!,
    nextCursor: more && last ? encodeCursor(last.issueDate, last.id) : null,
  };
}
