/** Mirrors migrations/0510_agreements.sql. */
import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const AGREEMENT_TYPES = ['TERMS', 'PRIVACY', 'DPA'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

export const agreementTemplates = pgTable('agreement_templates', {
  id: uuid('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  documentType: text('document_type').$type<AgreementType>().notNull(),
  version: text('version').notNull(),
  content: text('content').notNull(),
  contentHash: text('content_hash').notNull(),
  publishedAt: ts('published_at').notNull(),
});
export type TemplateRow = typeof agreementTemplates.$inferSelect;

export const agreementInstances = pgTable('agreement_instances', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  templateId: uuid('template_id').notNull(),
  documentType: text('document_type').$type<AgreementType>().notNull(),
  version: text('version').notNull(),
  content: text('content').notNull(),
  contentHash: text('content_hash').notNull(),
  status: text('status').$type<'PENDING' | 'ACCEPTED'>().notNull(),
  createdAt: ts('created_at').notNull(),
  acceptedAt: ts('accepted_at'),
});
export type InstanceRow = typeof agreementInstances.$inferSelect;

export const agreementAcceptances = pgTable('agreement_acceptances', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  instanceId: uuid('instance_id').notNull(),
  documentType: text('document_type').$type<AgreementType>().notNull(),
  version: text('version').notNull(),
  contentHash: text('content_hash').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  acceptedAt: ts('accepted_at').notNull(),
});
