import { eq } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { enqueue } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { isoToDdMmYyyy } from '../../shared/clock.js';
import type { Environment } from '../../shared/scope.js';
import type { NotifyInput } from '../notifications/index.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { STATUS_CHECK, STATUS_CHECK_DELAY_MS, STATUS_CHECK_PAYLOAD } from './job-specs.js';
import { recordStatus } from './purchases.repository.js';
import { type PurchaseRow, purchases } from './purchases.tables.js';
import { issuedRetentions } from './retention.js';
import { type PurchaseSriPort, sriFailure } from './sri-port.js';

type Notify = (tx: Executor, input: NotifyInput, now: Date) => Promise<unknown>;

/**
 * A purchase's status, re-checked with ConsultaComprobante once a day until its voiding window
 * closes (day 7 of the next month, REFERENCE-PURCHASES §5), the last check just after it. The first
 * ANULADO marks the purchase, records a tenant event and a PURCHASE_VOIDED notification (its
 * webhook too), naming the retentions already issued on it, which the detail then flags.
 */
export function createStatusFollowUp(deps: {
  db: Executor;
  clock: Clock;
  sri: PurchaseSriPort;
  notify: Notify;
}) {
  const { db, clock, sri, notify } = deps;

  async function voided(tx: Executor, p: PurchaseRow, now: Date) {
    const retentions = await issuedRetentions(tx, p);
    await recordTenantEvent(
      tx,
      p.tenantId,
      'PURCHASE_VOIDED',
      { purchaseId: p.id, accessKey: p.accessKey },
      now,
    );
    const withRetention = retentions.length
      ? {
          es: ` Ya emitiste ${retentions.length} retención(es) sobre ella (${retentions.map((r) => r.number).join(', ')}): revísalas.`,
          en: ` You already issued ${retentions.length} retention(s) on it (${retentions.map((r) => r.number).join(', ')}): review them.`,
        }
      : { es: '', en: '' };
    await notify(
      tx,
      {
        tenantId: p.tenantId,
        issuerId: p.issuerId,
        type: 'PURCHASE_VOIDED',
        severity: 'WARNING',
        title: { es: 'Una compra fue anulada en el SRI', en: 'A purchase was voided in the SRI' },
        message: {
          es: `El SRI marca como ANULADO el comprobante ${p.number} del ${isoToDdMmYyyy(p.issueDate)} de ${p.supplierName} (RUC ${p.supplierRuc}). No da crédito tributario ni va en el ATS.${withRetention.es}`,
          en: `The SRI shows document ${p.number} of ${isoToDdMmYyyy(p.issueDate)} from ${p.supplierName} (RUC ${p.supplierRuc}) as ANULADO (voided). It gives no tax credit and stays out of the ATS.${withRetention.en}`,
        },
        metadata: {
          purchaseId: p.id,
          accessKey: p.accessKey,
          documentType: p.documentType,
          number: p.number,
          supplierRuc: p.supplierRuc,
          retentions: retentions.map((r) => r.accessKey),
        },
        dedupeKey: `PURCHASE_VOIDED:${p.accessKey}`,
      },
      now,
    );
  }

  async function check(purchaseId: string): Promise<void> {
    const [p] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
    if (!p || p.sriStatus === 'ANULADO') return;
    let state: string | null;
    try {
      state = (await sri.status(p.environment as Environment, p.accessKey)).state;
    } catch (e) {
      // Down or throttled: the job fails and graphile-worker retries it with its backoff.
      throw sriFailure(e);
    }
    const now = clock.now();
    await withTransaction(db, async (tx) => {
      // A query error (99: out of the service's window, unknown) says nothing of the document.
      const updated = await recordStatus(tx, p.id, state ?? p.sriStatus, now);
      if (state === 'ANULADO' && updated) await voided(tx, updated, now);
      else if (now.getTime() < p.checkUntil.getTime()) {
        const delayMs = Math.min(STATUS_CHECK_DELAY_MS, p.checkUntil.getTime() - now.getTime() + 60_000);
        await enqueue(
          tx,
          STATUS_CHECK,
          STATUS_CHECK_PAYLOAD,
          { purchaseId: p.id },
          {
            delayMs,
            jobKey: `purchase-status:${p.id}`,
          },
        );
      }
    });
  }

  return { check };
}
