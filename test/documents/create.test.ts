import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAccessKey, parseAccessKey } from '../../src/modules/documents/access-key.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import { validateWithSchema, xmlsecVerify } from '../fiscal/xml-tools.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import {
  createDocument,
  creditNoteBody,
  docHeaders,
  INVOICE_TOTAL,
  invoiceBody,
} from '../helpers/documents.js';
import { bearer, fixtureKey, registerTenant, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const count = async (table: string, tenantId: string) =>
  (
    await ctx.query<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = $1`, [tenantId])
  )[0]!.n;

describe('POST /v1/documents: invoices', () => {
  it('answers 201 with a signed invoice: a valid access key, the next sequential, SIGNED', async () => {
    const t = await registerTenant(ctx);
    const res = await createDocument(ctx, t);
    expect(res.statusCode, res.body).toBe(201);
    const { document } = res.json();
    expect(document).toEqual({
      accessKey: expect.stringMatching(/^[0-9]{49}$/),
      documentType: '01',
      sequential: '000000001',
      status: 'SIGNED',
      issueDate: ecuadorDate(ctx.clock.now()),
      total: INVOICE_TOTAL,
      email: { status: 'PENDING' },
      rideUrl: `/v1/documents/${document.accessKey}/ride`,
      xmlUrl: `/v1/documents/${document.accessKey}/xml`,
    });
    expect(isValidAccessKey(document.accessKey)).toBe(true);
    const parts = parseAccessKey(document.accessKey)!;
    expect(parts).toMatchObject({
      documentType: '01',
      ruc: t.ruc,
      environment: 'sandbox',
      branchCode: '001',
      issuePointCode: '001',
      sequential: '000000001',
    });
    const second = await createDocument(ctx, t);
    expect(second.json().document.sequential).toBe('000000002');
  });

  it('stores XML that the official schema accepts and a signature that xmlsec1 verifies with the issuer certificate', async () => {
    const t = await registerTenant(ctx);
    const res = await createDocument(ctx, t);
    const [row] = await ctx.query<{ signed_xml: string }>(
      'select signed_xml from documents where access_key = $1',
      [res.json().document.accessKey],
    );
    const signed = row!.signed_xml;
    expect(xmlsecVerify(signed, 'factura', t.certificate.certPem).status).toBe(0);
    const unsigned = signed.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    const schema = validateWithSchema(unsigned, 'resources/sri/xsd/factura_V1.1.0.xsd');
    expect(schema.status, schema.stderr).toBe(0);
    expect(signed).toContain('<razonSocialComprador>María José Peñafiel</razonSocialComprador>');
    expect(signed).toContain('<importeTotal>123.50</importeTotal>');
  });

  it('names the field whose stated tax amount disagrees, and consumes no sequential', async () => {
    const t = await registerTenant(ctx);
    const body = invoiceBody();
    body.items[0]!.taxes[0]!.taxAmount = '13.49';
    const res = await createDocument(ctx, t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors).toContainEqual({
      path: 'items[0].taxes[0].taxAmount',
      message: expect.stringContaining('13.50'),
    });
    expect(await count('documents', t.tenantId)).toBe(0);
    const ok = await createDocument(ctx, t);
    expect(ok.json().document.sequential).toBe('000000001');
  });

  it.each([
    ['payments not summing to the total', { payments: [{ method: '01', total: '100.00' }] }, 'payments'],
    [
      'an unknown payment method',
      { payments: [{ method: '99', total: INVOICE_TOTAL }] },
      'payments[0].method',
    ],
    [
      'a final consumer above USD 50',
      { buyer: { idType: '07', id: '9999999999999', name: 'CONSUMIDOR FINAL', email: 'cf@example.com' } },
      'buyer.idType',
    ],
    ['a future issue date', { issueDate: '01/01/2099' }, 'issueDate'],
    [
      'a quantity of the wrong type',
      { items: [{ ...invoiceBody().items[0], quantity: 2 }] },
      'items[0].quantity',
    ],
    ['no items', { items: [] }, 'items'],
    [
      'more than 15 additional fields',
      { additionalInfo: Array.from({ length: 16 }, (_, i) => ({ name: `n${i}`, value: 'v' })) },
      'additionalInfo',
    ],
  ])('refuses %s with VALIDATION_FAILED naming the field', async (_n, override, path) => {
    const t = await registerTenant(ctx);
    const res = await createDocument(ctx, t, invoiceBody(override));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('refuses an unsupported documentType with VALIDATION_FAILED', async () => {
    const t = await registerTenant(ctx);
    const res = await createDocument(ctx, t, invoiceBody({ documentType: '07' }));
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('POST /v1/documents: credit notes', () => {
  it('issues a credit note dated today; against an invoice still in flight it is refused', async () => {
    const t = await registerTenant(ctx);
    const inv = (await createDocument(ctx, t)).json().document;
    const inFlight = await createDocument(
      ctx,
      t,
      creditNoteBody({ number: `001-001-${inv.sequential}`, issueDate: ecuadorDate(ctx.clock.now()) }),
    );
    expect([inFlight.statusCode, inFlight.json().errors]).toEqual([
      400,
      [
        {
          path: 'originalDocument.number',
          message: 'is SIGNED: only an AUTHORIZED document can be referred to',
        },
      ],
    ]);
    // An original the account does not hold (issued before the business came here): a warning.
    const res = await createDocument(
      ctx,
      t,
      creditNoteBody({ number: '001-001-000000777', issueDate: ecuadorDate(ctx.clock.now()) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([
      {
        code: 'ORIGINAL_NOT_IN_ACCOUNT',
        path: 'originalDocument',
        message: 'the original is not in this account; it was not checked',
      },
    ]);
    expect(res.json().document).toMatchObject({
      documentType: '04',
      sequential: '000000001',
      total: '57.50',
      status: 'SIGNED',
    });
    const [row] = await ctx.query<{ signed_xml: string }>(
      'select signed_xml from documents where access_key = $1',
      [res.json().document.accessKey],
    );
    expect(xmlsecVerify(row!.signed_xml, 'notaCredito', t.certificate.certPem).status).toBe(0);
    const unsigned = row!.signed_xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    expect(validateWithSchema(unsigned, 'resources/sri/xsd/NotaCredito_V1.1.0.xsd').status).toBe(0);
  });

  it('refuses a credit note dated other than today', async () => {
    const t = await registerTenant(ctx);
    const res = await createDocument(
      ctx,
      t,
      creditNoteBody({ number: '001-001-000000001', issueDate: '01/01/2026' }, { issueDate: '01/01/2026' }),
    );
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('issueDate');
  });

  it('refuses motivo over 300 characters and a malformed original number', async () => {
    const t = await registerTenant(ctx);
    const res = await createDocument(
      ctx,
      t,
      creditNoteBody(
        { number: '1-1-1', issueDate: ecuadorDate(ctx.clock.now()) },
        { motivo: 'x'.repeat(301) },
      ),
    );
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['motivo', 'originalDocument.number']));
  });
});

describe('issuer rules', () => {
  it('DOCUMENT_TYPE_NOT_ENABLED when the issuer lacks the type', async () => {
    const t = await registerTenant(ctx, { documentTypes: ['01'] });
    const res = await createDocument(
      ctx,
      t,
      creditNoteBody({ number: '001-001-000000001', issueDate: ecuadorDate(ctx.clock.now()) }),
    );
    expect([res.statusCode, res.json().code]).toEqual([400, 'DOCUMENT_TYPE_NOT_ENABLED']);
  });

  it('ISSUER_ISSUING_PAUSED while paused, and issuing again once resumed', async () => {
    const t = await registerTenant(ctx);
    const pause = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/issuers/${t.issuerId}/can-issue`,
      headers: bearer(t.apiKey),
      payload: { canIssue: false },
    });
    expect(pause.statusCode).toBe(200);
    const res = await createDocument(ctx, t);
    expect([res.statusCode, res.json().code]).toEqual([403, 'ISSUER_ISSUING_PAUSED']);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/issuers/${t.issuerId}/can-issue`,
      headers: bearer(t.apiKey),
      payload: { canIssue: true },
    });
    expect((await createDocument(ctx, t)).statusCode).toBe(201);
  });

  it('X-Issuer-Id: missing or malformed 400 BAD_REQUEST, another tenant 403 ISSUER_FORBIDDEN, unknown 404', async () => {
    const t = await registerTenant(ctx);
    const other = await registerTenant(ctx);
    const post = (issuer?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/documents',
        headers: { ...bearer(t.apiKey), ...(issuer === undefined ? {} : { 'x-issuer-id': issuer }) },
        payload: invoiceBody(),
      });
    expect((await post()).json().code).toBe('BAD_REQUEST');
    expect((await post('nope')).json().code).toBe('BAD_REQUEST');
    const foreign = await post(other.issuerId);
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'ISSUER_FORBIDDEN']);
    const unknown = await post('00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('needs documents:write; a production key on a sandbox tenant is 401 API_KEY_ENV_MISMATCH', async () => {
    const t = await verifiedTenant(ctx);
    const reader = await fixtureKey(ctx, t, ['documents:read']);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: docHeaders(t, reader),
      payload: invoiceBody(),
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const prod = await fixtureKey(ctx, t, ['documents:write', 'documents:read'], {
      environment: 'production',
    });
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: docHeaders(t, prod),
      payload: invoiceBody(),
    });
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([401, 'API_KEY_ENV_MISMATCH']);
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/documents', headers: docHeaders(t, prod) });
    expect([list.statusCode, list.json().code]).toEqual([401, 'API_KEY_ENV_MISMATCH']);
  });

  it('a suspended tenant cannot create (403 ACCOUNT_SUSPENDED) but can still list', async () => {
    const t = await registerTenant(ctx);
    await createDocument(ctx, t);
    await ctx.query(
      `update tenants set status = 'SUSPENDED', suspension_reason_code = 'OTHER' where id = $1`,
      [t.tenantId],
    );
    const res = await createDocument(ctx, t);
    expect([res.statusCode, res.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/documents', headers: docHeaders(t) });
    expect(list.json().pagination.total).toBe(1);
  });

  it('refuses to sign with a certificate that expired after upload (400 CERTIFICATE_EXPIRED) and writes nothing', async () => {
    const t = await registerTenant(ctx);
    await ctx.advance(3 * 365 * 24 * 3600_000);
    const res = await createDocument(ctx, t, invoiceBody({ issueDate: ecuadorDate(ctx.clock.now()) }));
    expect([res.statusCode, res.json().code]).toEqual([400, 'CERTIFICATE_EXPIRED']);
    expect(await count('documents', t.tenantId)).toBe(0);
    ctx.clock.set(new Date());
  });
});

describe('production quota', () => {
  it('refuses the document past the plan quota with 402 DOCUMENT_QUOTA_EXCEEDED and counts documentCount', async () => {
    const t = await verifiedTenant(ctx);
    await ctx.query(`update tenants set sandbox = false, promoted_at = now() where id = $1`, [t.tenantId]);
    await ctx.query(`update tiers set document_quota = 2 where code = 'FREE'`);
    try {
      const prod = await fixtureKey(ctx, t, ['documents:write', 'documents:read'], {
        environment: 'production',
      });
      const post = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/v1/documents',
          headers: docHeaders(t, prod),
          payload: invoiceBody(),
        });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const third = await post();
      expect([third.statusCode, third.json().code, third.json().title]).toEqual([
        402,
        'DOCUMENT_QUOTA_EXCEEDED',
        'Payment Required',
      ]);
      const me = (
        await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(prod) })
      ).json();
      expect(me.tenant).toMatchObject({ documentCount: 2, documentQuota: 2, sandbox: false });
      const seqs = await ctx.query<{ current: number }>(
        `select current from issuer_sequentials where issuer_id = $1 and environment = 'production'`,
        [t.issuerId],
      );
      expect(seqs[0]!.current).toBe(2);
    } finally {
      await ctx.query(`update tiers set document_quota = 30 where code = 'FREE'`);
    }
  });
});
