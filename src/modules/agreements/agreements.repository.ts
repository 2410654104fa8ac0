import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { issuers, tenants } from '../../db/tables.js';
import { ecuadorDate } from '../../shared/clock.js';
import { uuidv7 } from '../../shared/ids.js';
import { sha256Hex } from '../../shared/secrets.js';
import {
  type AgreementType,
  agreementAcceptances,
  agreementInstances,
  agreementTemplates,
  type InstanceRow,
  type TemplateRow,
} from './agreements.tables.js';

/** The current (newest published) template of each type, TERMS, PRIVACY, DPA order. */
export async function currentTemplates(exec: Executor): Promise<TemplateRow[]> {
  const rows = await exec
    .selectDistinctOn([agreementTemplates.documentType])
    .from(agreementTemplates)
    .orderBy(agreementTemplates.documentType, desc(agreementTemplates.seq));
  const order = ['TERMS', 'PRIVACY', 'DPA'];
  return rows.sort((a, b) => order.indexOf(a.documentType) - order.indexOf(b.documentType));
}

/** The latest acceptance of each type by the tenant. */
export async function latestAcceptances(exec: Executor, tenantId: string) {
  const rows = await exec
    .selectDistinctOn([agreementAcceptances.documentType])
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.tenantId, tenantId))
    .orderBy(
      agreementAcceptances.documentType,
      desc(agreementAcceptances.acceptedAt),
      desc(agreementAcceptances.id),
    );
  return new Map(rows.map((r) => [r.documentType, r]));
}

export async function instancesOf(exec: Executor, tenantId: string, templateIds: string[]) {
  if (templateIds.length === 0) return new Map<string, InstanceRow>();
  const rows = await exec
    .select()
    .from(agreementInstances)
    .where(
      and(eq(agreementInstances.tenantId, tenantId), inArray(agreementInstances.templateId, templateIds)),
    );
  return new Map(rows.map((r) => [r.templateId, r]));
}

/** Fills a template's placeholders with the tenant's own data. */
function personalize(
  content: string,
  party: { businessName: string; ruc: string; email: string; date: string },
): string {
  return content
    .replaceAll('{{businessName}}', party.businessName)
    .replaceAll('{{ruc}}', party.ruc)
    .replaceAll('{{email}}', party.email)
    .replaceAll('{{date}}', party.date);
}

/** Creates the tenant's missing PENDING instances of `templates` (idempotent). */
export async function generateInstances(
  exec: Executor,
  tenantId: string,
  templates: TemplateRow[],
  now: Date,
): Promise<void> {
  const existing = await instancesOf(
    exec,
    tenantId,
    templates.map((t) => t.id),
  );
  const missing = templates.filter((t) => !existing.has(t.id));
  if (missing.length === 0) return;
  const [party] = await exec
    .select({ email: tenants.email, ruc: tenants.ruc, businessName: issuers.businessName })
    .from(tenants)
    .leftJoin(issuers, eq(issuers.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId))
    .orderBy(asc(issuers.createdAt))
    .limit(1);
  if (!party) return;
  const values = missing.map((t) => {
    const content = personalize(t.content, {
      businessName: party.businessName ?? party.email,
      ruc: party.ruc,
      email: party.email,
      date: ecuadorDate(now),
    });
    return {
      id: uuidv7(now.getTime()),
      tenantId,
      templateId: t.id,
      documentType: t.documentType,
      version: t.version,
      content,
      contentHash: sha256Hex(content),
      status: 'PENDING' as const,
      createdAt: now,
    };
  });
  await exec.insert(agreementInstances).values(values).onConflictDoNothing();
}

export async function insertTemplate(
  exec: Executor,
  input: { documentType: AgreementType; version: string; content: string },
  now: Date,
): Promise<TemplateRow | null> {
  const [row] = await exec
    .insert(agreementTemplates)
    .values({ id: uuidv7(now.getTime()), ...input, contentHash: sha256Hex(input.content), publishedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function listTemplates(exec: Executor): Promise<TemplateRow[]> {
  return exec
    .select()
    .from(agreementTemplates)
    .orderBy(agreementTemplates.documentType, desc(agreementTemplates.seq));
}
