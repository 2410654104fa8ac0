import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRUPT_P12, makeCertificate } from '../helpers/certificates.js';
import { nextEmail, nextRuc, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { settled, signInThroughUi, startWebStack, type WebStack } from './harness.js';

/**
 * One failing submission per form: the problem document shows up next to the field or atop the form.
 * Every request goes through the SDK's HTTP core with the app's cookie transport (web/src/api.ts):
 * the webhook and certificate cases also check what the browser sent, and a 401 ends the session.
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

describe('problem documents mapped onto the forms', () => {
  it('sign-up: a malformed RUC is marked on its field, a wrong password atop the form', async () => {
    const page = await stack.newPage();
    const cert = makeCertificate();
    await page.goto('/signup');
    await page.getByLabel('Correo electrónico').fill(nextEmail('err'));
    await page.getByLabel('RUC').fill('12345');
    await page.getByLabel('Razón social').fill('Errores S.A.');
    await page.getByLabel('Dirección matriz').fill('Av. Amazonas N34-451, Quito');
    await page
      .getByLabel('Certificado (.p12)')
      .setInputFiles({ name: 'f.p12', mimeType: 'application/x-pkcs12', buffer: cert.p12 });
    await page.getByLabel('Contraseña del certificado').fill(cert.password);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const ruc = page.getByLabel('RUC');
    await expect.poll(() => ruc.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await ruc.getAttribute('aria-describedby'))!;
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toMatch(/13/);

    await ruc.fill(nextRuc());
    await page.getByLabel('Contraseña del certificado').fill('not-the-password');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'La contraseña del certificado es incorrecta.' })
      .waitFor();
    await page.close();
  });

  it('sign-in: a wrong code says so and keeps the user on the code step', async () => {
    const page = await stack.newPage();
    await stack.browser.clearCookies();
    await page.goto('/signin');
    await page.getByLabel('Correo electrónico').fill(tenant.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByLabel('Código de 6 dígitos').fill('000000');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'El código o enlace es incorrecto' }).waitFor();
    expect(page.url()).toMatch(/\/signin$/);
    await page.close();
  });

  it('recover: a file that is not a P12 is refused before any account lookup', async () => {
    const page = await stack.newPage();
    await page.goto('/recover');
    await page.getByLabel('Correo electrónico').fill(tenant.email);
    await page
      .getByLabel('Certificado (.p12)')
      .setInputFiles({ name: 'x.p12', mimeType: 'application/x-pkcs12', buffer: CORRUPT_P12 });
    await page.getByRole('button', { name: 'Recuperar' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'El archivo no es un certificado P12 válido.' })
      .waitFor();
    await page.close();
  });

  it('keys: a plan with no key left disables the button and says why (402 API_KEY_LIMIT_REACHED never raw)', async () => {
    // The limit is read before the dialog (test/web/request-log.test.ts); a key minted elsewhere
    // meanwhile still meets the 402 inside the dialog, as a Spanish message without the API's detail.
    await stack.ctx.query(`update tenants set subscription_tier = 'STARTER' where id = $1`, [
      tenant.tenantId,
    ]);
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Claves de API' }).click();
    await page.getByRole('button', { name: 'Nueva clave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva clave de API' });
    await stack.ctx.query(`update tenants set subscription_tier = 'FREE' where id = $1`, [tenant.tenantId]);
    await dialog.getByLabel('Etiqueta').fill('Otra');
    await dialog.getByRole('button', { name: 'Crear clave' }).click();
    const alert = dialog.locator('[data-code="API_KEY_LIMIT_REACHED"]');
    await expect(alert.textContent()).resolves.toContain('Tu plan no permite más claves activas.');
    expect(await dialog.textContent()).not.toContain('additional active API keys');
    await page.close();
  });

  it('webhooks: a plain-HTTP URL is marked on the URL field; the fixed one goes with the CSRF header', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    const read = nextRequest(page, 'GET', /^\/v1\/webhooks$/);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    // A read by fetch with the session cookie alone: no CSRF header, never an API key.
    const get = await read;
    expect(get.resourceType()).toBe('fetch');
    expect(get.headers()['x-csrf-token']).toBeUndefined();
    expect(get.headers().authorization).toBeUndefined();
    await page.getByRole('button', { name: 'Nuevo webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo webhook' });
    await dialog.getByLabel('URL (HTTPS)').fill('http://hooks.example.com/in');
    await dialog.getByRole('button', { name: 'Crear webhook' }).click();
    await expect.poll(() => dialog.getByLabel('URL (HTTPS)').getAttribute('aria-invalid')).toBe('true');
    // In Spanish, whatever the API's English words; those stay one click away for developers.
    await expect(dialog.locator('.field-error').textContent()).resolves.toMatch(
      /^la dirección debe empezar con https:\/\/$/,
    );
    const technical = dialog.locator('details.technical');
    await expect(technical.getByText('VALIDATION_FAILED').isVisible()).resolves.toBe(false);
    await technical.getByText('Detalles técnicos').click();
    await expect(technical.getByText('VALIDATION_FAILED').isVisible()).resolves.toBe(true);
    // The message was about the old value: it goes as soon as the field changes.
    await dialog.getByLabel('URL (HTTPS)').fill('https://hooks.example.com/in');
    await expect(dialog.locator('.field-error').count()).resolves.toBe(0);
    await expect(dialog.getByLabel('URL (HTTPS)').getAttribute('aria-invalid')).resolves.toBeNull();

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
    const hooks = await stack.ctx.query<{ url: string }>(
      'select url from webhook_endpoints where tenant_id = $1',
      [tenant.tenantId],
    );
    expect(hooks.map((h) => h.url)).toEqual(['https://hooks.example.com/in']);
    await page.close();
  });

  it('new invoice: a missing buyer id is marked on its field', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.goto('/app/documents/new');
    await page.getByLabel('Nombre o razón social').fill('Sin Cédula');
    await page.getByLabel('Correo').fill('sin@example.com');
    await page.getByLabel('Código').fill('A1');
    await page.getByLabel('Descripción').fill('Servicio');
    await page.getByLabel('Precio unitario').fill('10.00');
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    const id = page.getByLabel('Identificación', { exact: true });
    await expect.poll(() => id.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/app\/documents\/new$/);
    await page.close();
  });

  it('issuers: a sequential that does not move forward is refused; a corrupt certificate too', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Emisores' }).click();
    await page.getByRole('button', { name: 'Cambiar' }).first().click();
    const seq = page.getByRole('dialog', { name: 'Siguiente secuencial' });
    await seq.getByLabel(/Siguiente número/).fill('0');
    await seq.getByRole('button', { name: 'Guardar' }).click();
    await expect(seq.locator('[data-code="SEQUENTIAL_CANNOT_DECREASE"]').textContent()).resolves.toContain(
      'El secuencial debe ser mayor que el actual.',
    );
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Renovar certificado' }).click();
    const renew = page.getByRole('dialog', { name: 'Renovar certificado' });
    await renew
      .getByLabel('Certificado (.p12)')
      .setInputFiles({ name: 'x.p12', mimeType: 'application/x-pkcs12', buffer: CORRUPT_P12 });
    const sent = nextRequest(page, 'PATCH', /^\/v1\/issuers\/[^/]+\/certificate$/);
    await renew.getByRole('button', { name: 'Renovar' }).click();
    // By XMLHttpRequest, the browser API that reports upload progress, with the CSRF header.
    const upload = await sent;
    expect(upload.resourceType()).toBe('xhr');
    expect(upload.headers()['x-csrf-token']).toBe(await csrfCookie());
    expect(upload.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await renew
      .getByRole('alert')
      .filter({ hasText: 'El archivo no es un certificado P12 válido.' })
      .waitFor();
    await page.close();
  });

  it('a session gone mid-use (401) sends the person back to sign in', async () => {
    // An account of its own: the sign-in codes of one email are limited per hour.
    const other = await verifiedTenant(stack.ctx);
    const page = await stack.newPage();
    await signInThroughUi(stack, page, other.email);
    // The app settled first (the dashboard's reads answered), then the session cookie gone
    // (expired, cleared): the next request, the click's, answers 401.
    await settled(page);
    await stack.browser.clearCookies({ name: 'eik_session' });
    await page.getByRole('link', { name: 'Claves de API' }).click();
    await page.waitForURL('**/signin?expired=1');
    await page.close();
  });
});
