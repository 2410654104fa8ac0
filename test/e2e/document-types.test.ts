import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccessKey } from '../../src/modules/documents/access-key.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import { validateWithSchema } from '../fiscal/xml-tools.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { TYPE_CASES, withholdingBody } from '../helpers/document-types.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Every new type through the one pipeline, on real parts and real time: POST /v1/documents →
 * worker → the tax authority simulator over SOAP → AUTHORIZED → the counterpart's email over SMTP
 * (RIDE + XML) and a signed webhook; idempotency, sequentials per type, list, stats, events, and
 * a rebuild after a DEVUELTA.
 */
let ctx: TestContext;
let sri: TestSri;
let smtp: TestSmtpServer;
let receiver: HttpsReceiver;
let t: RegisteredTenant;
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-types-'));
const XSD: Record<string, string> = {
  '03': 'LiquidacionCompra_V1.1.0.xsd',
  '05': 'NotaDebito_V1.0.0.xsd',
  '07': 'ComprobanteRetencion_V2.0.0.xsd',
  '06': 'GuiaRemision_V1.1.0.xsd',
};

beforeAll(async () => {
  sri = await startTestSri({ authorizationDelayMs: 200 });
  smtp = await startTestSmtpServer();
  receiver = await startHttpsReceiver();
  ctx = await createTestContext({
    sriUrl: sri.simulator.url,
    env: { SMTP_URL: smtp.url, SRI_AUTH_CHECK_DELAY_MS: '300', WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  await ctx.startWorker();
  t = await verifiedTenant(ctx, { documentTypes: ['01', '03', '04', '05', '06', '07'] });
  const hook = await ctx.app.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: bearer(t.apiKey),
    payload: { url: receiver.url('/hooks/types'), eventTypes: ['DOCUMENT_AUTHORIZED'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
  await sri?.close();
  await smtp?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: docHeaders(t) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const detail = async (key: string) => (await get(`/v1/documents/${key}`)).json().document;

describe.each(TYPE_CASES)('type $code through the one pipeline', (c) => {
  it('create (idempotent), sequential per type, AUTHORIZED, the email with RIDE and XML, a webhook, list, stats, events', async () => {
    const today = ecuadorDate(ctx.clock.now());
    const body = c.body(today);
    const key = `types-${c.code}`;
    const created = await createDocument(ctx, t, body, { 'idempotency-key': key });
    expect(created.statusCode, created.body).toBe(201);
    const doc = created.json().document;
    expect(doc).toMatchObject({
      documentType: c.code,
      sequential: '000000001',
      status: 'SIGNED',
      total: c.total,
    });
    expect(parseAccessKey(doc.accessKey)).toMatchObject({ documentType: c.code, sequential: '000000001' });
    const replay = await createDocument(ctx, t, body, { 'idempotency-key': key });
    expect([replay.statusCode, replay.json().document.accessKey]).toEqual([200, doc.accessKey]);
    const other = await createDocument(
      ctx,
      t,
      { ...body, additionalInfo: [{ name: 'x', value: 'y' }] },
      {
        'idempotency-key': key,
      },
    );
    expect([other.statusCode, other.json().code]).toEqual([409, 'CONFLICT']);

    const done = await waitFor('AUTHORIZED and its email SENT', () => detail(doc.accessKey), {
      until: (d) => d.status === 'AUTHORIZED' && d.email.status === 'SENT',
    });
    expect(done).toMatchObject({ documentType: c.code, total: c.total, authorizationNumber: doc.accessKey });
    expect(done.buyer.email).toBe(c.recipients[0]);
    expect(done.content).toBeTypeOf('object');

    // The signed XML is valid against the type's official schema.
    const [row] = await ctx.query<{ signed_xml: string }>(
      'select signed_xml from documents where access_key = $1',
      [doc.accessKey],
    );
    const unsigned = row!.signed_xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');
    const schema = validateWithSchema(unsigned, `resources/sri/xsd/${XSD[c.code]}`);
    expect(schema.status, schema.stderr).toBe(0);

    // The counterpart's email: RIDE and authorized XML, named by type and number.
    const number = `001-001-${doc.sequential}`;
    const mail = await smtp.waitFor(
      (m) =>
        (m.to as { text: string }).text === c.recipients.join(', ') && (m.subject ?? '').includes(number),
    );
    // A waybill moves goods: its email states no amount.
    expect(mail.text ?? '').toContain(c.code === '06' ? `${today}.` : `total USD ${c.total}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `${c.file}-${number}.pdf`,
      `${c.file}-${number}.xml`,
    ]);
    expect(mail.attachments[1]!.content.toString('utf8')).toContain('<estado>AUTORIZADO</estado>');
    const pdf = path.join(dir, `${c.code}.pdf`);
    writeFileSync(pdf, mail.attachments[0]!.content);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toMatch(c.title);
    expect(text).toContain(doc.accessKey);
    expect(text).not.toContain('BORRADOR');
    execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', pdf, path.join(dir, `p${c.code}`)]);
    const barcode = execFileSync('zbarimg', ['--raw', '-q', path.join(dir, `p${c.code}-1.png`)], {
      encoding: 'utf8',
    }).trim();
    expect(barcode).toBe(doc.accessKey);

    // The client's webhook names the document.
    const deliveries = await receiver.waitFor(1, (r) => r.rawBody.includes(doc.accessKey));
    expect(JSON.parse(deliveries[0]!.rawBody).data.metadata.documents[0]).toMatchObject({
      accessKey: doc.accessKey,
      total: c.total,
    });

    // List filter, stats and events.
    const list = (await get(`/v1/documents?documentType=${c.code}`)).json();
    expect(list.data.map((d: { accessKey: string }) => d.accessKey)).toEqual([doc.accessKey]);
    expect(list.data[0]).toMatchObject({ total: c.total, status: 'AUTHORIZED' });
    const stats = (await get('/v1/documents/stats')).json();
    expect(stats.byType).toContainEqual(
      expect.objectContaining({ documentType: c.code, count: 1, issuedTotal: c.total }),
    );
    const events = (await get(`/v1/documents/${doc.accessKey}/events`))
      .json()
      .events.map((e: { type: string }) => e.type);
    expect(events).toEqual(
      expect.arrayContaining(['CREATED', 'SENT_TO_SRI', 'RECEIVED', 'AUTHORIZED', 'EMAIL_SENT']),
    );

    // The next document of this type takes the next number; an invoice keeps its own counter.
    const second = await createDocument(ctx, t, c.body(today));
    expect(second.json().document.sequential).toBe('000000002');
  });

  it('DEVUELTA → RETURNED → rebuild with a corrected body → AUTHORIZED under the same access key', async () => {
    const today = ecuadorDate(ctx.clock.now());
    const created = await createDocument(ctx, t, c.body(today, [{ name: 'simulador', value: 'DEVUELTA' }]));
    expect(created.statusCode, created.body).toBe(201);
    const { accessKey, sequential } = created.json().document;
    await waitFor('RETURNED', () => detail(accessKey), { until: (d) => d.status === 'RETURNED' });
    const rebuilt = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${accessKey}/rebuild`,
      headers: docHeaders(t),
      payload: c.body(today, [{ name: 'Corregido', value: 'sí' }]),
    });
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json().document).toMatchObject({ accessKey, sequential, status: 'SIGNED' });
    const done = await waitFor('AUTHORIZED', () => detail(accessKey), {
      until: (d) => d.status === 'AUTHORIZED',
    });
    expect(done.additionalInfo).toEqual([{ name: 'Corregido', value: 'sí' }]);
    // A body of another type is refused on documentType, whatever its shape.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${accessKey}/rebuild`,
      headers: docHeaders(t),
      payload: invoiceBody(),
    });
    expect(wrong.json().errors?.[0]?.path).toBe('documentType');
  });
});

describe('refusals of the new types', () => {
  it('a business rule names the field on the API convention (no body. prefix), and nothing is numbered', async () => {
    const today = ecuadorDate(ctx.clock.now());
    const body = withholdingBody(today);
    body.supportingDocuments[0]!.withholdings[0]!.amount = '1.95';
    const res = await createDocument(ctx, t, body);
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().errors).toEqual([
      { path: 'supportingDocuments[0].withholdings[0].amount', message: expect.stringContaining('1.94') },
    ]);
    expect(res.json().detail).toMatch(/^supportingDocuments\[0\]\.withholdings\[0\]\.amount: /);
  });

  it('DOCUMENT_TYPE_NOT_ENABLED for a type the issuer has not enabled', async () => {
    const plain = await verifiedTenant(ctx);
    const res = await createDocument(ctx, plain, withholdingBody(ecuadorDate(ctx.clock.now())));
    expect([res.statusCode, res.json().code]).toEqual([400, 'DOCUMENT_TYPE_NOT_ENABLED']);
  });
});

describe('sequentials per type and environment', () => {
  it('each type counts on its own: the invoices of this issuer start at 1', async () => {
    const inv = await createDocument(ctx, t);
    expect(inv.json().document.sequential).toBe('000000001');
    const seqs = (
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/issuers/${t.issuerId}/sequentials`,
        headers: bearer(t.apiKey),
      })
    ).json().sequentials as { documentType: string; sandbox: { current: number } }[];
    const current = Object.fromEntries(seqs.map((s) => [s.documentType, s.sandbox.current]));
    expect(current).toMatchObject({ '01': 1, '03': 3, '05': 3, '06': 3, '07': 3 });
  });
});
