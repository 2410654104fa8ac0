import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, StringEnum, Uuid } from '../../http/schemas.js';
import { MULTIPART } from '../../http/validation.js';
import { PAYMENT_STATUSES } from './billing.constants.js';

/** Billing resources keep the spec's snake_case (docs/spec-map.md: Subscription, Payment). */
const Money = Type.String({ pattern: '^\\d+\\.\\d{2}$', description: 'USD, 2 decimals' });
const Tier = Type.String({ description: 'FREE, STARTER, GROWTH or BUSINESS' });
const Interval = StringEnum(['MONTHLY', 'YEARLY'] as const);

export const PaymentSchema = Type.Object({
  id: Uuid,
  subscription_id: Uuid,
  status: StringEnum(PAYMENT_STATUSES),
  amount: Money,
  iva_rate: Type.String({ description: 'rate with 4 decimals, e.g. 0.1500' }),
  iva_amount: Money,
  total_amount: Type.String({ description: 'what to transfer (amount + IVA)' }),
  method: Type.Literal('SPI_TRANSFER'),
  purpose: StringEnum(['INITIAL', 'TIER_CHANGE', 'RENEWAL'] as const),
  target_tier: Nullable(Tier),
  target_billing_interval: Nullable(Interval),
  rejection_reason_code: Nullable(Type.String()),
  reported_at: Nullable(IsoDateTime),
  verified_at: Nullable(IsoDateTime),
  refunded_at: Nullable(IsoDateTime),
  created_at: IsoDateTime,
});

export const SubscriptionSchema = Type.Object({
  id: Uuid,
  tenant_id: Uuid,
  tier: Tier,
  billing_interval: Interval,
  status: StringEnum(['PENDING_PAYMENT', 'ACTIVE', 'CANCELLED'] as const),
  pending_tier: Type.Optional(
    Type.String({ description: 'scheduled next tier; FREE = scheduled cancellation' }),
  ),
  pending_billing_interval: Type.Optional(Interval),
  end_reason: Nullable(StringEnum(['CANCELLED', 'EXPIRED', 'REFUNDED'] as const)),
  initial_invoice_document_id: Nullable(Uuid),
  current_period_start: Nullable(IsoDateTime),
  current_period_end: Nullable(IsoDateTime),
  created_at: IsoDateTime,
  canceled_at: Nullable(IsoDateTime),
  payments: Type.Array(PaymentSchema),
});

export const BankTransferSchema = Type.Object({
  bankName: Type.String(),
  accountType: Type.String(),
  accountNumber: Type.String(),
  accountHolder: Type.String(),
  identification: Type.String(),
});

export const PlanBody = Type.Object({
  tier: Type.String({ maxLength: 40, description: 'STARTER, GROWTH or BUSINESS (else 400 INVALID_TIER)' }),
  billingInterval: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'MONTHLY (default) or YEARLY (else 400 INVALID_BILLING_INTERVAL)',
    }),
  ),
});

export const SubscribeResponse = Type.Object({
  ok: Ok,
  subscription: SubscriptionSchema,
  payment: PaymentSchema,
  bankTransfer: BankTransferSchema,
});

/** The four shapes of docs/spec-map.md (Change-tier responses) in one schema. */
export const ChangeTierResponse = Type.Object({
  ok: Ok,
  subscription: SubscriptionSchema,
  payment: Type.Optional(Nullable(PaymentSchema)),
  amount: Type.Optional(Type.Literal(0)),
  bankTransfer: Type.Optional(BankTransferSchema),
  effectiveAt: Type.Optional(IsoDateTime),
});

export const CancelResponse = Type.Object({
  ok: Ok,
  subscription: SubscriptionSchema,
  effectiveAt: IsoDateTime,
});
export const MineResponse = Type.Object({ ok: Ok, subscriptions: Type.Array(SubscriptionSchema) });

export const ProofSchema = Type.Object({
  id: Uuid,
  payment_id: Uuid,
  filename: Type.String(),
  content_type: Type.String({
    description: 'application/pdf, image/png or image/jpeg (detected from the content)',
  }),
  size_bytes: Type.Integer(),
  sha256: Type.String(),
  uploaded_at: IsoDateTime,
});

export const ProofForm = Type.Object(
  { file: Type.String({ format: 'binary', description: 'PDF, PNG or JPEG (checked by content), max 5 MB' }) },
  MULTIPART,
);
export const ProofUploadResponse = Type.Object({ ok: Ok, payment: PaymentSchema, proof: ProofSchema });
export const ProofListResponse = Type.Object({ ok: Ok, proofs: Type.Array(ProofSchema) });
export const ProofParams = Type.Object({ id: Uuid, proofId: Uuid });
export const BinaryFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

const TierSchema = Type.Object({
  code: Type.String(),
  rank: Type.Integer(),
  currency: Type.Literal('USD'),
  monthlyPrice: Money,
  yearlyPrice: Money,
  ivaRate: Type.String(),
  documentQuota: Type.Integer({ description: 'production documents per period' }),
  maxApiKeys: Type.Integer({ description: 'active API keys beyond the first' }),
  maxWebhookEndpoints: Type.Integer(),
  upcomingPrices: Type.Array(
    Type.Object({ id: Uuid, billingInterval: Interval, price: Money, effectiveAt: IsoDateTime }),
  ),
});
export const TiersResponse = Type.Object({ ok: Ok, tiers: Type.Array(TierSchema) });

export const PromoteBody = Type.Object({
  tier: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'FREE, STARTER, GROWTH or BUSINESS; ignored when a subscription is ACTIVE',
    }),
  ),
  billingInterval: Type.Optional(Type.String({ maxLength: 40, description: 'MONTHLY (default) or YEARLY' })),
});
