import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config/config.js';
import { type Executor, withTransaction } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';
import type { TenantScope } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import {
  currentTemplates,
  generateInstances,
  insertTemplate,
  instancesOf,
  latestAcceptances,
  listTemplates,
} from './agreements.repository.js';
import {
  AGREEMENT_TYPES,
  type AgreementType,
  agreementAcceptances,
  agreementInstances,
  type TemplateRow,
} from './agreements.tables.js';

const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/;
const MAX_AGREEMENT_CHARS = 200_000;

function toTemplateView(t: TemplateRow) {
  return {
    id: t.id,
    documentType: t.documentType,
    version: t.version,
    contentHash: t.contentHash,
    publishedAt: t.publishedAt.toISOString(),
    content: t.content,
  };
}

/**
 * Legal agreements (TERMS, PRIVACY, DPA): templates published by the operator, personalized
 * instances per tenant (PENDING until accepted) and the evidence of each acceptance.
 */
export function createAgreementsService(deps: { db: Executor; clock: Clock; config: Config }) {
  const { db, clock, config } = deps;
  const base = config.publicBaseUrl;

  /** Types whose current version the tenant has not accepted (empty when nothing is published). */
  async function pendingTypes(exec: Executor, tenantId: string): Promise<AgreementType[]> {
    const [templates, accepted] = await Promise.all([
      currentTemplates(exec),
      latestAcceptances(exec, tenantId),
    ]);
    return templates
      .filter((t) => accepted.get(t.documentType)?.version !== t.version)
      .map((t) => t.documentType);
  }

  return {
    pendingTypes,

    /** tenantPorts.agreementSummary: the latest TERMS acceptance. */
    async summary(exec: Executor, tenantId: string) {
      const [terms] = await exec
        .select({ acceptedAt: agreementAcceptances.acceptedAt, version: agreementAcceptances.version })
        .from(agreementAcceptances)
        .where(
          and(eq(agreementAcceptances.tenantId, tenantId), eq(agreementAcceptances.documentType, 'TERMS')),
        )
        .orderBy(desc(agreementAcceptances.acceptedAt), desc(agreementAcceptances.id))
        .limit(1);
      return { acceptedAt: terms?.acceptedAt ?? null, version: terms?.version ?? null };
    },

    /** Background generation after registration (and lazily on read). */
    generateFor: async (tenantId: string) =>
      generateInstances(db, tenantId, await currentTemplates(db), clock.now()),

    /** GET /v1/agreements (public). */
    published: async () => (await currentTemplates(db)).map(toTemplateView),

    /**
     * GET /v1/tenants/agreements. `status` is what the call found: NOT_GENERATED when the tenant's
     * instance did not exist yet (the call generates it, so the next call says PENDING).
     */
    async status(auth: TenantScope) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const templates = await currentTemplates(tx);
        const before = await instancesOf(
          tx,
          auth.tenantId,
          templates.map((t) => t.id),
        );
        await generateInstances(tx, auth.tenantId, templates, now);
        const accepted = await latestAcceptances(tx, auth.tenantId);
        const outdated = templates
          .filter((t) => accepted.get(t.documentType)?.version !== t.version)
          .map((t) => ({
            documentType: t.documentType,
            currentVersion: t.version,
            acceptedVersion: accepted.get(t.documentType)?.version ?? null,
            status: before.has(t.id) ? ('PENDING' as const) : ('NOT_GENERATED' as const),
            url: `${base}/v1/tenants/agreements/${t.documentType}`,
            acceptUrl: `${base}/v1/tenants/agreements`,
          }));
        return {
          needsAcceptance: outdated.length > 0,
          outdated,
          hasPublishedAgreements: templates.length > 0,
        };
      });
    },

    /** GET /v1/tenants/agreements/:type: the tenant's instance of the current version. */
    async instance(auth: TenantScope, type: AgreementType) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const template = (await currentTemplates(tx)).find((t) => t.documentType === type);
        if (!template) throw notFound(`Published ${type} agreement`);
        await generateInstances(tx, auth.tenantId, [template], now);
        const inst = (await instancesOf(tx, auth.tenantId, [template.id])).get(template.id)!;
        const accepted = (await latestAcceptances(tx, auth.tenantId)).get(type);
        return {
          documentType: type,
          version: inst.version,
          status: inst.status,
          acceptedVersion: accepted?.version ?? null,
          content: inst.content,
          contentHash: inst.contentHash,
          createdAt: inst.createdAt.toISOString(),
          acceptedAt: inst.acceptedAt?.toISOString() ?? null,
        };
      });
    },

    /** POST /v1/tenants/agreements: one acceptance per currently published type. */
    async accept(
      auth: TenantScope,
      termsVersion: string,
      evidence: { ip: string | null; userAgent: string | null },
    ) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, auth.tenantId)).for('update');
        // docs/spec-map.md (Errors, FORBIDDEN): a suspended account cannot accept agreements.
        if (!tenant || tenant.status === 'SUSPENDED')
          throw new AppError('FORBIDDEN', 'The account is suspended; agreements cannot be accepted now');
        const templates = await currentTemplates(tx);
        const terms = templates.find((t) => t.documentType === 'TERMS');
        if (!terms || terms.version !== termsVersion)
          throw new AppError(
            'VERSION_MISMATCH',
            terms
              ? `The published TERMS version is ${terms.version}, not ${termsVersion}; re-read the agreements and accept again`
              : 'No TERMS version is published',
          );
        await generateInstances(tx, auth.tenantId, templates, now);
        const instances = await instancesOf(
          tx,
          auth.tenantId,
          templates.map((t) => t.id),
        );
        const accepted = [];
        for (const t of templates) {
          const inst = instances.get(t.id)!;
          await tx
            .update(agreementInstances)
            .set({ status: 'ACCEPTED', acceptedAt: now })
            .where(and(eq(agreementInstances.id, inst.id)));
          await tx.insert(agreementAcceptances).values({
            id: uuidv7(now.getTime()),
            tenantId: auth.tenantId,
            instanceId: inst.id,
            documentType: t.documentType,
            version: t.version,
            contentHash: inst.contentHash,
            ipAddress: evidence.ip,
            userAgent: evidence.userAgent?.slice(0, 500) ?? null,
            acceptedAt: now,
          });
          accepted.push({ documentType: t.documentType, version: t.version, contentHash: inst.contentHash });
        }
        return { acceptedAt: now.toISOString(), accepted };
      });
    },

    /** Operator: a new version of a template (it becomes the current one at once). */
    async publish(input: { documentType: string; version: string; content: string }) {
      if (!(AGREEMENT_TYPES as readonly string[]).includes(input.documentType))
        throw validationError('documentType', 'must be TERMS, PRIVACY or DPA');
      if (!VERSION_RE.test(input.version))
        throw validationError('version', 'must be 1 to 20 letters, digits, dots or dashes, e.g. 1.1');
      if (input.content.trim() === '' || input.content.length > MAX_AGREEMENT_CHARS)
        throw validationError('content', `must be 1 to ${MAX_AGREEMENT_CHARS} characters`);
      const row = await insertTemplate(
        db,
        { documentType: input.documentType as AgreementType, version: input.version, content: input.content },
        clock.now(),
      );
      if (!row)
        throw new AppError('CONFLICT', `${input.documentType} version ${input.version} is already published`);
      return toTemplateView(row);
    },

    templates: async () => (await listTemplates(db)).map(toTemplateView),
  };
}

export type AgreementsService = ReturnType<typeof createAgreementsService>;
