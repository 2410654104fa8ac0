import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne } from 'drizzle-orm';
import { purchases } from '../purchases/index.js';
import type { AtsPurchase } from './ats.model.js';
import { purchaseAtsSustento, supplierAtsDefaults } from './ats.tables.js';
import { type AtsTarget, targetOf } from './ats-report.model.js';
import { type RetentionFacts, retentionsFor } from './ats-retentions.js';
import { ATS_BATCH, type AtsQuery, ownDocumentBatches, taxesOf } from './ats-sources.js';

/** Where a row's codSustento came from (docs/ats.md, "Sustento"). */
type SustentoSource = 'PURCHASE' | 'RETENTION' | 'SUPPLIER' | 'ASSUMED';

export interface SourcedPurchase {
  purchase: AtsPurchase;
  target: AtsTarget;
  sustentoSource: SustentoSource;
}

/** The code assumed when nothing else says, until the owner has chosen some (Tabla 5's first). */
const FALLBACK_SUSTENTO = '01';
/** Types a retention is expected on (docs/purchases.md): invoices and debit notes, our liquidaciones. */
export const WITHHELD_TYPES = new Set(['01', '03', '05']);

/** Received 01/04/05 of the period, addressed to the RUC, not voided at the SRI. */
function receivedWhere(q: AtsQuery) {
  return and(
    eq(purchases.tenantId, q.tenantId),
    eq(purchases.environment, q.environment),
    inArray(purchases.receiverId, [q.ruc, q.ruc.slice(0, 10)]),
    inArray(purchases.documentType, ['01', '04', '05']),
    ne(purchases.sriStatus, 'ANULADO'),
    gte(purchases.issueDate, q.first),
    lte(purchases.issueDate, q.last),
  )!;
}

export async function countReceived(q: AtsQuery): Promise<number> {
  const [row] = await q.db.select({ n: count() }).from(purchases).where(receivedWhere(q));
  return row?.n ?? 0;
}

/** The code the owner chose most often per document type: the assumed one where none applies. */
async function mostCommonSustento(q: AtsQuery): Promise<Map<string, string>> {
  const rows = await q.db
    .select({ type: purchases.documentType, sustento: purchaseAtsSustento.sustento, n: count() })
    .from(purchaseAtsSustento)
    .innerJoin(purchases, eq(purchases.id, purchaseAtsSustento.purchaseId))
    .where(and(eq(purchaseAtsSustento.tenantId, q.tenantId), eq(purchases.environment, q.environment)))
    .groupBy(purchases.documentType, purchaseAtsSustento.sustento)
    .orderBy(desc(count()), asc(purchaseAtsSustento.sustento));
  const best = new Map<string, string>();
  for (const r of rows) if (!best.has(r.type)) best.set(r.type, r.sustento);
  return best;
}

function pickSustento(
  own: string | null,
  retention: RetentionFacts | undefined,
  supplier: string | null,
  assumed: string,
): { code: string; source: SustentoSource } {
  if (own) return { code: own, source: 'PURCHASE' };
  if (retention) return { code: retention.supportCode, source: 'RETENTION' };
  if (supplier) return { code: supplier, source: 'SUPPLIER' };
  return { code: assumed, source: 'ASSUMED' };
}

const split = (number: string) => number.split('-') as [string, string, string];

/** The authorizations of the documents a batch's notes modify, by `ruc|type|number`. */
async function modifiedAuthorizations(q: AtsQuery, numbers: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (numbers.length === 0) return found;
  const rows = await q.db
    .select({
      ruc: purchases.supplierRuc,
      type: purchases.documentType,
      number: purchases.number,
      auth: purchases.authorizationNumber,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.tenantId, q.tenantId),
        eq(purchases.environment, q.environment),
        inArray(purchases.number, [...new Set(numbers)]),
      ),
    );
  for (const r of rows) found.set(`${r.ruc}|${r.type}|${r.number}`, r.auth);
  return found;
}

/**
 * The period's purchases, one keyset batch at a time: received documents first, then our own
 * liquidaciones (03). Each with its retention, its sustento and where the sustento came from.
 */
export async function* purchasesOf(
  q: AtsQuery,
  onBatch: (n: number) => Promise<void>,
): AsyncGenerator<SourcedPurchase> {
  const common = await mostCommonSustento(q);
  const assumedFor = (type: string) => common.get(type) ?? FALLBACK_SUSTENTO;
  let after: string | null = null;
  for (;;) {
    const where = receivedWhere(q);
    const rows = await q.db
      .select({ p: purchases, own: purchaseAtsSustento.sustento, supplier: supplierAtsDefaults.sustento })
      .from(purchases)
      .leftJoin(purchaseAtsSustento, eq(purchaseAtsSustento.purchaseId, purchases.id))
      .leftJoin(
        supplierAtsDefaults,
        and(
          eq(supplierAtsDefaults.tenantId, purchases.tenantId),
          eq(supplierAtsDefaults.environment, purchases.environment),
          eq(supplierAtsDefaults.supplierRuc, purchases.supplierRuc),
        ),
      )
      .where(after === null ? where : and(where, gt(purchases.id, after)))
      .orderBy(asc(purchases.id))
      .limit(ATS_BATCH);
    if (rows.length === 0) break;
    const retentions = await retentionsFor(
      q,
      rows.map((r) => r.p.supplierRuc),
    );
    const originals = rows.flatMap((r) => (r.p.originalDocument ? [r.p.originalDocument.number] : []));
    const modifiedAuth = await modifiedAuthorizations(q, originals);
    for (const { p, own, supplier } of rows) {
      const retention = retentions.get(`${p.supplierRuc}|${p.documentType}|${p.number}`);
      const sustento = pickSustento(own, retention, supplier, assumedFor(p.documentType));
      const [establishment, point, sequential] = split(p.number);
      const o = p.originalDocument;
      const oAuth = o ? modifiedAuth.get(`${p.supplierRuc}|${o.documentType}|${o.number}`) : undefined;
      const [oEstab, oPoint, oSeq] = o ? split(o.number) : ['', '', ''];
      yield {
        target: targetOf('purchase', p.id),
        sustentoSource: sustento.source,
        purchase: {
          supportCode: sustento.code,
          supplierIdType: '04',
          supplierId: p.supplierRuc,
          supplierName: p.supplierName,
          documentType: p.documentType,
          relatedParty: false,
          bookedOn: p.issueDate,
          establishment,
          point,
          sequential,
          issueDate: p.issueDate,
          authorization: p.authorizationNumber,
          taxes: p.taxes.map((t) => ({
            taxCode: t.code,
            rateCode: t.rateCode,
            base: t.taxableBase,
            amount: t.amount,
          })),
          paymentForms: p.payments.map((x) => x.method),
          retention: retention?.retention,
          // Without the original's authorization the note has no docModificado: the checks refuse it.
          modified:
            o && oAuth
              ? {
                  documentType: o.documentType,
                  establishment: oEstab,
                  point: oPoint,
                  sequential: oSeq,
                  authorization: oAuth,
                }
              : undefined,
        },
      };
    }
    await onBatch(rows.length);
    if (rows.length < ATS_BATCH) break;
    after = rows.at(-1)!.p.id;
  }
  yield* liquidaciones(q, onBatch, assumedFor('03'));
}

/** Our own liquidaciones de compra (03): the provider is the document's recipient. */
async function* liquidaciones(
  q: AtsQuery,
  onBatch: (n: number) => Promise<void>,
  assumed: string,
): AsyncGenerator<SourcedPurchase> {
  for await (const batch of ownDocumentBatches(q, ['03'])) {
    const providers = batch.map((b) => b.doc.recipient.id);
    const retentions = await retentionsFor(q, providers);
    const defaults = await q.db
      .select({ ruc: supplierAtsDefaults.supplierRuc, sustento: supplierAtsDefaults.sustento })
      .from(supplierAtsDefaults)
      .where(
        and(
          eq(supplierAtsDefaults.tenantId, q.tenantId),
          eq(supplierAtsDefaults.environment, q.environment),
          inArray(supplierAtsDefaults.supplierRuc, providers),
        ),
      );
    const byProvider = new Map(defaults.map((d) => [d.ruc, d.sustento]));
    for (const { accessKey, doc } of batch) {
      const retention = retentions.get(`${doc.recipient.id}|03|${doc.number}`);
      const sustento = pickSustento(null, retention, byProvider.get(doc.recipient.id) ?? null, assumed);
      yield {
        target: targetOf('document', accessKey),
        sustentoSource: sustento.source,
        purchase: {
          supportCode: sustento.code,
          supplierIdType: doc.recipient.idType ?? '05',
          supplierId: doc.recipient.id,
          supplierName: doc.recipient.name ?? '',
          documentType: '03',
          relatedParty: false,
          bookedOn: doc.issueDate,
          establishment: doc.establishment,
          point: doc.emissionPoint,
          sequential: doc.sequential,
          issueDate: doc.issueDate,
          authorization: accessKey,
          taxes: taxesOf(doc),
          paymentForms: doc.payments.map((p) => p.method),
          retention: retention?.retention,
        },
      };
    }
    await onBatch(batch.length);
  }
}
