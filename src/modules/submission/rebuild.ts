import { and, eq } from 'drizzle-orm';
import { signDocumentXml } from '../../adapters/signing/xades.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import type { AuthContext } from '../../http/auth.js';
import { type Clock, isoToDdMmYyyy } from '../../shared/clock.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';
import { bodyDocumentType, parseDocumentBody } from '../documents/document-body.js';
import type { DocumentModel } from '../documents/document-model.js';
import { findByAccessKey, recordDocumentEvent } from '../documents/documents.repository.js';
import { createdView, issuerSnapshot, scopeOf } from '../documents/documents.service.js';
import { type DocumentRow, documents } from '../documents/documents.tables.js';
import { computeDocumentContent, type DocumentContent } from '../documents/totals.js';
import { buildDocumentXml } from '../documents/xml/index.js';
import type { IssuerRow } from '../issuers/issuer-store.js';
import type { SigningKeyCache } from '../issuers/signing-key-cache.js';
import { insertSubmissionState, queueProcessing, startNewBuild } from './submission.repository.js';

/** Only a refused document may be corrected (interface.md, States: "document must be rebuilt"). */
const REBUILDABLE = new Set(['RETURNED', 'NOT_AUTHORIZED']);

export interface RebuildDeps {
  db: Executor;
  clock: Clock;
  keyCache: SigningKeyCache;
}

/**
 * POST /v1/documents/:accessKey/rebuild. The access key, the sequential and the issue date stay
 * (the tax authority lets a refused key be sent again, corrected); buyer, items, payments and
 * additional information may change, validated exactly like a creation. The XML is signed again
 * with the issuer's current certificate and submission is queued.
 */
export async function rebuildDocument(
  deps: RebuildDeps,
  auth: AuthContext,
  accessKey: string,
  body: unknown,
) {
  const scope = scopeOf(auth);
  const doc = await findByAccessKey(deps.db, scope, accessKey);
  if (!doc) throw notFound('Document');
  assertRebuildable(doc);
  const issuer = await activeIssuer(deps.db, doc);
  assertCanIssue(issuer);
  const content = rebuiltContent(doc, body);
  const cert = deps.keyCache.get(issuer);
  const now = deps.clock.now();

  const row = await withTransaction(deps.db, async (tx) => {
    const locked = await findByAccessKey(tx, scope, accessKey, true);
    if (!locked) throw notFound('Document');
    assertRebuildable(locked);
    const [flags] = await tx
      .select({ canIssue: issuers.canIssue })
      .from(issuers)
      .where(eq(issuers.id, issuer.id))
      .for('share');
    assertCanIssue({ canIssue: flags?.canIssue ?? false });
    const model: DocumentModel = {
      ...content,
      documentType: locked.documentType as DocumentModel['documentType'],
      environment: locked.environment,
      accessKey: locked.accessKey,
      sequential: String(locked.sequential).padStart(9, '0'),
      issuer: issuerSnapshot(issuer),
    };
    const signedXml = signDocumentXml(buildDocumentXml(model), cert, now);
    const [updated] = await tx
      .update(documents)
      .set({
        status: 'SIGNED',
        buyerIdType: model.buyer.idType,
        buyerId: model.buyer.id,
        buyerName: model.buyer.name,
        buyerEmail: model.buyer.email,
        total: model.totals.total,
        model,
        request: (isEmptyBody(body) ? locked.request : body) as Record<string, unknown>,
        signedXml,
        signedAt: now,
        certFingerprint: cert.fingerprint,
        originalDocumentType: model.creditNote?.originalDocumentType ?? null,
        originalNumber: model.creditNote?.originalNumber ?? null,
        authorizationNumber: null,
        authorizationDate: null,
        authorizedXml: null,
        updatedAt: now,
      })
      .where(eq(documents.id, locked.id))
      .returning();
    await insertSubmissionState(tx, locked, now);
    const build = await startNewBuild(tx, locked.id, now);
    await recordDocumentEvent(
      tx,
      locked,
      'REBUILT',
      {
        previousStatus: locked.status,
        corrected: !isEmptyBody(body),
        certFingerprint: cert.fingerprint,
        build,
      },
      now,
    );
    await queueProcessing(tx, locked.id);
    return updated!;
  });
  return createdView(row);
}

function assertRebuildable(doc: DocumentRow): void {
  if (!REBUILDABLE.has(doc.status)) {
    throw new AppError(
      'BAD_REQUEST',
      `Only a RETURNED or NOT_AUTHORIZED document can be rebuilt; this one is ${doc.status}`,
    );
  }
}

function assertCanIssue(issuer: Pick<IssuerRow, 'canIssue'>): void {
  if (!issuer.canIssue)
    throw new AppError(
      'ISSUER_ISSUING_PAUSED',
      'Issuing is paused for this issuer (PATCH /v1/issuers/:id/can-issue)',
    );
}

async function activeIssuer(db: Executor, doc: DocumentRow): Promise<IssuerRow> {
  const [issuer] = await db
    .select()
    .from(issuers)
    .where(and(eq(issuers.id, doc.issuerId), eq(issuers.active, true)));
  if (!issuer) throw notFound('Issuer');
  return issuer;
}

function isEmptyBody(body: unknown): boolean {
  return (
    body === undefined ||
    body === null ||
    (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)
  );
}

/**
 * The corrected content, validated like a creation but dated on the original issue date: the date
 * is part of the access key, and rules relative to "today" (a credit note is dated today, an
 * invoice at most 90 days back) apply to the day the document was issued.
 */
function rebuiltContent(doc: DocumentRow, body: unknown): DocumentContent {
  const source = isEmptyBody(body) ? doc.request : body;
  if (!isEmptyBody(body) && bodyDocumentType(body) !== doc.documentType) {
    throw validationError(
      'documentType',
      `must be ${doc.documentType}, the type of the document being rebuilt`,
    );
  }
  const input = parseDocumentBody(source);
  const issueDate = isoToDdMmYyyy(doc.issueDate);
  if (input.issueDate !== undefined && input.issueDate !== null && input.issueDate !== issueDate) {
    throw validationError('issueDate', `a rebuild keeps the issue date of the access key (${issueDate})`);
  }
  return computeDocumentContent({ ...input, issueDate }, { today: issueDate });
}
