import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, StringEnum } from '../../http/schemas.js';
import { DocumentStatusSchema, DocumentTypeSchema } from '../documents/index.js';

const SriMessageSchema = Type.Object({
  identifier: Type.String({ description: 'identificador, e.g. "43"' }),
  message: Type.String(),
  additionalInfo: Nullable(Type.String()),
  type: Type.String({ description: 'ERROR, ADVERTENCIA, INFORMATIVO (empty when the answer had none)' }),
});

const SriResponseSchema = Type.Object({
  operationType: StringEnum(['RECEPTION', 'AUTHORIZATION'] as const),
  status: Type.String({
    description:
      'The estado with spaces as underscores (RECIBIDA, DEVUELTA, AUTORIZADO, NO_AUTORIZADO, EN_PROCESO, RECHAZADA); NOT_FOUND when the tax authority has no record of the key (numeroComprobantes 0); HTTP_<code>, HTTP_TIMEOUT, HTTP_CONNECTION_ERROR or HTTP_BAD_RESPONSE when no usable answer came back, THROTTLED when the tax authority refused the call for too many requests (error 33; the message kept); transient, retried automatically',
  }),
  messages: Type.Union([Type.Array(SriMessageSchema), Type.Null()], {
    description: 'null when no answer came back',
  }),
  createdAt: IsoDateTime,
});

export const SriResponsesResponse = Type.Object({ ok: Ok, sriResponses: Type.Array(SriResponseSchema) });

/** The authorize response of docs/spec-map.md (also answered by send). */
const LifecycleDocumentSchema = Type.Object({
  accessKey: Type.String(),
  documentType: DocumentTypeSchema,
  sequential: Type.String(),
  status: DocumentStatusSchema,
  issueDate: Type.String(),
  total: Type.String(),
});

export const LifecycleResponse = Type.Object({ ok: Ok, document: LifecycleDocumentSchema });

export const RetryFailedResponse = Type.Object({
  ok: Ok,
  queued: Type.Integer({ description: 'documents queued for another attempt now' }),
});

const HealthSchema = Type.Object({
  status: StringEnum(['UP', 'DEGRADED', 'DOWN', 'UNKNOWN'] as const),
  lastSuccessAt: Nullable(IsoDateTime),
  lastFailureAt: Nullable(IsoDateTime),
  recent: Type.Object({ calls: Type.Integer(), answered: Type.Integer(), failed: Type.Integer() }),
});

export const SriStatusResponse = Type.Object({
  ok: Ok,
  checkedAt: IsoDateTime,
  window: Type.Object({ minutes: Type.Integer(), maxCalls: Type.Integer() }),
  environments: Type.Object({ sandbox: HealthSchema, production: HealthSchema }),
});
