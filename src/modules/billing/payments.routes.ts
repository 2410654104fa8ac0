import { requireAuth } from '../../http/auth.js';
import { readMultipart } from '../../http/multipart.js';
import { authProblems, UuidParams } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import {
  BinaryFile,
  ProofForm,
  ProofListResponse,
  ProofParams,
  ProofUploadResponse,
} from './billing.schemas.js';
import type { PaymentsService } from './payments.service.js';
import { PROOF_MAX_BYTES } from './proof-file.js';

const tags = ['Billing'];

/** Content-Disposition for a stored proof (its name is already reduced to safe characters). */
export const attachment = (filename: string) => `attachment; filename="${filename.replace(/"/g, '')}"`;

export function registerPaymentRoutes(app: App, payments: PaymentsService): void {
  app.patch('/v1/payments/:id/proof', {
    schema: {
      tags,
      operationId: 'uploadPaymentProof',
      summary: 'Upload the proof of a bank transfer (web app only)',
      description:
        'multipart/form-data with `file`: a PDF, PNG or JPEG (recognized by its content) of at most 5 MB, else 400 INVALID_FILE_UPLOAD. The payment becomes REPORTED (PAYMENT_REPORTED event) and a previous rejection reason is cleared; a rejected payment takes a new proof the same way. A VERIFIED or REFUNDED payment, or one whose subscription ended, is 409 CONFLICT.',
      consumes: ['multipart/form-data'],
      params: UuidParams,
      body: ProofForm,
      response: { 200: ProofUploadResponse, ...authProblems(404, 409, 413) },
    },
    config: { auth: { scope: 'billing:manage', internalOnly: true } },
    handler: async (request) => {
      const form = await readMultipart(request, { file: PROOF_MAX_BYTES });
      return {
        ok: true as const,
        ...(await payments.uploadProof(requireAuth(request), request.params.id, form.files.file)),
      };
    },
  });

  app.get('/v1/payments/:id/proofs', {
    schema: {
      tags,
      operationId: 'listPaymentProofs',
      summary: 'The proofs uploaded for a payment, oldest first (without their content)',
      params: UuidParams,
      response: { 200: ProofListResponse, ...authProblems(404) },
    },
    config: { auth: { scope: 'billing:manage' } },
    handler: async (request) => ({
      ok: true as const,
      proofs: await payments.proofs(requireAuth(request), request.params.id),
    }),
  });

  app.get('/v1/payments/:id/proofs/:proofId', {
    schema: {
      tags,
      operationId: 'getPaymentProof',
      summary: 'Download one proof (its own content type)',
      params: ProofParams,
      produces: ['application/pdf', 'image/png', 'image/jpeg'],
      response: { 200: BinaryFile, ...authProblems(404) },
    },
    config: { auth: { scope: 'billing:manage' } },
    handler: async (request, reply) => {
      const file = await payments.proof(requireAuth(request), request.params.id, request.params.proofId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', attachment(file.filename))
        .send(file.content);
    },
  });
}
