import { and, asc, count, eq, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { parseReceivedDocument, type ReceivedDocument } from '../../adapters/sri/index.js';
import type { Executor } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import type { Environment } from '../../shared/scope.js';
import { documents } from '../documents/index.js';
import type { AtsSale, AtsTax } from './ats.model.js';

/**
 * The period's sales read from the database in keyset batches (never the month at once). Each
 * document's stored signed XML is read with the shared parser of received documents: one reader for
 * the three types, and exactly what the SRI authorized (docs/ats.md, "Where the figures come from").
 */
export const ATS_BATCH = 500;

export interface AtsQuery {
  db: Executor;
  tenantId: string;
  environment: Environment;
  ruc: string;
  /** Every issuer (branch, point) of the RUC, deleted ones too: their documents still count. */
  issuerIds: string[];
  first: string;
  last: string;
}

/** The RUC's issuers and its active establishments (numEstabRuc, one ventaEst each). */
export async function rucIssuers(db: Executor, tenantId: string, ruc: string) {
  const rows = await db
    .select({
      id: issuers.id,
      branch: issuers.branchCode,
      active: issuers.active,
      deletedAt: issuers.deletedAt,
    })
    .from(issuers)
    .where(and(eq(issuers.tenantId, tenantId), eq(issuers.ruc, ruc)));
  const establishments = [
    ...new Set(rows.filter((r) => r.active && r.deletedAt === null).map((r) => r.branch)),
  ].sort();
  return { issuerIds: rows.map((r) => r.id), establishments };
}

/** Our AUTHORIZED documents of `types` issued in the period (a voided one is no sale: docs/ats.md). */
function ownDocuments(q: AtsQuery, types: ('01' | '03' | '04' | '05' | '07')[]): SQL {
  return and(
    eq(documents.tenantId, q.tenantId),
    eq(documents.environment, q.environment),
    inArray(documents.issuerId, q.issuerIds.length ? q.issuerIds : ['00000000-0000-0000-0000-000000000000']),
    inArray(documents.documentType, types),
    eq(documents.status, 'AUTHORIZED'),
    gte(documents.issueDate, q.first),
    lte(documents.issueDate, q.last),
  )!;
}

export async function countOwn(q: AtsQuery, types: ('01' | '03' | '04' | '05')[]): Promise<number> {
  const [row] = await q.db.select({ n: count() }).from(documents).where(ownDocuments(q, types));
  return row?.n ?? 0;
}

/** Keyset pages of our documents of `types`, ordered by id, with their signed XML parsed. */
export async function* ownDocumentBatches(
  q: AtsQuery,
  types: ('01' | '03' | '04' | '05')[],
): AsyncGenerator<{ id: string; accessKey: string; doc: ReceivedDocument }[]> {
  let after: string | null = null;
  for (;;) {
    const where = ownDocuments(q, types);
    const rows: { id: string; accessKey: string; xml: string }[] = await q.db
      .select({ id: documents.id, accessKey: documents.accessKey, xml: documents.signedXml })
      .from(documents)
      .where(after === null ? where : and(where, gt(documents.id, after)))
      .orderBy(asc(documents.id))
      .limit(ATS_BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) => ({ id: r.id, accessKey: r.accessKey, doc: parseReceivedDocument(r.xml) }));
    if (rows.length < ATS_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

export function taxesOf(doc: ReceivedDocument): AtsTax[] {
  return doc.taxes.map((t) => ({ taxCode: t.taxCode, rateCode: t.rateCode, base: t.base, amount: t.amount }));
}

/** The period's sales (01, 04, 05), one batch at a time; `onBatch` counts progress. */
export async function* salesOf(q: AtsQuery, onBatch: (n: number) => Promise<void>): AsyncGenerator<AtsSale> {
  for await (const batch of ownDocumentBatches(q, ['01', '04', '05'])) {
    for (const { doc } of batch) {
      yield {
        buyerIdType: doc.recipient.idType ?? '07',
        buyerId: doc.recipient.id,
        buyerName: doc.recipient.name ?? '',
        documentType: doc.type as '01' | '04' | '05',
        emission: 'E',
        establishment: doc.establishment,
        taxes: taxesOf(doc),
        paymentForms: doc.payments.map((p) => p.method),
      };
    }
    await onBatch(batch.length);
  }
}
