import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import {
  ADMIN_TOKEN,
  lifecyclePresent,
  screenshot,
  signInThroughUi,
  startWebStack,
  type WebStack,
} from './harness.js';

/**
 * The paid half of the journey: agreements, a plan, the bank transfer, the proof, the operator's
 * review in the console, going to production, an invoice issued there, authorized by the tax
 * authority's simulator, and its RIDE. It needs the billing and operator modules (until they are on
 * this branch the suite says so by skipping); the authorization step needs the lifecycle module.
 * (The sign-up half is journey.test.ts.)
 */
const billingPresent = existsSync('src/modules/billing/billing.routes.ts');
const PROOF_PNG = readFileSync('test/ride/assets/logo.png');

let stack: WebStack;
let tenant: RegisteredTenant;
beforeAll(async () => {
  if (!billingPresent) return;
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx, { tradeName: 'Panadería La Espiga' });
});
afterAll(async () => stack?.close());

describe.skipIf(!billingPresent)('plans, payment review and production in the browser', () => {
  it('accepts the agreements, picks a plan, sees the transfer instructions and uploads the proof', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Plan y pagos' }).click();
    await page.getByRole('button', { name: /^TERMS v/ }).click();
    await page.locator('.agreement-text pre').waitFor();
    await page.getByLabel('Leí y acepto los acuerdos').check();
    await page.getByRole('button', { name: 'Aceptar acuerdos' }).click();
    await page.getByText(/Acuerdos aceptados/).waitFor();

    await page.getByRole('button', { name: 'Elegir STARTER' }).waitFor();
    await screenshot(page, 'plans');
    await page.getByRole('button', { name: 'Elegir STARTER' }).click();
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
    const card = page.locator('section.card').filter({ hasText: tenant.email });
    await card.getByRole('img', { name: 'Comprobante de pago' }).waitFor();
    await screenshot(page, 'operator-payments');
    await card.getByRole('button', { name: 'Verificar pago' }).click();
    await page.getByText('No hay pagos por revisar.').waitFor();
    const [row] = await stack.ctx.query<{ subscription_tier: string }>(
      'select subscription_tier from tenants where id = $1',
      [tenant.tenantId],
    );
    expect(row!.subscription_tier).toBe('STARTER');
    await page.close();
  });

  it('goes to production, copies the production key shown once, issues an invoice there and downloads its RIDE', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Producción', exact: true }).click();
    await page.getByRole('button', { name: 'Pasar a producción' }).click();
    const key = (await page.getByTestId('shown-once').locator('code').textContent())!;
    expect(key).toMatch(/^eik_live_[0-9A-Za-z]{40}$/);
    await page.getByRole('button', { name: 'Copiar' }).click();
    await page.getByRole('button', { name: 'Copiada' }).waitFor();
    await page.getByText('Producción', { exact: true }).first().waitFor();

    await page.getByRole('link', { name: 'Emitir una factura' }).click();
    await page.getByLabel('Identificación', { exact: true }).fill('1710034065');
    await page.getByLabel('Nombre o razón social').fill('Cliente de Producción');
    await page.getByLabel('Correo').fill('cliente@example.com');
    await page.getByLabel('Código').fill('PAN-01');
    await page.getByLabel('Descripción').fill('Pan de yuca (docena)');
    await page.getByLabel('Precio unitario').fill('3.00');
    await page.getByRole('button', { name: 'Emitir factura' }).click();
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    // Environment digit of the access key (position 24): 2 = production.
    expect(accessKey[23]).toBe('2');
    if (lifecyclePresent) {
      // The tax authority (its simulator, production endpoint) authorizes it; the page follows.
      await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
      await page.locator('.sri-list').getByText('AUTORIZADO').waitFor();
    }
    const [ride] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar RIDE (PDF)' }).click(),
    ]);
    expect(
      readFileSync((await ride.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.close();
  });
});
