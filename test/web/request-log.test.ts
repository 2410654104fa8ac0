import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { screenshot, signInThroughUi, startWebStack, type WebStack } from './harness.js';

/** The keys page: each key's request log (issue 18) and the plan's key limit shown up front. */
let stack: WebStack;
let tenant: RegisteredTenant;
let keyId: string;
beforeAll(async () => {
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx, { language: 'es' });
  const [row] = await stack.ctx.query<{ id: string }>(
    'select id from api_keys where tenant_id = $1 and is_primary',
    [tenant.tenantId],
  );
  keyId = row!.id;
});
afterAll(async () => stack?.close());

describe('the request log on the keys page', () => {
  it("shows a failed request in the key's log with its code, highlighted, and finds it by code and request id", async () => {
    // The integration's requests: two that pass, one refused with VALIDATION_FAILED.
    for (let i = 0; i < 2; i++) {
      const ok = await stack.ctx.app.inject({
        method: 'GET',
        url: '/v1/tenants/me',
        headers: bearer(tenant.apiKey),
      });
      expect(ok.statusCode).toBe(200);
    }
    const bad = await stack.ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers: { ...docHeaders(tenant), 'x-request-id': 'erp-pedido-7781-intento-1' },
      payload: invoiceBody({ payments: [{ method: '20', total: '1.00' }] }),
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    await expect
      .poll(async () => {
        await stack.ctx.deps.requestLogRecorder.flush();
        return (await stack.ctx.query('select 1 from api_request_log where key_id = $1', [keyId])).length;
      })
      .toBe(3);

    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Claves de API' }).click();
    await page.getByRole('button', { name: `Registro de solicitudes de ${keyId}` }).click();
    const table = page.getByRole('table', { name: 'Solicitudes' });
    const failed = table.locator('tr.failed');
    await failed.first().waitFor();
    expect(await failed.count()).toBe(1);
    await expect(failed.textContent()).resolves.toContain('VALIDATION_FAILED');
    await expect(failed.textContent()).resolves.toContain('erp-pedido-7781-intento-1');
    await expect(failed.textContent()).resolves.toContain('/v1/documents');
    await expect(failed.textContent()).resolves.toContain('400');
    // The passing requests are listed too, not highlighted.
    await expect.poll(() => table.getByText('/v1/tenants/me').count()).toBe(2);
    await screenshot(page, 'keys-request-log');

    // Searching by code leaves the failed request alone; by request id too.
    const search = page.getByRole('form', { name: 'Buscar solicitudes' });
    await search.getByLabel('Código de error').fill('validation_failed');
    await search.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await expect(table.locator('tbody tr').textContent()).resolves.toContain('erp-pedido-7781-intento-1');
    await search.getByLabel('Código de error').fill('');
    await search.getByLabel('ID de solicitud').fill('no-such-request');
    await search.getByRole('button', { name: 'Buscar' }).click();
    await table.getByText('Ninguna solicitud coincide.').waitFor();
    await search.getByLabel('ID de solicitud').fill('erp-pedido-7781-intento-1');
    await search.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => table.locator('tbody tr.failed').count()).toBe(1);
    await page.close();
  });

  it('FREE plan: the key limit is stated before any dialog and the button is disabled, in Spanish only', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Claves de API' }).click();
    const button = page.getByRole('button', { name: 'Nueva clave' });
    await expect.poll(() => button.isDisabled()).toBe(true);
    const limit = page.getByTestId('key-limit');
    await expect(limit.textContent()).resolves.toContain('Tu plan Gratuito no incluye claves adicionales');
    const describedBy = await button.getAttribute('aria-describedby');
    expect(await limit.getAttribute('id')).toBe(describedBy);
    expect(await page.locator('body').textContent()).not.toContain('additional active API keys');
    await page.close();
  });
});
