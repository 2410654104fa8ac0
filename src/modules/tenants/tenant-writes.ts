import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';

type TenantRow = typeof tenants.$inferSelect;

/**
 * The changes other modules make to an account (billing: tier, past due, promotion; admin:
 * suspension). The tenants module is the only writer of the `tenants` table; these run in the
 * caller's transaction.
 */

/** Tenant tier and status follow the subscription; PAST_DUE recovers when a plan is paid again. */
export async function setTenantTier(
  tx: Executor,
  tenant: TenantRow,
  tier: string,
  opts: { status?: 'ACTIVE' | 'PAST_DUE' } = {},
): Promise<void> {
  const set: Partial<TenantRow> = { subscriptionTier: tier };
  if (opts.status === 'ACTIVE') {
    if (tenant.status === 'PAST_DUE') set.status = 'ACTIVE';
    if (tenant.status === 'SUSPENDED' && tenant.statusBeforeSuspension === 'PAST_DUE')
      set.statusBeforeSuspension = 'ACTIVE';
  } else if (opts.status === 'PAST_DUE') {
    // A suspended tenant stays suspended; the suspension lifts into PAST_DUE.
    if (tenant.status === 'SUSPENDED') set.statusBeforeSuspension = 'PAST_DUE';
    else if (tenant.status === 'ACTIVE') set.status = 'PAST_DUE';
  }
  await tx.update(tenants).set(set).where(eq(tenants.id, tenant.id));
}

/** Promotion to production: the account leaves the sandbox for good. */
export async function markPromoted(tx: Executor, tenantId: string, now: Date): Promise<void> {
  await tx.update(tenants).set({ sandbox: false, promotedAt: now }).where(eq(tenants.id, tenantId));
}

/** Suspends an account, remembering the status to return to. */
export async function suspendTenant(tx: Executor, tenant: TenantRow, reasonCode: string): Promise<void> {
  await tx
    .update(tenants)
    .set({ status: 'SUSPENDED', statusBeforeSuspension: tenant.status, suspensionReasonCode: reasonCode })
    .where(eq(tenants.id, tenant.id));
}

/**
 * Lifts a suspension: back to the status before it (or, for rows without one, ACTIVE when the email
 * is verified, else PENDING_VERIFICATION). Returns the new status.
 */
export async function liftSuspension(tx: Executor, tenant: TenantRow): Promise<TenantRow['status']> {
  const to = (tenant.statusBeforeSuspension ??
    (tenant.emailVerifiedAt ? 'ACTIVE' : 'PENDING_VERIFICATION')) as TenantRow['status'];
  await tx
    .update(tenants)
    .set({ status: to, statusBeforeSuspension: null, suspensionReasonCode: null })
    .where(eq(tenants.id, tenant.id));
  return to;
}
