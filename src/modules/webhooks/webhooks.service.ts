import { and, asc, count, eq } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { tenants, tiers } from '../../db/tables.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import type { SecretBox } from '../../shared/secrets.js';
import { validateEndpointUrl } from './endpoint-url.js';
import type { WebhookEventType } from './event-types.js';
import { newEndpointSecret, sealEndpointSecret } from './secret.js';
import { webhookEndpoints } from './webhooks.tables.js';
import { toEndpointView } from './webhooks.views.js';

/** What this service reads of its caller (never the HTTP request). */
type Caller = Pick<AuthContext, 'tenantId' | 'tier'>;

export interface EndpointPatch {
  url?: string;
  eventTypes?: WebhookEventType[];
  active?: boolean;
}

const normalizeTypes = (types: readonly string[] | undefined) => [...new Set(types ?? [])].sort();
const sameTypes = (a: readonly string[], b: readonly string[]) =>
  normalizeTypes(a).join(',') === normalizeTypes(b).join(',');

/** A tenant's endpoint that the API may show: never another tenant's, never the web app's internal one. */
export async function findOwnedEndpoint(exec: Executor, tenantId: string, id: string, lock = false) {
  const query = exec
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.tenantId, tenantId),
        eq(webhookEndpoints.internal, false),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/** Endpoint registration and management (docs/spec-map.md: Webhooks; decisions.md §4). */
export function createWebhookEndpointsService(deps: { db: Executor; clock: Clock; secrets: SecretBox }) {
  const { db, clock, secrets } = deps;

  async function limitFor(exec: Executor, tenantId: string, tier: string) {
    const [tierRow] = await exec
      .select({ max: tiers.maxWebhookEndpoints })
      .from(tiers)
      .where(eq(tiers.code, tier));
    const [{ n } = { n: 0 }] = await exec
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.tenantId, tenantId),
          eq(webhookEndpoints.active, true),
          eq(webhookEndpoints.internal, false),
        ),
      );
    return { max: tierRow?.max ?? 0, used: Number(n) };
  }

  /** Locks the tenant row: concurrent registrations and re-activations cannot both pass the plan maximum. */
  async function lockTenant(tx: Executor, tenantId: string) {
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
    if (!tenant) throw new AppError('UNAUTHORIZED', 'Unknown account');
    return tenant;
  }

  function requireVerified(tenant: { emailVerifiedAt: Date | null }, action: string) {
    if (!tenant.emailVerifiedAt)
      throw new AppError('EMAIL_VERIFICATION_REQUIRED', `Verify your email address before you ${action}`);
  }

  async function requireRoom(tx: Executor, tenant: { id: string; subscriptionTier: string }) {
    const limit = await limitFor(tx, tenant.id, tenant.subscriptionTier);
    if (limit.used >= limit.max) {
      throw new AppError(
        'WEBHOOK_ENDPOINT_LIMIT_REACHED',
        `The ${tenant.subscriptionTier} plan allows ${limit.max} active webhook endpoint(s)`,
        { extra: { limit } },
      );
    }
  }

  return {
    async create(auth: Caller, input: { url: string; eventTypes?: WebhookEventType[] }) {
      const url = validateEndpointUrl(input.url);
      return withTransaction(db, async (tx) => {
        const tenant = await lockTenant(tx, auth.tenantId);
        requireVerified(tenant, 'register a webhook endpoint');
        await requireRoom(tx, tenant);
        const now = clock.now();
        const id = uuidv7(now.getTime());
        const secret = newEndpointSecret();
        const [row] = await tx
          .insert(webhookEndpoints)
          .values({
            id,
            tenantId: tenant.id,
            url,
            eventTypes: normalizeTypes(input.eventTypes),
            secretSealed: sealEndpointSecret(secrets, id, secret),
            active: true,
            internal: false,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return { endpoint: toEndpointView(row!), secret };
      });
    },

    async list(auth: Caller) {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.tenantId, auth.tenantId),
            eq(webhookEndpoints.active, true),
            eq(webhookEndpoints.internal, false),
          ),
        )
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
      return { endpoints: rows.map(toEndpointView), limit: await limitFor(db, auth.tenantId, auth.tier) };
    },

    async get(auth: Caller, id: string) {
      return toEndpointView(await findOwnedEndpoint(db, auth.tenantId, id));
    },

    /**
     * Retargeting (a changed url or eventTypes) and re-activating need a verified email, and
     * re-activating counts against the plan; deactivating needs neither.
     */
    async update(auth: Caller, id: string, patch: EndpointPatch) {
      const url = patch.url === undefined ? undefined : validateEndpointUrl(patch.url);
      return withTransaction(db, async (tx) => {
        const tenant = await lockTenant(tx, auth.tenantId);
        const row = await findOwnedEndpoint(tx, auth.tenantId, id, true);
        const urlChanged = url !== undefined && url !== row.url;
        const typesChanged = patch.eventTypes !== undefined && !sameTypes(patch.eventTypes, row.eventTypes);
        const reactivating = patch.active === true && !row.active;
        const deactivating = patch.active === false && row.active;
        if (urlChanged || typesChanged) requireVerified(tenant, 'change a webhook endpoint');
        if (reactivating) {
          requireVerified(tenant, 're-activate a webhook endpoint');
          await requireRoom(tx, tenant);
        }
        if (!urlChanged && !typesChanged && !reactivating && !deactivating) return toEndpointView(row);
        const now = clock.now();
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({
            ...(urlChanged ? { url } : {}),
            ...(typesChanged ? { eventTypes: normalizeTypes(patch.eventTypes) } : {}),
            ...(reactivating ? { active: true, deactivatedAt: null } : {}),
            ...(deactivating ? { active: false, deactivatedAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(webhookEndpoints.id, row.id))
          .returning();
        return toEndpointView(updated!);
      });
    },

    /** Soft delete: the endpoint stops receiving (pending retries stop too); its deliveries are kept. */
    async remove(auth: Caller, id: string) {
      const row = await findOwnedEndpoint(db, auth.tenantId, id);
      if (!row.active) return;
      const now = clock.now();
      await db
        .update(webhookEndpoints)
        .set({ active: false, deactivatedAt: now, updatedAt: now })
        .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.active, true)));
    },
  };
}

export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;
