import { Type } from '@sinclair/typebox';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { executorOf, type WriteTarget, writeTo } from '../../db/unit-of-work.js';
import { enqueue } from '../../jobs/queue.js';
import { uuidv7 } from '../../shared/ids.js';
import { notificationAuthorizedPending, notifications } from './notifications.tables.js';
import { lockedTenantOf, type Notifier, type ProducedNotification } from './notifier.js';
import { documentAuthorizedText } from './texts.js';

/** docs/spec-map.md: authorizations within 60 seconds share one row; 50 documents listed per row. */
const AGGREGATION_WINDOW_MS = 60_000;
const MAX_LISTED_DOCUMENTS = 50;

export interface AuthorizedDocument {
  accessKey: string;
  /** 9 digits, zero padded. */
  sequential: string;
  buyerName: string;
  buyerId: string;
  /** Decimal string. */
  total: string;
  /** DD/MM/YYYY. */
  issueDate: string;
  authorizationNumber: string;
}

export interface DocumentAuthorizedInput {
  tenantId: string;
  issuerId: string;
  document: AuthorizedDocument;
}

interface AggregateMetadata {
  documents: AuthorizedDocument[];
  count: number;
}

/** The issuer's aggregation job (one pending per tenant and issuer: its job key). */
export const DOCUMENT_AUTHORIZED_JOB = 'notifications.document-authorized';
export const DOCUMENT_AUTHORIZED_JOB_V1 = {
  version: 1,
  payload: Type.Object({ tenantId: Type.String(), issuerId: Type.String() }),
};
/** Waiting documents taken into the notification per update: every document is listed in a webhook. */
const FLUSH_BATCH = MAX_LISTED_DOCUMENTS;

/**
 * DOCUMENT_AUTHORIZED, aggregated per tenant and issuer: an authorization joins the unread row
 * whose window (60 s from the row's first authorization) is still open, else it starts a new
 * row and window. `documents` holds the newest 50, newest first; `count` is the true total.
 *
 * - `documentAuthorized(tx, input, now)` adds one document at once, in the caller's transaction;
 * - `queueDocumentAuthorized(tx, input, now)` is what an authorization calls: it appends
 *   the document to notification_authorized_pending and queues the issuer's job, so that
 *   authorizations of one issuer do not wait for each other's commit on the aggregate's lock;
 * - the job (`flushDocumentAuthorized`) adds the waiting documents, up to 50 per update (one
 *   update of the row, one webhook per endpoint, for many authorizations), oldest first.
 */
export function createDocumentAuthorizedProducer(deps: {
  db: Executor;
  notifier: Notifier;
  windowMs?: number;
  batchDelayMs?: number;
}) {
  const { notifier } = deps;
  const windowMs = deps.windowMs ?? AGGREGATION_WINDOW_MS;

  /** Adds `docs` (oldest first) to the tenant and issuer's open row, or to a new one. */
  async function aggregate(
    tx: Executor,
    tenantId: string,
    issuerId: string,
    docs: AuthorizedDocument[],
    now: Date,
  ): Promise<ProducedNotification> {
    const aggregationKey = `DOCUMENT_AUTHORIZED:${issuerId}`;
    // Two authorizations committing at once must find the same window: one takes the lock (with
    // the tenant's read, one statement), the other waits and then sees the row the first one wrote.
    const tenant = await lockedTenantOf(tx, tenantId, `aggregate:${tenantId}:${aggregationKey}`);
    const [open] = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.tenantId, tenant.id),
          eq(notifications.aggregationKey, aggregationKey),
          isNull(notifications.readAt),
          gt(notifications.windowEndsAt, now),
          or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)),
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(1)
      .for('update');
    const newestFirst = docs.map(listed).reverse();
    const previous = open?.metadata as AggregateMetadata | undefined;
    const count = (previous?.count ?? 0) + docs.length;
    const metadata: AggregateMetadata = {
      documents: [...newestFirst, ...(previous?.documents ?? [])].slice(0, MAX_LISTED_DOCUMENTS),
      count,
    };
    const text = documentAuthorizedText(tenant.language, { count, ...newestFirst[0]! });
    if (open) {
      const row = await notifier.update(
        tx,
        open.id,
        { ...text, language: tenant.language, metadata: { ...metadata } },
        now,
      );
      return notifier.publish(tx, tenant, row, false, now);
    }
    const row = await notifier.insert(
      tx,
      tenant,
      {
        issuerId,
        type: 'DOCUMENT_AUTHORIZED',
        severity: 'INFO',
        ...text,
        metadata: { ...metadata },
        expiresAt: null,
      },
      { aggregationKey, windowEndsAt: new Date(now.getTime() + windowMs) },
      now,
    );
    return notifier.publish(tx, tenant, row, true, now);
  }

  return {
    documentAuthorized(
      tx: Executor,
      input: DocumentAuthorizedInput,
      now: Date,
    ): Promise<ProducedNotification> {
      return aggregate(tx, input.tenantId, input.issuerId, [input.document], now);
    },

    /**
     * In the authorization's transaction (or its unit of work): the document waits for its
     * issuer's job. The issuer's waiting-list lock is taken shared first, now, and held to the
     * commit (see `lockPending`).
     */
    async queueDocumentAuthorized(to: WriteTarget, input: DocumentAuthorizedInput, now: Date): Promise<void> {
      await lockPending(executorOf(to), input, 'shared');
      await writeTo(
        to,
        executorOf(to)
          .insert(notificationAuthorizedPending)
          .values({
            id: uuidv7(now.getTime()),
            tenantId: input.tenantId,
            issuerId: input.issuerId,
            document: listed(input.document),
          }),
      );
      await queueAggregation(to, input, deps.batchDelayMs ?? 0);
    },

    /**
     * The job: the issuer's waiting documents, 50 at a time (each batch in its own transaction,
     * removed from the waiting table in the one that adds them). Returns how many it added.
     */
    async flushDocumentAuthorized(tenantId: string, issuerId: string, now: () => Date): Promise<number> {
      let added = 0;
      for (;;) {
        const taken = await deps.db.transaction(async (tx) => {
          // After every authorization in flight for this issuer has committed (lockPending).
          await lockPending(tx, { tenantId, issuerId }, 'exclusive');
          const waiting = await tx
            .delete(notificationAuthorizedPending)
            .where(
              inArray(
                notificationAuthorizedPending.id,
                tx
                  .select({ id: notificationAuthorizedPending.id })
                  .from(notificationAuthorizedPending)
                  .where(
                    and(
                      eq(notificationAuthorizedPending.tenantId, tenantId),
                      eq(notificationAuthorizedPending.issuerId, issuerId),
                    ),
                  )
                  .orderBy(asc(notificationAuthorizedPending.id))
                  .limit(FLUSH_BATCH)
                  .for('update', { skipLocked: true }),
              ),
            )
            .returning({
              id: notificationAuthorizedPending.id,
              document: notificationAuthorizedPending.document,
            });
          if (waiting.length === 0) return 0;
          waiting.sort((a, b) => (a.id < b.id ? -1 : 1));
          await aggregate(
            tx,
            tenantId,
            issuerId,
            waiting.map((w) => w.document as AuthorizedDocument),
            now(),
          );
          return waiting.length;
        });
        added += taken;
        if (taken < FLUSH_BATCH) return added;
      }
    },

    /** Issuers with documents waiting longer than `olderThanMs` (a job lost to a crash): queued again. */
    async requeueStale(olderThanMs: number): Promise<number> {
      const stale = await deps.db
        .selectDistinct({
          tenantId: notificationAuthorizedPending.tenantId,
          issuerId: notificationAuthorizedPending.issuerId,
        })
        .from(notificationAuthorizedPending)
        .where(
          lt(
            notificationAuthorizedPending.createdAt,
            sql`now() - make_interval(secs => ${olderThanMs / 1000})`,
          ),
        );
      for (const s of stale) await queueAggregation(deps.db, s, 0);
      return stale.length;
    },
  };
}

/**
 * The issuer's waiting list's lock: each authorization holds it shared from before it queues the
 * issuer's job until it commits; the job takes it exclusively before it reads the list. An
 * authorization's `add_jobs` can join a job that a worker is locking at that moment; the job then
 * runs without a job of its own for that document, and must not read the list before the
 * authorization has committed its row (a 2 + 2 run through PgBouncer left 5 of 50 documents
 * waiting for the minute's sweep that way). Waiting for the shared holders closes that gap; an
 * authorization that comes after the job took the lock finds the job locked and gets a new one.
 */
async function lockPending(
  tx: Executor,
  scope: { tenantId: string; issuerId: string },
  mode: 'shared' | 'exclusive',
): Promise<void> {
  const key = `notifications:authorized-pending:${scope.tenantId}:${scope.issuerId}`;
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`
      : sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
  );
}

/**
 * The issuer's aggregation job, one pending per tenant and issuer (its job key). The first caller
 * sets its time (`delayMs` from now); later ones join it without moving it ('preserve_run_at').
 * Ahead of other ready jobs (priority -1): it is cheap and a webhook waits on it.
 */
function queueAggregation(
  to: WriteTarget,
  scope: { tenantId: string; issuerId: string },
  delayMs: number,
): Promise<void> {
  return enqueue(
    to,
    DOCUMENT_AUTHORIZED_JOB,
    DOCUMENT_AUTHORIZED_JOB_V1,
    { tenantId: scope.tenantId, issuerId: scope.issuerId },
    {
      jobKey: `${DOCUMENT_AUTHORIZED_JOB}:${scope.tenantId}:${scope.issuerId}`,
      jobKeyMode: 'preserve_run_at',
      delayMs,
      priority: -1,
    },
  );
}

function listed(d: AuthorizedDocument): AuthorizedDocument {
  return {
    accessKey: d.accessKey,
    sequential: d.sequential,
    buyerName: d.buyerName,
    buyerId: d.buyerId,
    total: d.total,
    issueDate: d.issueDate,
    authorizationNumber: d.authorizationNumber,
  };
}
