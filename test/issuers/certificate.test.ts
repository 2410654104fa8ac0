import { createPublicKey, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningKeyCache, type IssuerRow } from '../../src/modules/issuers/index.js';
import { MovableClock } from '../../src/shared/clock.js';
import { CORRUPT_P12, makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { multipart } from '../helpers/multipart.js';
import { bearer, type RegisteredTenant, registerTenant, verifiedTenant } from '../helpers/tenants.js';
import {
  certFile,
  countRows,
  createBranch,
  errorPaths,
  expectProblem,
  issuerRow,
  sendForm,
} from './fixtures.js';

let ctx: TestContext;
let tenant: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await verifiedTenant(ctx);
});
afterAll(async () => ctx?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const renew = (id: string, fields: Parameters<typeof sendForm>[4]) =>
  sendForm(ctx, 'PATCH', `/v1/issuers/${id}/certificate`, tenant.apiKey, fields);

/** The issuer row as the documents module will read it (camelCase), for the signing key cache. */
async function signingRow(id: string): Promise<IssuerRow> {
  const row = await issuerRow(ctx, id);
  return {
    id,
    certP12: row.cert_p12,
    certPassword: row.cert_password,
    certFingerprint: row.cert_fingerprint,
  } as IssuerRow;
}

async function lastEvent(t: RegisteredTenant) {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/events', headers: bearer(t.apiKey) });
  return res.json().events.at(-1);
}

describe('PATCH /v1/issuers/:id/certificate', () => {
  it('renews the certificate: new fingerprint and expiry, CERTIFICATE_RENEWED event, signing uses the new key', async () => {
    const branch = await createBranch(ctx, tenant, { branchCode: '010' });
    expect(ctx.deps.signingKeys.get(await signingRow(branch.id)).fingerprint).toBe(branch.certFingerprint);
    const cert = makeCertificate({ keyIndex: 1, algorithm: 'aes256' });
    const res = await renew(branch.id, { cert: certFile(cert), certPassword: cert.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      certFingerprint: cert.fingerprint,
      certExpiry: cert.notAfter.toISOString(),
    });
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/v1/issuers/${branch.id}`,
      headers: bearer(tenant.apiKey),
    });
    expect(view.json().issuer).toEqual({
      ...branch,
      certFingerprint: cert.fingerprint,
      certExpiry: cert.notAfter.toISOString(),
    });
    expect(await lastEvent(tenant)).toMatchObject({
      eventType: 'CERTIFICATE_RENEWED',
      detail: {
        issuerId: branch.id,
        certFingerprint: cert.fingerprint,
        certExpiry: cert.notAfter.toISOString(),
      },
    });
    const signing = ctx.deps.signingKeys.get(await signingRow(branch.id));
    expect(signing.fingerprint).toBe(cert.fingerprint);
    const signature = sign('sha256', Buffer.from('documento'), signing.privateKey);
    expect(verify('sha256', Buffer.from('documento'), createPublicKey(cert.certPem), signature)).toBe(true);
  });

  it('renews only the issuer in the path: a sibling that inherited the certificate keeps its own copy', async () => {
    const source = await createBranch(ctx, tenant, { branchCode: '020' });
    const inheritRes = await sendForm(ctx, 'POST', '/v1/issuers', tenant.apiKey, {
      branchCode: '020',
      issuePointCode: '002',
      sourceIssuerId: source.id,
    });
    expect(inheritRes.statusCode, inheritRes.body).toBe(201);
    const sibling = inheritRes.json().issuer;
    expect(sibling.certFingerprint).toBe(source.certFingerprint);

    const cert = makeCertificate({ keyIndex: 1 });
    expect((await renew(source.id, { cert: certFile(cert), certPassword: cert.password })).statusCode).toBe(
      200,
    );

    const get = async (id: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/v1/issuers/${id}`, headers: bearer(tenant.apiKey) })
      ).json().issuer;
    expect((await get(source.id)).certFingerprint).toBe(cert.fingerprint);
    expect(await get(sibling.id)).toEqual(sibling);
    const [a, b] = [await issuerRow(ctx, source.id), await issuerRow(ctx, sibling.id)];
    expect((a.cert_p12 as Buffer).equals(b.cert_p12 as Buffer)).toBe(false);
    expect(b.cert_fingerprint).toBe(source.certFingerprint);
    expect(ctx.deps.signingKeys.get(await signingRow(sibling.id)).fingerprint).toBe(source.certFingerprint);
    expect(ctx.deps.signingKeys.get(await signingRow(source.id)).fingerprint).toBe(cert.fingerprint);
  });

  it.each([
    ['a corrupt file', () => ({ cert: { file: CORRUPT_P12 }, certPassword: 'x' }), 'CERTIFICATE_INVALID'],
    [
      'a wrong password',
      () => ({ cert: certFile(makeCertificate()), certPassword: 'wrong' }),
      'CERTIFICATE_PASSWORD_INVALID',
    ],
    [
      'an expired certificate',
      () => {
        const c = makeCertificate({
          notBefore: new Date(Date.now() - 400 * 86400_000),
          notAfter: new Date(Date.now() - 86400_000),
        });
        return { cert: certFile(c), certPassword: c.password };
      },
      'CERTIFICATE_EXPIRED',
    ],
    [
      'a certificate not for signing',
      () => {
        const c = makeCertificate({ digitalSignature: false });
        return { cert: certFile(c), certPassword: c.password };
      },
      'CERTIFICATE_KEY_NOT_FOUND',
    ],
  ])('refuses %s with its certificate code, changing nothing', async (_n, make, code) => {
    const before = [
      await issuerRow(ctx, tenant.issuerId),
      await countRows(ctx, 'tenant_events', tenant.tenantId),
    ];
    const res = await renew(tenant.issuerId, make());
    expectProblem(res, 400, code, `/v1/issuers/${tenant.issuerId}/certificate`);
    expect([
      await issuerRow(ctx, tenant.issuerId),
      await countRows(ctx, 'tenant_events', tenant.tenantId),
    ]).toEqual(before);
  });

  it('refuses a request without a cert file with 400 INVALID_FILE_UPLOAD', async () => {
    const res = await renew(tenant.issuerId, { certPassword: 'x' });
    expect(errorPaths(expectProblem(res, 400, 'INVALID_FILE_UPLOAD'))).toEqual(['cert']);
    const json = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/issuers/${tenant.issuerId}/certificate`,
      headers: bearer(tenant.apiKey),
      payload: { cert: 'abc' },
    });
    expectProblem(json, 400, 'INVALID_FILE_UPLOAD');
  });

  it('answers 404 ISSUER_NOT_FOUND for unknown and deleted issuers', async () => {
    const gone = await createBranch(ctx, tenant, { branchCode: '090' });
    await ctx.app.inject({ method: 'DELETE', url: `/v1/issuers/${gone.id}`, headers: bearer(tenant.apiKey) });
    const cert = makeCertificate();
    for (const id of [UNKNOWN, gone.id]) {
      const res = await renew(id, { cert: certFile(cert), certPassword: cert.password });
      expectProblem(res, 404, 'ISSUER_NOT_FOUND', `/v1/issuers/${id}/certificate`);
    }
  });
});

describe('signing key cache', () => {
  it('opens a certificate once per issuer and fingerprint, and again after invalidate or a renewal', async () => {
    const cache = createSigningKeyCache({ secrets: ctx.deps.secrets, clock: ctx.clock });
    const row = await signingRow(tenant.issuerId);
    const first = cache.get(row);
    expect(first.fingerprint).toBe(row.certFingerprint);
    expect(cache.get(row)).toBe(first);
    cache.invalidate(tenant.issuerId);
    const reopened = cache.get(row);
    expect(reopened).not.toBe(first);
    expect(reopened.fingerprint).toBe(first.fingerprint);

    // A row with another fingerprint (renewed elsewhere, e.g. by the API while this is the worker).
    const branch = await createBranch(ctx, tenant, { branchCode: '030' });
    const before = cache.get(await signingRow(branch.id));
    const cert = makeCertificate({ keyIndex: 1 });
    expect((await renew(branch.id, { cert: certFile(cert), certPassword: cert.password })).statusCode).toBe(
      200,
    );
    const after = cache.get(await signingRow(branch.id));
    expect(after.fingerprint).toBe(cert.fingerprint);
    expect(after).not.toBe(before);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createSigningKeyCache({ secrets: ctx.deps.secrets, clock: ctx.clock, maxEntries: 2 });
    const ids = [
      tenant.issuerId,
      ...(await Promise.all(['040', '041'].map((b) => createBranch(ctx, tenant, { branchCode: b })))).map(
        (i) => i.id,
      ),
    ];
    const rows = await Promise.all(ids.map(signingRow));
    const a = cache.get(rows[0]!);
    const b = cache.get(rows[1]!);
    expect(cache.get(rows[0]!)).toBe(a); // a is now the most recently used
    cache.get(rows[2]!); // evicts b
    expect(cache.get(rows[0]!)).toBe(a);
    expect(cache.get(rows[1]!)).not.toBe(b);
  });

  it('refuses a certificate that expired after upload with CERTIFICATE_EXPIRED, cached or not', async () => {
    const clock = new MovableClock();
    const cache = createSigningKeyCache({ secrets: ctx.deps.secrets, clock });
    const row = await signingRow(tenant.issuerId);
    cache.get(row);
    clock.set(new Date(tenant.certificate.notAfter.getTime() + 1000));
    expect(() => cache.get(row)).toThrow(
      expect.objectContaining({ code: 'CERTIFICATE_EXPIRED', status: 400 }),
    );
    const fresh = createSigningKeyCache({ secrets: ctx.deps.secrets, clock });
    expect(() => fresh.get(row)).toThrow(expect.objectContaining({ code: 'CERTIFICATE_EXPIRED' }));
  });

  it('refuses an issuer without a certificate with CERTIFICATE_KEY_NOT_FOUND', () => {
    const cache = createSigningKeyCache({ secrets: ctx.deps.secrets, clock: ctx.clock });
    expect(() =>
      cache.get({ id: UNKNOWN, certP12: null, certPassword: null, certFingerprint: null }),
    ).toThrow(expect.objectContaining({ code: 'CERTIFICATE_KEY_NOT_FOUND' }));
  });
});

describe('certificate renewal and expiry notifications', () => {
  it('a renewal leaving more than 30 days dismisses the CERT_EXPIRING alert', async () => {
    const local = await createTestContext();
    try {
      const t = await registerTenant(local, {}, { notAfter: new Date(Date.now() + 10 * 86400_000) });
      await local.deps.notifications.certificateExpiryCheck(local.clock.now());
      const before = (
        await local.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(t.apiKey) })
      ).json();
      expect(before.notifications.map((n: { type: string }) => n.type)).toContain('CERT_EXPIRING');
      const fresh = makeCertificate({ keyIndex: 5 });
      const { payload, headers } = await multipart({
        cert: { file: fresh.p12 },
        certPassword: fresh.password,
      });
      const renew = await local.app.inject({
        method: 'PATCH',
        url: `/v1/issuers/${t.issuerId}/certificate`,
        headers: { ...headers, ...bearer(t.apiKey) },
        payload,
      });
      expect(renew.statusCode).toBe(200);
      const after = (
        await local.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(t.apiKey) })
      ).json();
      const alert = after.notifications.find((n: { type: string }) => n.type === 'CERT_EXPIRING');
      expect(alert === undefined || alert.readAt !== null).toBe(true);
      expect(after.unreadCount).toBe(before.unreadCount - 1);
    } finally {
      await local.close();
    }
  });
});
