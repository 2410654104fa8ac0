import { decodeXmlBytes, XmlDecodeError } from '../../adapters/sri/xml-text.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import type { ExportLanguage } from '../../shared/export-labels.js';
import { createAdmission } from './admission.js';
import { checkAccessKey } from './purchase-checks.js';
import { streamPurchasesCsv } from './purchase-export.js';
import { readReceived } from './purchase-fields.js';
import { listPurchases } from './purchase-list.js';
import { purchaseRideFilename, purchaseRidePdf } from './purchase-ride.js';
import { type PurchaseSummary, toPurchaseSummary } from './purchase-view.js';
import { findPurchase, type PurchaseScope } from './purchases.repository.js';
import type { PurchaseListQueryT } from './purchases.schemas.js';
import type { PurchaseRow, PurchaseSource } from './purchases.tables.js';
import { issuedRetentions, remainingOf, retentionDraft } from './retention.js';
import type { PurchaseSriPort } from './sri-port.js';

export interface KeyResult {
  accessKey: string;
  status: 'CREATED' | 'EXISTING' | 'REFUSED';
  purchase: PurchaseSummary | null;
  error: { code: string; detail: string } | null;
}

/** Keys asked of the SRI at once by one request: polite to a service that bans busy addresses. */
const KEY_CONCURRENCY = 4;

export function createPurchasesService(deps: { db: Executor; clock: Clock; sri: PurchaseSriPort }) {
  const { db, clock, sri } = deps;
  const admission = createAdmission({ db, sri });

  async function admitKey(
    scope: PurchaseScope,
    key: string,
    source: PurchaseSource,
    fileXml: string | null = null,
  ) {
    const r = await admission.resolve(scope, key, fileXml);
    if ('existing' in r) return { row: r.existing, created: false };
    return withTransaction(db, (tx) => admission.store(tx, scope, r.resolved, source, clock.now()));
  }

  async function detail(exec: Executor, p: PurchaseRow) {
    const retentions = await issuedRetentions(exec, p);
    return {
      ...toPurchaseSummary(p),
      taxes: p.taxes,
      payments: p.payments,
      originalDocument: p.originalDocument ?? null,
      withholdings: p.withholdings,
      retentions,
      remaining: remainingOf(p, retentions),
    };
  }

  async function found(scope: PurchaseScope, id: string): Promise<PurchaseRow> {
    const p = await findPurchase(db, scope, id);
    if (!p) throw notFound('Purchase');
    return p;
  }

  return {
    admission,

    /** Entry 1: keys fetched from the SRI, each on its own (one refusal never stops the others). */
    async addByKeys(scope: PurchaseScope, keys: string[]) {
      const results: KeyResult[] = new Array(keys.length);
      let throttledAt: AppError | null = null;
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < keys.length; i = next++) {
          const accessKey = keys[i]!.trim();
          try {
            // After error 33, asking again only prolongs the ban: the rest wait for another request.
            if (throttledAt) throw throttledAt;
            const { row, created } = await admitKey(scope, accessKey, 'KEY');
            results[i] = {
              accessKey,
              status: created ? 'CREATED' : 'EXISTING',
              purchase: toPurchaseSummary(row),
              error: null,
            };
          } catch (e) {
            if (!(e instanceof AppError)) throw e;
            if (e.code === 'SRI_THROTTLED') throttledAt = e;
            results[i] = {
              accessKey,
              status: 'REFUSED',
              purchase: null,
              error: { code: e.code, detail: e.message },
            };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(KEY_CONCURRENCY, keys.length) }, worker));
      const count = (s: KeyResult['status']) => results.filter((r) => r.status === s).length;
      return {
        data: results,
        created: count('CREATED'),
        existing: count('EXISTING'),
        refused: count('REFUSED'),
      };
    },

    /**
     * Entry 3: a supplier's file. Its signature must verify and its key must be authorized at the
     * SRI; the record's fields come from the SRI's copy (the proof), the file is kept as received.
     */
    async addXml(scope: PurchaseScope, bytes: Buffer) {
      let text: string;
      try {
        text = decodeXmlBytes(bytes);
      } catch (e) {
        if (e instanceof XmlDecodeError) throw new AppError('PURCHASE_XML_INVALID', e.message);
        throw e;
      }
      const read = readReceived(text);
      const key = read.accessKey;
      checkAccessKey(key, scope.environment, 'file.infoTributaria.claveAcceso');
      const verdict = sri.verifySignature(read.signedXml);
      if (!verdict.valid) {
        throw new AppError(
          'PURCHASE_SIGNATURE_INVALID',
          `The document's signature does not verify (${verdict.detail}). A file alone proves nothing: add it by access key instead, the SRI's answer is the proof`,
        );
      }
      const { row, created } = await admitKey(scope, key, 'XML', text.trim());
      return {
        status: created ? ('CREATED' as const) : ('EXISTING' as const),
        purchase: await detail(db, row),
      };
    },

    async get(scope: PurchaseScope, id: string) {
      return detail(db, await found(scope, id));
    },

    async xml(scope: PurchaseScope, id: string): Promise<string> {
      return (await found(scope, id)).xml;
    },

    /** The RIDE drawn from the stored authorized XML (purchase-ride.ts). */
    async ride(scope: PurchaseScope, id: string): Promise<{ pdf: Buffer; filename: string }> {
      const p = await found(scope, id);
      return { pdf: await purchaseRidePdf(db, p), filename: purchaseRideFilename(p) };
    },

    list(scope: PurchaseScope, query: PurchaseListQueryT) {
      return listPurchases(db, scope, query);
    },

    exportCsv(
      scope: PurchaseScope,
      filters: Omit<PurchaseListQueryT, 'limit' | 'cursor'>,
      lang: ExportLanguage,
    ) {
      return streamPurchasesCsv(db, scope, filters, lang);
    },

    async retentionDraft(scope: PurchaseScope, id: string) {
      const p = await found(scope, id);
      return retentionDraft(p, await issuedRetentions(db, p), clock.now());
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
