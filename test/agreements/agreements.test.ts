import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webKey } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, fixtureKey, registerTenant, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const status = async (key: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/agreements', headers: bearer(key) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().agreements;
};
const accept = (key: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/tenants/agreements',
    headers: { ...bearer(key), ...headers },
    payload,
  });

describe('GET /v1/agreements', () => {
  it('lists the seeded version 1.0 of TERMS, PRIVACY and DPA, public, with content and hash', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/agreements' });
    expect(res.statusCode).toBe(200);
    const list = res.json().agreements;
    expect(
      list.map((a: { documentType: string; version: string }) => `${a.documentType} ${a.version}`),
    ).toEqual(['TERMS 1.0', 'PRIVACY 1.0', 'DPA 1.0']);
    for (const a of list) expect(a.contentHash).toBe(sha256(a.content));
    expect(list[0].content).toContain('{{businessName}}');
  });
});

describe('GET /v1/tenants/agreements and /:type', () => {
  it('generates the personalized instances in the background after registration', async () => {
    const t = await registerTenant(ctx, { businessName: 'Ferretería Ñandú Cía. Ltda.' });
    const before = await ctx.query('select id from agreement_instances where tenant_id = $1', [t.tenantId]);
    expect(before).toHaveLength(0);
    await ctx.drainJobs();
    const rows = await ctx.query<{
      document_type: string;
      status: string;
      content: string;
      content_hash: string;
    }>(
      'select document_type, status, content, content_hash from agreement_instances where tenant_id = $1 order by document_type',
      [t.tenantId],
    );
    expect(rows.map((r) => `${r.document_type}:${r.status}`)).toEqual([
      'DPA:PENDING',
      'PRIVACY:PENDING',
      'TERMS:PENDING',
    ]);
    for (const r of rows) {
      expect(r.content).toContain('Ferretería Ñandú Cía. Ltda.');
      expect(r.content).toContain(t.ruc);
      expect(r.content).not.toContain('{{');
      expect(r.content_hash).toBe(sha256(r.content));
    }
    const s = await status(t.apiKey);
    expect(s.outdated.map((o: { status: string }) => o.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
  });

  it('creates missing instances on read (status NOT_GENERATED, then PENDING), with the spec’s fields', async () => {
    const t = await verifiedTenant(ctx);
    const key = await fixtureKey(ctx, t, ['documents:read']); // scope-exempt
    const first = await status(key);
    expect(first).toEqual({
      needsAcceptance: true,
      hasPublishedAgreements: true,
      outdated: ['TERMS', 'PRIVACY', 'DPA'].map((documentType) => ({
        documentType,
        currentVersion: '1.0',
        acceptedVersion: null,
        status: 'NOT_GENERATED',
        url: `http://localhost:3000/v1/tenants/agreements/${documentType}`,
        acceptUrl: 'http://localhost:3000/v1/tenants/agreements',
      })),
    });
    const second = await status(key);
    expect(second.outdated.map((o: { status: string }) => o.status)).toEqual([
      'PENDING',
      'PENDING',
      'PENDING',
    ]);
    const one = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/agreements/DPA',
      headers: bearer(key),
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().agreement).toMatchObject({
      documentType: 'DPA',
      version: '1.0',
      status: 'PENDING',
      acceptedVersion: null,
      acceptedAt: null,
      contentHash: sha256(one.json().agreement.content),
    });
    expect(one.json().agreement.content).toContain(t.email);
  });

  it('400 VALIDATION_FAILED for an unknown type; 401 without a key', async () => {
    const t = await verifiedTenant(ctx);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/agreements/EULA',
      headers: bearer(t.apiKey),
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const anon = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/agreements' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /v1/tenants/agreements', () => {
  it('records one acceptance per published type with IP, user agent, version and hash', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    const res = await accept(key, { termsVersion: '1.0' }, { 'user-agent': 'Mozilla/5.0 (dashboard)' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, acceptedAt: expect.any(String) });
    expect(res.json().accepted.map((a: { documentType: string }) => a.documentType)).toEqual([
      'TERMS',
      'PRIVACY',
      'DPA',
    ]);
    const rows = await ctx.query<Record<string, string>>(
      `select a.document_type, a.version, a.content_hash, a.ip_address, a.user_agent, i.content, i.status
         from agreement_acceptances a join agreement_instances i on i.id = a.instance_id where a.tenant_id = $1`,
      [t.tenantId],
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r).toMatchObject({
        version: '1.0',
        ip_address: '127.0.0.1',
        user_agent: 'Mozilla/5.0 (dashboard)',
        status: 'ACCEPTED',
      });
      expect(r.content_hash).toBe(sha256(r.content!));
    }
    expect(await status(t.apiKey)).toEqual({
      needsAcceptance: false,
      outdated: [],
      hasPublishedAgreements: true,
    });
    const me = (
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })
    ).json().tenant;
    expect(me).toMatchObject({ agreementVersion: '1.0', agreementAcceptedAt: res.json().acceptedAt });
  });

  it.each([
    [{}, 'VALIDATION_FAILED', 400],
    [{ termsVersion: '' }, 'VALIDATION_FAILED', 400],
    [{ termsVersion: 'x'.repeat(21) }, 'VALIDATION_FAILED', 400],
    [{ termsVersion: 1 }, 'VALIDATION_FAILED', 400],
    [{ termsVersion: '0.9' }, 'VERSION_MISMATCH', 400],
  ])('refuses %j with %s', async (payload, code, statusCode) => {
    const t = await verifiedTenant(ctx);
    const res = await accept(await webKey(ctx, t), payload);
    expect([res.statusCode, res.json().code]).toEqual([statusCode, code]);
    expect(
      await ctx.query('select id from agreement_acceptances where tenant_id = $1', [t.tenantId]),
    ).toHaveLength(0);
  });

  it('is web-app only, needs tenant:manage, and a suspended account gets 403 FORBIDDEN', async () => {
    const t = await verifiedTenant(ctx);
    const ordinary = await accept(t.apiKey, { termsVersion: '1.0' });
    expect([ordinary.statusCode, ordinary.json().code]).toEqual([403, 'INTERNAL_SERVICE_ONLY']);
    const narrow = await fixtureKey(ctx, t, ['billing:manage'], { internal: true });
    expect((await accept(narrow, { termsVersion: '1.0' })).json().code).toBe('INSUFFICIENT_SCOPE');
    await ctx.query(
      `update tenants set status = 'SUSPENDED', status_before_suspension = 'ACTIVE', suspension_reason_code = 'OTHER' where id = $1`,
      [t.tenantId],
    );
    const suspended = await accept(await webKey(ctx, t), { termsVersion: '1.0' });
    expect([suspended.statusCode, suspended.json().code]).toEqual([403, 'FORBIDDEN']);
    // reads stay open while suspended
    expect((await status(t.apiKey)).needsAcceptance).toBe(true);
    const one = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/agreements/TERMS',
      headers: bearer(t.apiKey),
    });
    expect(one.statusCode).toBe(200);
  });
});

describe('new versions', () => {
  it('a new version of one type marks only that type outdated; a new TERMS version needs the new termsVersion', async () => {
    const t = await verifiedTenant(ctx);
    const key = await webKey(ctx, t);
    await accept(key, { termsVersion: '1.0' });
    const published = await ctx.deps.agreements.publish({
      documentType: 'PRIVACY',
      version: '1.1',
      content: 'Privacidad 1.1 de {{businessName}}',
    });
    expect(published).toMatchObject({
      documentType: 'PRIVACY',
      version: '1.1',
      contentHash: sha256('Privacidad 1.1 de {{businessName}}'),
    });
    const s = await status(key);
    expect(s.needsAcceptance).toBe(true);
    expect(s.outdated).toEqual([
      expect.objectContaining({
        documentType: 'PRIVACY',
        currentVersion: '1.1',
        acceptedVersion: '1.0',
        status: 'NOT_GENERATED',
      }),
    ]);
    expect((await accept(key, { termsVersion: '1.0' })).statusCode).toBe(200);
    expect((await status(key)).needsAcceptance).toBe(false);

    await ctx.deps.agreements.publish({
      documentType: 'TERMS',
      version: '2.0',
      content: 'Términos 2.0 para {{ruc}}',
    });
    const stale = await accept(key, { termsVersion: '1.0' });
    expect([stale.statusCode, stale.json().code]).toEqual([400, 'VERSION_MISMATCH']);
    expect((await accept(key, { termsVersion: '2.0' })).statusCode).toBe(200);
    const me = (
      await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) })
    ).json().tenant;
    expect(me.agreementVersion).toBe('2.0');
    const listed = (await ctx.app.inject({ method: 'GET', url: '/v1/agreements' })).json().agreements;
    expect(listed.map((a: { version: string }) => a.version)).toEqual(['2.0', '1.1', '1.0']);
  });

  it('refuses a version already published, and bad input', async () => {
    await expect(
      ctx.deps.agreements.publish({ documentType: 'DPA', version: '1.0', content: 'x' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    for (const input of [
      { documentType: 'EULA', version: '1.0', content: 'x' },
      { documentType: 'DPA', version: 'v 1', content: 'x' },
      { documentType: 'DPA', version: '9.9', content: '   ' },
    ])
      await expect(ctx.deps.agreements.publish(input)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('nothing published', () => {
  it('hasPublishedAgreements is false, nothing to accept, and a type is 404', async () => {
    const local = await createTestContext();
    try {
      await local.query('delete from agreement_templates');
      const t = await verifiedTenant(local);
      const res = await local.app.inject({
        method: 'GET',
        url: '/v1/tenants/agreements',
        headers: bearer(t.apiKey),
      });
      expect(res.json().agreements).toEqual({
        needsAcceptance: false,
        outdated: [],
        hasPublishedAgreements: false,
      });
      const one = await local.app.inject({
        method: 'GET',
        url: '/v1/tenants/agreements/TERMS',
        headers: bearer(t.apiKey),
      });
      expect([one.statusCode, one.json().code]).toEqual([404, 'NOT_FOUND']);
    } finally {
      await local.close();
    }
  });
});
