import { type Executor, withTransaction } from '../../db/pool.js';
import {
  type Clock,
  ddMmYyyyToIso,
  ecuadorIsoDate,
  ecuadorParts,
  isoToDdMmYyyy,
  parseDdMmYyyy,
} from '../../shared/clock.js';
import { documentNumber } from '../../shared/document-model.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';
import { dec, fixed, sum } from '../../shared/money.js';
import type { IssuerScope } from '../../shared/scope.js';
import { findByAccessKey } from './document-reads.js';
import { summarizeStats } from './document-stats.js';
import { toSummary } from './document-summary.js';
import { creditNotesOf, listDocumentEvents, statsCells } from './documents.extras.repository.js';
import type { DocumentRow, DocumentStatus } from './documents.tables.js';
import { voidDocument } from './void.js';
import { FINAL_CONSUMER_RULE_TEXT, voidWindow, windowClosedText } from './void-rules.js';
import { holidaysFor } from './void-window.js';

const VOID_REASON_MAX = 500;
/** Credit notes that never became valid, or were voided, credit nothing. */
const NOT_CREDITING = new Set<DocumentStatus>(['RETURNED', 'NOT_AUTHORIZED', 'VOIDED']);

/** The void response: the summary plus buyer, voidReason and voidedAt (docs/spec-map.md). */
function voidView(row: DocumentRow) {
  return {
    ...toSummary(row),
    buyer: { id: row.buyerId, idType: row.buyerIdType, name: row.buyerName, email: row.buyerEmail },
    voidReason: row.voidReason,
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

export function createDocumentExtrasService(deps: { db: Executor; clock: Clock; readDb?: Executor }) {
  const { db, clock } = deps;
  /** Stats read here: a replica when DATABASE_READ_URL is set (docs/scaling.md). */
  const readDb = deps.readDb ?? db;

  async function documentOf(scope: IssuerScope, accessKey: string): Promise<DocumentRow> {
    const doc = await findByAccessKey(db, scope, accessKey);
    if (!doc) throw notFound('Document');
    return doc;
  }

  return {
    async events(scope: IssuerScope, accessKey: string) {
      const doc = await documentOf(scope, accessKey);
      const rows = await listDocumentEvents(db, doc.id);
      return rows.map((e) => ({
        id: e.id,
        type: e.type,
        detail: e.detail ?? null,
        createdAt: e.createdAt.toISOString(),
      }));
    },

    /**
     * POST /:accessKey/void: records that the client voided the document in the tax authority's
     * portal (confirmedSriVoid). Nothing is sent to the tax authority; RIDE, XML and emails stay,
     * and the document keeps counting in stats and quota.
     */
    async void(scope: IssuerScope, actor: { keyId: string }, accessKey: string, body: unknown) {
      const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      if (input.confirmedSriVoid !== true) {
        throw new AppError(
          'DOCUMENT_VOID_CONFIRMATION_REQUIRED',
          "confirmedSriVoid must be true: void the document in the tax authority's portal first (this service sends nothing)",
        );
      }
      const raw = typeof input.reason === 'string' ? input.reason : '';
      const reason = raw.trim();
      if (reason.length === 0 || raw.length > VOID_REASON_MAX) {
        throw validationError('reason', `is required, 1 to ${VOID_REASON_MAX} characters`);
      }
      return withTransaction(db, async (tx) => {
        const doc = await findByAccessKey(tx, scope, accessKey, true);
        if (!doc) throw notFound('Document');
        const now = clock.now();
        if (doc.status !== 'AUTHORIZED') {
          throw new AppError(
            'DOCUMENT_NOT_AUTHORIZED',
            `Only an AUTHORIZED document can be voided; this one is ${doc.status}`,
          );
        }
        const window = voidWindow(
          { ...doc, issueIso: doc.issueDate },
          ecuadorIsoDate(now),
          await holidaysFor(tx, doc.issueDate),
        );
        if (window.blockedBy === 'FINAL_CONSUMER') {
          throw new AppError(
            'DOCUMENT_NOT_VOIDABLE',
            `This document cannot be voided: ${FINAL_CONSUMER_RULE_TEXT}`,
          );
        }
        if (window.blockedBy === 'WINDOW_CLOSED') {
          throw new AppError(
            'DOCUMENT_VOID_WINDOW_CLOSED',
            windowClosedText(doc.documentType, window.lastDay!),
          );
        }
        const voided = await voidDocument(tx, doc, reason, { keyId: actor.keyId }, now);
        if (!voided) {
          throw new AppError('DOCUMENT_NOT_AUTHORIZED', 'Only an AUTHORIZED document can be voided');
        }
        return voidView(voided);
      });
    },

    async creditNotes(scope: IssuerScope, accessKey: string) {
      const doc = await documentOf(scope, accessKey);
      const notes = await creditNotesOf(db, doc, documentNumber(doc.model));
      const original = dec(doc.total);
      const credited = sum(notes.filter((n) => !NOT_CREDITING.has(n.status)).map((n) => dec(n.total)));
      return {
        creditNotes: notes.map(toSummary),
        originalTotal: fixed(original),
        creditedTotal: fixed(credited),
        remainingBalance: fixed(original.minus(credited)),
      };
    },

    /** GET /v1/documents/stats: the issuer's documents issued between from and to (default: this month). */
    async stats(scope: IssuerScope, query: { from?: string; to?: string }) {
      const period = statsPeriod(query, clock.now());
      const cells = await statsCells(readDb, scope, period.fromIso, period.toIso);
      return {
        from: isoToDdMmYyyy(period.fromIso),
        to: isoToDdMmYyyy(period.toIso),
        ...summarizeStats(cells),
      };
    },
  };
}

export type DocumentExtrasService = ReturnType<typeof createDocumentExtrasService>;

/** The Ecuador calendar month of `now` unless from/to say otherwise (each defaults on its own). */
function statsPeriod(query: { from?: string; to?: string }, now: Date) {
  const p = ecuadorParts(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  const check = (value: string | undefined, path: string, fallback: string) => {
    if (value === undefined) return fallback;
    if (!parseDdMmYyyy(value)) throw validationError(path, 'must be a real date DD/MM/YYYY');
    return ddMmYyyyToIso(value);
  };
  const fromIso = check(query.from, 'query.from', `${p.year}-${pad(p.month)}-01`);
  const toIso = check(query.to, 'query.to', `${p.year}-${pad(p.month)}-${pad(lastDay)}`);
  if (fromIso > toIso) throw validationError('query.from', 'must not be after query.to');
  return { fromIso, toIso };
}
