import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, StringEnum, Uuid } from '../../http/schemas.js';
import { AGREEMENT_TYPES } from '../agreements/index.js';
import { PAYMENT_STATUSES, REJECTION_REASONS } from '../billing/index.js';
import { SUSPENSION_REASONS, TENANT_STATUSES } from './tenants-admin.service.js';

export const tags = ['Operator'];
/** Shown in OpenAPI: these routes take the operator token as the Bearer credential, not an API key. */
export const security = [{ bearerAuth: [] }];

const Note = Type.Optional(Type.String({ maxLength: 500 }));

export const OperatorPayment = Type.Object(
  {
    id: Uuid,
    subscription_id: Uuid,
    status: StringEnum(PAYMENT_STATUSES),
    purpose: Type.String(),
    amount: Type.String(),
    iva_rate: Type.String(),
    iva_amount: Type.String(),
    total_amount: Type.String(),
    target_tier: Nullable(Type.String()),
    target_billing_interval: Nullable(Type.String()),
    rejection_reason_code: Nullable(Type.String()),
    reported_at: Nullable(IsoDateTime),
    verified_at: Nullable(IsoDateTime),
    refunded_at: Nullable(IsoDateTime),
    created_at: IsoDateTime,
    tenant_id: Uuid,
    tenant_email: Type.String(),
    tenant_ruc: Type.String(),
    tenant_status: Type.String(),
    subscription_status: Type.String(),
    plan_tier: Type.String(),
    plan_billing_interval: Type.String(),
    rejection_note: Nullable(Type.String()),
    invoice_document_id: Nullable(Uuid),
    proof_count: Type.Integer(),
  },
  { additionalProperties: true },
);

export const PaymentListQuery = Type.Object({
  status: Type.Optional(StringEnum(PAYMENT_STATUSES)),
  tenantId: Type.Optional(Uuid),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

export const RejectBody = Type.Object({ reasonCode: StringEnum(REJECTION_REASONS), note: Note });
export const NoteBody = Type.Object({ note: Note });

export const OperatorTenant = Type.Object({
  id: Uuid,
  email: Type.String(),
  ruc: Type.String(),
  businessName: Nullable(Type.String()),
  status: StringEnum(TENANT_STATUSES),
  suspensionReasonCode: Nullable(Type.String()),
  subscriptionTier: Type.String(),
  sandbox: Type.Boolean(),
  emailVerified: Type.Boolean(),
  promotedAt: Nullable(IsoDateTime),
  createdAt: IsoDateTime,
});
export const TenantListQuery = Type.Object({
  q: Type.Optional(
    Type.String({ maxLength: 254, description: 'email or business name (contains), RUC (prefix)' }),
  ),
  status: Type.Optional(StringEnum(TENANT_STATUSES)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export const SuspendBody = Type.Object({ reasonCode: StringEnum(SUSPENSION_REASONS), note: Note });
export const TenantResponse = Type.Object({ ok: Ok, tenant: OperatorTenant });

export const PublishBody = Type.Object({
  documentType: StringEnum(AGREEMENT_TYPES),
  version: Type.String({ minLength: 1, maxLength: 20 }),
  content: Type.String({ minLength: 1 }),
});

export const PriceChangeSchema = Type.Object({
  id: Uuid,
  tier: Type.String(),
  billingInterval: Type.String(),
  previousPrice: Type.String(),
  newPrice: Type.String(),
  effectiveAt: IsoDateTime,
  announcedAt: IsoDateTime,
  appliedAt: Nullable(IsoDateTime),
});
export const AnnounceBody = Type.Object({
  tier: Type.String({ maxLength: 40 }),
  billingInterval: Type.String({ maxLength: 40 }),
  price: Type.String({ maxLength: 20, description: 'new price before IVA, e.g. "12.90"' }),
  effectiveAt: Type.String({
    maxLength: 40,
    description: 'YYYY-MM-DD (00:00 in Ecuador) or an ISO 8601 instant; at least 30 days ahead',
  }),
});

export const JobParams = Type.Object({ name: Type.String({ maxLength: 100 }) });
export const JobRunResponse = Type.Object({
  ok: Ok,
  job: Type.String(),
  ranAt: IsoDateTime,
  result: Type.Record(Type.String(), Type.Number()),
});

export const Holiday = Type.Object({
  date: Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$', description: 'DD/MM/YYYY' }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
});
export const HolidaysQuery = Type.Object({
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2099 })),
});
export const HolidayParams = Type.Object({
  date: Type.String({ pattern: '^[0-9]{2}-[0-9]{2}-[0-9]{4}$', description: 'DD-MM-YYYY' }),
});
