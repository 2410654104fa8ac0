import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate } from '../../src/shared/clock.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { authorize } from './helpers.js';

/**
 * Issue 30, point 16: the CSV export in the request's language, with the web app's labels of
 * status and email status (web/src/labels.ts itself) and Ecuador's DD/MM/YYYY dates, the API codes
 * kept in columns of their own.
 */
let ctx: TestContext;
let t: RegisteredTenant;
let signed: string;
let authorized: string;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await registerTenant(ctx);
  signed = (await createDocument(ctx, t)).json().document.accessKey;
  authorized = (await createDocument(ctx, t)).json().document.accessKey;
  // authorization_date 2026-11-21T15:15:00Z: 10:15 in Guayaquil (UTC-5).
  await authorize(ctx, authorized);
});
afterAll(() => ctx?.close());

async function csvRows(acceptLanguage?: string) {
  const extra: Record<string, string> = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
  const res = await ctx.app.inject({
    url: '/v1/documents/export?format=csv&sortBy=sequential&sortDir=asc',
    headers: docHeaders(t, t.apiKey, extra),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = res.rawPayload.subarray(3).toString('utf8').split('\r\n').slice(0, -1);
  const names = header!.split(';');
  return rows.map((r) => Object.fromEntries(r.split(';').map((v, i) => [names[i], v])));
}

/** The web app's own labels, loaded as the browser bundle has them (web/ has its own tsconfig). */
type Label = (t: (es: string, en: string) => string, group: string, code: string) => string;
const WEB_LABELS = '../../web/src/labels.ts';
let label: Label;
beforeAll(async () => {
  label = ((await import(WEB_LABELS)) as { label: Label }).label;
});
const web = (lang: 'es' | 'en', group: string, code: string) =>
  label((es, en) => (lang === 'es' ? es : en), group, code);

describe('the CSV export in the request language', () => {
  it('Spanish (es-EC, or no language named): the web labels, DD/MM/YYYY HH:mm:ss, codes beside', async () => {
    const today = ecuadorDate(ctx.clock.now());
    for (const lang of ['es-EC,es;q=0.9', undefined, 'fr']) {
      const [first, second] = await csvRows(lang);
      expect(first).toMatchObject({
        'Clave de acceso': signed,
        'Tipo de comprobante': 'Factura',
        'Fecha de emisión': today,
        Estado: web('es', 'documentStatus', 'SIGNED'),
        'Estado del correo': web('es', 'emailStatus', 'PENDING'),
        'Fecha de autorización': '',
        'Código de estado': 'SIGNED',
        'Código de estado del correo': 'PENDING',
      });
      expect(second).toMatchObject({
        'Clave de acceso': authorized,
        Estado: 'Autorizado',
        'Fecha de autorización': '21/11/2026 10:15:00',
        'Código de estado': 'AUTHORIZED',
      });
      expect(second!.Estado).toBe(web('es', 'documentStatus', 'AUTHORIZED'));
    }
  });

  it('English: English headers and labels, the same dates and codes', async () => {
    const [first, second] = await csvRows('en-US,en;q=0.9,es;q=0.5');
    expect(Object.keys(first!)).toEqual([
      'Type',
      'Document type',
      'Number',
      'Issue date',
      'Access key',
      'Status',
      'ID type',
      'ID',
      'Name',
      'Email',
      'Subtotal before taxes',
      'VAT',
      'Total',
      'Authorization number',
      'Authorization date',
      'Email status',
      'Status code',
      'Email status code',
    ]);
    expect(first).toMatchObject({
      'Document type': 'Invoice',
      Status: web('en', 'documentStatus', 'SIGNED'),
      'Email status': web('en', 'emailStatus', 'PENDING'),
      'Status code': 'SIGNED',
      'Email status code': 'PENDING',
    });
    expect(second).toMatchObject({
      Status: 'Authorized',
      'Authorization date': '21/11/2026 10:15:00',
      'Issue date': ecuadorDate(ctx.clock.now()),
      'Status code': 'AUTHORIZED',
    });
  });
});
