import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';
import { notFound } from '../../shared/errors.js';
import { listProofs, payments, readProof, subscriptions, toPaymentView } from '../billing/index.js';

/**
 * The operator's reading of payments: the review queue (REPORTED first, then newest) and one
 * payment with its proofs. Decisions on them are the billing module's review service.
 */
export function createPaymentsAdminService(deps: { db: Executor }) {
  const { db } = deps;
  const proofCount = sql<number>`(select count(*)::int from payment_proofs pp where pp.payment_id = ${payments.id})`;

  const columns = {
    p: payments,
    email: tenants.email,
    ruc: tenants.ruc,
    tenantStatus: tenants.status,
    subscriptionStatus: subscriptions.status,
    proofs: proofCount,
  };
  type Row = {
    p: typeof payments.$inferSelect;
    email: string;
    ruc: string;
    tenantStatus: string;
    subscriptionStatus: string;
    proofs: number;
  };
  const view = (r: Row) => ({
    ...toPaymentView(r.p),
    tenant_id: r.p.tenantId,
    tenant_email: r.email,
    tenant_ruc: r.ruc,
    tenant_status: r.tenantStatus,
    subscription_status: r.subscriptionStatus,
    plan_tier: r.p.planTier,
    plan_billing_interval: r.p.planBillingInterval,
    rejection_note: r.p.rejectionNote,
    invoice_document_id: r.p.invoiceDocumentId,
    proof_count: r.proofs,
  });

  const base = () =>
    db
      .select(columns)
      .from(payments)
      .innerJoin(tenants, eq(tenants.id, payments.tenantId))
      .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId));

  return {
    async list(query: { status?: string; tenantId?: string; limit?: number }) {
      const conds: SQL[] = [];
      if (query.status) conds.push(eq(payments.status, query.status as Row['p']['status']));
      if (query.tenantId) conds.push(eq(payments.tenantId, query.tenantId));
      const rows = await base()
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(
          sql`(${payments.status} = 'REPORTED') desc`,
          asc(sql`case when ${payments.status} = 'REPORTED' then ${payments.reportedAt} end`),
          desc(payments.createdAt),
        )
        .limit(query.limit ?? 50);
      return rows.map(view);
    },

    async get(id: string) {
      const [row] = await base().where(eq(payments.id, id));
      if (!row) throw notFound('Payment');
      return { payment: view(row), proofs: await listProofs(db, id) };
    },

    async proof(id: string, proofId: string) {
      const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, id));
      if (!row) throw notFound('Payment');
      return readProof(db, id, proofId);
    },
  };
}

export type PaymentsAdminService = ReturnType<typeof createPaymentsAdminService>;
