import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { inTransaction } from '../helpers/notifications.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { signInThroughUi, startWebStack, type WebStack } from './harness.js';

/** The notifications (bell, mark read, preferences) and issuers (pause, renewal) screens. */
let stack: WebStack;
let tenant: RegisteredTenant;
beforeAll(async () => {
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx, { tradeName: 'Óptica Visión Clara' });
});
afterAll(async () => stack?.close());

describe('notifications screen', () => {
  it('the bell counts the unread one; reading it clears the count; a preference toggles', async () => {
    // A quota warning of the notifications module, as its producer creates it.
    await inTransaction(stack.ctx, (tx) =>
      stack.ctx.deps.notifications.quotaCheck(
        tx,
        { tenantId: tenant.tenantId, used: 24, quota: 30, periodKey: '2026-11' },
        stack.ctx.clock.now(),
      ),
    );
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await expect(page.getByTestId('unread-count').textContent()).resolves.toBe('1');
    await page.getByRole('link', { name: 'Notificaciones: 1 sin leer' }).click();
    await page.locator('.notifications li.unread').waitFor();
    await page.getByRole('button', { name: 'Marcar como leída' }).click();
    await page.locator('.notifications li.read').waitFor();
    await page.getByRole('link', { name: 'Resumen' }).click();
    await page.getByRole('link', { name: 'Notificaciones: 0 sin leer' }).waitFor();

    await page.getByRole('link', { name: 'Notificaciones', exact: true }).click();
    const emailQuota = page.getByLabel('Cupo del plan por agotarse: Correo');
    await expect(emailQuota.isChecked()).resolves.toBe(true);
    await emailQuota.uncheck();
    await expect.poll(() => emailQuota.isChecked()).toBe(false);
    // The checkbox flips before the PUT lands: wait for the stored preference, not the click.
    const stored = async () =>
      (
        await stack.ctx.query<{ enabled: boolean }>(
          `select enabled from notification_preferences where tenant_id = $1 and type = 'QUOTA_WARNING' and channel = 'EMAIL'`,
          [tenant.tenantId],
        )
      )[0]?.enabled;
    await expect.poll(stored, { timeout: 10_000 }).toBe(false);
    await page.close();
  });
});

describe('issuers screen', () => {
  it('pauses and resumes issuing, and renews the certificate showing the new expiry', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Emisores' }).click();
    await page.getByRole('button', { name: 'Pausar emisión' }).click();
    await page.getByText('Pausado').waitFor();
    await page.getByRole('button', { name: 'Reanudar emisión' }).click();
    await page.getByText('Emitiendo').waitFor();

    const renewed = makeCertificate({ notAfter: new Date(Date.now() + 800 * 86_400_000), keyIndex: 3 });
    await page.getByRole('button', { name: 'Renovar certificado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renovar certificado' });
    await dialog.getByLabel('Certificado (.p12)').setInputFiles({
      name: 'nueva.p12',
      mimeType: 'application/x-pkcs12',
      buffer: renewed.p12,
    });
    await dialog.getByLabel('Contraseña').fill(renewed.password);
    await dialog.getByRole('button', { name: 'Renovar' }).click();
    await dialog.getByText(/Certificado renovado; caduca el/).waitFor();
    const [issuer] = await stack.ctx.query<{ cert_fingerprint: string }>(
      'select cert_fingerprint from issuers where id = $1',
      [tenant.issuerId],
    );
    expect(issuer!.cert_fingerprint).toBe(renewed.fingerprint);
    await page.close();
  });
});
