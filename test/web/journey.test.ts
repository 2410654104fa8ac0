import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { nextEmail, nextRuc } from '../helpers/tenants.js';
import { emailTo, screenshot, signInThroughUi, startWebStack, type WebStack } from './harness.js';

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(async () => stack?.close());

describe('the owner journey in the browser', () => {
  const email = nextEmail('journey');
  const cert = makeCertificate();

  it('signs up with the certificate, sees "check your email", follows the link and lands verified', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await page.waitForURL('**/signin');
    await page.getByRole('link', { name: 'Crear una cuenta' }).click();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('RUC').fill(nextRuc());
    await page.getByLabel('Razón social').fill('Comercial Andina S.A.');
    await page.getByLabel('Nombre comercial').fill('Andina');
    await page.getByLabel('Dirección matriz').fill('Av. Amazonas N34-451, Quito');
    await page.getByLabel('Obligado a llevar contabilidad').check();
    await page.getByLabel('Certificado (.p12)').setInputFiles({
      name: 'firma.p12',
      mimeType: 'application/x-pkcs12',
      buffer: cert.p12,
    });
    await page.getByLabel('Contraseña del certificado').fill(cert.password);
    await screenshot(page, 'sign-up');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/signup/sent**');
    await expect(page.getByRole('heading', { name: 'Revisa tu correo' }).isVisible()).resolves.toBe(true);
    // The sandbox key of the registration is shown once, on this page.
    await expect(page.getByTestId('shown-once').textContent()).resolves.toMatch(/eik_test_[0-9A-Za-z]{40}/);

    const text = await emailTo(stack, email, /Confirma tu correo/);
    const link = /(http\S+\/verify\?token=[0-9a-f]{64})/.exec(text)![1]!;
    expect(link.startsWith(stack.baseUrl)).toBe(true);
    await page.goto(link);
    await page.getByText(`Correo ${email} verificado`).waitFor();
    await page.getByRole('link', { name: 'Ingresar' }).click();
    await page.waitForURL('**/signin?email=**');
    await expect(page.getByLabel('Correo electrónico').inputValue()).resolves.toBe(email);
    await page.close();
  });

  it('signs in with the emailed code, sees the month at a glance, and signs out', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, email);
    await page.getByRole('heading', { name: 'Resumen del mes' }).waitFor();
    await page.getByText('Cupo del plan').waitFor();
    const cookies = await stack.browser.cookies(stack.baseUrl);
    const session = cookies.find((c) => c.name === 'eik_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    // Page scripts cannot read the session, only the CSRF token.
    // A string expression: the server's tsconfig has no DOM types.
    const readable = String(await page.evaluate('document.cookie'));
    expect(readable).toContain('eik_csrf=');
    expect(readable).not.toContain('eik_session');
    await screenshot(page, 'dashboard');

    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL('**/signin');
    const [row] = await stack.ctx.query<{ revoked_at: Date | null }>(
      `select revoked_at from api_keys where internal and tenant_id = (select id from tenants where email = $1)`,
      [email],
    );
    expect(row!.revoked_at).not.toBeNull();
    await page.goto('/app/keys');
    await page.waitForURL('**/signin');
    await page.close();
  });

  it('signs in with the magic link of the email, in English', async () => {
    const page = await stack.newPage();
    await page.goto('/signin');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    const since = stack.smtp.messages.length;
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('a code is on its way').waitFor();
    const text = await emailTo(stack, email, /código|code/, since);
    const link = /(http\S+\/signin\/link\?token=[0-9a-f]{64})/.exec(text)![1]!;
    // Links point at PUBLIC_BASE_URL; the test server listens elsewhere.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.waitForURL('**/app');
    await page.getByRole('heading', { name: 'This month' }).waitFor();
    // The account's email language follows the UI.
    await expect
      .poll(
        async () =>
          (
            await stack.ctx.query<{ language: string }>(`select language from tenants where email = $1`, [
              email,
            ])
          )[0]!.language,
      )
      .toBe('en');
    await page.close();
  });
});
