import { and, eq } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import { type Clock, ecuadorDate } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import type { IssuerScope } from '../../shared/scope.js';
import {
  applyRebuild,
  assertIssuable,
  buildVersion,
  createdView,
  type DocumentRow,
  findByAccessKey,
  rebuiltVersionInput,
  recordDocumentEvent,
} from '../documents/index.js';
import type { IssuerRow, SigningKeyCache } from '../issuers/index.js';
import { insertSubmissionState, queueProcessing, startNewBuild } from './submission.repository.js';

/** Only a refused document may be corrected (docs/spec-map.md, States: "document must be rebuilt"). */
const REBUILDABLE = new Set(['RETURNED', 'NOT_AUTHORIZED']);

export interface RebuildDeps {
  db: Executor;
  clock: Clock;
  keyCache: SigningKeyCache;
}

/**
 * POST /v1/documents/:accessKey/rebuild. The sequential stays, and so do the access key and the
 * issue date on the issue day (the tax authority lets a refused key be sent again, corrected); on a
 * later day (from 2026) the document is re-dated today with a new access key (pipeline.ts
 * rebuiltVersionInput; docs/decisions.md). The rest may change, validated
 * exactly like a creation (the route checked the body's shape; the documents module computes and
 * builds the version with the same "build and sign" step as a creation). The XML is signed again
 * with the issuer's current certificate and submission is queued.
 */
export async function rebuildDocument(
  deps: RebuildDeps,
  scope: IssuerScope,
  accessKey: string,
  body: unknown,
) {
  const doc = await findByAccessKey(deps.db, scope, accessKey);
  if (!doc) throw notFound('Document');
  assertRebuildable(doc);
  const issuer = await activeIssuer(deps.db, doc);
  assertIssuable(issuer, null);
  const now = deps.clock.now();
  const next = rebuiltVersionInput(doc, body, issuer, ecuadorDate(now));
  const cert = deps.keyCache.get(issuer);

  const row = await withTransaction(deps.db, async (tx) => {
    const locked = await findByAccessKey(tx, scope, accessKey, true);
    if (!locked) throw notFound('Document');
    assertRebuildable(locked);
    const [flags] = await tx
      .select({ active: issuers.active, canIssue: issuers.canIssue, documentTypes: issuers.documentTypes })
      .from(issuers)
      .where(eq(issuers.id, issuer.id))
      .for('share');
    assertIssuable(flags, null);
    const version = buildVersion(next.def, next.header, next.content, cert, now);
    const updated = await applyRebuild(tx, locked.id, version, next.request, now);
    await insertSubmissionState(tx, locked, now);
    const build = await startNewBuild(tx, locked.id, now);
    await recordDocumentEvent(
      tx,
      locked,
      'REBUILT',
      {
        previousStatus: locked.status,
        corrected: next.corrected,
        certFingerprint: cert.fingerprint,
        build,
        // Re-dated on a later day: the key the document had until now.
        ...(next.redated ? { previousAccessKey: locked.accessKey } : {}),
      },
      now,
    );
    await queueProcessing(tx, locked.id);
    return updated;
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

async function activeIssuer(db: Executor, doc: DocumentRow): Promise<IssuerRow> {
  const [issuer] = await db
    .select()
    .from(issuers)
    .where(and(eq(issuers.id, doc.issuerId), eq(issuers.active, true)));
  if (!issuer) throw notFound('Issuer');
  return issuer;
}
