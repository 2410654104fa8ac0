import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import type { IssuerRow } from './issuer-store.js';

export type NewIssuerRow = typeof issuers.$inferInsert;
export type IssuerChanges = Partial<
  Pick<
    IssuerRow,
    | 'documentTypes'
    | 'canIssue'
    | 'logo'
    | 'logoMime'
    | 'certP12'
    | 'certPassword'
    | 'certFingerprint'
    | 'certExpiry'
    | 'certSerial'
    | 'certIssuerName'
    | 'certSubject'
  >
>;

/** Any issuer by id, whatever its tenant or state (ownership is decided by the caller). */
export async function findIssuer(db: Executor, id: string): Promise<IssuerRow | undefined> {
  const [row] = await db.select().from(issuers).where(eq(issuers.id, id));
  return row;
}

export async function listActiveIssuers(db: Executor, tenantId: string): Promise<IssuerRow[]> {
  return db
    .select()
    .from(issuers)
    .where(and(eq(issuers.tenantId, tenantId), eq(issuers.active, true)))
    .orderBy(asc(issuers.createdAt), asc(issuers.id));
}

/** The account's first issuer still active: where a new branch takes the taxpayer's data from. */
export async function oldestActiveIssuer(db: Executor, tenantId: string): Promise<IssuerRow | undefined> {
  const [row] = await db
    .select()
    .from(issuers)
    .where(and(eq(issuers.tenantId, tenantId), eq(issuers.active, true)))
    .orderBy(asc(issuers.createdAt), asc(issuers.id))
    .limit(1);
  return row;
}

export async function isPointTaken(
  db: Executor,
  tenantId: string,
  branchCode: string,
  issuePointCode: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: issuers.id })
    .from(issuers)
    .where(
      and(
        eq(issuers.tenantId, tenantId),
        eq(issuers.branchCode, branchCode),
        eq(issuers.issuePointCode, issuePointCode),
        eq(issuers.active, true),
      ),
    );
  return row !== undefined;
}

/**
 * Inserts an issuer; null when another active issuer took its branch and issue point meanwhile
 * (the partial unique index issuers_active_point_idx). Drizzle wraps the driver's error, so the
 * SQLSTATE is on `cause`.
 */
export async function insertIssuer(tx: Executor, values: NewIssuerRow): Promise<IssuerRow | null> {
  try {
    const [row] = await tx.insert(issuers).values(values).returning();
    return row!;
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code;
    if (code === '23505') return null;
    throw e;
  }
}

/** Changes an active issuer of the tenant; undefined when it is not (any longer) active. */
export async function updateActiveIssuer(
  db: Executor,
  tenantId: string,
  id: string,
  changes: IssuerChanges,
): Promise<IssuerRow | undefined> {
  const [row] = await db
    .update(issuers)
    .set(changes)
    .where(and(eq(issuers.id, id), eq(issuers.tenantId, tenantId), eq(issuers.active, true)))
    .returning();
  return row;
}

/**
 * Locks every active issuer of the tenant, in id order so two deletions cannot deadlock. FOR UPDATE
 * also waits for transactions that are inserting documents or counters for these issuers (their
 * foreign keys hold a KEY SHARE lock on the issuer row), so what follows sees their rows.
 */
export async function lockActiveIssuers(tx: Executor, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: issuers.id })
    .from(issuers)
    .where(and(eq(issuers.tenantId, tenantId), eq(issuers.active, true)))
    .orderBy(asc(issuers.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Whether the issuer has any document, in either environment. */
export async function hasDocuments(db: Executor, issuerId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from documents where issuer_id = ${issuerId} limit 1`);
  return result.rows.length > 0;
}

export async function softDeleteIssuer(tx: Executor, id: string, at: Date): Promise<void> {
  await tx.update(issuers).set({ active: false, deletedAt: at }).where(eq(issuers.id, id));
}
