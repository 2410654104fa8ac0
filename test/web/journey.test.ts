import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { nextEmail, nextRuc } from '../helpers/tenants.js';
import {
  ADMIN_TOKEN,
  emailTo,
  savedFile,
  screenshot,
  signInThroughUi,
  startWebStack,
  submitAndConfirm,
  type WebStack,
} from './harness.js';

/**
 * The owner's whole journey in one browser, one account: sign-up with the certificate, the
 * verification link, sign-in by code and by magic link; then agreements, a plan, the bank
 * transfer, the proof, the operator's review in the console, going to production, an invoice
 * there authorized by the tax authority (its simulator) and its RIDE.
 */
const PROOF_PNG = readFileSync('test/ride/assets/logo.png');

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(async () => stack?.close());

const email = nextEmail('journey');
const cert = makeCertificate();

describe('the owner journey in the browser: sign-up and sign-in', () => {
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
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/signup/sent**');
    await expect(page.getByRole('heading', { name: 'Revisa tu correo' }).isVisible()).resolves.toBe(true);
    // No raw key for an owner: a developer creates one in "Claves de API" (issue 31).
    expect(await page.getByTestId('shown-once').count()).toBe(0);
    await page.getByText('crea una clave en "Claves de API"').waitFor();

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

describe('the owner journey in the browser: plan, payment review, production', () => {
  it('accepts the agreements, picks a plan, sees the transfer instructions and uploads the proof', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, email);
    await page.getByRole('link', { name: 'Plan y pagos' }).click();
    await page.getByRole('button', { name: /^Términos del servicio v/ }).click();
    await page.locator('.agreement-text pre').waitFor();
    await page.getByLabel('Leí y acepto los acuerdos').check();
    await page.getByRole('button', { name: 'Aceptar acuerdos' }).click();
    await page.getByText(/Acuerdos aceptados/).waitFor();

    await page.getByRole('button', { name: 'Elegir Starter' }).waitFor();
    await page.getByRole('button', { name: 'Elegir Starter' }).click();
    // Choosing a plan costs money: the price is confirmed first.
    const confirm = page.getByRole('dialog', { name: 'Plan Starter' });
    // Money as every surface writes it: "USD 1234.50".
    await confirm.getByText(/Pagarás USD \d+\.\d{2} \+ IVA por mes/).waitFor();
    await confirm.getByRole('button', { name: 'Confirmar y ver cómo pagar' }).click();
    const transfer = page.getByTestId('bank-transfer');
    await transfer.waitFor();
    await expect(transfer.textContent()).resolves.toContain(stack.ctx.config.bankTransfer.accountNumber);

    await page.getByRole('button', { name: 'Subir comprobante' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comprobante de pago' });
    await dialog
      .getByLabel(/Archivo/)
      .setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: PROOF_PNG });
    await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
    await page.getByText('En revisión').waitFor();
    await screenshot(page, 'plans-payment');
    await page.close();
  });

  it('the operator signs in to the console, sees the proof and verifies the payment', async () => {
    const page = await stack.newPage();
    await page.goto('/operator');
    await page.getByLabel('Token de operador (ADMIN_TOKEN)').fill('wrong-token-0000000000');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Token de operador (ADMIN_TOKEN)').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Entrar' }).click();
    const card = page.locator('section.card').filter({ hasText: email });
    await card.getByRole('img', { name: 'Comprobante de pago' }).waitFor();
    await screenshot(page, 'operator-payments');
    await card.getByRole('button', { name: 'Verificar pago' }).click();
    await page
      .getByRole('dialog', { name: 'Verificar pago' })
      .getByRole('button', { name: 'Sí, el dinero llegó' })
      .click();
    await page.getByText(`Pago de ${email} verificado`, { exact: false }).waitFor();
    await page.getByText('No hay pagos por revisar.').waitFor();
    const [row] = await stack.ctx.query<{ subscription_tier: string }>(
      'select subscription_tier from tenants where email = $1',
      [email],
    );
    expect(row!.subscription_tier).toBe('STARTER');
    await page.close();
  });

  it('goes to production, copies the production key shown once, issues an invoice there and downloads its RIDE', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, email);
    await page.getByRole('link', { name: 'Producción', exact: true }).click();
    await page.getByRole('button', { name: 'Pasar a producción' }).click();
    const key = (await page.getByTestId('shown-once').locator('code').textContent())!;
    expect(key).toMatch(/^eik_live_[0-9A-Za-z]{40}$/);
    await page.getByRole('button', { name: 'Copiar' }).click();
    await page.getByRole('button', { name: 'Copiado' }).waitFor();
    await page.getByText('Producción', { exact: true }).first().waitFor();

    await page.getByRole('link', { name: 'Emitir una factura' }).click();
    await page.getByLabel('Identificación', { exact: true }).fill('1710034065');
    await page.getByLabel('Nombre o razón social').fill('Cliente de Producción');
    await page.getByLabel('Correo').fill('cliente@example.com');
    await page.getByLabel('Código').fill('PAN-01');
    await page.getByLabel('Descripción').fill('Pan de yuca (docena)');
    await page.getByLabel('Precio unitario').fill('3.00');
    await submitAndConfirm(page, 'Emitir factura');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    // Environment digit of the access key (position 24): 2 = production.
    expect(accessKey[23]).toBe('2');
    // The tax authority (its simulator, production endpoint) authorizes it; the page follows.
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    await page.locator('.sri-list').getByText('AUTORIZADO').waitFor();
    const [ride] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar RIDE (PDF)' }).click(),
    ]);
    expect(
      readFileSync(await savedFile(ride))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.close();
  });
});
