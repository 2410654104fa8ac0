import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { inTransaction, notifyNow, setTenantStatus } from '../helpers/notifications.js';
import { bearer, fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const get = (key: string) =>
  ctx.app.inject({ method: 'GET', url: '/v1/notifications/preferences', headers: bearer(key) });
const patch = (key: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/v1/notifications/preferences', headers: bearer(key), payload });

const EMAIL_TYPES = [
  'PAYMENT_VERIFIED',
  'PAYMENT_REJECTED',
  'SUBSCRIPTION_RENEWAL_DUE',
  'SUBSCRIPTION_PAST_DUE_WARNING',
  'SUBSCRIPTION_EXPIRED',
  'SRI_SUBMISSION_FAILED',
  'EMAIL_DELIVERY_FAILED',
  'QUOTA_WARNING',
  'PURCHASE_VOIDED',
  'DOCUMENT_VOIDED_AT_SRI',
];

describe('GET /v1/notifications/preferences', () => {
  it('lists every configurable pair enabled: IN_APP only for three types, never PRICE_CHANGE_ANNOUNCED', async () => {
    const t = await registerTenant(ctx);
    const res = await get(t.apiKey);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    const expected = [
      ...['DOCUMENT_AUTHORIZED', 'CERT_EXPIRING', 'CERT_EXPIRED'].map((type) => ({
        type,
        channel: 'IN_APP',
        enabled: true,
      })),
      ...EMAIL_TYPES.flatMap((type) => [
        { type, channel: 'IN_APP', enabled: true },
        { type, channel: 'EMAIL', enabled: true },
      ]),
    ];
    expect(body.preferences).toHaveLength(23);
    expect(body.preferences).toEqual(expect.arrayContaining(expected));
    expect(body.preferences.some((p: { type: string }) => p.type === 'PRICE_CHANGE_ANNOUNCED')).toBe(false);
  });
});

describe('PATCH /v1/notifications/preferences', () => {
  it('upserts the named pairs and answers the full resulting list', async () => {
    const t = await registerTenant(ctx);
    const res = await patch(t.apiKey, {
      preferences: [
        { type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: false },
        { type: 'DOCUMENT_AUTHORIZED', channel: 'IN_APP', enabled: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    const prefs = res.json().preferences;
    expect(prefs).toHaveLength(23);
    const value = (
      list: { type: string; channel: string; enabled: boolean }[],
      type: string,
      channel: string,
    ) => list.find((p) => p.type === type && p.channel === channel)?.enabled;
    expect(value(prefs, 'QUOTA_WARNING', 'EMAIL')).toBe(false);
    expect(value(prefs, 'QUOTA_WARNING', 'IN_APP')).toBe(true);
    expect(value(prefs, 'DOCUMENT_AUTHORIZED', 'IN_APP')).toBe(false);
    // Pairs not named keep their value; a later call can turn one back on.
    const again = await patch(t.apiKey, {
      preferences: [{ type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: true }],
    });
    expect(value(again.json().preferences, 'QUOTA_WARNING', 'EMAIL')).toBe(true);
    expect(value(again.json().preferences, 'DOCUMENT_AUTHORIZED', 'IN_APP')).toBe(false);
    expect((await get(t.apiKey)).json().preferences).toEqual(again.json().preferences);
  });

  it.each([
    ['an unknown type', [{ type: 'NEWSLETTER', channel: 'IN_APP', enabled: true }], 'preferences[0].type'],
    [
      'an unknown channel',
      [{ type: 'QUOTA_WARNING', channel: 'SMS', enabled: true }],
      'preferences[0].channel',
    ],
    [
      'EMAIL for an IN_APP-only type',
      [
        { type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: false },
        { type: 'CERT_EXPIRING', channel: 'EMAIL', enabled: false },
      ],
      'preferences[1].channel',
    ],
    [
      'the mandatory PRICE_CHANGE_ANNOUNCED',
      [{ type: 'PRICE_CHANGE_ANNOUNCED', channel: 'IN_APP', enabled: false }],
      'preferences[0].type',
    ],
    [
      'a pair named twice',
      [
        { type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: false },
        { type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: true },
      ],
      'preferences[1]',
    ],
    [
      'enabled not a boolean',
      [{ type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: 'no' }],
      'preferences[0].enabled',
    ],
    ['a missing field', [{ type: 'QUOTA_WARNING', channel: 'EMAIL' }], 'preferences[0].enabled'],
    ['an empty list', [], 'preferences'],
    [
      'more than 50 entries',
      Array.from({ length: 51 }, () => ({ type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: true })),
      'preferences',
    ],
  ])(
    'refuses %s with 400 VALIDATION_FAILED naming the entry, changing nothing',
    async (_n, preferences, path) => {
      const t = await registerTenant(ctx);
      const res = await patch(t.apiKey, { preferences });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
      const all = (await get(t.apiKey)).json().preferences;
      expect(all.every((p: { enabled: boolean }) => p.enabled)).toBe(true);
    },
  );

  it('refuses a body without preferences', async () => {
    const t = await registerTenant(ctx);
    const res = await patch(t.apiKey, { type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: false });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('works with any key; a suspended account may read but not change them', async () => {
    const t = await registerTenant(ctx);
    const narrow = await fixtureKey(ctx, t, ['documents:read']);
    const body = { preferences: [{ type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: false }] };
    expect((await patch(narrow, body)).statusCode).toBe(200);
    expect((await get(narrow)).statusCode).toBe(200);
    await setTenantStatus(ctx, t.tenantId, 'SUSPENDED');
    const res = await patch(t.apiKey, body);
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    expect((await get(t.apiKey)).statusCode).toBe(200);
  });
});

describe('preferences at work', () => {
  const notifyType = (
    t: RegisteredTenant,
    type: 'QUOTA_WARNING' | 'PRICE_CHANGE_ANNOUNCED' | 'CERT_EXPIRING',
  ) => notifyNow(ctx, { tenantId: t.tenantId, type, severity: 'WARNING', title: type, message: 'm' });
  const listed = async (t: RegisteredTenant) =>
    (await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(t.apiKey) })).json() as {
      notifications: { type: string }[];
      unreadCount: number;
    };
  const outbox = (t: RegisteredTenant) =>
    ctx.query<{ subject: string; kind: string; to_address: string; body_text: string }>(
      `select subject, kind, to_address, body_text from outbox_emails where tenant_id = $1 and kind = 'notification' order by created_at`,
      [t.tenantId],
    );

  it('IN_APP off hides the type from the list and the count; PRICE_CHANGE_ANNOUNCED is always shown', async () => {
    const t = await registerTenant(ctx);
    await notifyType(t, 'QUOTA_WARNING');
    await notifyType(t, 'PRICE_CHANGE_ANNOUNCED');
    await notifyType(t, 'CERT_EXPIRING');
    expect((await listed(t)).unreadCount).toBe(3);
    await patch(t.apiKey, {
      preferences: [
        { type: 'QUOTA_WARNING', channel: 'IN_APP', enabled: false },
        { type: 'CERT_EXPIRING', channel: 'IN_APP', enabled: false },
      ],
    });
    const body = await listed(t);
    expect(body.notifications.map((n) => n.type)).toEqual(['PRICE_CHANGE_ANNOUNCED']);
    expect(body.unreadCount).toBe(1);
    await patch(t.apiKey, { preferences: [{ type: 'QUOTA_WARNING', channel: 'IN_APP', enabled: true }] });
    expect((await listed(t)).notifications.map((n) => n.type)).toEqual([
      'PRICE_CHANGE_ANNOUNCED',
      'QUOTA_WARNING',
    ]);
  });

  it('EMAIL controls the email: queued only while enabled, never for IN_APP-only types, always for the mandatory type', async () => {
    const t = await registerTenant(ctx, { language: 'en' });
    const first = await notifyType(t, 'QUOTA_WARNING');
    expect(first.emailId).not.toBeNull();
    let rows = await outbox(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'QUOTA_WARNING', to_address: t.email });
    expect(rows[0]!.body_text).toContain('You can turn these emails off');

    await patch(t.apiKey, {
      preferences: [
        { type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: false },
        { type: 'QUOTA_WARNING', channel: 'IN_APP', enabled: false },
      ],
    });
    const second = await notifyType(t, 'QUOTA_WARNING');
    expect(second.emailId).toBeNull();
    expect(await outbox(t)).toHaveLength(1);

    expect((await notifyType(t, 'CERT_EXPIRING')).emailId).toBeNull();
    await notifyType(t, 'PRICE_CHANGE_ANNOUNCED');
    rows = await outbox(t);
    expect(rows.map((r) => r.subject)).toEqual(['QUOTA_WARNING', 'PRICE_CHANGE_ANNOUNCED']);
    expect(rows[1]!.body_text).toContain('This notice is mandatory');
  });

  it('writes the email in the tenant language with the facts of the metadata', async () => {
    const t = await registerTenant(ctx, { language: 'es' });
    await inTransaction(ctx, (tx) =>
      ctx.deps.notifications.quotaCheck(
        tx,
        { tenantId: t.tenantId, used: 24, quota: 30, periodKey: '2026-11' },
        ctx.clock.now(),
      ),
    );
    const [mail] = await outbox(t);
    expect(mail!.subject).toBe('Usaste el 80% de tu cupo de documentos');
    expect(mail!.body_text).toContain('Emitiste 24 de 30 documentos');
    expect(mail!.body_text).toContain('Cupo: 30');
    expect(mail!.body_text).toContain('Puedes desactivar estos correos');
  });
});
