import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCertificate } from '../../src/modules/issuers/issuer-store.js';
import { CORRUPT_P12, makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, registerTenant, verifiedTenant } from '../helpers/tenants.js';
import {
  branchFields,
  certFile,
  countRows,
  createBranch,
  errorPaths,
  expectProblem,
  issuerRow,
  PNG,
  sendForm,
} from './fixtures.js';

let ctx: TestContext;
let tenant: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await verifiedTenant(ctx, {
    specialTaxpayer: '12345',
    retentionAgentResolution: '1',
    rimpeRegime: 'CONTRIBUYENTE RÉGIMEN RIMPE',
    logo: { file: PNG, filename: 'logo.png', contentType: 'image/png' },
  });
});
afterAll(async () => ctx?.close());

const post = (apiKey: string, fields: Parameters<typeof sendForm>[4]) =>
  sendForm(ctx, 'POST', '/v1/issuers', apiKey, fields);

async function writes(t: RegisteredTenant) {
  return Promise.all([
    countRows(ctx, 'issuers', t.tenantId),
    countRows(ctx, 'tenant_events', t.tenantId),
    ctx.query(
      'select s.* from issuer_sequentials s join issuers i on i.id = s.issuer_id where i.tenant_id = $1',
      [t.tenantId],
    ),
  ]);
}

async function events(t: RegisteredTenant) {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/events', headers: bearer(t.apiKey) });
  return res.json().events as { eventType: string; detail: Record<string, unknown> }[];
}

describe('POST /v1/issuers with an uploaded certificate', () => {
  it('creates the issue point, copying the taxpayer data of the existing issuer', async () => {
    const cert = makeCertificate();
    const res = await post(tenant.apiKey, branchFields({ branchCode: '001', issuePointCode: '002' }, cert));
    expect(res.statusCode, res.body).toBe(201);
    const issuer = res.json().issuer;
    expect(res.json()).toEqual({
      ok: true,
      issuer: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ruc: tenant.ruc,
        businessName: 'Comercial Pruebas Ñandú S.A.',
        tradeName: 'Pruebas & Cía',
        branchCode: '001',
        issuePointCode: '002',
        // same establishment as the registered issuer: its address too
        branchAddress: 'Av. Amazonas N34-451, Quito',
        certFingerprint: cert.fingerprint,
        certExpiry: cert.notAfter.toISOString(),
        canIssue: true,
      },
    });
    const row = await issuerRow(ctx, issuer.id);
    expect(row).toMatchObject({
      main_address: 'Av. Amazonas N34-451 y Juan Pablo Sanz, Quito',
      required_accounting: true,
      special_taxpayer: '12345',
      retention_agent_resolution: '1',
      rimpe_regime: 'CONTRIBUYENTE RÉGIMEN RIMPE',
      emission_type: '1',
      document_types: ['01'],
      logo_mime: 'image/png',
      active: true,
    });
    expect((row.logo as Buffer).equals(PNG)).toBe(true);
    expect((row.cert_p12 as Buffer).equals(cert.p12)).toBe(false);
    const opened = openCertificate(ctx.deps.secrets, {
      id: issuer.id,
      certP12: row.cert_p12 as Buffer,
      certPassword: row.cert_password as Buffer,
    });
    expect(opened).toEqual({ p12: cert.p12, password: cert.password });

    const last = (await events(tenant)).at(-1)!;
    expect(last).toMatchObject({
      eventType: 'CERTIFICATE_UPLOADED',
      detail: {
        issuerId: issuer.id,
        certFingerprint: cert.fingerprint,
        certExpiry: cert.notAfter.toISOString(),
      },
    });
    expect(last.detail).not.toHaveProperty('sourceIssuerId');

    const list = await ctx.app.inject({ method: 'GET', url: '/v1/issuers', headers: bearer(tenant.apiKey) });
    expect(list.json().issuers.map((i: { id: string }) => i.id)).toContain(issuer.id);
  });

  it('takes the overrides, document types, initial sequentials and its own logo; another branch gets no address', async () => {
    const gif = Buffer.concat([Buffer.from('GIF87a'), Buffer.from('x')]);
    const res = await post(
      tenant.apiKey,
      branchFields({
        branchCode: '003',
        issuePointCode: '001',
        businessName: 'Otra Razón Social S.A.',
        mainAddress: 'Calle Larga 1-23, Cuenca',
        requiredAccounting: 'false',
        specialTaxpayer: '999',
        tradeName: 'Sucursal Cuenca',
        documentTypes: JSON.stringify(['04', '01', '04']),
        initialSequentials: [JSON.stringify({ documentType: '04', sequential: 77 })],
        logo: { file: gif, filename: 'logo.gif' },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const issuer = res.json().issuer;
    expect(issuer).toMatchObject({
      businessName: 'Otra Razón Social S.A.',
      tradeName: 'Sucursal Cuenca',
      branchAddress: null,
      ruc: tenant.ruc,
    });
    const row = await issuerRow(ctx, issuer.id);
    expect(row).toMatchObject({
      main_address: 'Calle Larga 1-23, Cuenca',
      required_accounting: false,
      special_taxpayer: '999',
      document_types: ['01', '04'],
      logo_mime: 'image/gif',
    });
    const seq = await ctx.app.inject({
      method: 'GET',
      url: `/v1/issuers/${issuer.id}/sequentials`,
      headers: bearer(tenant.apiKey),
    });
    expect(seq.json().sequentials).toEqual([
      { documentType: '01', sandbox: { current: 0, next: 1 }, production: { current: 0, next: 1 } },
      { documentType: '04', sandbox: { current: 76, next: 77 }, production: { current: 76, next: 77 } },
    ]);
  });

  it.each([
    ['missing branchCode', { branchCode: undefined }, 'branchCode'],
    ['branchCode 000', { branchCode: '000' }, 'branchCode'],
    ['issuePointCode not digits', { issuePointCode: 'ab1' }, 'issuePointCode'],
    ['unsupported document type', { documentTypes: ['01', '02'] }, 'documentTypes'],
    ['empty document types', { documentTypes: '[]' }, 'documentTypes'],
    [
      'initial sequential zero',
      { initialSequentials: JSON.stringify([{ documentType: '01', sequential: 0 }]) },
      'initialSequentials[0].sequential',
    ],
    ['requiredAccounting not boolean', { requiredAccounting: 'yes' }, 'requiredAccounting'],
    ['businessName too long', { businessName: 'x'.repeat(301) }, 'businessName'],
    ['neither cert nor sourceIssuerId', { cert: undefined, certPassword: undefined }, 'cert'],
    ['sourceIssuerId not a UUID', { cert: undefined, sourceIssuerId: 'abc' }, 'sourceIssuerId'],
  ])(
    'refuses %s with 400 VALIDATION_FAILED naming the field, writing nothing',
    async (_n, override, path) => {
      const before = await writes(tenant);
      const res = await post(tenant.apiKey, branchFields({ branchCode: '010', ...override }));
      const problem = expectProblem(res, 400, 'VALIDATION_FAILED', '/v1/issuers');
      expect(errorPaths(problem)).toContain(path);
      expect(await writes(tenant)).toEqual(before);
    },
  );

  it('refuses both a cert and a sourceIssuerId with 400 VALIDATION_FAILED', async () => {
    const res = await post(
      tenant.apiKey,
      branchFields({ branchCode: '011', sourceIssuerId: tenant.issuerId }),
    );
    expect(errorPaths(expectProblem(res, 400, 'VALIDATION_FAILED'))).toEqual(['sourceIssuerId']);
  });

  it.each([
    ['a corrupt file', () => ({ cert: { file: CORRUPT_P12 } }), 'CERTIFICATE_INVALID'],
    ['a wrong password', () => ({ certPassword: 'wrong' }), 'CERTIFICATE_PASSWORD_INVALID'],
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
  ])('refuses %s with its certificate code, writing nothing', async (_n, make, code) => {
    const before = await writes(tenant);
    const res = await post(tenant.apiKey, branchFields({ branchCode: '012', ...make() }));
    expectProblem(res, 400, code, '/v1/issuers');
    expect(await writes(tenant)).toEqual(before);
  });

  it('asks for mainAddress when the account’s issuer has none to copy (issue 13, defect 11)', async () => {
    // An issuer registered before the main address was required, with no address at all.
    const legacy = await verifiedTenant(ctx);
    await ctx.query('update issuers set main_address = null, branch_address = null where tenant_id = $1', [
      legacy.tenantId,
    ]);
    const before = await writes(legacy);
    const refused = await post(legacy.apiKey, branchFields({ branchCode: '002', issuePointCode: '001' }));
    const problem = expectProblem(refused, 400, 'VALIDATION_FAILED', '/v1/issuers');
    expect(problem.errors).toEqual([{ path: 'mainAddress', message: expect.stringMatching(/is required/) }]);
    expect(await writes(legacy)).toEqual(before);
    const given = await post(
      legacy.apiKey,
      branchFields({ branchCode: '002', issuePointCode: '001', mainAddress: 'Av. Loja 2-10, Cuenca' }),
    );
    expect(given.statusCode, given.body).toBe(201);
    expect(await issuerRow(ctx, given.json().issuer.id)).toMatchObject({
      main_address: 'Av. Loja 2-10, Cuenca',
    });
  });

  it('refuses a logo over 500 KB or not an image with 400 INVALID_FILE_UPLOAD', async () => {
    const before = await writes(tenant);
    const big = Buffer.concat([PNG, Buffer.alloc(500 * 1024)]);
    for (const logo of [big, Buffer.from('hello')]) {
      const res = await post(tenant.apiKey, branchFields({ branchCode: '013', logo: { file: logo } }));
      expect(errorPaths(expectProblem(res, 400, 'INVALID_FILE_UPLOAD'))).toEqual(['logo']);
    }
    expect(await writes(tenant)).toEqual(before);
  });

  it('answers 409 CONFLICT for a branch and issue point already active, and frees it once deleted', async () => {
    const first = await createBranch(ctx, tenant, { branchCode: '020' });
    const before = await writes(tenant);
    const again = await post(tenant.apiKey, branchFields({ branchCode: '020' }));
    expectProblem(again, 409, 'CONFLICT', '/v1/issuers');
    expect(await writes(tenant)).toEqual(before);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/issuers/${first.id}`,
      headers: bearer(tenant.apiKey),
    });
    expect(del.statusCode).toBe(200);
    const reused = await post(tenant.apiKey, branchFields({ branchCode: '020' }));
    expect(reused.statusCode, reused.body).toBe(201);
  });

  it('lets exactly one of two racing creations of the same point win; the other gets 409 CONFLICT', async () => {
    const [a, b] = await Promise.all([
      post(tenant.apiKey, branchFields({ branchCode: '021' })),
      post(tenant.apiKey, branchFields({ branchCode: '021' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().code).toBe('CONFLICT');
  });

  it('refuses an unverified account with 403 EMAIL_VERIFICATION_REQUIRED before reading the form', async () => {
    const unverified = await registerTenant(ctx);
    const before = await writes(unverified);
    for (const fields of [branchFields(), { branchCode: 'bad' }]) {
      const res = await post(unverified.apiKey, fields);
      expectProblem(res, 403, 'EMAIL_VERIFICATION_REQUIRED', '/v1/issuers');
    }
    expect(await writes(unverified)).toEqual(before);
  });
});

describe('POST /v1/issuers inheriting a certificate (sourceIssuerId)', () => {
  it('gives the new issuer its own sealed copy of the source certificate and the source’s data', async () => {
    const source = await createBranch(ctx, tenant, {
      branchCode: '030',
      businessName: 'Razón de la Fuente S.A.',
      branchAddress: 'Dirección de la fuente',
    });
    const res = await post(tenant.apiKey, {
      branchCode: '030',
      issuePointCode: '002',
      sourceIssuerId: source.id.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const issuer = res.json().issuer;
    expect(issuer).toEqual({
      ...source,
      id: issuer.id,
      issuePointCode: '002',
      businessName: 'Razón de la Fuente S.A.',
      branchAddress: 'Dirección de la fuente',
    });
    const [a, b] = [await issuerRow(ctx, source.id), await issuerRow(ctx, issuer.id)];
    expect((a.cert_p12 as Buffer).equals(b.cert_p12 as Buffer)).toBe(false);
    const open = (row: Record<string, unknown>) =>
      openCertificate(ctx.deps.secrets, {
        id: row.id as string,
        certP12: row.cert_p12 as Buffer,
        certPassword: row.cert_password as Buffer,
      });
    expect(open(b)).toEqual(open(a));
    // Sealed under its own id: the copy cannot be opened as the source's blob.
    expect(() =>
      openCertificate(ctx.deps.secrets, {
        id: source.id,
        certP12: b.cert_p12 as Buffer,
        certPassword: b.cert_password as Buffer,
      }),
    ).toThrow();
    expect((await events(tenant)).at(-1)).toMatchObject({
      eventType: 'CERTIFICATE_UPLOADED',
      detail: {
        issuerId: issuer.id,
        certFingerprint: source.certFingerprint,
        certExpiry: source.certExpiry,
        sourceIssuerId: source.id,
      },
    });
  });

  it('answers 403 ISSUER_FORBIDDEN for another account’s issuer and 404 ISSUER_NOT_FOUND for unknown or deleted ones', async () => {
    const other = await verifiedTenant(ctx);
    const deleted = await createBranch(ctx, tenant, { branchCode: '031' });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/issuers/${deleted.id}`,
      headers: bearer(tenant.apiKey),
    });
    const before = await writes(tenant);
    const from = (sourceIssuerId: string) =>
      post(tenant.apiKey, { branchCode: '032', issuePointCode: '001', sourceIssuerId });
    expectProblem(await from(other.issuerId), 403, 'ISSUER_FORBIDDEN', '/v1/issuers');
    expectProblem(await from('00000000-0000-4000-8000-000000000000'), 404, 'ISSUER_NOT_FOUND');
    expectProblem(await from(deleted.id), 404, 'ISSUER_NOT_FOUND');
    expect(await writes(tenant)).toEqual(before);
  });

  it('refuses to inherit a certificate that has expired since its upload (400 CERTIFICATE_EXPIRED)', async () => {
    const before = await writes(tenant);
    const [row] = await ctx.query<{ cert_expiry: Date }>('select cert_expiry from issuers where id = $1', [
      tenant.issuerId,
    ]);
    const realNow = ctx.clock.now();
    ctx.clock.set(new Date(row!.cert_expiry.getTime() + 1000));
    try {
      const res = await post(tenant.apiKey, {
        branchCode: '033',
        issuePointCode: '001',
        sourceIssuerId: tenant.issuerId,
      });
      expectProblem(res, 400, 'CERTIFICATE_EXPIRED', '/v1/issuers');
    } finally {
      ctx.clock.set(realNow);
    }
    expect(await writes(tenant)).toEqual(before);
  });
});
