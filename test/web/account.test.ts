import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSubscription, mySubscriptions, setProduction } from '../helpers/billing.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { signInThroughUi, startWebStack, type WebStack } from './harness.js';

/** Account recovery with the certificate, a new issue point, and changing or cancelling the plan. */
let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(async () => stack?.close());

const me = (key: string) =>
  stack.ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(key) });

describe('account recovery in the browser', () => {
  it('recovers with the registered certificate: a new key shown once, the old one revoked, a verification email', async () => {
    const tenant = await verifiedTenant(stack.ctx, { tradeName: 'Ferretería El Martillo' });
    expect((await me(tenant.apiKey)).statusCode).toBe(200);
    const before = stack.smtp.messages.length;
    await stack.browser.clearCookies();
    const page = await stack.newPage();
    await page.goto('/recover');
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await page.getByLabel('Correo electrónico').fill(tenant.email);
    await page.getByLabel('Certificado (.p12)').setInputFiles({
      name: 'firma.p12',
      mimeType: 'application/x-pkcs12',
      buffer: tenant.certificate.p12,
    });
    await page.getByLabel('Contraseña del certificado').fill(tenant.certificate.password);
    await page.getByRole('button', { name: 'Recuperar', exact: true }).click();
    await page.getByText('El certificado coincide.', { exact: false }).waitFor();
    const value = ((await page.getByTestId('shown-once').locator('code.secret').textContent()) ?? '').trim();
    expect(value).toMatch(/^eik_(test|live)_/);
    expect(value).not.toBe(tenant.apiKey);
    // The previous key of the environment no longer opens the account.
    expect((await me(tenant.apiKey)).statusCode).toBe(401);
    await stack.smtp.waitFor(
      (m) =>
        stack.smtp.messages.indexOf(m) >= before &&
        (m.to as { text: string }).text.toLowerCase() === tenant.email.toLowerCase(),
    );
    await page.close();
  });

  it('answers a certificate of another account with the generic message, and changes nothing', async () => {
    const owner = await verifiedTenant(stack.ctx);
    const other = await verifiedTenant(stack.ctx);
    const page = await stack.newPage();
    await page.goto('/recover');
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await page.getByLabel('Correo electrónico').fill(owner.email);
    await page.getByLabel('Certificado (.p12)').setInputFiles({
      name: 'ajena.p12',
      mimeType: 'application/x-pkcs12',
      buffer: other.certificate.p12,
    });
    await page.getByLabel('Contraseña del certificado').fill(other.certificate.password);
    await page.getByRole('button', { name: 'Recuperar', exact: true }).click();
    // The spec's answer for a mismatch is indistinguishable from an unknown email: a generic message.
    await page.locator('.alert.info').waitFor();
    expect(await page.getByTestId('shown-once').count()).toBe(0);
    // Nothing changed: the owner's key still works.
    expect((await me(owner.apiKey)).statusCode).toBe(200);
    await page.close();
  });
});

describe('issuers screen: a new issue point', () => {
  it('creates 001-002 signing with the current certificate and moves its sequential forward', async () => {
    const tenant: RegisteredTenant = await verifiedTenant(stack.ctx, { tradeName: 'Panadería La Espiga' });
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Emisores' }).click();
    await page.getByRole('button', { name: 'Nuevo punto de emisión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo punto de emisión' });
    await dialog.getByLabel('Establecimiento', { exact: true }).fill('001');
    await dialog.getByLabel('Punto de emisión').fill('002');
    await dialog.getByLabel('Dirección del establecimiento').fill('Av. Amazonas N24-03, Quito');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    const card = page.locator('section', { hasText: '001-002 · Panadería La Espiga' });
    await card.first().waitFor();

    const list = await stack.ctx.app.inject({
      method: 'GET',
      url: '/v1/issuers',
      headers: bearer(tenant.apiKey),
    });
    const issuers = list.json().issuers as { id: string; issuePointCode: string; certFingerprint: string }[];
    const created = issuers.find((i) => i.issuePointCode === '002')!;
    expect(created).toBeDefined();
    expect(created.certFingerprint).toBe(tenant.certificate.fingerprint);

    await card.first().getByRole('button', { name: 'Cambiar' }).first().click();
    const seq = page.getByRole('dialog', { name: 'Siguiente secuencial' });
    await seq.getByLabel(/Siguiente número/).fill('250');
    await seq.getByRole('button', { name: 'Guardar' }).click();
    await card.first().locator('td.num', { hasText: '250' }).first().waitFor();
    const after = await stack.ctx.app.inject({
      method: 'GET',
      url: `/v1/issuers/${created.id}/sequentials`,
      headers: bearer(tenant.apiKey),
    });
    const rows = after.json().sequentials as { documentType: string; sandbox: { next: number } }[];
    expect(rows.some((r) => r.sandbox.next === 250)).toBe(true);
    await page.close();
  });
});

describe('plan screen: change and cancel', () => {
  it('asks for the difference when moving up, then shows the bank transfer to pay it', async () => {
    const tenant = await verifiedTenant(stack.ctx);
    const { key } = await activeSubscription(stack.ctx, tenant, 'STARTER');
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Plan y pagos' }).click();
    await page.getByRole('button', { name: 'Cambiar de plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar de plan' });
    await dialog.getByLabel('Plan', { exact: true }).selectOption('GROWTH');
    await dialog.getByRole('button', { name: 'Solicitar cambio' }).click();
    await page.getByText('Cambio solicitado: sube el comprobante del pago.').waitFor();
    const transfer = page.locator('section.bank');
    await transfer.getByRole('heading', { name: 'Transferencia bancaria' }).waitFor();
    await transfer.getByText('Número').waitFor();
    const [sub] = await mySubscriptions(stack.ctx, key);
    expect(sub!.payments.some((p) => p.status === 'PENDING')).toBe(true);
    await page.close();
  });

  it('cancels only once "I understand" is ticked, scheduled for the end of the period', async () => {
    const tenant = await verifiedTenant(stack.ctx);
    const { key } = await activeSubscription(stack.ctx, tenant, 'STARTER');
    await setProduction(stack.ctx, tenant.tenantId);
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Plan y pagos' }).click();
    await page.getByRole('button', { name: 'Cancelar plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar plan' });
    const confirm = dialog.getByRole('button', { name: 'Cancelar plan' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Entiendo').check();
    await confirm.click();
    await page.getByText(/Cancelación programada para/).waitFor();
    const [sub] = await mySubscriptions(stack.ctx, key);
    expect(sub!.pending_tier).toBe('FREE');
    expect(sub!.status).toBe('ACTIVE');
    await page.close();
  });
});
