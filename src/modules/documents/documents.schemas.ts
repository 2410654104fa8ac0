import { type Static, Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, StringEnum } from '../../http/schemas.js';

/** Request bodies: decimal strings, camelCase (interface.md credit note table; decisions.md invoice body). */
const Dec = (description: string) => Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$', description });
const DdMmYyyy = Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description: 'DD/MM/YYYY' });
const NameValue = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 300 }),
  value: Type.String({ minLength: 1, maxLength: 300 }),
});

const TaxBody = Type.Object({
  code: Type.String({ description: 'tax type: 2 IVA, 3 ICE, 5 IRBPNR' }),
  rateCode: Type.String({ description: 'rate code (GET /v1/catalogs/tax-rates); IVA 15% is 4' }),
  rate: Dec('percentage, must match the catalog'),
  taxableBase: Dec('must equal the computed base'),
  taxAmount: Dec('must equal the computed amount'),
});

const ItemBody = Type.Object({
  mainCode: Type.String({ minLength: 1, maxLength: 25 }),
  auxiliaryCode: Type.Optional(Type.String({ maxLength: 25 })),
  description: Type.String({ minLength: 1, maxLength: 300 }),
  quantity: Dec('up to 6 decimals, > 0'),
  unitPrice: Dec('up to 6 decimals, >= 0'),
  discount: Type.Optional(Dec('line discount amount, 2 decimals')),
  additionalDetails: Type.Optional(Type.Array(NameValue, { maxItems: 3 })),
  taxes: Type.Array(TaxBody, { minItems: 1 }),
});

const BuyerBody = Type.Object({
  idType: Type.String({ description: '04 RUC, 05 cédula, 06 passport, 07 final consumer, 08 foreign id' }),
  id: Type.String({ minLength: 1, maxLength: 20 }),
  name: Type.String({ minLength: 1, maxLength: 300 }),
  email: Type.String({
    minLength: 3,
    maxLength: 254,
    description: 'RIDE and XML are sent here on authorization',
  }),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  phone: Type.Optional(Type.String({ maxLength: 50 })),
});

export const InvoiceBody = Type.Object(
  {
    documentType: Type.Literal('01'),
    issueDate: Type.Optional(DdMmYyyy),
    buyer: BuyerBody,
    items: Type.Array(ItemBody, { minItems: 1, maxItems: 1000 }),
    payments: Type.Array(
      Type.Object({
        method: Type.String({ description: 'formaPago (GET /v1/catalogs/payment-methods)' }),
        total: Dec('amount paid with this method'),
        term: Type.Optional(Dec('payment term')),
        termUnit: Type.Optional(Type.String({ description: 'dias or meses' })),
      }),
      { minItems: 1, maxItems: 20 },
    ),
    tip: Type.Optional(Dec('propina, 2 decimals')),
    additionalInfo: Type.Optional(Type.Array(NameValue, { maxItems: 15 })),
  },
  { title: 'Invoice (01)' },
);

export const CreditNoteBody = Type.Object(
  {
    documentType: Type.Literal('04'),
    issueDate: Type.Optional(DdMmYyyy),
    buyer: Type.Omit(BuyerBody, ['phone']),
    originalDocument: Type.Object({
      documentType: Type.String({ pattern: '^[0-9]{2}$' }),
      number: Type.String({ pattern: '^[0-9]{3}-[0-9]{3}-[0-9]{9}$' }),
      issueDate: DdMmYyyy,
    }),
    motivo: Type.String({ minLength: 1, maxLength: 300 }),
    items: Type.Array(ItemBody, { minItems: 1, maxItems: 1000 }),
    additionalInfo: Type.Optional(Type.Array(NameValue, { maxItems: 15 })),
  },
  { title: 'Credit note (04)' },
);

export type InvoiceBodyT = Static<typeof InvoiceBody>;
export type CreditNoteBodyT = Static<typeof CreditNoteBody>;

export const DocumentTypeSchema = StringEnum(['01', '03', '04', '05', '06', '07'] as const);
export const DocumentStatusSchema = StringEnum([
  'SIGNED',
  'RECEIVED',
  'RETURNED',
  'AUTHORIZED',
  'NOT_AUTHORIZED',
  'VOIDED',
] as const);

export const EmailStateSchema = Type.Object({
  status: StringEnum(['PENDING', 'SENT', 'DELIVERED', 'FAILED'] as const),
  sentAt: Type.Optional(Nullable(IsoDateTime)),
});

/** The document summary of the list (interface.md). */
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
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type ListQueryT = Static<typeof ListQuery>;

export const ListResponse = Type.Object({
  ok: Ok,
  data: Type.Array(DocumentSummarySchema),
  pagination: Type.Object({ total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() }),
});

export const AccessKeyParams = Type.Object({
  accessKey: Type.String({ pattern: '^[0-9]{49}$', description: '49 digits' }),
});

export const CreateHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});

export const CreatedDocumentSchema = Type.Object({
  accessKey: Type.String(),
  documentType: DocumentTypeSchema,
  sequential: Type.String(),
  status: DocumentStatusSchema,
  issueDate: Type.String(),
  total: Type.String(),
  email: Type.Object({ status: EmailStateSchema.properties.status }),
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
    Type.Omit(DocumentSummarySchema, []),
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
      items: Type.Array(
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
      ),
      totals: Type.Object({
        totalWithoutTaxes: Type.String(),
        totalDiscount: Type.String(),
        taxTotals: Type.Array(MoneyLine),
        tip: Type.String(),
        total: Type.String(),
      }),
      payments: Type.Array(
        Type.Object({
          method: Type.String(),
          total: Type.String(),
          term: Nullable(Type.String()),
          termUnit: Nullable(Type.String()),
        }),
      ),
      originalDocument: Nullable(
        Type.Object({ documentType: Type.String(), number: Type.String(), issueDate: Type.String() }),
      ),
      motivo: Nullable(Type.String()),
      additionalInfo: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
      voidReason: Nullable(Type.String()),
      voidedAt: Nullable(IsoDateTime),
      certFingerprint: Type.String(),
      signedAt: IsoDateTime,
      createdAt: IsoDateTime,
      updatedAt: IsoDateTime,
    }),
  ],
  { $id: 'Document' },
);
