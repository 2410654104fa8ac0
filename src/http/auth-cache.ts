import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type Listener, startListener } from '../db/listener.js';
import type { AuthCache } from '../modules/keys/index.js';

/** What else forgets on auth_invalidation: the tenant view cache (src/modules/tenants/view-cache.ts). */
interface TenantViews {
  invalidate(payload: string): void;
  setLive(live: boolean): void;
  dropTenant(tenantId: string): void;
  clear(): void;
}

/** Writes under these prefixes never change a key, a tenant's status, tier, language or verification. */
const AUTH_NEUTRAL_PREFIXES = [
  '/v1/documents',
  '/v1/issuers',
  '/v1/exports',
  '/v1/webhooks',
  '/v1/notifications',
  '/v1/payments',
  '/v1/customers',
  '/v1/products',
];

/**
 * The API key cache's two ways of forgetting (docs/scaling.md, "Authenticated reads"):
 * - every process LISTENs on auth_invalidation over a dedicated connection (DATABASE_LISTEN_URL or
 *   DATABASE_URL), where triggers announce each committed change of a key or tenant
 *   (migrations/0725); nothing is cached until that connection is up, nor while it is down;
 * - this process's own writes forget at once, before their response leaves: the announcement
 *   reaches the listener a moment after the commit, and a client that revokes a key here and uses
 *   it here right after must already be refused. Such a response also waits until the channel has
 *   delivered the write's announcements (one more round trip), so when the client has the answer,
 *   every other process has been sent the announcement and forgets the key as it reads it
 *   (milliseconds). Writes that
 *   cannot change authentication (documents, issuers, customers, products, …) keep the cache and
 *   skip both.
 */
export function registerAuthCache(
  app: FastifyInstance,
  deps: {
    authCache: AuthCache;
    tenantViews: TenantViews;
    database: { sessionUrl: string; pool: pg.Pool };
    log: Logger;
  },
): void {
  const { authCache: cache, tenantViews: views } = deps;
  let listener: Listener | null = null;
  app.addHook('onReady', async () => {
    if (cache.ttlMs === 0) return;
    listener = await startListener({
      url: deps.database.sessionUrl,
      channel: 'auth_invalidation',
      onMessage: (payload) => {
        cache.invalidate(payload);
        views.invalidate(payload);
      },
      onState: (up) => {
        cache.setLive(up);
        views.setLive(up);
      },
      onError: (e) => deps.log.warn({ err: e }, 'auth cache listener lost its connection; caching paused'),
    });
  });
  app.addHook('onClose', async () => {
    await listener?.stop();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return done(null, payload);
    const url = request.url;
    // Any write may change the tenant view (a document counted, an agreement accepted, …): this
    // process forgets it before answering; other processes hear the commit's view:<tenant>.
    // Public and operator writes may touch any tenant: all views go, unless the write was refused
    // (so refused requests, e.g. made-up keys, cannot keep emptying the cache).
    if (request.auth && !url.startsWith('/admin/')) views.dropTenant(request.auth.tenantId);
    else if (reply.statusCode < 400) views.clear();
    if (reply.statusCode >= 400) return done(null, payload);
    if (AUTH_NEUTRAL_PREFIXES.some((p) => url.startsWith(p))) return done(null, payload);
    if (request.auth && !url.startsWith('/admin/')) cache.dropTenant(request.auth.tenantId);
    else cache.clear();
    authChannelDrained(cache, deps.database.pool).then(
      () => done(null, payload),
      (e: Error) => done(e),
    );
  });
}

/**
 * Announces a token on auth_invalidation and waits (at most `timeoutMs`, a second by default) until
 * this process hears it: notifications arrive in commit order, so every announcement of what was
 * committed before has then reached every listening server connection, other processes' included.
 * Tests call it after changing keys or tenants in SQL; one that must not go on before (a loaded
 * machine can outlast a second) gives a longer bound.
 */
export async function authChannelDrained(cache: AuthCache, pool: pg.Pool, timeoutMs = 1000): Promise<void> {
  if (!cache.enabled) return;
  const token = `sync:${randomUUID()}`;
  const wait = cache.heard(token, timeoutMs);
  try {
    await pool.query("select pg_notify('auth_invalidation', $1)", [token]);
    await wait.promise;
  } finally {
    wait.cancel();
  }
}
