import { type Static, Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, StringEnum, Uuid } from '../../http/schemas.js';

const PurchaseTypeSchema = StringEnum(['01', '03', '04', '05', '06', '07'] as const, {
  description:
    '01 invoice, 03 liquidación (you are the provider), 04 credit note, 05 debit note, 06 waybill, 07 retention withheld from you',
});
const Money = Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', examples: ['115.00'] });
const DdMmYyyy = Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description: 'DD/MM/YYYY' });
const SriStatusSchema = Type.String({
  description:
    'ConsultaComprobante state: AUTORIZADO, PENDIENTE DE ANULAR, ANULADO (another raw state is kept as given)',
  examples: ['AUTORIZADO'],
});
const ErrorCell = Type.Object({ code: Type.String(), detail: Type.String() });

const TaxLine = Type.Object({
  code: Type.String({ description: '2 IVA, 3 ICE, 5 IRBPNR' }),
  rateCode: Type.String(),
  rate: Nullable(Type.String()),
  taxableBase: Money,
  amount: Money,
});

const PurchaseSummarySchema = Type.Object(
  {
    id: Uuid,
    accessKey: Type.String({ pattern: '^[0-9]{49}$' }),
    environment: StringEnum(['sandbox', 'production'] as const),
    documentType: PurchaseTypeSchema,
    source: StringEnum(['KEY', 'TXT', 'XML'] as const, { description: 'the entry that added it first' }),
    supplier: Type.Object({ ruc: Type.String(), name: Type.String(), tradeName: Nullable(Type.String()) }),
    receiver: Type.Object({
      id: Type.String({ description: 'the identification it is addressed to: your RUC or its cédula' }),
      issuerId: Nullable(Uuid),
    }),
    number: Type.String({ description: 'estab-ptoEmi-secuencial', examples: ['001-001-000000123'] }),
    issueDate: DdMmYyyy,
    authorizationNumber: Type.String(),
    authorizationDate: Nullable(IsoDateTime),
    totalWithoutTaxes: Nullable(Money),
    iva: Nullable(Money),
    total: Nullable(Money),
    sri: Type.Object({
      status: SriStatusSchema,
      checkedAt: Nullable(IsoDateTime),
      followedUntil: IsoDateTime,
      voidedAt: Nullable(IsoDateTime),
    }),
    createdAt: IsoDateTime,
    rideUrl: Type.String({ examples: ['/v1/purchases/{id}/ride'] }),
    xmlUrl: Type.String({ examples: ['/v1/purchases/{id}/xml'] }),
  },
  { $id: 'PurchaseSummary' },
);

const IssuedRetention = Type.Object({
  accessKey: Type.String(),
  number: Type.String(),
  status: Type.String({ description: 'the retention document status (AUTHORIZED, VOIDED…)' }),
  issueDate: DdMmYyyy,
  withholdings: Type.Array(
    Type.Object({ code: Type.String(), withholdingCode: Type.String(), taxableBase: Money, amount: Money }),
  ),
  flagged: Type.Boolean({ description: 'true when the purchase it withholds on was voided in the SRI' }),
});

const PurchaseDetailSchema = Type.Intersect([
  PurchaseSummarySchema,
  Type.Object({
    taxes: Type.Array(TaxLine),
    payments: Type.Array(
      Type.Object({
        method: Type.String(),
        total: Money,
        term: Nullable(Type.String()),
        termUnit: Nullable(Type.String()),
      }),
    ),
    originalDocument: Nullable(
      Type.Object(
        { documentType: Type.String(), number: Type.String(), issueDate: Type.String() },
        { description: '04 and 05' },
      ),
    ),
    withholdings: Type.Array(
      Type.Object({
        code: Type.String(),
        withholdingCode: Type.String(),
        taxableBase: Money,
        rate: Type.String(),
        amount: Money,
        supportingDocument: Nullable(
          Type.Object({
            documentType: Type.String(),
            number: Nullable(Type.String()),
            issueDate: Nullable(Type.String()),
          }),
        ),
      }),
      { description: 'a received 07: what your client withheld' },
    ),
    retentions: Type.Array(IssuedRetention, { description: 'the retentions (07) you issued on it' }),
    remaining: Nullable(
      Type.Object(
        { renta: Money, iva: Money },
        {
          description:
            'bases not yet withheld: renta on totalWithoutTaxes, IVA on the VAT amount (01, 03, 05)',
        },
      ),
    ),
  }),
]);

export const PurchaseResponse = Type.Object({ ok: Ok, purchase: PurchaseDetailSchema });

export const AddByKeysBody = Type.Object({
  accessKeys: Type.Array(Type.String({ maxLength: 100 }), {
    minItems: 1,
    maxItems: 500,
    description: '1 to 500 access keys (49 digits each)',
  }),
});

const KeyResultSchema = Type.Object({
  accessKey: Type.String(),
  status: StringEnum(['CREATED', 'EXISTING', 'REFUSED'] as const),
  purchase: Nullable(PurchaseSummarySchema),
  error: Nullable(ErrorCell),
});
export const AddByKeysResponse = Type.Object({
  ok: Ok,
  data: Type.Array(KeyResultSchema),
  created: Type.Integer(),
  existing: Type.Integer(),
  refused: Type.Integer(),
});

export const AddXmlResponse = Type.Object({
  ok: Ok,
  status: StringEnum(['CREATED', 'EXISTING'] as const),
  purchase: PurchaseDetailSchema,
});

export const PurchaseListQuery = Type.Object({
  supplier: Type.Optional(
    Type.String({ maxLength: 300, description: 'supplier RUC (prefix) or name (contains)' }),
  ),
  documentType: Type.Optional(PurchaseTypeSchema),
  from: Type.Optional(DdMmYyyy),
  to: Type.Optional(DdMmYyyy),
  status: Type.Optional(SriStatusSchema),
  withoutRetention: Type.Optional(
    Type.Boolean({ description: 'true: only 01/03/05 purchases with no retention issued on them yet' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' }),
  ),
});
export type PurchaseListQueryT = Static<typeof PurchaseListQuery>;
export const PurchaseExportQuery = Type.Omit(PurchaseListQuery, ['limit', 'cursor']);

export const PurchaseListResponse = Type.Object({
  ok: Ok,
  data: Type.Array(PurchaseSummarySchema),
  totals: Type.Object(
    { count: Type.Integer(), totalWithoutTaxes: Money, iva: Money, total: Money },
    { description: 'exact, over every purchase the filters select (not only this page)' },
  ),
  nextCursor: Nullable(Type.String()),
});

export const RetentionDraftResponse = Type.Object({
  ok: Ok,
  body: Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    description:
      'A withholding (07) body prefilled from the purchase: complete `withholdings` (and the subject email) and POST it to /v1/documents',
  }),
  remaining: Type.Object({ renta: Money, iva: Money }),
  withholdingCodes: Type.Array(
    Type.Object({
      code: Type.String(),
      withholdingCode: Type.String(),
      description: Type.String(),
      rate: Type.String(),
    }),
    { description: 'the withholding codes valid today (GET /v1/catalogs/withholding-codes)' },
  ),
});

export const PurchaseIdParams = Type.Object({ id: Uuid });

const ROW_STATUSES = [
  'NEW',
  'PENDING',
  'CREATED',
  'EXISTING',
  'UNKNOWN',
  'NOT_ADDRESSED',
  'MALFORMED',
  'WRONG_ENVIRONMENT',
  'NOT_AUTHORIZED',
  'FAILED',
] as const;
const ImportRow = Type.Object({
  line: Type.Integer({ description: 'line of the file (the header is line 1)' }),
  accessKey: Type.String(),
  status: StringEnum(ROW_STATUSES, {
    description:
      'NEW (dry run: would be added), PENDING (not yet processed), CREATED, EXISTING (already a purchase, or repeats an earlier line), UNKNOWN (the SRI has no such authorized key), NOT_ADDRESSED, MALFORMED, WRONG_ENVIRONMENT, NOT_AUTHORIZED, FAILED (the SRI did not answer)',
  }),
  error: Nullable(Type.Object({ code: Nullable(Type.String()), detail: Nullable(Type.String()) })),
});

export const ImportQuery = Type.Object({
  dryRun: Type.Optional(
    Type.Boolean({ default: false, description: 'true: say what each row would become, save nothing' }),
  ),
});

export const ImportPreviewResponse = Type.Object({
  ok: Ok,
  dryRun: Type.Literal(true),
  rows: Type.Array(
    Type.Intersect([
      ImportRow,
      Type.Object({
        supplierRuc: Type.String(),
        supplierName: Type.String(),
        number: Type.String(),
        total: Nullable(Type.String()),
      }),
    ]),
  ),
  counts: Type.Record(Type.String(), Type.Integer()),
});

const PurchaseImportSchema = Type.Object({
  id: Uuid,
  status: StringEnum(['RUNNING', 'DONE', 'FAILED'] as const, {
    description:
      'FAILED: the import job ran out of attempts; its rows left PENDING are FAILED (IMPORT_FAILED)',
  }),
  totalRows: Type.Integer(),
  processedRows: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer(), { description: 'rows per status' }),
  createdAt: IsoDateTime,
  finishedAt: Nullable(IsoDateTime),
  rows: Type.Array(Type.Intersect([ImportRow, Type.Object({ purchaseId: Nullable(Uuid) })])),
});
export const PurchaseImportResponse = Type.Object({ ok: Ok, import: PurchaseImportSchema });
