import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { signInThroughUi, startWebStack, type WebStack } from './harness.js';

/**
 * The app's requests go through the SDK's HTTP core (web/src/api.ts) with its cookie transport:
 * the session cookie and the CSRF header, never an API key; multipart with progress by
 * XMLHttpRequest; a 401 sends the person back to the sign-in page.
 */
let stack: WebStack;
let tenant: RegisteredTenant;
beforeAll(async () => {
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx);
});
afterAll(async () => stack?.close());

async function csrfCookie(): Promise<string> {
  const cookie = (await stack.browser.cookies()).find((c) => c.name === 'eik_csrf');
  expect(cookie, 'the eik_csrf cookie').toBeDefined();
  return cookie!.value;
}

function nextRequest(page: Page, method: string, path: RegExp): Promise<Request> {
  return page.waitForRequest((r) => r.method() === method && path.test(new URL(r.url()).pathname));
}

describe('the web app on the SDK core', () => {
  it('sends JSON by fetch with the CSRF header and no API key; reads go without it', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    const read = nextRequest(page, 'GET', /^\/v1\/webhooks$/);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    const get = await read;
    expect(get.resourceType()).toBe('fetch');
    expect(get.headers()['x-csrf-token']).toBeUndefined();
    expect(get.headers().authorization).toBeUndefined();

    await page.getByRole('button', { name: 'Nuevo webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo webhook' });
    await dialog.getByLabel('URL (HTTPS)').fill('https://hooks.example.com/in');
    const write = nextRequest(page, 'POST', /^\/v1\/webhooks$/);
    await dialog.getByRole('button', { name: 'Crear webhook' }).click();
    const post = await write;
    expect(post.resourceType()).toBe('fetch');
    const headers = post.headers();
    expect(headers['x-csrf-token']).toBe(await csrfCookie());
    expect(headers.authorization).toBeUndefined();
    expect(headers['content-type']).toBe('application/json');
    // The API's field messages in its own English: the app words them in the page's language.
    expect(headers['accept-language']).toBe('en');
    expect((await post.response())?.status()).toBe(201);
    const [hook] = await stack.ctx.query<{ url: string }>(
      'select url from webhook_endpoints where tenant_id = $1',
      [tenant.tenantId],
    );
    expect(hook?.url).toBe('https://hooks.example.com/in');
    await page.close();
  });

  it('uploads a certificate by XMLHttpRequest (progress) with the CSRF header, and reads its answer', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Emisores' }).click();
    await page.getByRole('button', { name: 'Renovar certificado' }).click();
    const renew = page.getByRole('dialog', { name: 'Renovar certificado' });
    await renew.getByLabel('Certificado (.p12)').setInputFiles({
      name: 'firma.p12',
      mimeType: 'application/x-pkcs12',
      buffer: tenant.certificate.p12,
    });
    await renew.getByLabel(/Contraseña/).fill(tenant.certificate.password);
    const sent = nextRequest(page, 'PATCH', /^\/v1\/issuers\/[^/]+\/certificate$/);
    await renew.getByRole('button', { name: 'Renovar' }).click();
    const upload = await sent;
    expect(upload.resourceType()).toBe('xhr');
    expect(upload.headers()['x-csrf-token']).toBe(await csrfCookie());
    expect(upload.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect((await upload.response())?.status()).toBe(200);
    // The answer read back through the core: the dialog shows the certificate's expiry.
    const expiry = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Guayaquil',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(tenant.certificate.notAfter);
    await renew.getByText(`Certificado renovado; caduca el ${expiry}.`).waitFor();
    await page.close();
  });

  it('a session gone mid-use (401) sends the person back to sign in', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    // The app settled first (the dashboard's reads answered), then the session cookie gone
    // (expired, cleared): the next request, the click's, answers 401.
    await page.waitForLoadState('networkidle');
    await stack.browser.clearCookies({ name: 'eik_session' });
    await page.getByRole('link', { name: 'Claves de API' }).click();
    await page.waitForURL('**/signin?expired=1');
    await page.close();
  });
});
