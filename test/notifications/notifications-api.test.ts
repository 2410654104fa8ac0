import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/shared/ids.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { addIssuer, notifyNow, setTenantStatus } from '../helpers/notifications.js';
import {
  bearer,
  fixtureKey,
  type RegisteredTenant,
  registerTenant,
  verifiedTenant,
} from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const list = (key: string, query = '', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/v1/notifications${query}`,
    headers: { ...bearer(key), ...headers },
  });
const read = (key: string, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/v1/notifications/${id}/read`, headers: bearer(key) });

function quota(t: RegisteredTenant, extra: Partial<Parameters<typeof notifyNow>[1]> = {}) {
  return notifyNow(ctx, {
    tenantId: t.tenantId,
    type: 'QUOTA_WARNING',
    severity: 'WARNING',
    title: { es: 'Cupo al 80%', en: 'Quota at 80%' },
    message: 'm',
    metadata: { used: 24, quota: 30, percent: 80, periodKey: '2026-11' },
    ...extra,
  });
}

describe('GET /v1/notifications', () => {
  it('answers an empty list for a new account', async () => {
    const t = await registerTenant(ctx);
    const res = await list(t.apiKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, notifications: [], unreadCount: 0, hasMore: false });
  });

  it('lists read and unread notifications newest first, with every field of the resource', async () => {
    const t = await registerTenant(ctx);
    const first = await quota(t);
    ctx.clock.advance(1000);
    const second = await notifyNow(ctx, {
      tenantId: t.tenantId,
      issuerId: t.issuerId,
      type: 'SRI_SUBMISSION_FAILED',
      severity: 'ERROR',
      title: 'Refused',
      message: 'Document 000000001 was returned',
      metadata: { accessKey: 'x' },
    });
    expect((await read(t.apiKey, first.notification.id)).statusCode).toBe(200);
    const body = (await list(t.apiKey)).json();
    expect(body.unreadCount).toBe(1);
    expect(body.notifications.map((n: { id: string }) => n.id)).toEqual([
      second.notification.id,
      first.notification.id,
    ]);
    const [n] = body.notifications;
    expect(Object.keys(n).sort()).toEqual(
      [
        'createdAt',
        'expiresAt',
        'id',
        'issuerId',
        'language',
        'message',
        'metadata',
        'readAt',
        'severity',
        'title',
        'type',
        'updatedAt',
      ].sort(),
    );
    expect(n).toMatchObject({
      type: 'SRI_SUBMISSION_FAILED',
      severity: 'ERROR',
      title: 'Refused',
      issuerId: t.issuerId,
      readAt: null,
      expiresAt: null,
      metadata: { accessKey: 'x' },
    });
    expect(n.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(body.notifications[1].readAt).not.toBeNull();
    // The tenant's language (es by default) picks the title, and the row says which it is.
    expect(body.notifications[1].title).toBe('Cupo al 80%');
    expect(body.notifications[1].language).toBe('es');
  });

  it('keeps the language each notification was written in when the account changes language', async () => {
    const t = await registerTenant(ctx);
    await quota(t);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/tenants/language',
      headers: bearer(t.apiKey),
      payload: { language: 'en' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    ctx.clock.advance(1000);
    await notifyNow(ctx, {
      tenantId: t.tenantId,
      type: 'SRI_SUBMISSION_FAILED',
      severity: 'ERROR',
      title: { es: 'Rechazado', en: 'Refused' },
      message: { es: 'Devuelto', en: 'Returned' },
    });
    const [newer, older] = (await list(t.apiKey)).json().notifications;
    expect(newer).toMatchObject({ title: 'Refused', language: 'en' });
    expect(older).toMatchObject({ title: 'Cupo al 80%', language: 'es' });
  });

  it('with sinceId returns only notifications created after it, and walks forward page by page', async () => {
    const t = await registerTenant(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await quota(t, { dedupeKey: null, metadata: { i } })).notification.id);
      ctx.clock.advance(10);
    }
    const after = (await list(t.apiKey, `?sinceId=${ids[1]}`)).json();
    expect(after.notifications.map((n: { id: string }) => n.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(after.unreadCount).toBe(5);
    const page1 = (await list(t.apiKey, `?sinceId=${ids[0]}&limit=2`)).json();
    expect(page1.notifications.map((n: { id: string }) => n.id)).toEqual([ids[2], ids[1]]);
    expect(page1.hasMore).toBe(true);
    const page2 = (await list(t.apiKey, `?sinceId=${ids[2]}&limit=2`)).json();
    expect(page2.notifications.map((n: { id: string }) => n.id)).toEqual([ids[4], ids[3]]);
    expect(page2.hasMore).toBe(false);
    const newest = (await list(t.apiKey, '?limit=2')).json();
    expect(newest.notifications.map((n: { id: string }) => n.id)).toEqual([ids[4], ids[3]]);
    expect(newest.hasMore).toBe(true);
    const none = (await list(t.apiKey, `?sinceId=${uuidv7(ctx.clock.now().getTime() + 60_000)}`)).json();
    expect(none.notifications).toEqual([]);
  });

  it('refuses a sinceId that is not a UUID with 400 ISSUER_ID_INVALID, and a bad limit with VALIDATION_FAILED', async () => {
    const t = await registerTenant(ctx);
    const res = await list(t.apiKey, '?sinceId=last');
    expect([res.statusCode, res.json().code]).toEqual([400, 'ISSUER_ID_INVALID']);
    const lim = await list(t.apiKey, '?limit=101');
    expect([lim.statusCode, lim.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(lim.json().errors[0].path).toBe('query.limit');
  });

  it('with X-Issuer-Id shows that issuer plus tenant-level notifications; without it, all', async () => {
    const t = await registerTenant(ctx);
    const other = await addIssuer(ctx, t.issuerId, '002');
    const mk = (issuerId: string | null) =>
      notifyNow(ctx, {
        tenantId: t.tenantId,
        issuerId,
        type: 'SRI_SUBMISSION_FAILED',
        severity: 'ERROR',
        title: 't',
        message: 'm',
      });
    const a = (await mk(t.issuerId)).notification.id;
    const b = (await mk(other)).notification.id;
    const tenantLevel = (await mk(null)).notification.id;
    const ids = async (headers: Record<string, string>) =>
      (await list(t.apiKey, '', headers)).json().notifications.map((n: { id: string }) => n.id);
    expect(await ids({ 'x-issuer-id': t.issuerId })).toEqual([tenantLevel, a]);
    expect(await ids({ 'x-issuer-id': other.toUpperCase() })).toEqual([tenantLevel, b]);
    expect(await ids({})).toEqual([tenantLevel, b, a]);
    expect((await list(t.apiKey, '', { 'x-issuer-id': t.issuerId })).json().unreadCount).toBe(2);
  });

  it('answers X-Issuer-Id errors: malformed 400 ISSUER_ID_INVALID, another tenant 403, unknown 404', async () => {
    const t = await registerTenant(ctx);
    const stranger = await registerTenant(ctx);
    const bad = await list(t.apiKey, '', { 'x-issuer-id': 'abc' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'ISSUER_ID_INVALID']);
    const foreign = await list(t.apiKey, '', { 'x-issuer-id': stranger.issuerId });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'ISSUER_FORBIDDEN']);
    const unknown = await list(t.apiKey, '', { 'x-issuer-id': uuidv7() });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('hides expired notifications from the list and the unread count', async () => {
    const t = await registerTenant(ctx);
    const soon = new Date(ctx.clock.now().getTime() + 60_000);
    const expiring = await quota(t, { expiresAt: soon });
    expect(expiring.notification.expiresAt).toBe(soon.toISOString());
    await quota(t, { expiresAt: new Date(ctx.clock.now().getTime() - 1) });
    let body = (await list(t.apiKey)).json();
    expect(body.notifications.map((n: { id: string }) => n.id)).toEqual([expiring.notification.id]);
    expect(body.unreadCount).toBe(1);
    ctx.clock.advance(60_000);
    body = (await list(t.apiKey)).json();
    expect(body).toMatchObject({ notifications: [], unreadCount: 0 });
    expect((await read(t.apiKey, expiring.notification.id)).statusCode).toBe(404);
  });

  it('is scope-exempt (any active key) and needs a key', async () => {
    const t = await registerTenant(ctx);
    const narrow = await fixtureKey(ctx, t, ['documents:read']);
    expect((await list(narrow)).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v1/notifications' });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });
});

describe('POST /v1/notifications/:id/read', () => {
  it('sets readAt once; a second call, an unknown id or another tenant id is 404', async () => {
    const t = await verifiedTenant(ctx);
    const stranger = await registerTenant(ctx);
    const { notification } = await quota(t);
    const res = await read(t.apiKey, notification.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.notification).toMatchObject({ id: notification.id, type: 'QUOTA_WARNING' });
    expect(Math.abs(Date.parse(body.notification.readAt) - ctx.clock.now().getTime())).toBeLessThan(5000);
    for (const [key, id] of [
      [t.apiKey, notification.id],
      [t.apiKey, uuidv7()],
      [stranger.apiKey, (await quota(t)).notification.id],
    ] as const) {
      const r = await read(key, id);
      expect([r.statusCode, r.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await list(t.apiKey)).json().unreadCount).toBe(1);
  });

  it('refuses an id that is not a UUID with 400 VALIDATION_FAILED', async () => {
    const t = await registerTenant(ctx);
    const res = await read(t.apiKey, 'not-a-uuid');
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('works with any key, and is refused to a suspended account (403 ACCOUNT_SUSPENDED) whose list stays readable', async () => {
    const t = await registerTenant(ctx);
    const narrow = await fixtureKey(ctx, t, ['issuers:read']);
    const a = await quota(t);
    expect((await read(narrow, a.notification.id)).statusCode).toBe(200);
    const b = await quota(t);
    await setTenantStatus(ctx, t.tenantId, 'SUSPENDED');
    const res = await read(t.apiKey, b.notification.id);
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    expect((await list(t.apiKey)).statusCode).toBe(200);
  });
});
