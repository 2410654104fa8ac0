import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationXml } from '../../src/adapters/sri/authorization.js';
import { ALL_SCOPES } from '../../src/modules/keys/index.js';
import { setProduction } from '../helpers/billing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { bearer, fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

let ctx: TestContext;
let smtp: TestSmtpServer;
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-delivery-'));

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `r${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Marks a document authorized the way the lifecycle records it (fixture: the lifecycle has its own tests). */
async function authorize(accessKey: string) {
  const [doc] = await ctx.query<{ signed_xml: string }>(
    'select signed_xml from documents where access_key = $1',
    [accessKey],
  );
  const xml = authorizationXml(
    {
      status: 'AUTORIZADO',
      authorizationNumber: accessKey,
      authorizationDate: '2026-11-21T10:15:00-05:00',
      environment: 'PRUEBAS',
      document: doc!.signed_xml,
      messages: [],
    },
    accessKey,
  );
  await ctx.query(
    `update documents set status = 'AUTHORIZED', authorization_number = $1, authorization_date = '2026-11-21T15:15:00Z', authorized_xml = $2 where access_key = $1`,
    [accessKey, xml],
  );
}

async function newDocument(t: RegisteredTenant) {
  const res = await createDocument(ctx, t);
  expect(res.statusCode).toBe(201);
  return res.json().document as { accessKey: string; sequential: string };
}

describe('RIDE and XML downloads', () => {
  it('before authorization: a draft RIDE and the signed XML', async () => {
    const t = await registerTenant(ctx);
    const doc = await newDocument(t);
    const ride = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.accessKey}/ride`,
      headers: docHeaders(t),
    });
    expect(ride.statusCode).toBe(200);
    expect(ride.headers['content-type']).toBe('application/pdf');
    expect(ride.headers['x-ride-draft']).toBe('true');
    expect(ride.headers['content-disposition']).toContain(`FACTURA-001-001-${doc.sequential}.pdf`);
    const text = pdfText(ride.rawPayload);
    expect(text).toContain('BORRADOR');
    expect(text).toContain(doc.accessKey);
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.accessKey}/xml`,
      headers: docHeaders(t),
    });
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.headers['x-xml-authorized']).toBe('false');
    const [row] = await ctx.query<{ signed_xml: string }>(
      'select signed_xml from documents where access_key = $1',
      [doc.accessKey],
    );
    expect(xml.body).toBe(row!.signed_xml);
  });

  it('once authorized: the RIDE carries the authorization and the XML is the autorizacion wrapper', async () => {
    const t = await registerTenant(ctx);
    const doc = await newDocument(t);
    await authorize(doc.accessKey);
    const ride = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.accessKey}/ride`,
      headers: docHeaders(t),
    });
    expect(ride.headers['x-ride-draft']).toBe('false');
    const text = pdfText(ride.rawPayload);
    expect(text).not.toContain('BORRADOR');
    expect(text).toMatch(/21\/11\/2026 10:15/);
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.accessKey}/xml`,
      headers: docHeaders(t),
    });
    expect(xml.headers['x-xml-authorized']).toBe('true');
    expect(xml.body).toContain('<estado>AUTORIZADO</estado>');
    expect(xml.body).toContain(`<numeroAutorizacion>${doc.accessKey}</numeroAutorizacion>`);
  });

  it('needs documents:read; another tenant gets 404; a paused issuer still serves them', async () => {
    const t = await registerTenant(ctx);
    const doc = await newDocument(t);
    const writer = await fixtureKey(ctx, t, ['documents:write']);
    const denied = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.accessKey}/ride`,
      headers: docHeaders(t, writer),
    });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const other = await registerTenant(ctx);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.accessKey}/xml`,
      headers: docHeaders(other),
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/issuers/${t.issuerId}/can-issue`,
      headers: bearer(t.apiKey),
      payload: { canIssue: false },
    });
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/documents/${doc.accessKey}/ride`,
          headers: docHeaders(t),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('POST /v1/documents/:accessKey/email-retry', () => {
  it('refuses a document not yet authorized with DOCUMENT_NOT_AUTHORIZED', async () => {
    const t = await registerTenant(ctx);
    const doc = await newDocument(t);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${doc.accessKey}/email-retry`,
      headers: docHeaders(t),
      payload: {},
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'DOCUMENT_NOT_AUTHORIZED']);
  });

  it('sends the RIDE and the XML named by the document number; the XML equals the download; status SENT', async () => {
    const t = await registerTenant(ctx);
    const doc = await newDocument(t);
    await authorize(doc.accessKey);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${doc.accessKey}/email-retry`,
      headers: docHeaders(t),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      ok: true,
      to: 'maria@example.com',
      document: { email: { status: 'PENDING' } },
    });
    await ctx.drainJobs();
    const mail = await smtp.waitFor((m) => (m.subject ?? '').includes(doc.sequential));
    expect(mail.subject).toBe(
      `[PRUEBAS — SIN VALIDEZ TRIBUTARIA] Factura 001-001-${doc.sequential} de Pruebas & Cía`,
    );
    const names = mail.attachments.map((a) => a.filename);
    expect(names).toEqual([`FACTURA-001-001-${doc.sequential}.pdf`, `FACTURA-001-001-${doc.sequential}.xml`]);
    const pdf = mail.attachments[0]!.content;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(doc.accessKey);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.accessKey}/xml`,
      headers: docHeaders(t),
    });
    expect(mail.attachments[1]!.content.toString('utf8')).toBe(download.body);
    const summary = (
      await ctx.app.inject({ method: 'GET', url: `/v1/documents?status=AUTHORIZED`, headers: docHeaders(t) })
    ).json().data[0];
    expect(summary.email.status).toBe('SENT');
    expect(summary.email.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('goes to another address when given one, and refuses a malformed one', async () => {
    const t = await registerTenant(ctx, { language: 'en' });
    const doc = await newDocument(t);
    await authorize(doc.accessKey);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${doc.accessKey}/email-retry`,
      headers: docHeaders(t),
      payload: { email: 'nope' },
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${doc.accessKey}/email-retry`,
      headers: docHeaders(t),
      payload: { email: 'accounting@example.org' },
    });
    expect(res.json().to).toBe('accounting@example.org');
    await ctx.drainJobs();
    const mail = await smtp.waitFor((m) => (m.to as { text: string }).text === 'accounting@example.org');
    expect(mail.subject).toBe(
      `[TEST — NOT VALID FOR TAX PURPOSES] Invoice 001-001-${doc.sequential} from Pruebas & Cía`,
    );
  });

  it('a permanent delivery failure: status FAILED, EMAIL_FAILED event, EMAIL_DELIVERY_FAILED notification', async () => {
    const t = await registerTenant(ctx);
    const doc = await newDocument(t);
    await authorize(doc.accessKey);
    await ctx.drainJobs(); // the verification email goes first, so the refusal hits the document email
    smtp.rejectNext(1, 550);
    await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${doc.accessKey}/email-retry`,
      headers: docHeaders(t),
    });
    await ctx.drainJobs();
    const summary = (
      await ctx.app.inject({ method: 'GET', url: `/v1/documents/${doc.accessKey}`, headers: docHeaders(t) })
    ).json().document;
    expect(summary.email.status).toBe('FAILED');
    const events = await ctx.query<{ type: string }>(
      `select type from document_events where document_id = (select id from documents where access_key = $1) order by created_at, id`,
      [doc.accessKey],
    );
    expect(events.map((e) => e.type)).toEqual(['CREATED', 'EMAIL_QUEUED', 'EMAIL_FAILED']);
    const notes = (
      await ctx.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(t.apiKey) })
    ).json().notifications;
    expect(notes.map((n: { type: string }) => n.type)).toContain('EMAIL_DELIVERY_FAILED');
  });

  it('needs documents:write', async () => {
    const t = await registerTenant(ctx);
    const doc = await newDocument(t);
    const reader = await fixtureKey(ctx, t, ['documents:read']);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${doc.accessKey}/email-retry`,
      headers: docHeaders(t, reader),
    });
    expect([res.statusCode, res.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });
});

describe('sandbox documents are marked as tests; production ones are not', () => {
  const MARK = 'PRUEBAS — SIN VALIDEZ TRIBUTARIA';

  async function emailed(t: RegisteredTenant, key: string) {
    const res = await createDocument(ctx, t, undefined, { authorization: `Bearer ${key}` });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().document as { accessKey: string; sequential: string };
    await authorize(doc.accessKey);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/v1/documents/${doc.accessKey}/email-retry`,
      headers: docHeaders(t, key),
    });
    expect(retry.statusCode).toBe(202);
    await ctx.drainJobs();
    const mail = await smtp.waitFor((m) => (m.text ?? '').includes(doc.accessKey));
    const ride = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.accessKey}/ride`,
      headers: docHeaders(t, key),
    });
    return {
      mail,
      rideText: pdfText(ride.rawPayload),
      attachedRideText: pdfText(mail.attachments[0]!.content),
    };
  }

  it('sandbox: the subject, a banner over the text and HTML body, and every page of the RIDE say PRUEBAS', async () => {
    const t = await registerTenant(ctx);
    const { mail, rideText, attachedRideText } = await emailed(t, t.apiKey);
    expect(mail.subject).toMatch(new RegExp(`^\\[${MARK}\\] Factura 001-001-\\d{9} de Pruebas & Cía$`));
    expect((mail.text ?? '').split('\n')[0]).toBe(`*** ${MARK} ***`);
    expect(mail.text).toContain('ambiente de pruebas del SRI. No tiene validez tributaria.');
    expect(mail.text).not.toContain('autorizado por el SRI');
    const html = String(mail.html);
    expect(html.indexOf(MARK)).toBeGreaterThan(-1);
    expect(html.indexOf(MARK)).toBeLessThan(html.indexOf('Estimado(a)'));
    for (const text of [rideText, attachedRideText]) {
      const pages = text.split('\f').filter((p) => p.trim());
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) expect(page).toContain(MARK);
      expect(text).toContain('AMBIENTE: PRUEBAS');
    }
  });

  it('production: subject, body and RIDE as before, without the mark', async () => {
    const t = await registerTenant(ctx);
    await setProduction(ctx, t.tenantId);
    const key = await fixtureKey(ctx, t, [...ALL_SCOPES], { environment: 'production' });
    const { mail, rideText, attachedRideText } = await emailed(t, key);
    expect(mail.subject).toMatch(/^Factura 001-001-\d{9} de Pruebas & Cía$/);
    expect(mail.text).toMatch(/^Estimado\(a\) /);
    expect(mail.text).toContain('autorizado por el SRI.');
    for (const text of [mail.text ?? '', String(mail.html), rideText, attachedRideText]) {
      expect(text).not.toContain('PRUEBAS — ');
      expect(text).not.toContain('SIN VALIDEZ');
    }
    expect(rideText).toContain('PRODUCCIÓN');
  });
});
