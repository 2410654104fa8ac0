import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/modules/webhooks/verify-signature.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { bearer, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';

/**
 * The whole way of one invoice, on real parts and real time: API → worker → the tax authority
 * simulator over SOAP → AUTHORIZED → the buyer's email over SMTP (RIDE + XML) and a signed
 * webhook over HTTPS.
 */
let ctx: TestContext;
let sri: TestSri;
let smtp: TestSmtpServer;
let receiver: HttpsReceiver;
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-e2e-'));

beforeAll(async () => {
  sri = await startTestSri({ authorizationDelayMs: 200 });
  smtp = await startTestSmtpServer();
  receiver = await startHttpsReceiver();
  ctx = await createTestContext({
    sriUrl: sri.simulator.url,
    env: { SMTP_URL: smtp.url, SRI_AUTH_CHECK_DELAY_MS: '300', WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  await ctx.startWorker();
});
afterAll(async () => {
  await ctx?.close();
  await sri?.close();
  await smtp?.close();
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an invoice from creation to the buyer and the client', () => {
  it('AUTHORIZED without further calls; the buyer gets RIDE + XML; the client gets a signed webhook', async () => {
    const t = await verifiedTenant(ctx);
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: bearer(t.apiKey),
      payload: { url: receiver.url('/hooks/einvoice'), eventTypes: ['DOCUMENT_AUTHORIZED'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const secret = hook.json().secret as string;

    const created = await createDocument(ctx, t);
    expect(created.statusCode).toBe(201);
    const { accessKey, sequential } = created.json().document;

    const doc = await waitFor(
      'AUTHORIZED and its email SENT',
      async () =>
        (
          await ctx.app.inject({ method: 'GET', url: `/v1/documents/${accessKey}`, headers: docHeaders(t) })
        ).json().document,
      { until: (d) => d.status === 'AUTHORIZED' && d.email.status === 'SENT' },
    );
    expect(doc.authorizationNumber).toBe(accessKey);
    expect(doc.authorizationDate).toMatch(/-05:00$/);

    // The buyer's email: both attachments, named by the document number.
    const mail = await smtp.waitFor(
      (m) =>
        (m.to as { text: string }).text === 'maria@example.com' && (m.subject ?? '').includes(sequential),
    );
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `FACTURA-001-001-${sequential}.pdf`,
      `FACTURA-001-001-${sequential}.xml`,
    ]);
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${accessKey}/xml`,
      headers: docHeaders(t),
    });
    expect(mail.attachments[1]!.content.toString('utf8')).toBe(xml.body);
    expect(xml.body).toContain('<estado>AUTORIZADO</estado>');
    const pdfFile = path.join(dir, 'ride.pdf');
    writeFileSync(pdfFile, mail.attachments[0]!.content);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain(accessKey);
    expect(text).not.toContain('BORRADOR');
    execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', pdfFile, path.join(dir, 'page')]);
    const decoded = execFileSync('zbarimg', ['--raw', '-q', path.join(dir, 'page-1.png')], {
      encoding: 'utf8',
    }).trim();
    expect(decoded).toBe(accessKey);

    // The client's webhook: signed over "<timestamp>.<raw body>".
    const [delivery] = await receiver.waitFor(1, (r) => r.path === '/hooks/einvoice');
    const timestamp = String(delivery!.headers['x-service-timestamp']);
    const signature = String(delivery!.headers['x-service-signature']);
    const expected = createHmac('sha256', secret).update(`${timestamp}.${delivery!.rawBody}`).digest('hex');
    expect(signature).toBe(`sha256=${expected}`);
    expect(
      verifyWebhookSignature({
        secret,
        rawBody: delivery!.rawBody,
        signatureHeader: signature,
        timestampHeader: timestamp,
      }),
    ).toBe(true);
    const payload = JSON.parse(delivery!.rawBody);
    expect(payload).toMatchObject({
      event: 'DOCUMENT_AUTHORIZED',
      tenantId: t.tenantId,
      data: { type: 'DOCUMENT_AUTHORIZED', severity: 'INFO' },
    });
    expect(payload.data.metadata.documents[0]).toMatchObject({
      accessKey,
      sequential,
      authorizationNumber: accessKey,
      total: '123.50',
    });

    const responses = (
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/documents/${accessKey}/sri-responses`,
        headers: docHeaders(t),
      })
    ).json();
    expect(
      responses.sriResponses
        .map((r: { operationType: string; status: string }) => `${r.operationType}:${r.status}`)
        .reverse(),
    ).toEqual(['RECEPTION:RECIBIDA', 'AUTHORIZATION:AUTORIZADO']);
  });
});
