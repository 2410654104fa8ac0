import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import { recordTenantEvent } from '../tenant-events/index.js';
import { liftSuspension, suspendTenant } from '../tenants/index.js';

export const SUSPENSION_REASONS = [
  'PAYMENT_REVERSED',
  'FRAUD_SUSPECTED',
  'TERMS_VIOLATION',
  'VOLUNTARY_CLOSURE',
  'UNPAID_BALANCE',
  'OTHER',
] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];
export const TENANT_STATUSES = ['PENDING_VERIFICATION', 'ACTIVE', 'SUSPENDED', 'PAST_DUE'] as const;

type TenantRow = typeof tenants.$inferSelect;

/**
 * The business name is the one of the tenant's oldest issuer (the one registered with it).
 * Qualified by hand: inside a select list Drizzle prints a column without its table.
 */
const businessName = sql<
  string | null
>`(select i.business_name from issuers i where i.tenant_id = "tenants"."id" order by i.created_at limit 1)`;

function toOperatorTenant(t: TenantRow & { businessName: string | null }) {
  return {
    id: t.id,
    email: t.email,
    ruc: t.ruc,
    businessName: t.businessName,
    status: t.status,
    suspensionReasonCode: t.status === 'SUSPENDED' ? t.suspensionReasonCode : null,
    subscriptionTier: t.subscriptionTier,
    sandbox: t.sandbox,
    emailVerified: t.emailVerifiedAt !== null,
    promotedAt: t.promotedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
  };
}

/** The operator's view of accounts: search, suspend with a reason code, reinstate. */
export function createTenantsAdminService(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  async function get(exec: Executor, id: string) {
    const [row] = await exec.select({ t: tenants, businessName }).from(tenants).where(eq(tenants.id, id));
    if (!row) throw notFound('Tenant');
    return toOperatorTenant({ ...row.t, businessName: row.businessName });
  }

  return {
    get: (id: string) => get(db, id),

    /** `q` matches email or business name (contains) or RUC (prefix), case-insensitively. */
    async list(query: { q?: string; status?: string; limit?: number }) {
      const conds: SQL[] = [];
      if (query.q) {
        const q = query.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
        conds.push(
          or(
            ilike(tenants.email, `%${q}%`),
            ilike(tenants.ruc, `${q}%`),
            sql`${businessName} ilike ${`%${q}%`}`,
          )!,
        );
      }
      if (query.status) conds.push(eq(tenants.status, query.status as TenantRow['status']));
      const rows = await db
        .select({ t: tenants, businessName })
        .from(tenants)
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(tenants.createdAt), asc(tenants.id))
        .limit(query.limit ?? 50);
      return rows.map((r) => toOperatorTenant({ ...r.t, businessName: r.businessName }));
    },

    async suspend(id: string, reasonCode: SuspensionReason, note: string | null) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const [t] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update');
        if (!t) throw notFound('Tenant');
        if (t.status === 'SUSPENDED')
          throw new AppError('CONFLICT', `The account is already suspended (${t.suspensionReasonCode})`);
        await suspendTenant(tx, t, reasonCode);
        await recordTenantEvent(
          tx,
          id,
          'STATUS_CHANGED',
          { from: t.status, to: 'SUSPENDED', reasonCode, note },
          now,
        );
        return get(tx, id);
      });
    },

    /** Lifts a suspension: the status before it comes back. */
    async reinstate(id: string, note: string | null) {
      const now = clock.now();
      return withTransaction(db, async (tx) => {
        const [t] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update');
        if (!t) throw notFound('Tenant');
        if (t.status !== 'SUSPENDED')
          throw new AppError('CONFLICT', `The account is not suspended (${t.status})`);
        const to = await liftSuspension(tx, t);
        await recordTenantEvent(
          tx,
          id,
          'STATUS_CHANGED',
          { from: 'SUSPENDED', to, previousReasonCode: t.suspensionReasonCode, note },
          now,
        );
        return get(tx, id);
      });
    },
  };
}

export type TenantsAdminService = ReturnType<typeof createTenantsAdminService>;
