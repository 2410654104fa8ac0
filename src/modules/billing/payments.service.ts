import { and, asc, eq } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import type { TenantScope } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import type { UploadedFile } from '../../shared/files.js';
import { uuidv7 } from '../../shared/ids.js';
import { sha256Hex } from '../../shared/secrets.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { findPayment, lockSubscription, lockTenant, updatePayment } from './billing.repository.js';
import { paymentProofs } from './billing.tables.js';
import { toPaymentView, toProofView } from './billing.views.js';
import { assertPayable } from './payment-effects.js';
import { detectProofType, safeFilename } from './proof-file.js';

const proofColumns = {
  id: paymentProofs.id,
  paymentId: paymentProofs.paymentId,
  tenantId: paymentProofs.tenantId,
  filename: paymentProofs.filename,
  contentType: paymentProofs.contentType,
  sizeBytes: paymentProofs.sizeBytes,
  sha256: paymentProofs.sha256,
  uploadedAt: paymentProofs.uploadedAt,
};

/** Proofs of transfer: uploaded by the tenant (web app), read by the tenant and the operator. */
export async function listProofs(exec: Executor, paymentId: string) {
  const rows = await exec
    .select(proofColumns)
    .from(paymentProofs)
    .where(eq(paymentProofs.paymentId, paymentId))
    .orderBy(asc(paymentProofs.uploadedAt), asc(paymentProofs.id));
  return rows.map(toProofView);
}

export async function readProof(exec: Executor, paymentId: string, proofId: string) {
  const [row] = await exec
    .select()
    .from(paymentProofs)
    .where(and(eq(paymentProofs.id, proofId), eq(paymentProofs.paymentId, paymentId)));
  if (!row) throw notFound('Proof');
  return { filename: row.filename, contentType: row.contentType, content: row.content };
}

export function createPaymentsService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** PATCH /v1/payments/:id/proof: the payment becomes REPORTED and any rejection reason is cleared. */
    async uploadProof(auth: TenantScope, paymentId: string, file: UploadedFile | undefined) {
      const owned = await findPayment(db, paymentId, { tenantId: auth.tenantId });
      if (!file)
        throw new AppError('INVALID_FILE_UPLOAD', 'Send the proof as the multipart field `file`', {
          errors: [{ path: 'file', message: 'is required (PDF, PNG or JPEG up to 5 MB)' }],
        });
      const contentType = detectProofType(file.data);
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        await lockTenant(tx, auth.tenantId);
        const sub = await lockSubscription(tx, owned.subscriptionId);
        const payment = await findPayment(tx, paymentId, { tenantId: auth.tenantId, lock: true });
        if (payment.status === 'VERIFIED' || payment.status === 'REFUNDED')
          throw new AppError('CONFLICT', `The payment is already ${payment.status}; no proof is needed`);
        assertPayable(sub, payment);
        const [proof] = await tx
          .insert(paymentProofs)
          .values({
            id: uuidv7(now.getTime()),
            paymentId,
            tenantId: auth.tenantId,
            filename: safeFilename(file.filename, contentType),
            contentType,
            sizeBytes: file.data.length,
            sha256: sha256Hex(file.data),
            content: file.data,
            uploadedAt: now,
          })
          .returning(proofColumns);
        const reported = await updatePayment(tx, paymentId, {
          status: 'REPORTED',
          reportedAt: now,
          rejectionReasonCode: null,
          rejectionNote: null,
        });
        await recordTenantEvent(
          tx,
          auth.tenantId,
          'PAYMENT_REPORTED',
          { paymentId, subscriptionId: payment.subscriptionId, proofId: proof!.id, purpose: payment.purpose },
          now,
        );
        return { payment: toPaymentView(reported), proof: toProofView(proof!) };
      });
    },

    async proofs(auth: TenantScope, paymentId: string) {
      await findPayment(db, paymentId, { tenantId: auth.tenantId });
      return listProofs(db, paymentId);
    },

    async proof(auth: TenantScope, paymentId: string, proofId: string) {
      await findPayment(db, paymentId, { tenantId: auth.tenantId });
      return readProof(db, paymentId, proofId);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
