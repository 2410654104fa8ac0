import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { rowFromSql } from '../../db/sql-rows.js';
import { uuidv7 } from '../../shared/ids.js';
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
    const doc: AuthorizedDocument = {
      accessKey: input.document.accessKey,
      sequential: input.document.sequential,
      buyerName: input.document.buyerName,
      buyerId: input.document.buyerId,
      total: input.document.total,
      issueDate: input.document.issueDate,
      authorizationNumber: input.document.authorizationNumber,
    };
    // One statement: the open row of the window (locked), updated (the document first in its
    // list, the count + 1, the texts for that count) or, when there is none, a new row. The
    // aggregate's lock was taken by an earlier statement of `tx` (lockAggregate), so this one's
    // snapshot sees the row the lock's previous holder wrote.
    const one = documentAuthorizedText(tenant.language, { count: 1, ...doc });
    // The texts for any count above one, with a marker where the count goes (no text has it).
    const marker = `\u0001${randomUUID()}\u0001`;
    const many = documentAuthorizedText(tenant.language, { count: marker as unknown as number, ...doc });
    const metadata: AggregateMetadata = { documents: [doc], count: 1 };
    const iso = now.toISOString();
    const { rows } = await tx.execute<Record<string, unknown>>(sql`
      with open as (
        select id, metadata from notifications
        where tenant_id = ${tenant.id}::uuid and aggregation_key = ${aggregationKey} and read_at is null
          and window_ends_at > ${iso}::timestamptz and (expires_at is null or expires_at > ${iso}::timestamptz)
        order by id desc limit 1 for update),
      nxt as (
        select o.id, coalesce((o.metadata->>'count')::int, 0) + 1 as count,
          (select coalesce(jsonb_agg(x order by i), '[]'::jsonb)
             from jsonb_array_elements(${JSON.stringify([doc])}::jsonb || coalesce(o.metadata->'documents', '[]'::jsonb))
               with ordinality as t(x, i)
             where i <= ${MAX_LISTED_DOCUMENTS}) as documents
        from open o),
      upd as (
        update notifications n set
          title = replace(${many.title}, ${marker}, x.count::text),
          message = replace(${many.message}, ${marker}, x.count::text),
          language = ${tenant.language}, metadata = jsonb_build_object('documents', x.documents, 'count', x.count),
          updated_at = ${iso}::timestamptz
        from nxt x where n.id = x.id
        returning n.*),
      ins as (
        insert into notifications (id, tenant_id, language, issuer_id, type, severity, title, message, metadata,
          expires_at, dedupe_key, once_key, aggregation_key, window_ends_at, created_at, updated_at)
        select ${uuidv7(now.getTime())}::uuid, ${tenant.id}::uuid, ${tenant.language}, ${input.issuerId}::uuid,
          'DOCUMENT_AUTHORIZED', 'INFO', ${one.title}, ${one.message}, ${JSON.stringify(metadata)}::jsonb,
          null, null, null, ${aggregationKey}, ${new Date(now.getTime() + windowMs).toISOString()}::timestamptz,
          ${iso}::timestamptz, ${iso}::timestamptz
        where not exists (select 1 from open)
        returning *)
      select false as created, * from upd union all select true as created, * from ins`);
    const [raw] = rows;
    if (!raw) throw new Error('notifications: DOCUMENT_AUTHORIZED upsert returned no row');
    return notifier.publish(tx, tenant, rowFromSql(notifications, raw), raw.created === true, now);
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
