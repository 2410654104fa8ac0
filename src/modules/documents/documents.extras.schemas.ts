import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok } from '../../http/schemas.js';
import { DocumentSummarySchema, DocumentTypeSchema } from './documents.schemas.js';

const DdMmYyyy = Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description: 'DD/MM/YYYY' });
const Money = Type.String({ description: 'decimal, 2 places' });

export const EventsResponse = Type.Object({
  ok: Ok,
  events: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      type: Type.String({
        description:
          'CREATED, SENT_TO_SRI, RECEIVED, RETURNED, AUTHORIZED, NOT_AUTHORIZED, ERROR (a call without a usable answer; retried), REBUILT, VOIDED, SEND_REQUESTED, AUTHORIZATION_CHECK_REQUESTED, RETRY_REQUESTED, REQUEUED; more may be added',
      }),
      detail: Nullable(Type.Object({}, { additionalProperties: true })),
      createdAt: IsoDateTime,
    }),
  ),
});

/** Documented shape of the void body; the service checks it so the spec's codes come out. */
export const VoidBody = Type.Object({
  confirmedSriVoid: Type.Boolean({
    description: "must be true: the document was voided in the tax authority's portal",
  }),
  reason: Type.String({ minLength: 1, maxLength: 500, description: 'audit only' }),
});

export const VoidResponse = Type.Object({
  ok: Ok,
  document: Type.Intersect([
    Type.Omit(DocumentSummarySchema, ['buyer']),
    Type.Object({
      buyer: Type.Object({
        id: Type.String(),
        idType: Type.String(),
        name: Type.String(),
        email: Type.String(),
      }),
      voidReason: Nullable(Type.String()),
      voidedAt: Nullable(IsoDateTime),
    }),
  ]),
});

export const CreditNotesResponse = Type.Object({
  ok: Ok,
  creditNotes: Type.Array(DocumentSummarySchema),
  originalTotal: Money,
  creditedTotal: Type.String({
    description: 'sum of the credit notes that are not RETURNED, NOT_AUTHORIZED or VOIDED',
  }),
  remainingBalance: Type.String({ description: 'originalTotal - creditedTotal' }),
});

export const StatsQuery = Type.Object({
  from: Type.Optional(DdMmYyyy),
  to: Type.Optional(DdMmYyyy),
});

const Counts = Type.Object({
  SIGNED: Type.Integer(),
  RECEIVED: Type.Integer(),
  RETURNED: Type.Integer(),
  AUTHORIZED: Type.Integer(),
  NOT_AUTHORIZED: Type.Integer(),
  VOIDED: Type.Integer(),
});

export const StatsResponse = Type.Object({
  ok: Ok,
  from: DdMmYyyy,
  to: DdMmYyyy,
  count: Type.Integer(),
  byStatus: Counts,
  byType: Type.Array(
    Type.Object({
      documentType: DocumentTypeSchema,
      count: Type.Integer(),
      byStatus: Counts,
      issuedTotal: Type.String({ description: 'sum of AUTHORIZED and VOIDED totals of this type' }),
    }),
  ),
  amounts: Type.Object({
    invoiced: Type.String({ description: 'invoices (01) AUTHORIZED or VOIDED' }),
    credited: Type.String({ description: 'credit notes (04) AUTHORIZED or VOIDED' }),
    net: Type.String({ description: 'invoiced - credited' }),
    pending: Type.String({ description: 'SIGNED and RECEIVED documents, any type' }),
    voided: Type.String({ description: 'VOIDED documents, any type (already inside invoiced/credited)' }),
  }),
});
