import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/pool.js';
import { apiKeys, apiKeyUsageDaily, tenants, tiers } from '../../db/tables.js';
import { type AuthContext, type Environment, SCOPES, type Scope } from '../../shared/auth-context.js';
import { type Clock, ecuadorIsoDate } from '../../shared/clock.js';
import { AppError, notFound } from '../../shared/errors.js';
import { uuidv4 } from '../../shared/ids.js';
import type { AuthCache, CachedKey } from './auth-cache.js';
import { API_TOKEN_RE, hashApiToken, newApiToken } from './tokens.js';

/** What this service reads of its caller (never the HTTP request). */
type Caller = Pick<AuthContext, 'keyId' | 'scopes' | 'tenantId' | 'tier'>;

type ApiKeyRow = typeof apiKeys.$inferSelect;

interface ApiKeyView {
  id: string;
  label: string | null;
  environment: Environment;
  scopes: Scope[];
  active: boolean;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  requestCount: number;
}

function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    label: row.label,
    environment: row.environment,
    scopes: row.scopes as Scope[],
    active: row.revokedAt === null,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    requestCount: row.requestCount,
  };
}

/** Inserts a key and returns its plaintext token (the only time it exists). */
export async function insertApiKey(
  tx: Executor,
  input: {
    tenantId: string;
    environment: Environment;
    scopes: readonly Scope[];
    label?: string | null;
    internal?: boolean;
    isPrimary?: boolean;
    expiresAt?: Date | null;
    now: Date;
  },
): Promise<{ id: string; token: string }> {
  const { token, hash, prefix } = newApiToken(input.internal ? 'session' : input.environment);
  const id = uuidv4();
  await tx.insert(apiKeys).values({
    id,
    tenantId: input.tenantId,
    label: input.label ?? null,
    environment: input.environment,
    scopes: [...input.scopes],
    internal: input.internal ?? false,
    isPrimary: input.isPrimary ?? false,
    tokenHash: hash,
    tokenPrefix: prefix,
    expiresAt: input.expiresAt ?? null,
    createdAt: input.now,
    requestCount: 0,
  });
  return { id, token };
}

/** Revokes every live key of one environment of an account (account recovery). */
export async function revokeEnvironmentKeys(
  tx: Executor,
  tenantId: string,
  environment: Environment,
  now: Date,
): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(
      and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.environment, environment), isNull(apiKeys.revokedAt)),
    );
}

/** Revokes a web-app session key (sign-out); ordinary keys are left alone. */
export async function revokeSessionKey(db: Executor, keyId: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.internal, true), isNull(apiKeys.revokedAt)));
}

export const ALL_SCOPES: readonly Scope[] = SCOPES;

export function createKeysService(deps: {
  db: Executor;
  clock: Clock;
  cache?: AuthCache;
  /** pg's statement name for `name` (Database.statementName: '' through PgBouncer 1.18); default as is. */
  statementName?: (name: string) => string;
}) {
  const { db, clock, cache } = deps;

  async function limitFor(tx: Executor, tenantId: string, tier: string) {
    const [tierRow] = await tx.select({ max: tiers.maxApiKeys }).from(tiers).where(eq(tiers.code, tier));
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt), eq(apiKeys.internal, false)));
    // decisions.md: `used` counts active non-internal keys beyond the first.
    return { max: tierRow?.max ?? 0, used: Math.max(0, Number(n) - 1), active: Number(n) };
  }

  // Every authenticated request runs this query: built once (Drizzle spends ~0.3 ms building a
  // two-table select) and sent as a named prepared statement, with only the columns auth needs.
  const authQuery = db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      environment: apiKeys.environment,
      internal: apiKeys.internal,
      expiresAt: apiKeys.expiresAt,
      tenantId: tenants.id,
      tenantStatus: tenants.status,
      sandbox: tenants.sandbox,
      emailVerifiedAt: tenants.emailVerifiedAt,
      language: tenants.language,
      tier: tenants.subscriptionTier,
    })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(and(eq(apiKeys.tokenHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
    .prepare(deps.statementName?.('auth_key_by_hash') ?? 'auth_key_by_hash');

  /** The key of a token hash from the database, remembered in the cache (when there is one). */
  async function lookup(hash: string): Promise<CachedKey | null> {
    const version = cache?.version ?? 0;
    const [row] = await authQuery.execute({ hash });
    if (!row) return null;
    const found: CachedKey = {
      expiresAt: row.expiresAt,
      caller: {
        keyId: row.keyId,
        scopes: row.scopes as Scope[],
        environment: row.environment,
        internal: row.internal,
        tenantId: row.tenantId,
        tenantStatus: row.tenantStatus,
        sandbox: row.sandbox,
        emailVerified: row.emailVerifiedAt !== null,
        language: row.language,
        tier: row.tier,
        tenantEnvironment: row.sandbox ? 'sandbox' : 'production',
      },
    };
    cache?.set(hash, found, version);
    return found;
  }

  return {
    /** Bearer token -> caller, or null for an unknown, revoked or expired key. */
    async authenticate(token: string): Promise<Omit<AuthContext, 'issuerId'> | null> {
      if (!API_TOKEN_RE.test(token)) return null;
      const hash = hashApiToken(token);
      const found = cache?.get(hash) ?? (await lookup(hash));
      if (!found) return null;
      if (found.expiresAt && found.expiresAt.getTime() <= clock.now().getTime()) return null;
      return found.caller;
    },

    async list(auth: Caller) {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(
          and(eq(apiKeys.tenantId, auth.tenantId), isNull(apiKeys.revokedAt), eq(apiKeys.internal, false)),
        )
        .orderBy(asc(apiKeys.createdAt));
      const { active: _active, ...limit } = await limitFor(db, auth.tenantId, auth.tier);
      return { keys: rows.map(toApiKeyView), limit };
    },

    /** POST /v1/keys, checks in the order decisions.md §4 fixes. */
    async mint(auth: Caller, input: { label?: string | null; environment?: Environment; scopes?: Scope[] }) {
      const environment = input.environment ?? 'sandbox';
      const scopes = input.scopes ? [...new Set(input.scopes)] : [...auth.scopes];
      return withTransaction(db, async (tx) => {
        // Lock the tenant so that concurrent mints cannot both pass the plan maximum.
        const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, auth.tenantId)).for('update');
        if (!tenant) throw new AppError('UNAUTHORIZED', 'Unknown account');
        if (!tenant.emailVerifiedAt) {
          throw new AppError(
            'EMAIL_VERIFICATION_REQUIRED',
            'Verify your email address before creating API keys',
          );
        }
        if (environment === 'production' && !tenant.promotedAt) {
          throw new AppError(
            'PRODUCTION_KEY_REQUIRES_PROMOTION',
            'Production keys exist only after the account goes to production',
          );
        }
        const escalated = scopes.filter((s) => !auth.scopes.includes(s));
        if (escalated.length) {
          throw new AppError(
            'SCOPE_ESCALATION_FORBIDDEN',
            `This key cannot grant scopes it does not hold: ${escalated.join(', ')}`,
          );
        }
        const { active, ...limit } = await limitFor(tx, tenant.id, tenant.subscriptionTier);
        // The first key is every plan's: an account whose keys are all revoked may mint one again
        // (the web app shows no key at sign-up; docs/webapp.md "Claves").
        if (active > limit.max) {
          throw new AppError(
            'API_KEY_LIMIT_REACHED',
            `The ${tenant.subscriptionTier} plan allows ${limit.max} additional active API keys`,
            {
              extra: { limit },
            },
          );
        }
        const { id, token } = await insertApiKey(tx, {
          tenantId: tenant.id,
          environment,
          scopes,
          label: input.label ?? null,
          now: clock.now(),
        });
        return { id, apiKey: token, scopes, environment, label: input.label ?? null };
      });
    },

    async revoke(auth: Caller, keyId: string) {
      if (keyId === auth.keyId)
        throw new AppError('BAD_REQUEST', 'A key cannot revoke itself; use another key');
      const updated = await db
        .update(apiKeys)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(apiKeys.id, keyId),
            eq(apiKeys.tenantId, auth.tenantId),
            isNull(apiKeys.revokedAt),
            eq(apiKeys.internal, false),
          ),
        )
        .returning({ id: apiKeys.id });
      if (updated.length === 0) throw notFound('API key');
    },

    /** Exactly `days` entries, oldest first, today (Ecuador) last, idle days 0. */
    async usage(auth: Caller, keyId: string, days: number) {
      const [key] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.tenantId, auth.tenantId), eq(apiKeys.internal, false)));
      if (!key) throw notFound('API key');
      const today = ecuadorIsoDate(clock.now());
      const first = isoDayAdd(today, -(days - 1));
      const rows = await db
        .select({ day: apiKeyUsageDaily.day, n: apiKeyUsageDaily.requestCount })
        .from(apiKeyUsageDaily)
        .where(
          and(
            eq(apiKeyUsageDaily.keyId, keyId),
            gte(apiKeyUsageDaily.day, first),
            sql`${apiKeyUsageDaily.day} <= ${today}`,
          ),
        );
      const byDay = new Map(rows.map((r) => [r.day, Number(r.n)]));
      const usage: { date: string; requestCount: number }[] = [];
      for (let i = 0; i < days; i++) {
        const date = isoDayAdd(first, i);
        usage.push({ date, requestCount: byDay.get(date) ?? 0 });
      }
      return usage;
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;

function isoDayAdd(isoDay: string, delta: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}
