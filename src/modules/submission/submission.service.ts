import { type Executor, withTransaction } from '../../db/pool.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import type { Environment, IssuerScope } from '../../shared/scope.js';

import {
  type DocumentRow,
  type DocumentStatus,
  findByAccessKey,
  recordDocumentEvent,
  toSummary,
} from '../documents/index.js';
import type { SigningKeyCache } from '../issuers/index.js';
import { rebuildDocument } from './rebuild.js';
import { failedDocumentIds, listSriResponses, queueProcessing } from './submission.repository.js';

/** Who asked, for the document's events (the API key). */
export interface Actor {
  keyId: string;
}

/** The authorize (and send) response: accessKey, documentType, sequential, status, issueDate, total. */
function lifecycleView(row: DocumentRow) {
  const s = toSummary(row);
  return {
    accessKey: s.accessKey,
    documentType: s.documentType,
    sequential: s.sequential,
    status: s.status,
    issueDate: s.issueDate,
    total: s.total,
  };
}

export function createSubmissionService(deps: { db: Executor; clock: Clock; keyCache: SigningKeyCache }) {
  const { db, clock } = deps;

  async function documentOf(scope: IssuerScope, accessKey: string): Promise<DocumentRow> {
    const doc = await findByAccessKey(db, scope, accessKey);
    if (!doc) throw notFound('Document');
    return doc;
  }

  /** Queues the document's job to run now, with an event saying who asked. */
  async function queueNow(
    scope: IssuerScope,
    actor: Actor,
    accessKey: string,
    required: DocumentStatus,
    event: string,
  ) {
    const doc = await documentOf(scope, accessKey);
    if (doc.status !== required) {
      throw new AppError('BAD_REQUEST', `The document must be ${required}; it is ${doc.status}`);
    }
    await withTransaction(db, async (tx) => {
      const now = clock.now();
      await queueProcessing(tx, doc.id);
      await recordDocumentEvent(tx, doc, event, { keyId: actor.keyId }, now);
    });
    return lifecycleView(doc);
  }

  return {
    /** GET /:accessKey/authorize: queues an immediate authorization check; never shows its outcome. */
    authorize: (scope: IssuerScope, actor: Actor, accessKey: string) =>
      queueNow(scope, actor, accessKey, 'RECEIVED', 'AUTHORIZATION_CHECK_REQUESTED'),

    /** POST /:accessKey/send: submits a SIGNED document now (after an authorization query when needed). */
    send: (scope: IssuerScope, actor: Actor, accessKey: string) =>
      queueNow(scope, actor, accessKey, 'SIGNED', 'SEND_REQUESTED'),

    rebuild: (scope: IssuerScope, accessKey: string, body: unknown) =>
      rebuildDocument(deps, scope, accessKey, body),

    /** The type of a document of the scope, or null (the rebuild route checks a body's type first). */
    async documentTypeOf(scope: IssuerScope, accessKey: string): Promise<string | null> {
      return (await findByAccessKey(db, scope, accessKey))?.documentType ?? null;
    },

    /** POST /v1/tenants/retry-failed-documents: every document whose last attempt failed at transport level. */
    async retryFailed(
      tenant: { tenantId: string; environment: Environment },
      actor: Actor,
    ): Promise<{ queued: number }> {
      const ids = await failedDocumentIds(db, tenant.tenantId, tenant.environment);
      await withTransaction(db, async (tx) => {
        const now = clock.now();
        for (const id of ids) {
          await queueProcessing(tx, id);
          await recordDocumentEvent(
            tx,
            { id, tenantId: tenant.tenantId },
            'RETRY_REQUESTED',
            { keyId: actor.keyId },
            now,
          );
        }
      });
      return { queued: ids.length };
    },

    /** GET /:accessKey/sri-responses: one per reception or authorization attempt, newest first. */
    async sriResponses(scope: IssuerScope, accessKey: string) {
      const doc = await documentOf(scope, accessKey);
      const rows = await listSriResponses(db, doc.id);
      return rows.map((r) => ({
        operationType: r.operationType,
        status: r.status,
        messages: r.messages,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type SubmissionService = ReturnType<typeof createSubmissionService>;
