/**
 * Drizzle table definitions for the tables the foundation owns. Each mirrors its SQL
 * migration (the migration is the source of truth; keep both in step).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  emailNormalized: text('email_normalized').notNull(),
  ruc: text('ruc').notNull(),
  status: text('status').$type<'PENDING_VERIFICATION' | 'ACTIVE' | 'SUSPENDED' | 'PAST_DUE'>().notNull(),
  suspensionReasonCode: text('suspension_reason_code'),
  statusBeforeSuspension: text('status_before_suspension'),
  subscriptionTier: text('subscription_tier').notNull(),
  language: text('language').$type<'es' | 'en'>().notNull(),
  sandbox: boolean('sandbox').notNull(),
  promotedAt: ts('promoted_at'),
  emailVerifiedAt: ts('email_verified_at'),
  verificationRedirectUrl: text('verification_redirect_url'),
  extraSeats: integer('extra_seats').notNull(),
  pendingExtraSeats: integer('pending_extra_seats'),
  createdAt: ts('created_at').notNull().default(sql`now()`),
});

export const issuers = pgTable('issuers', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  ruc: text('ruc').notNull(),
  businessName: text('business_name').notNull(),
  tradeName: text('trade_name'),
  mainAddress: text('main_address'),
  branchCode: text('branch_code').notNull(),
  issuePointCode: text('issue_point_code').notNull(),
  branchAddress: text('branch_address'),
  emissionType: text('emission_type').notNull(),
  requiredAccounting: boolean('required_accounting').notNull(),
  specialTaxpayer: text('special_taxpayer'),
  retentionAgentResolution: text('retention_agent_resolution'),
  rimpeRegime: text('rimpe_regime'),
  documentTypes: text('document_types').array().notNull(),
  canIssue: boolean('can_issue').notNull(),
  certP12: bytea('cert_p12'),
  certPassword: bytea('cert_password'),
  certFingerprint: text('cert_fingerprint'),
  certExpiry: ts('cert_expiry'),
  certSerial: text('cert_serial'),
  certIssuerName: text('cert_issuer_name'),
  certSubject: text('cert_subject'),
  logo: bytea('logo'),
  logoMime: text('logo_mime'),
  active: boolean('active').notNull(),
  deletedAt: ts('deleted_at'),
  createdAt: ts('created_at').notNull().default(sql`now()`),
});

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  label: text('label'),
  environment: text('environment').$type<'sandbox' | 'production'>().notNull(),
  scopes: text('scopes').array().notNull(),
  internal: boolean('internal').notNull(),
  isPrimary: boolean('is_primary').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenPrefix: text('token_prefix').notNull(),
  expiresAt: ts('expires_at'),
  createdAt: ts('created_at').notNull(),
  revokedAt: ts('revoked_at'),
  lastUsedAt: ts('last_used_at'),
  requestCount: bigint('request_count', { mode: 'number' }).notNull(),
});

export const apiKeyUsageDaily = pgTable(
  'api_key_usage_daily',
  {
    keyId: uuid('key_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    requestCount: bigint('request_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

export const tenantEvents = pgTable('tenant_events', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  eventType: text('event_type').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown> | null>(),
  createdAt: ts('created_at').notNull(),
});

export const emailVerificationTokens = pgTable('email_verification_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  email: text('email').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});

export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id'),
  kind: text('kind').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  bodyHtml: text('body_html'),
  /** One-time credentials of the email, sealed (src/modules/mail/sealed-secrets.ts); null once sent. */
  secretsSealed: bytea('secrets_sealed'),
  attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull(),
  ref: jsonb('ref').$type<Record<string, string> | null>(),
  status: text('status').$type<'PENDING' | 'SENT' | 'DELIVERED' | 'FAILED'>().notNull(),
  attempts: integer('attempts').notNull(),
  lastError: text('last_error'),
  messageId: text('message_id'),
  createdAt: ts('created_at').notNull(),
  sentAt: ts('sent_at'),
  failedAt: ts('failed_at'),
});

export type OutboxAttachment =
  | { filename: string; contentType: string; contentBase64: string }
  | { resolver: string; params: Record<string, string> };

export const tiers = pgTable('tiers', {
  code: text('code').primaryKey(),
  rank: integer('rank').notNull(),
  monthlyPrice: numeric('monthly_price').notNull(),
  yearlyPrice: numeric('yearly_price').notNull(),
  documentQuota: integer('document_quota').notNull(),
  maxApiKeys: integer('max_api_keys').notNull(),
  maxWebhookEndpoints: integer('max_webhook_endpoints').notNull(),
});
