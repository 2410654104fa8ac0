import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { multipart } from '../helpers/multipart.js';
import { nextEmail, nextRuc } from '../helpers/tenants.js';
import { startWebStack, type WebStack } from './harness.js';

/**
 * Issue 13, defect 8: register, recover and resend share 5 requests an hour per address, so the
 * web app checks every field with the server's own rules (src/shared/form-rules.ts) before
 * sending. A mistyped form sends nothing, spends nothing, and shows each error in Spanish next
 * to its field; the server, sent the same form, names the same fields.
 */
let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack({ env: { REGISTRATION_RATE_LIMIT: '5' } });
});
afterAll(async () => stack?.close());

/** The public endpoints that spend the registration limit, as the page calls them. */
function watchLimited(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (['/v1/register', '/v1/recover', '/v1/resend-verification'].includes(pathname))
      sent.push(`${r.method()} ${pathname}`);
  });
  return sent;
}

/** The error shown under the field labelled `label`. */
const fieldError = (page: Page, label: string) =>
  page
    .locator('.field', { has: page.getByLabel(label, { exact: true }) })
    .locator('.field-error')
    .textContent();

/** Registration requests the browser's address (127.0.0.1) has spent. */
async function spent(): Promise<number> {
  const rows = await stack.ctx.query<{ n: number }>(
    `select coalesce(sum(cardinality(hits)), 0)::int as n from rate_limit_windows where bucket = 'registration' and key = '127.0.0.1'`,
  );
  return rows[0]!.n;
}

describe('the sign-up form checks itself before sending', () => {
  it('a mistyped submit sends no request and shows each error in Spanish next to its field', async () => {
    const page = await stack.newPage();
    const sent = watchLimited(page);
    await page.goto('/signup');
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await page.getByLabel('Correo electrónico').fill('dueña@ejemplo');
    await page.getByLabel('RUC').fill('179001167400');
    await page.getByLabel('Establecimiento', { exact: true }).fill('000');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await page.getByText('Revisa los campos marcados.').waitFor();
    expect(await fieldError(page, 'Correo electrónico')).toBe('debe ser un correo electrónico válido');
    expect(await fieldError(page, 'RUC')).toBe('debe tener 13 dígitos y terminar en 001');
    expect(await fieldError(page, 'Razón social')).toBe('es obligatorio');
    expect(await fieldError(page, 'Dirección matriz')).toBe('es obligatorio');
    expect(await fieldError(page, 'Establecimiento')).toBe('deben ser 3 dígitos, de 001 a 999');
    expect(await fieldError(page, 'Certificado (.p12)')).toBe('es obligatorio (un archivo P12/PFX)');
    expect(await fieldError(page, 'Contraseña del certificado')).toBe('es obligatorio');
    expect(await page.locator('.field-error').count()).toBe(7);
    expect(sent).toEqual([]);
    expect(await spent()).toBe(0);

    // The server, sent the same form, refuses the same fields (in English, its language).
    const { payload, headers } = await multipart({
      email: 'dueña@ejemplo',
      ruc: '179001167400',
      branchCode: '000',
      issuePointCode: '001',
      emissionType: '1',
      requiredAccounting: 'false',
    });
    const res = await stack.ctx.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload,
      headers,
      remoteAddress: '10.8.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'cert', message: 'is required (a P12/PFX file)' },
      { path: 'email', message: 'must be a valid email address' },
      { path: 'ruc', message: 'must be 13 digits ending in 001' },
      { path: 'businessName', message: 'is required' },
      { path: 'mainAddress', message: 'is required' },
      { path: 'branchCode', message: 'must be 3 digits, 001 to 999' },
    ]);

    // Corrected, the form goes, once.
    const cert = makeCertificate({ now: stack.ctx.clock.now() });
    await page.getByLabel('Correo electrónico').fill(nextEmail('checked'));
    await page.getByLabel('RUC').fill(nextRuc());
    await page.getByLabel('Razón social').fill('Comercial Andina S.A.');
    await page.getByLabel('Dirección matriz').fill('Av. Amazonas N24-03, Quito');
    await page.getByLabel('Establecimiento', { exact: true }).fill('001');
    await page.getByLabel('Certificado (.p12)').setInputFiles({
      name: 'firma.p12',
      mimeType: 'application/x-pkcs12',
      buffer: cert.p12,
    });
    await page.getByLabel('Contraseña del certificado').fill(cert.password);
    // A person's RUC with a wrong check digit (cédula 1710034065 → …066) stays in the browser.
    const ruc = page.getByLabel('RUC');
    const rightRuc = await ruc.inputValue();
    await ruc.fill('1710034066001');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.poll(() => fieldError(page, 'RUC')).toBe('no es un RUC válido: revisa sus dígitos');
    expect(sent).toEqual([]);
    await ruc.fill(rightRuc);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/signup/sent**');
    expect(sent).toEqual(['POST /v1/register']);
    expect(await spent()).toBe(1);
  });

  it('the recovery form too', async () => {
    const page = await stack.newPage();
    const sent = watchLimited(page);
    await page.goto('/recover');
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await page.getByLabel('Correo electrónico').fill('sin-arroba.example.com');
    await page.getByRole('button', { name: 'Recuperar' }).click();
    await page.getByText('Revisa los campos marcados.').waitFor();
    expect(await fieldError(page, 'Correo electrónico')).toBe('debe ser un correo electrónico válido');
    expect(await fieldError(page, 'Certificado (.p12)')).toBe('es obligatorio (un archivo P12/PFX)');
    expect(sent).toEqual([]);
    expect(await spent()).toBe(1);
  });
});
