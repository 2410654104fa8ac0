import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { notifications } from './notifications.tables.js';
import { lockedTenantOf, type Notifier, type ProducedNotification, type Tenant } from './notifier.js';
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

/**
 * DOCUMENT_AUTHORIZED, aggregated per tenant and issuer: an authorization joins the unread row
 * whose window (60 s from the row's first authorization) is still open, else it starts a new
 * row and window. `documents` holds the newest 50, newest first; `count` is the true total.
 * Call it once per authorization, in the transaction that records the authorization.
 */
export function createDocumentAuthorizedProducer(deps: { notifier: Notifier; windowMs?: number }) {
  const { notifier } = deps;
  const windowMs = deps.windowMs ?? AGGREGATION_WINDOW_MS;

  /**
   * The tenant, read with the aggregate's lock taken (one statement). Two authorizations
   * committing at once must find the same window: one takes the lock, the other waits and then
   * sees the row the first one wrote. The authorization transaction reads it once for the buyer
   * email's language too and passes it to `documentAuthorized`.
   */
  function lockAggregate(tx: Executor, tenantId: string, issuerId: string): Promise<LockedTenant> {
    const key = `aggregate:${tenantId}:${aggregationKeyOf(issuerId)}`;
    return lockedTenantOf(tx, tenantId, key).then((t) => ({ ...t, lockedFor: issuerId }));
  }

  async function documentAuthorized(
    tx: Executor,
    input: DocumentAuthorizedInput,
    now: Date,
    locked?: LockedTenant,
  ): Promise<ProducedNotification> {
    const tenant =
      locked && locked.id === input.tenantId && locked.lockedFor === input.issuerId
        ? locked
        : await lockAggregate(tx, input.tenantId, input.issuerId);
    const aggregationKey = aggregationKeyOf(input.issuerId);
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
    const doc: AuthorizedDocument = {
      accessKey: input.document.accessKey,
      sequential: input.document.sequential,
      buyerName: input.document.buyerName,
      buyerId: input.document.buyerId,
      total: input.document.total,
      issueDate: input.document.issueDate,
      authorizationNumber: input.document.authorizationNumber,
    };
    const previous = open?.metadata as AggregateMetadata | undefined;
    const count = (previous?.count ?? 0) + 1;
    const metadata: AggregateMetadata = {
      documents: [doc, ...(previous?.documents ?? [])].slice(0, MAX_LISTED_DOCUMENTS),
      count,
    };
    const text = documentAuthorizedText(tenant.language, { count, ...doc });
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
        issuerId: input.issuerId,
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

  return Object.assign(documentAuthorized, { lockAggregate });
}

function aggregationKeyOf(issuerId: string): string {
  return `DOCUMENT_AUTHORIZED:${issuerId}`;
}

/** A tenant read by `lockAggregate`: the DOCUMENT_AUTHORIZED lock of `lockedFor` (an issuer) is held. */
export interface LockedTenant extends Tenant {
  lockedFor: string;
}
