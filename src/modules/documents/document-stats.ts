import { type Dec, dec, fixed, sum } from '../../shared/money.js';
import type { StatsCell } from './documents.extras.repository.js';
import type { DocumentStatus, DocumentTypeCode } from './documents.tables.js';

const ALL_STATUSES: DocumentStatus[] = [
  'SIGNED',
  'RECEIVED',
  'RETURNED',
  'AUTHORIZED',
  'NOT_AUTHORIZED',
  'VOIDED',
];
/** Valid tax documents: authorized, including those voided later (they still count: docs/spec-map.md). */
const ISSUED = new Set<DocumentStatus>(['AUTHORIZED', 'VOIDED']);
const PENDING = new Set<DocumentStatus>(['SIGNED', 'RECEIVED']);
/**
 * The types `amounts` speaks of: sales (01) and their credits (04). A withholding receipt's total
 * is tax withheld, a waybill has none, purchases (03) and debit notes (05) are other flows: their
 * sums are in `byType[].issuedTotal` only.
 */
const SALES = new Set<DocumentTypeCode>(['01', '04']);

type ByStatus = Record<DocumentStatus, number>;

const zeroByStatus = (): ByStatus => Object.fromEntries(ALL_STATUSES.map((s) => [s, 0])) as ByStatus;

/**
 * GET /v1/documents/stats from the per-(type, status) counts. Amounts are decimal strings:
 * `issuedTotal` of a type and `invoiced`/`credited` sum AUTHORIZED and VOIDED documents; refused
 * ones (RETURNED, NOT_AUTHORIZED) are counted but never summed; `pending` sums those still on
 * their way (SIGNED, RECEIVED); `voided` is the part of the issued amounts voided since. `amounts`
 * concern invoices and credit notes only (SALES).
 */
export function summarizeStats(cells: StatsCell[]) {
  const byStatus = zeroByStatus();
  const types = new Map<DocumentTypeCode, { count: number; byStatus: ByStatus; issued: Dec[] }>();
  const pending: Dec[] = [];
  const voided: Dec[] = [];
  for (const c of cells) {
    byStatus[c.status] += c.count;
    const t = types.get(c.documentType) ?? { count: 0, byStatus: zeroByStatus(), issued: [] };
    t.count += c.count;
    t.byStatus[c.status] += c.count;
    if (ISSUED.has(c.status)) t.issued.push(dec(c.total));
    if (SALES.has(c.documentType) && PENDING.has(c.status)) pending.push(dec(c.total));
    if (SALES.has(c.documentType) && c.status === 'VOIDED') voided.push(dec(c.total));
    types.set(c.documentType, t);
  }
  const issuedOf = (type: DocumentTypeCode) => sum(types.get(type)?.issued ?? []);
  const invoiced = issuedOf('01');
  const credited = issuedOf('04');
  return {
    count: cells.reduce((n, c) => n + c.count, 0),
    byStatus,
    byType: [...types.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([documentType, t]) => ({
        documentType,
        count: t.count,
        byStatus: t.byStatus,
        issuedTotal: fixed(sum(t.issued)),
      })),
    amounts: {
      invoiced: fixed(invoiced),
      credited: fixed(credited),
      net: fixed(invoiced.minus(credited)),
      pending: fixed(sum(pending)),
      voided: fixed(sum(voided)),
    },
  };
}
