import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocument, invoiceBody } from '../helpers/documents.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { savedFile, signInThroughUi, startWebStack, submitAndConfirm, type WebStack } from './harness.js';

let stack: WebStack;
let receiver: HttpsReceiver;
let tenant: RegisteredTenant;
beforeAll(async () => {
  receiver = await startHttpsReceiver();
  stack = await startWebStack({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  tenant = await verifiedTenant(stack.ctx, { language: 'es', tradeName: 'Ferretería El Tornillo' });
  // A paid plan's key allowance (billing is exercised by the journey; here only the keys screen matters).
  await stack.ctx.query(`update tenants set subscription_tier = 'STARTER' where id = $1`, [tenant.tenantId]);
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

describe('API keys screen', () => {
  it('creates a key with label, environment and scopes, shows it once, charts its usage, revokes it', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Claves de API' }).click();
    await page.getByRole('button', { name: 'Nueva clave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva clave de API' });
    await dialog.getByLabel('Etiqueta').fill('ERP de la matriz');
    await dialog.getByLabel('Ambiente').selectOption('sandbox');
    await dialog.getByLabel('Administrar webhooks').check();
    await dialog.getByRole('button', { name: 'Crear clave' }).click();
    const token = (await dialog.getByTestId('shown-once').locator('code').textContent())!;
    expect(token).toMatch(/^eik_test_[0-9A-Za-z]{40}$/);
    await dialog.getByRole('button', { name: 'Listo' }).click();

    const [row] = await stack.ctx.query<{ scopes: string[]; label: string }>(
      `select scopes, label from api_keys where label = 'ERP de la matriz' and tenant_id = $1`,
      [tenant.tenantId],
    );
    expect(row!.scopes.sort()).toEqual([
      'documents:read',
      'documents:write',
      'issuers:read',
      'webhooks:manage',
    ]);

    // Use the new key, then read its chart: today's bar carries the requests.
    for (let i = 0; i < 3; i++) {
      const res = await stack.ctx.app.inject({
        method: 'GET',
        url: '/v1/tenants/me',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
    }
    await stack.ctx.deps.usage.flush();
    await page.reload();
    await page.getByRole('button', { name: 'ERP de la matriz', exact: true }).click();
    await page.getByText('3 solicitudes en 30 días').waitFor();
    await expect(page.locator('figure.chart rect').count()).resolves.toBe(30);

    await page.getByRole('button', { name: 'Revocar ERP de la matriz' }).click();
    await page
      .getByRole('dialog', { name: 'Revocar clave' })
      .getByRole('button', { name: 'Revocar' })
      .click();
    await page.getByRole('button', { name: 'ERP de la matriz', exact: true }).waitFor({ state: 'detached' });
    const revoked = await stack.ctx.app.inject({
      method: 'GET',
      url: '/v1/tenants/me',
      headers: bearer(token),
    });
    expect(revoked.statusCode).toBe(401);
    await page.close();
  });
});

describe('webhooks screen', () => {
  it('creates an endpoint, shows the secret once, sends a test event and lists the delivery', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Nuevo webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo webhook' });
    await dialog.getByLabel('URL (HTTPS)').fill(receiver.url('/hooks/einvoice'));
    await dialog.getByLabel('Comprobante autorizado').check();
    await dialog.getByRole('button', { name: 'Crear webhook' }).click();
    const secret = (await dialog.getByTestId('shown-once').locator('code').textContent())!;
    expect(secret.length).toBeGreaterThan(20);
    await dialog.getByRole('button', { name: 'Listo' }).click();

    await page.getByRole('button', { name: 'Enviar evento de prueba' }).click();
    const [request] = await receiver.waitFor(1, (r) => r.path === '/hooks/einvoice');
    expect(request!.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    // The log shows the delivery; refresh until the attempt is recorded.
    const table = page.getByRole('table', { name: 'Entregas' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Actualizar' }).click();
        return table.getByText('Entregado').count();
      })
      .toBe(1);
    await page.close();
  });
});

describe('documents screens', () => {
  it('issues an invoice from the form, opens it with its history, downloads RIDE and XML', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Nueva factura' }).click();
    await page.getByLabel('Identificación', { exact: true }).fill('1710034065');
    await page.getByLabel('Nombre o razón social').fill('María José Peñafiel');
    await page.getByLabel('Correo').fill('maria@example.com');
    await page.getByLabel('Código').fill('SKU-001');
    await page.getByLabel('Descripción').fill('Taladro percutor 800 W');
    await page.getByLabel('Cantidad').fill('2');
    await page.getByLabel('Precio unitario').fill('45.50');
    // The total is the service's (the dry run), shown once it answers.
    await expect.poll(() => page.getByTestId('computed-total').textContent()).toBe('USD 104.65');
    await submitAndConfirm(page, 'Emitir factura');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: /Factura 001-001-0000000/ }).waitFor();
    await page.locator('.timeline').getByText('Creado y firmado electrónicamente').waitFor();

    const [ride] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar RIDE (PDF)' }).click(),
    ]);
    expect(ride.suggestedFilename()).toMatch(/^RIDE-001-001-\d{9}\.pdf$/);
    expect(
      readFileSync(await savedFile(ride))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    expect(readFileSync(await savedFile(xml), 'utf8')).toContain(accessKey);
    await page.close();
  });

  it('lists documents with filters, sorting and pages', async () => {
    for (let i = 0; i < 11; i++) {
      const body = invoiceBody({
        buyer: {
          idType: '05',
          id: '1710034065',
          name: `Cliente ${String(i).padStart(2, '0')}`,
          email: 'c@example.com',
        },
      });
      const res = await createDocument(stack.ctx, tenant, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('link', { name: 'Comprobantes', exact: true }).click();
    await page.getByText('Página 1 de 2 (12)').waitFor();
    const rows = page.locator('table tbody tr');
    await expect(rows.count()).resolves.toBe(10);

    await page.getByRole('button', { name: /^Número/ }).click();
    await page.waitForURL(/sortBy=sequential&sortDir=desc/);
    await page.getByRole('button', { name: /^Número/ }).click();
    await page.waitForURL(/sortBy=sequential&sortDir=asc/);
    await expect.poll(() => rows.first().locator('td').first().textContent()).toBe('001-001-000000001');
    await page.getByRole('button', { name: /Siguiente/ }).click();
    await page.getByText('Página 2 de 2 (12)').waitFor();
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Número contiene').fill('12');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByText('Página 1 de 1 (1)').waitFor();
    await expect.poll(() => rows.first().locator('td').first().textContent()).toBe('001-001-000000012');
    await page.close();
  });

  it('is usable at phone width', async () => {
    const page = await stack.newPage({ width: 390, height: 844 });
    await signInThroughUi(stack, page, tenant.email);
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('link', { name: 'Comprobantes', exact: true }).click();
    await page.getByText(/Página 1 de/).waitFor();
    // Nothing wider than the screen: the documents are cards, with the full number, the buyer and
    // a status badge shown whole (the table, hidden, used to cut it to "Autoriz").
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(overflow).toBeLessThanOrEqual(0);
    const cards = page.locator('.doc-card');
    await expect(cards.count()).resolves.toBe(10);
    await expect(page.locator('table.documents').isVisible()).resolves.toBe(false);
    await expect(cards.first().textContent()).resolves.toMatch(/Factura 001-001-\d{9}/);
    await expect(cards.first().textContent()).resolves.toContain('1710034065');
    const cut = Number(
      await page.evaluate(
        `[...document.querySelectorAll('.doc-card .badge')].filter((b) => b.scrollWidth > b.clientWidth || b.getBoundingClientRect().right > window.innerWidth).length`,
      ),
    );
    expect(cut).toBe(0);
    await page.close();
  });
});
