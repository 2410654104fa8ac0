import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { issuers, tenants } from '../../db/tables.js';
import type { Environment } from '../../shared/scope.js';
import type { TenantIdentity } from './purchase-checks.js';
import { type NewPurchase, type PurchaseRow, purchases } from './purchases.tables.js';

export interface PurchaseScope {
  tenantId: string;
  environment: Environment;
}

/** The tenant's RUC and each issuer's (with the issuer, so a purchase names whom it was for). */
export async function tenantIdentities(exec: Executor, tenantId: string): Promise<TenantIdentity[]> {
  const [tenant] = await exec.select({ ruc: tenants.ruc }).from(tenants).where(eq(tenants.id, tenantId));
  const own = await exec
    .select({ ruc: issuers.ruc, issuerId: issuers.id })
    .from(issuers)
    .where(eq(issuers.tenantId, tenantId))
    .orderBy(issuers.createdAt);
  return [...own, ...(tenant ? [{ ruc: tenant.ruc, issuerId: null }] : [])];
}

export async function findPurchaseByKey(
  exec: Executor,
  scope: PurchaseScope,
  accessKey: string,
): Promise<PurchaseRow | null> {
  const [row] = await exec
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.tenantId, scope.tenantId),
        eq(purchases.environment, scope.environment),
        eq(purchases.accessKey, accessKey),
      ),
    );
  return row ?? null;
}

export async function findPurchase(
  exec: Executor,
  scope: PurchaseScope,
  id: string,
): Promise<PurchaseRow | null> {
  const [row] = await exec
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.tenantId, scope.tenantId),
        eq(purchases.environment, scope.environment),
        eq(purchases.id, id),
      ),
    );
  return row ?? null;
}

/** Inserts unless the key is there already; returns the row and whether this call made it. */
export async function insertPurchase(
  tx: Executor,
  row: NewPurchase,
): Promise<{ row: PurchaseRow; created: boolean }> {
  const [inserted] = await tx.insert(purchases).values(row).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const existing = await findPurchaseByKey(tx, row, row.accessKey);
  return { row: existing!, created: false };
}

/** A follow-up answer of ConsultaComprobante; `voided` marks the first ANULADO. */
export async function recordStatus(
  tx: Executor,
  id: string,
  status: string,
  now: Date,
): Promise<PurchaseRow | null> {
  const [row] = await tx
    .update(purchases)
    .set({
      sriStatus: status,
      sriCheckedAt: now,
      updatedAt: now,
      voidedAt: sql`case when ${status} = 'ANULADO' then coalesce(${purchases.voidedAt}, ${now.toISOString()}::timestamptz) else ${purchases.voidedAt} end`,
    })
    .where(eq(purchases.id, id))
    .returning();
  return row ?? null;
}
