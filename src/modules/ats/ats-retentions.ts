import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { documents } from '../documents/index.js';
import type { AtsPurchase } from './ats.model.js';
import type { AtsQuery } from './ats-sources.js';

type AtsRetention = NonNullable<AtsPurchase['retention']>;

interface StoredSupport {
  supportCode: string;
  documentType: string;
  number: string;
  withholdings: {
    code: string;
    withholdingCode: string;
    taxableBase: string;
    rate: string;
    amount: string;
  }[];
}

/** What our retentions say about one supporting document. */
export interface RetentionFacts {
  retention: AtsRetention;
  /** codSustento the retention declared to the SRI for this document. */
  supportCode: string;
}

/**
 * The AUTHORIZED retentions (07) we issued to a batch's suppliers, by supporting document
 * (`ruc|type|number`). A retention covers several documents; a document withheld twice (a second
 * retention completing the first) is reported with the first one's number and every line, the annex
 * having one retention per row (estabRetencion1…).
 */
export async function retentionsFor(
  q: AtsQuery,
  supplierIds: string[],
): Promise<Map<string, RetentionFacts>> {
  const found = new Map<string, RetentionFacts>();
  if (supplierIds.length === 0 || q.issuerIds.length === 0) return found;
  const rows = await q.db
    .select({
      accessKey: documents.accessKey,
      sequential: documents.sequential,
      issueDate: documents.issueDate,
      buyerId: documents.buyerId,
      model: documents.model,
    })
    .from(documents)
    .where(
      and(
        eq(documents.tenantId, q.tenantId),
        eq(documents.environment, q.environment),
        inArray(documents.issuerId, q.issuerIds),
        eq(documents.documentType, '07'),
        eq(documents.status, 'AUTHORIZED'),
        inArray(documents.buyerId, [...new Set(supplierIds)]),
        // A retention is issued within days of its document, never before the period.
        gte(documents.issueDate, q.first),
      ),
    )
    .orderBy(asc(documents.issueDate), asc(documents.id));
  for (const r of rows) {
    const supports =
      (r.model as unknown as { supportingDocuments?: StoredSupport[] }).supportingDocuments ?? [];
    for (const s of supports) {
      const key = `${r.buyerId}|${s.documentType}|${s.number}`;
      // Income tax (1) and IVA (2); ISD (6) has no column in compras.
      const lines = s.withholdings
        .filter((w) => w.code === '1' || w.code === '2')
        .map((w) => ({
          taxCode: w.code as '1' | '2',
          code: w.withholdingCode,
          base: w.taxableBase,
          rate: w.rate,
          amount: w.amount,
        }));
      const known = found.get(key);
      if (known) {
        known.retention = { ...known.retention, lines: [...known.retention.lines, ...lines] };
        continue;
      }
      found.set(key, {
        supportCode: s.supportCode,
        retention: {
          establishment: r.accessKey.slice(24, 27),
          point: r.accessKey.slice(27, 30),
          sequential: String(r.sequential).padStart(9, '0'),
          authorization: r.accessKey,
          issueDate: r.issueDate,
          lines,
        },
      });
    }
  }
  return found;
}
