import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Ok, Uuid } from '../../http/schemas.js';
import { MULTIPART } from '../../http/validation.js';

const TenantStatusSchema = Type.Union(
  ['PENDING_VERIFICATION', 'ACTIVE', 'SUSPENDED', 'PAST_DUE'].map((s) => Type.Literal(s)),
);
const TierSchema = Type.Union(['FREE', 'STARTER', 'GROWTH', 'BUSINESS'].map((s) => Type.Literal(s)));

export const TenantSchema = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    subscriptionTier: TierSchema,
    status: TenantStatusSchema,
    suspensionReasonCode: Nullable(Type.String()),
    documentCount: Type.Integer(),
    documentQuota: Type.Integer(),
    extraSeats: Type.Integer(),
    pendingExtraSeats: Nullable(Type.Integer()),
    sandbox: Type.Boolean(),
    agreementAcceptedAt: Nullable(IsoDateTime),
    agreementVersion: Nullable(Type.String()),
  },
  { $id: 'Tenant' },
);

const IssuerSummarySchema = Type.Object({
  id: Uuid,
  ruc: Type.String(),
  businessName: Type.String(),
  tradeName: Nullable(Type.String()),
  branchCode: Type.String(),
  issuePointCode: Type.String(),
  certFingerprint: Nullable(Type.String()),
  certExpiry: Nullable(IsoDateTime),
});

export const RegisterForm = Type.Object(
  {
    cert: Type.String({ format: 'binary', description: 'P12/PFX signing certificate' }),
    certPassword: Type.Optional(Type.String()),
    logo: Type.Optional(
      Type.String({ format: 'binary', description: 'PNG, JPEG or GIF, max 500 KB; recommended 600x170 px' }),
    ),
    email: Type.String({ format: 'email', maxLength: 254 }),
    ruc: Type.String({ pattern: '^[0-9]{10}001$' }),
    businessName: Type.String({ maxLength: 300 }),
    tradeName: Type.Optional(Type.String({ maxLength: 300 })),
    mainAddress: Type.String({
      minLength: 1,
      maxLength: 300,
      description:
        'Head office address (dirMatriz), required: the tax authority schema requires it on every document',
    }),
    branchCode: Type.String({ pattern: '^[0-9]{3}$' }),
    issuePointCode: Type.String({ pattern: '^[0-9]{3}$' }),
    emissionType: Type.Literal('1'),
    requiredAccounting: Type.Boolean(),
    specialTaxpayer: Type.Optional(Type.String({ description: 'contribuyente especial resolution number' })),
    retentionAgentResolution: Type.Optional(
      Type.String({ description: 'agente de retención resolution number (extension)' }),
    ),
    rimpeRegime: Type.Optional(
      Type.String({
        description:
          'CONTRIBUYENTE RÉGIMEN RIMPE or CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE (extension)',
      }),
    ),
    branchAddress: Type.Optional(Type.String({ maxLength: 300 })),
    documentTypes: Type.Optional(
      Type.Array(Type.String(), { description: 'repeated fields or a JSON array; default ["01"]' }),
    ),
    initialSequentials: Type.Optional(
      Type.String({ description: 'JSON array of {documentType, sequential >= 1}; sets both environments' }),
    ),
    language: Type.Optional(Type.Union([Type.Literal('es'), Type.Literal('en')])),
    verificationRedirectUrl: Type.Optional(Type.String({ format: 'uri' })),
  },
  MULTIPART,
);

export const RegisterResponse = Type.Object({
  ok: Ok,
  tenant: Type.Intersect([TenantSchema, Type.Object({ createdAt: IsoDateTime })]),
  issuer: IssuerSummarySchema,
  apiKey: Type.String({ description: 'A sandbox key holding all nine scopes, shown once' }),
});

export const RecoverForm = Type.Object(
  {
    cert: Type.String({ format: 'binary' }),
    certPassword: Type.Optional(Type.String()),
    email: Type.String({ format: 'email' }),
  },
  MULTIPART,
);

export const RecoverResponse = Type.Union([
  Type.Object({
    ok: Ok,
    tenant: Type.Object({
      id: Uuid,
      email: Type.String(),
      subscriptionTier: TierSchema,
      status: TenantStatusSchema,
      documentQuota: Type.Integer(),
      documentCount: Type.Integer(),
    }),
    issuer: IssuerSummarySchema,
    apiKey: Type.String(),
    environment: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]),
  }),
  Type.Object({ ok: Ok, message: Type.String() }),
]);

export const TokenQuery = Type.Object({ token: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }) });
export const TokenBody = Type.Object({ token: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }) });
export const CheckResponse = Type.Union([
  Type.Object({ ok: Ok, valid: Type.Literal(true), email: Type.String() }),
  Type.Object({ ok: Ok, valid: Type.Literal(false) }),
]);
export const VerifyResponse = Type.Object({ ok: Ok, email: Type.String(), message: Type.String() });
export const ResendBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) });
export const MessageResponse = Type.Object({ ok: Ok, message: Type.String() });

export const TenantEventSchema = Type.Object({
  id: Uuid,
  eventType: Type.String(),
  detail: Nullable(Type.Object({}, { additionalProperties: true })),
  createdAt: IsoDateTime,
});
export const LanguageBody = Type.Object({ language: Type.Union([Type.Literal('es'), Type.Literal('en')]) });
