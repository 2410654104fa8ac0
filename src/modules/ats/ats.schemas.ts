import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, StringEnum, Uuid } from '../../http/schemas.js';
import { ATS_RETENTION_DAYS } from './ats-expiry.js';

/** The API contract of the ATS report (docs/ats.md, "API"): fields may be added, never renamed. */
const Money = Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', examples: ['1234.50'] });
const RateTotal = Type.Object({
  rate: Type.String({ description: '"0", "5", "12", "15" … or NO_OBJECT (IVA code 6), EXEMPT (code 7)' }),
  base: Money,
  tax: Money,
});

const Summary = Type.Object(
  {
    compras: Type.Object({
      count: Type.Integer(),
      withoutRetention: Type.Integer(),
      assumedSustento: Type.Integer(),
      byRate: Type.Array(RateTotal),
      retainedVat: Money,
      retainedIncomeTax: Money,
      total: Money,
    }),
    ventas: Type.Object({
      rows: Type.Integer(),
      documents: Type.Integer(),
      byRate: Type.Array(RateTotal),
      total: Money,
    }),
    ventasEstablecimiento: Type.Array(Type.Object({ establishment: Type.String(), total: Money })),
    anulados: Type.Object({ count: Type.Integer() }),
    header: Type.Object({ numEstabRuc: Type.String(), totalVentas: Money }),
  },
  { description: 'Totals as the file states them; byRate and total net of credit notes (docs/ats.md)' },
);

const Problem = Type.Object({
  severity: StringEnum(['ERROR', 'WARNING'] as const),
  code: Type.String({ examples: ['SUSTENTO_ASSUMED'] }),
  message: Type.String({ description: "In the request's language (Accept-Language es or en)" }),
  element: Nullable(Type.String({ examples: ['compras/detalleCompras/codSustento'] })),
  target: Nullable(
    Type.Object({
      kind: StringEnum(['purchase', 'document', 'supplier', 'issuer'] as const),
      id: Type.String(),
      webPath: Type.String({ examples: ['/app/purchases/01a21eaf-527f-7000-b2d9-d253f6c93051'] }),
    }),
  ),
});

export const AtsReportSchema = Type.Object(
  {
    id: Uuid,
    issuerId: Uuid,
    ruc: Type.String(),
    period: Type.Object({
      year: Type.Integer(),
      month: Nullable(Type.Integer()),
      semester: Nullable(Type.Integer()),
    }),
    fileName: Type.String({ description: 'ATmmaaaa.zip (a semester: AT062026 or AT122026)' }),
    status: StringEnum(['QUEUED', 'RUNNING', 'DONE', 'REFUSED', 'FAILED', 'EXPIRED'] as const, {
      description:
        'REFUSED: some problem is an ERROR; fix it and request the annex again. EXPIRED: the file was deleted at expiresAt (summary and problems kept); request the period again',
    }),
    progress: Type.Object({ done: Type.Integer(), total: Type.Integer() }),
    createdAt: IsoDateTime,
    finishedAt: Nullable(IsoDateTime),
    expiresAt: Nullable(
      Type.String({
        format: 'date-time',
        description: `A DONE report's file is deleted after this (${ATS_RETENTION_DAYS} days after finishedAt, never before the period's filing window closes on the 28th of the next month); null until DONE`,
      }),
    ),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    summary: Nullable(Summary),
    problems: Type.Array(Problem),
    download: Nullable(
      Type.Object({ url: Type.String(), size: Type.Integer({ description: 'bytes of the zip' }) }),
    ),
  },
  { $id: 'AtsReport' },
);

export const AtsReportBody = Type.Object({
  issuerId: Type.String({ format: 'uuid' }),
  year: Type.Integer({ minimum: 2013, maximum: 2100 }),
  month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  semester: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: 'RIMPE issuers only' })),
});

export const AtsReportList = Type.Object({
  data: Type.Array(AtsReportSchema),
  nextCursor: Nullable(Type.String()),
});

export const AtsListQuery = Type.Object({
  issuerId: Type.Optional(Type.String({ format: 'uuid' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String()),
});

export const DownloadQuery = Type.Object({
  part: Type.Optional(StringEnum(['zip', 'xml'] as const, { description: 'xml: the bare ATmmaaaa.xml' })),
});

const Sustento = Nullable(
  Type.String({
    pattern: '^[0-9]{2}$',
    description: 'codSustento (Tabla 5; GET /v1/catalogs/support-codes); null clears it',
  }),
);
export const SustentoBody = Type.Object({ sustento: Sustento });
export const PurchaseSustento = Type.Object({ purchaseId: Uuid, sustento: Sustento });
export const SupplierDefaults = Type.Object({ supplierRuc: Type.String(), sustento: Sustento });
export const RucParams = Type.Object({ ruc: Type.String({ pattern: '^[0-9]{10,13}$' }) });
