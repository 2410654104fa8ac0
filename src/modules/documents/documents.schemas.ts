import { type Static, Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, PageQuery, StringEnum } from '../../http/schemas.js';

import { DdMmYyyy } from './types/common/sales-schemas.js';

export const DocumentTypeSchema = StringEnum(['01', '03', '04', '05', '06', '07'] as const);
export const DocumentStatusSchema = StringEnum([
  'SIGNED',
  'RECEIVED',
  'RETURNED',
  'AUTHORIZED',
  'NOT_AUTHORIZED',
  'VOIDED',
] as const);

const EmailStateSchema = Type.Object({
  status: StringEnum(['PENDING', 'SENT', 'DELIVERED', 'FAILED', 'NONE'] as const, {
    description: 'NONE: the document has no email address (a final consumer invoiced without one)',
  }),
  sentAt: Type.Optional(Nullable(IsoDateTime)),
});

/** The API paths of the document's RIDE and XML (GET with the same key and X-Issuer-Id). */
const LinkProperties = {
  rideUrl: Type.String({
    description: 'API path of the RIDE PDF',
    examples: ['/v1/documents/{accessKey}/ride'],
  }),
  xmlUrl: Type.String({ description: 'API path of the XML', examples: ['/v1/documents/{accessKey}/xml'] }),
};

/** The document summary of the list (docs/spec-map.md). */
export const DocumentSummarySchema = Type.Object(
  {
    accessKey: Type.String({ pattern: '^[0-9]{49}$' }),
    documentType: DocumentTypeSchema,
    sequential: Type.String({ pattern: '^[0-9]{9}$' }),
    status: DocumentStatusSchema,
    issueDate: Type.String({ description: 'DD/MM/YYYY' }),
    total: Type.String(),
    authorizationNumber: Type.Optional(Type.String()),
    authorizationDate: Type.Optional(Type.String({ description: 'ISO 8601 with offset' })),
    email: EmailStateSchema,
    ...LinkProperties,
    number: Type.String({
      pattern: '^[0-9]{3}-[0-9]{3}-[0-9]{9}$',
      description: 'estab-ptoEmi-secuencial, as printed on the RIDE',
      examples: ['001-001-000000001'],
    }),
    buyer: Type.Object(
      { idType: Type.String(), id: Type.String(), name: Type.String() },
      {
        description:
          'The counterpart: the buyer (01, 04, 05), the supplier (03), the withheld subject (07), the carrier (06)',
      },
    ),
  },
  { $id: 'DocumentSummary' },
);

export const ListQuery = Type.Object({
  status: Type.Optional(
    StringEnum(['SIGNED', 'RECEIVED', 'RETURNED', 'AUTHORIZED', 'NOT_AUTHORIZED'] as const),
  ),
  documentType: Type.Optional(DocumentTypeSchema),
  from: Type.Optional(DdMmYyyy),
  to: Type.Optional(DdMmYyyy),
  sequential: Type.Optional(Type.String({ maxLength: 9 })),
  buyerName: Type.Optional(Type.String({ maxLength: 300 })),
  sortBy: Type.Optional(StringEnum(['sequential', 'buyerName', 'issueDate', 'status'] as const)),
  sortDir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  page: Type.Optional(PageQuery),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1000,
      description:
        'The `nextCursor` of the previous page (same filters, sortBy and sortDir): the next page, as fast at any depth. Takes the place of `page`.',
    }),
  ),
});
export type ListQueryT = Static<typeof ListQuery>;

export const ListResponse = Type.Object({
  ok: Ok,
  data: Type.Array(DocumentSummarySchema),
  pagination: Type.Object({ total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() }),
  nextCursor: Type.Union([Type.String(), Type.Null()], {
    description: 'Pass as `cursor` for the next page (keyset: fast at any depth); null on the last page',
  }),
});

export const AccessKeyParams = Type.Object({
  accessKey: Type.String({ pattern: '^[0-9]{49}$', description: '49 digits' }),
});

export const CreateHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});

/** A rule the service could not check, said beside an accepted body (create and dry run). */
export const DocumentWarningSchema = Type.Object(
  {
    code: Type.Literal('ORIGINAL_NOT_IN_ACCOUNT'),
    path: Type.String({ description: 'the reference, e.g. originalDocument or supportingDocuments[0]' }),
    message: Type.String(),
  },
  { $id: 'DocumentWarning' },
);

export const CreatedDocumentSchema = Type.Object({
  accessKey: Type.String(),
  documentType: DocumentTypeSchema,
  sequential: Type.String(),
  status: DocumentStatusSchema,
  issueDate: Type.String(),
  total: Type.String(),
  email: Type.Object({ status: EmailStateSchema.properties.status }),
  ...LinkProperties,
});

const MoneyLine = Type.Object({
  code: Type.String(),
  rateCode: Type.String(),
  rate: Type.String(),
  taxableBase: Type.String(),
  amount: Type.String(),
});

/** The full record: the summary plus everything the document says. */
export const DocumentDetailSchema = Type.Intersect(
  [
    Type.Omit(DocumentSummarySchema, ['number', 'buyer']),
    Type.Object({
      environment: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]),
      issuerId: Type.String(),
      number: Type.String({ description: 'estab-ptoEmi-secuencial' }),
      buyer: Type.Object({
        idType: Type.String(),
        id: Type.String(),
        name: Type.String(),
        email: Type.String(),
        address: Nullable(Type.String()),
        phone: Nullable(Type.String()),
      }),
      items: Type.Optional(
        Type.Array(
          Type.Object({
            mainCode: Type.String(),
            auxiliaryCode: Nullable(Type.String()),
            description: Type.String(),
            quantity: Type.String(),
            unitPrice: Type.String(),
            discount: Type.String(),
            subtotal: Type.String(),
            additionalDetails: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
            taxes: Type.Array(MoneyLine),
          }),
          { description: '01 and 04' },
        ),
      ),
      totals: Type.Optional(
        Type.Object({
          totalWithoutTaxes: Type.String(),
          totalDiscount: Type.String(),
          taxTotals: Type.Array(MoneyLine),
          tip: Type.String(),
          total: Type.String(),
        }),
      ),
      payments: Type.Optional(
        Type.Array(
          Type.Object({
            method: Type.String(),
            total: Type.String(),
            term: Nullable(Type.String()),
            termUnit: Nullable(Type.String()),
          }),
        ),
      ),
      content: Type.Optional(
        Type.Object(
          {},
          {
            additionalProperties: true,
            description:
              "03, 05, 06, 07: the document's own fields as computed (supplier and items, reasons, carrier and recipients, supporting documents and withholdings)",
          },
        ),
      ),
      originalDocument: Nullable(
        Type.Object({ documentType: Type.String(), number: Type.String(), issueDate: Type.String() }),
      ),
      motivo: Nullable(Type.String()),
      additionalInfo: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
      voidReason: Nullable(Type.String()),
      voidedAt: Nullable(IsoDateTime),
      voidWindow: Type.Object(
        {
          lastDay: Nullable(
            Type.String({
              description:
                'DD/MM/YYYY: the last day the tax authority voids the document online (day 7 of the month after the issue, or the next business day); null when there is none (a final-consumer invoice of 2026, a document issued before 01/08/2025)',
            }),
          ),
          open: Type.Boolean({ description: 'POST /:accessKey/void would accept it today' }),
          blockedBy: Nullable(
            Type.Union([
              Type.Literal('NOT_AUTHORIZED'),
              Type.Literal('FINAL_CONSUMER'),
              Type.Literal('WINDOW_CLOSED'),
            ]),
          ),
        },
        { description: 'Res. NAC-DGERCGC25-00000017: whether and until when the document can be voided' },
      ),
      certFingerprint: Type.String(),
      signedAt: IsoDateTime,
      createdAt: IsoDateTime,
      updatedAt: IsoDateTime,
    }),
  ],
  { $id: 'Document' },
);
