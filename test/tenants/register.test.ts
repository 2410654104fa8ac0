import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRUPT_P12, makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { multipart } from '../helpers/multipart.js';
import { bearer, nextEmail, nextRuc, registerTenant, registrationFields } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function postRegister(fields: Parameters<typeof multipart>[0]) {
  const { payload, headers } = await multipart(fields);
  return ctx.app.inject({ method: 'POST', url: '/v1/register', payload, headers });
}

async function countRows(table: string): Promise<number> {
  return (await ctx.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
}

describe('POST /v1/register', () => {
  it('creates a tenant, its issuer and a sandbox key holding all nine scopes', async () => {
    const t = await registerTenant(ctx);
    const body = t.body as {
      ok: boolean;
      tenant: Record<string, unknown>;
      issuer: Record<string, unknown>;
      apiKey: string;
    };
    expect(body.ok).toBe(true);
    expect(body.tenant).toMatchObject({
      email: t.email,
      subscriptionTier: 'FREE',
      status: 'PENDING_VERIFICATION',
      suspensionReasonCode: null,
      documentCount: 0,
      documentQuota: 30,
      extraSeats: 0,
      pendingExtraSeats: null,
      sandbox: true,
      agreementAcceptedAt: null,
      agreementVersion: null,
    });
    expect(typeof body.tenant.createdAt).toBe('string');
    expect(body.issuer).toEqual({
      id: t.issuerId,
      ruc: t.ruc,
      businessName: 'Comercial Pruebas Ñandú S.A.',
      tradeName: 'Pruebas & Cía',
      branchCode: '001',
      issuePointCode: '001',
      certFingerprint: t.certificate.fingerprint,
      certExpiry: t.certificate.notAfter.toISOString(),
    });
    expect(body.apiKey).toMatch(/^eik_test_[0-9A-Za-z]{40}$/);

    const me = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
    expect(me.statusCode).toBe(200);
    expect(me.json().tenant.id).toBe(t.tenantId);

    const [key] = await ctx.query<{ scopes: string[]; token_hash: string; environment: string }>(
      'select scopes, token_hash, environment from api_keys where tenant_id = $1',
      [t.tenantId],
    );
    expect(key!.scopes).toHaveLength(9);
    expect(key!.environment).toBe('sandbox');
    expect(key!.token_hash).not.toContain(t.apiKey);
    const [issuer] = await ctx.query<{ cert_p12: Buffer; cert_password: Buffer }>(
      'select cert_p12, cert_password from issuers where id = $1',
      [t.issuerId],
    );
    expect(issuer!.cert_p12.equals(t.certificate.p12)).toBe(false);
    expect(issuer!.cert_password.toString('latin1')).not.toContain(t.certificate.password);

    const events = await ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/events',
      headers: bearer(t.apiKey),
    });
    expect(events.json().events.map((e: { eventType: string }) => e.eventType)).toEqual([
      'CERTIFICATE_UPLOADED',
    ]);
  });

  it('accepts a modern AES P12 and a P12 whose CA certificate comes first', async () => {
    const aes = await registerTenant(ctx, {}, { algorithm: 'aes256', keyIndex: 1 });
    expect(aes.body).toHaveProperty('issuer.certFingerprint', aes.certificate.fingerprint);
    const chained = await registerTenant(ctx, {}, { withChain: true, keyIndex: 2 });
    expect(chained.body).toHaveProperty('issuer.certFingerprint', chained.certificate.fingerprint);
  });

  it.each([
    ['missing cert', { cert: undefined }, 'cert'],
    ['bad email', { email: 'not-an-email' }, 'email'],
    ['ruc not 13 digits', { ruc: '179001167400' }, 'ruc'],
    ['ruc not ending 001', { ruc: '1790011674002' }, 'ruc'],
    ['business name too long', { businessName: 'x'.repeat(301) }, 'businessName'],
    ['missing business name', { businessName: undefined }, 'businessName'],
    ['branch code 2 digits', { branchCode: '01' }, 'branchCode'],
    ['issue point letters', { issuePointCode: 'abc' }, 'issuePointCode'],
    ['emission type 2', { emissionType: '2' }, 'emissionType'],
    ['missing requiredAccounting', { requiredAccounting: undefined }, 'requiredAccounting'],
    ['requiredAccounting not boolean', { requiredAccounting: 'maybe' }, 'requiredAccounting'],
    ['unsupported document type', { documentTypes: ['01', '02'] }, 'documentTypes'],
    [
      'initial sequential zero',
      { initialSequentials: JSON.stringify([{ documentType: '01', sequential: 0 }]) },
      'initialSequentials[0].sequential',
    ],
    ['language fr', { language: 'fr' }, 'language'],
    ['redirect not a URL', { verificationRedirectUrl: 'nope' }, 'verificationRedirectUrl'],
    ['special taxpayer too short', { specialTaxpayer: '1' }, 'specialTaxpayer'],
    // dirMatriz is mandatory in the schema: no more "S/N" on documents (issue 13, defect 11).
    ['missing mainAddress', { mainAddress: undefined }, 'mainAddress'],
    ['blank mainAddress', { mainAddress: '   ' }, 'mainAddress'],
  ])(
    'refuses %s with 400 VALIDATION_FAILED naming the field, and writes nothing',
    async (_name, override, path) => {
      const before = await countRows('tenants');
      const res = await postRegister(registrationFields(makeCertificate(), override));
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = res.json();
      expect(problem).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        title: 'Bad Request',
        instance: '/v1/register',
      });
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
      expect(await countRows('tenants')).toBe(before);
    },
  );

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
        return { cert: { file: c.p12 }, certPassword: c.password };
      },
      'CERTIFICATE_EXPIRED',
    ],
    [
      'a certificate not for signing',
      () => {
        const c = makeCertificate({ digitalSignature: false });
        return { cert: { file: c.p12 }, certPassword: c.password };
      },
      'CERTIFICATE_KEY_NOT_FOUND',
    ],
  ])('refuses %s with its certificate code and leaves no trace', async (_n, make, code) => {
    const before = await Promise.all(['tenants', 'issuers', 'api_keys', 'outbox_emails'].map(countRows));
    const res = await postRegister(registrationFields(makeCertificate(), make()));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await Promise.all(['tenants', 'issuers', 'api_keys', 'outbox_emails'].map(countRows))).toEqual(
      before,
    );
  });

  it('refuses a logo over 500 KB and a logo that is not an image with INVALID_FILE_UPLOAD', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500 * 1024),
    ]);
    const big = await postRegister(
      registrationFields(makeCertificate(), {
        logo: { file: png, filename: 'logo.png', contentType: 'image/png' },
      }),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('INVALID_FILE_UPLOAD');
    const text = await postRegister(
      registrationFields(makeCertificate(), { logo: { file: Buffer.from('hello'), filename: 'logo.png' } }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('INVALID_FILE_UPLOAD');
  });

  it('answers 409 CONFLICT for an email already registered and for a RUC under another email', async () => {
    const t = await registerTenant(ctx);
    const sameEmail = await postRegister(
      registrationFields(makeCertificate(), { email: t.email.toUpperCase(), ruc: nextRuc() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().code).toBe('CONFLICT');
    const sameRuc = await postRegister(
      registrationFields(makeCertificate(), { email: nextEmail(), ruc: t.ruc }),
    );
    expect(sameRuc.statusCode).toBe(409);
    expect(sameRuc.json().code).toBe('CONFLICT');
  });

  it('ignores unknown fields and applies initialSequentials to both environments', async () => {
    const t = await registerTenant(ctx, {
      favouriteColour: 'blue',
      initialSequentials: JSON.stringify([{ documentType: '01', sequential: 120 }]),
    });
    const rows = await ctx.query<{ environment: string; current: number }>(
      `select environment, current from issuer_sequentials where issuer_id = $1 and document_type = '01' order by environment`,
      [t.issuerId],
    );
    expect(rows).toEqual([
      { environment: 'production', current: 119 },
      { environment: 'sandbox', current: 119 },
    ]);
  });
});

describe('registration rate limit', () => {
  it('shares 5 requests per hour per IP between register, recover and resend-verification', async () => {
    const limited = await createTestContext({ env: { REGISTRATION_RATE_LIMIT: '5' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 2; i++) {
        const { payload, headers } = await multipart({ email: 'a@b.co' });
        statuses.push(
          (await limited.app.inject({ method: 'POST', url: '/v1/register', payload, headers })).statusCode,
        );
        statuses.push(
          (await limited.app.inject({ method: 'POST', url: '/v1/recover', payload, headers })).statusCode,
        );
      }
      statuses.push(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/v1/resend-verification',
            payload: { email: 'a@b.co' },
          })
        ).statusCode,
      );
      expect(statuses).toEqual([400, 400, 400, 400, 200]);
      const over = await limited.app.inject({
        method: 'POST',
        url: '/v1/resend-verification',
        payload: { email: 'a@b.co' },
      });
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('TOO_MANY_REQUESTS');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      await limited.advance(3_600_000);
      const later = await limited.app.inject({
        method: 'POST',
        url: '/v1/resend-verification',
        payload: { email: 'a@b.co' },
      });
      expect(later.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('register races and corrupt files', () => {
  it('two registrations racing on one email: one 201, one 409 CONFLICT (never a 500)', async () => {
    const email = nextEmail('race');
    const results = await Promise.all(
      [0, 1].map(() => postRegister(registrationFields(makeCertificate(), { email, ruc: nextRuc() }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('CONFLICT');
  });

  it('a corrupt certificate sent without a password is CERTIFICATE_INVALID', async () => {
    const res = await postRegister(
      registrationFields(makeCertificate(), { cert: { file: CORRUPT_P12 }, certPassword: undefined }),
    );
    expect([res.statusCode, res.json().code]).toEqual([400, 'CERTIFICATE_INVALID']);
    const truncated = makeCertificate().p12.subarray(0, 300);
    const res2 = await postRegister(
      registrationFields(makeCertificate(), { cert: { file: truncated }, certPassword: undefined }),
    );
    expect([res2.statusCode, res2.json().code]).toEqual([400, 'CERTIFICATE_INVALID']);
  });
});
