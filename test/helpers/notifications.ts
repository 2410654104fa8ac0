import { type Executor, withTransaction } from '../../src/db/pool.js';
import type { AuthorizedDocument, NotifyInput } from '../../src/modules/notifications/index.js';
import { uuidv4 } from '../../src/shared/ids.js';
import type { TestContext } from './context.js';

/** Runs producer calls in one transaction, as the calling module would. */
export function inTransaction<T>(ctx: TestContext, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return withTransaction(ctx.deps.db, fn);
}

/** `notify` in its own transaction at the clock's time. */
export function notifyNow(ctx: TestContext, input: NotifyInput) {
  return inTransaction(ctx, (tx) => ctx.deps.notifications.notify(tx, input, ctx.clock.now()));
}

/** An authorized document's facts, numbered. */
export function authorizedDocument(
  n: number,
  overrides: Partial<AuthorizedDocument> = {},
): AuthorizedDocument {
  const sequential = String(n).padStart(9, '0');
  // date, type 01, RUC, sandbox, series 001-001, sequential, numeric code, emission type, check digit
  const accessKey = `211120260117900116740011001001${sequential}1234567817`;
  return {
    accessKey,
    sequential,
    buyerName: `Cliente ${n}`,
    buyerId: '1710034065',
    total: `${n}.50`,
    issueDate: '21/11/2026',
    authorizationNumber: accessKey,
    ...overrides,
  };
}

/** Another issue point of the tenant (a fixture row copied from its first issuer). */
export async function addIssuer(ctx: TestContext, issuerId: string, issuePointCode: string): Promise<string> {
  const id = uuidv4();
  await ctx.query(
    `insert into issuers (id, tenant_id, ruc, business_name, branch_code, issue_point_code, cert_expiry, document_types)
     select $1, tenant_id, ruc, business_name, branch_code, $3, cert_expiry, document_types from issuers where id = $2`,
    [id, issuerId, issuePointCode],
  );
  return id;
}

export async function setTenantStatus(ctx: TestContext, tenantId: string, status: string): Promise<void> {
  await ctx.query('update tenants set status = $1 where id = $2', [status, tenantId]);
}

export async function setTier(ctx: TestContext, tenantId: string, tier: string): Promise<void> {
  await ctx.query('update tenants set subscription_tier = $1 where id = $2', [tier, tenantId]);
}
