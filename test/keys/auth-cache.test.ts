import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authChannelDrained } from '../../src/http/auth-cache.js';
import { hashApiToken } from '../../src/modules/keys/tokens.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createTestDatabase } from '../helpers/database.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Two API processes on one database (two whole apps, each with its own pool and its own LISTEN
 * connection): a key read by one is remembered there, and a change committed by the other (or by
 * anyone, in SQL) reaches it through auth_invalidation before the next request.
 */
let a: TestContext;
let b: TestContext;
let tenant: RegisteredTenant;

beforeAll(async () => {
  const database = await createTestDatabase();
  a = await createTestContext({ database });
  b = await createTestContext({ database: { url: database.url, drop: async () => {} } });
  tenant = await verifiedTenant(a);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = (ctx: TestContext, key: string) =>
  ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(key) });

/** As long as a loaded machine needs for b to hear a marker (the service's own wait is a second). */
const DRAIN_MS = 30_000;

describe('the API key cache across processes', () => {
  it('remembers a key it read: a change nobody announces is not seen until the entry expires', async () => {
    const key = await fixtureKey(a, tenant, ['documents:read']);
    expect((await me(b, key)).statusCode).toBe(200);
    expect(b.deps.authCache.get(hashApiToken(key))?.caller.tenantId).toBe(tenant.tenantId);
    // Revoked behind the triggers' back: the cache answers, which is what the triggers are for.
    await b.query('alter table api_keys disable trigger api_keys_auth_invalidation');
    try {
      await b.query('update api_keys set revoked_at = now() where token_hash = $1', [hashApiToken(key)]);
      expect((await me(b, key)).statusCode).toBe(200);
    } finally {
      await b.query('alter table api_keys enable trigger api_keys_auth_invalidation');
    }
    b.deps.authCache.clear();
    expect((await me(b, key)).statusCode).toBe(401);
  });

  it('a key revoked through one process is refused by the other as soon as the announcement lands', async () => {
    const key = await fixtureKey(a, tenant, ['documents:read']);
    expect((await me(b, key)).statusCode).toBe(200);
    expect(b.deps.authCache.get(hashApiToken(key))).toBeDefined();
    const [row] = await a.query<{ id: string }>('select id from api_keys where token_hash = $1', [
      hashApiToken(key),
    ]);
    const revoked = await a.app.inject({
      method: 'DELETE',
      url: `/v1/keys/${row!.id}`,
      headers: bearer(tenant.apiKey),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    // The revoking response left after the server sent the announcement to every listener; the other
    // process reads it from its socket within milliseconds (a read in that gap may still pass).
    await waitFor('the entry dropped', () => b.deps.authCache.get(hashApiToken(key)) === undefined);
    const refused = await me(b, key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('UNAUTHORIZED');
    // The revoking process forgot it too, before its own response left.
    expect((await me(a, key)).statusCode).toBe(401);
  });

  it('a scope change and a suspension made in SQL reach the other process', async () => {
    const key = await fixtureKey(a, tenant, ['documents:read', 'keys:manage']);
    expect((await b.app.inject({ method: 'GET', url: '/v1/keys', headers: bearer(key) })).statusCode).toBe(
      200,
    );
    await a.query(`update api_keys set scopes = '{documents:read}' where token_hash = $1`, [
      hashApiToken(key),
    ]);
    await waitFor('the entry dropped', () => b.deps.authCache.get(hashApiToken(key)) === undefined);
    const narrowed = await b.app.inject({ method: 'GET', url: '/v1/keys', headers: bearer(key) });
    expect(narrowed.statusCode).toBe(403);
    expect(narrowed.json().code).toBe('INSUFFICIENT_SCOPE');

    expect((await me(b, key)).statusCode).toBe(200);
    expect(b.deps.authCache.get(hashApiToken(key))?.caller.tenantStatus).toBe('ACTIVE');
    await a.query(`update tenants set status = 'SUSPENDED', suspension_reason_code = 'OTHER' where id = $1`, [
      tenant.tenantId,
    ]);
    await waitFor('the entry dropped', () => b.deps.authCache.get(hashApiToken(key)) === undefined);
    const view = await me(b, key);
    expect(view.json().tenant.status).toBe('SUSPENDED');
    await a.query(`update tenants set status = 'ACTIVE', suspension_reason_code = null where id = $1`, [
      tenant.tenantId,
    ]);
  });

  it('usage counters written every second do not empty the cache', async () => {
    const key = await fixtureKey(a, tenant, ['documents:read']);
    // The previous test's last announcement (the tenant active again) reaches b before the entry
    // is cached: heard later, it would empty it for a reason of its own.
    await authChannelDrained(b.deps.authCache, b.deps.database.pool, DRAIN_MS);
    expect((await me(b, key)).statusCode).toBe(200);
    expect(b.deps.authCache.get(hashApiToken(key))).toBeDefined();
    await b.deps.usage.flush();
    // Every announcement committed so far has reached b: none emptied the entry.
    await authChannelDrained(b.deps.authCache, b.deps.database.pool, DRAIN_MS);
    expect(b.deps.authCache.get(hashApiToken(key))).toBeDefined();
  });

  it('caches nothing while its listening connection is down', async () => {
    const key = await fixtureKey(a, tenant, ['documents:read']);
    b.deps.authCache.setLive(false);
    try {
      expect((await me(b, key)).statusCode).toBe(200);
      expect(b.deps.authCache.get(hashApiToken(key))).toBeUndefined();
    } finally {
      b.deps.authCache.setLive(true);
    }
    // Its listener reconnects after losing the server connection, and caching resumes.
    await a.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen "auth_invalidation"' and pid <> pg_backend_pid()`,
    );
    await waitFor('the cache off with its listener', () => !b.deps.authCache.enabled);
    await waitFor('the listener back', () => b.deps.authCache.enabled);
    expect((await me(b, key)).statusCode).toBe(200);
    expect(b.deps.authCache.get(hashApiToken(key))).toBeDefined();
  });
});
