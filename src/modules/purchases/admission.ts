import type { Executor } from '../../db/pool.js';
import { enqueue } from '../../jobs/queue.js';
import { AppError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { STATUS_CHECK, STATUS_CHECK_DELAY_MS, STATUS_CHECK_PAYLOAD } from './job-specs.js';
import { addressee, checkAccessKey, checkSameKey, voidingWindowEnd } from './purchase-checks.js';
import { type PurchaseFields, purchaseFieldsOf, readReceived } from './purchase-fields.js';
import {
  findPurchaseByKey,
  insertPurchase,
  type PurchaseScope,
  tenantIdentities,
} from './purchases.repository.js';
import type { PurchaseRow, PurchaseSource } from './purchases.tables.js';
import { type PurchaseSriPort, sriFailure } from './sri-port.js';

/**
 * How one access key becomes a purchase, whatever the entry: `resolve` checks the key, asks the
 * tax authority for the document and checks it is addressed to the tenant (no writes); `store`
 * inserts it in the caller's transaction, idempotent on (tenant, environment, key), and queues
 * its status follow-up.
 */
export interface Resolved {
  fields: PurchaseFields;
  authorizationNumber: string;
  authorizationDate: Date | null;
  xml: string;
  issuerId: string | null;
  receiverId: string;
}

/** The authorization date as the SRI wrote it: ISO with offset, or dd/MM/yyyy HH:mm:s (§4.1). */
function parseAuthorizationDate(value: string | null): Date | null {
  if (!value) return null;
  const portal = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{1,2}):(\d{1,2})$/.exec(value.trim());
  if (portal) {
    const [, d, m, y, h, mi, s] = portal.map(Number) as number[];
    return new Date(Date.UTC(y!, m! - 1, d!, h! + 5, mi!, s!));
  }
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

export function createAdmission(deps: { db: Executor; sri: PurchaseSriPort }) {
  const { db, sri } = deps;

  /** The existing purchase of the key, or what the SRI says of it, checked. */
  async function resolve(
    scope: PurchaseScope,
    accessKey: string,
    fileXml: string | null = null,
  ): Promise<{ existing: PurchaseRow } | { resolved: Resolved }> {
    checkAccessKey(accessKey, scope.environment);
    const existing = await findPurchaseByKey(db, scope, accessKey);
    if (existing) return { existing };
    let outcome: Awaited<ReturnType<PurchaseSriPort['fetch']>>;
    try {
      outcome = await sri.fetch(scope.environment, accessKey);
    } catch (e) {
      throw sriFailure(e);
    }
    if (outcome.kind === 'unknown') {
      throw new AppError(
        'PURCHASE_UNKNOWN_AT_SRI',
        `The SRI has no authorized document with access key ${accessKey} (numeroComprobantes 0)`,
      );
    }
    if (outcome.kind === 'not-authorized') {
      throw new AppError(
        'PURCHASE_NOT_AUTHORIZED',
        `The SRI answers ${outcome.status} for access key ${accessKey}: ${outcome.reason}`,
      );
    }
    const fields = purchaseFieldsOf(readReceived(outcome.signedXml, 'sri'));
    checkSameKey(fields, accessKey);
    const to = addressee(fields, await tenantIdentities(db, scope.tenantId));
    return {
      resolved: {
        fields,
        authorizationNumber: outcome.authorizationNumber,
        authorizationDate: parseAuthorizationDate(outcome.authorizationDate),
        xml: fileXml ?? outcome.authorizationXml,
        issuerId: to.issuerId,
        receiverId: to.receiverId,
      },
    };
  }

  async function store(
    tx: Executor,
    scope: PurchaseScope,
    r: Resolved,
    source: PurchaseSource,
    now: Date,
  ): Promise<{ row: PurchaseRow; created: boolean }> {
    const { receivers: _receivers, ...fields } = r.fields;
    const checkUntil = voidingWindowEnd(fields.issueDate);
    const result = await insertPurchase(tx, {
      id: uuidv7(now.getTime()),
      tenantId: scope.tenantId,
      environment: scope.environment,
      ...fields,
      source,
      issuerId: r.issuerId,
      receiverId: r.receiverId,
      authorizationNumber: r.authorizationNumber,
      authorizationDate: r.authorizationDate,
      xml: r.xml,
      sriStatus: 'AUTORIZADO',
      sriCheckedAt: now,
      checkUntil,
      createdAt: now,
      updatedAt: now,
    });
    // Followed until its voiding window closes; an old document's window closed long ago.
    if (result.created && checkUntil.getTime() > now.getTime()) {
      await enqueue(
        tx,
        STATUS_CHECK,
        STATUS_CHECK_PAYLOAD,
        { purchaseId: result.row.id },
        { delayMs: STATUS_CHECK_DELAY_MS, jobKey: `purchase-status:${result.row.id}` },
      );
    }
    return result;
  }

  return { resolve, store };
}
