import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { OPEN_PAYMENT_STATUSES } from './billing.constants.js';
import { type PaymentRow, payments, type SubscriptionRow, subscriptions } from './billing.tables.js';
import { toSubscriptionView } from './billing.views.js';

/** SQL of the billing module. Every function that serves a tenant takes its id. */
export type TenantRow = typeof tenants.$inferSelect;

export async function lockTenant(tx: Executor, tenantId: string): Promise<TenantRow> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  if (!row) throw notFound('Tenant');
  return row;
}

/** The tenant's subscription in flight (PENDING_PAYMENT or ACTIVE), locked when `lock`. */
export async function openSubscription(
  exec: Executor,
  tenantId: string,
  opts: { lock?: boolean; status?: 'ACTIVE' } = {},
): Promise<SubscriptionRow | null> {
  const statuses = opts.status ? [opts.status] : ['PENDING_PAYMENT' as const, 'ACTIVE' as const];
  const q = exec
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), inArray(subscriptions.status, statuses)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function lockSubscription(tx: Executor, id: string): Promise<SubscriptionRow> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  if (!row) throw notFound('Subscription');
  return row;
}

export async function updateSubscription(
  tx: Executor,
  id: string,
  set: Partial<SubscriptionRow>,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(set).where(eq(subscriptions.id, id)).returning();
  return row!;
}

export async function insertSubscription(
  tx: Executor,
  values: Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt'>,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .insert(subscriptions)
    .values({ id: uuidv7(now.getTime()), createdAt: now, ...values })
    .returning();
  return row!;
}

/** What the caller decides about a new payment; status PENDING, method and times are filled in. */
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'status' | 'method' | 'createdAt'>;

export async function insertPayment(tx: Executor, values: NewPayment, now: Date): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      id: uuidv7(now.getTime()),
      status: 'PENDING',
      method: 'SPI_TRANSFER',
      createdAt: now,
      ...values,
    })
    .returning();
  return row!;
}

export async function updatePayment(tx: Executor, id: string, set: Partial<PaymentRow>): Promise<PaymentRow> {
  const [row] = await tx.update(payments).set(set).where(eq(payments.id, id)).returning();
  return row!;
}

/** A payment by id, of this tenant when `tenantId` is given (another tenant's id is 404). */
export async function findPayment(
  exec: Executor,
  id: string,
  opts: { tenantId?: string; lock?: boolean } = {},
): Promise<PaymentRow> {
  const where = opts.tenantId
    ? and(eq(payments.id, id), eq(payments.tenantId, opts.tenantId))
    : eq(payments.id, id);
  const q = exec.select().from(payments).where(where);
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw notFound('Payment');
  return row;
}

async function paymentsOf(exec: Executor, subscriptionIds: string[]): Promise<PaymentRow[]> {
  if (subscriptionIds.length === 0) return [];
  return exec
    .select()
    .from(payments)
    .where(inArray(payments.subscriptionId, subscriptionIds))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** Payments of a subscription that are not settled (PENDING, REPORTED, REJECTED), oldest first. */
export async function unsettledPayments(exec: Executor, subscriptionId: string): Promise<PaymentRow[]> {
  return exec
    .select()
    .from(payments)
    .where(
      and(eq(payments.subscriptionId, subscriptionId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])),
    )
    .orderBy(asc(payments.createdAt));
}

export async function subscriptionView(exec: Executor, sub: SubscriptionRow) {
  return toSubscriptionView(sub, await paymentsOf(exec, [sub.id]));
}

export async function listSubscriptions(exec: Executor, tenantId: string) {
  const subs = await exec
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.tenantId, tenantId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const pays = await paymentsOf(
    exec,
    subs.map((s) => s.id),
  );
  return subs.map((s) => toSubscriptionView(s, pays));
}
