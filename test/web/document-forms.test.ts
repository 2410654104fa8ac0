import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docHeaders } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { screenshot, signInThroughUi, startWebStack, submitAndConfirm, type WebStack } from './harness.js';

/**
 * The document forms as an owner fills them: the buyer and the items picked from saved customers
 * and products (typeahead, by mouse and by keyboard), every catalog option (rates, discounts,
 * payment methods with terms, additional information), the totals computed by the service's dry
 * run, its errors in the UI language on their fields, and the document authorized by the tax
 * authority's simulator.
 */
let stack: WebStack;
let tenant: RegisteredTenant;
let page: Page;
beforeAll(async () => {
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx, {
    tradeName: 'Café y Obra',
    documentTypes: ['01', '03', '04', '05', '06'],
  });
  // One signed-in page for the file: sign-in codes are rate limited.
  page = await stack.newPage();
  await signInThroughUi(stack, page, tenant.email);
});
afterAll(async () => {
  await page?.close();
  await stack?.close();
});

async function post(url: string, payload: object) {
  const res = await stack.ctx.app.inject({ method: 'POST', url, headers: bearer(tenant.apiKey), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function documentOf(accessKey: string) {
  const res = await stack.ctx.app.inject({
    method: 'GET',
    url: `/v1/documents/${accessKey}`,
    headers: docHeaders(tenant),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document;
}

const option = (name: string | RegExp) => page.getByRole('option', { name });

describe('invoice form from saved customers and products', () => {
  it('picks the buyer and two products at different IVA rates, discounts a line, shows the service totals, and the invoice is AUTHORIZED', async () => {
    await post('/v1/customers', {
      idType: '05',
      identification: '1710034065',
      name: 'María José Peñafiel',
      email: 'maria@example.com',
      address: 'Av. Colón E4-12, Quito',
    });
    await post('/v1/products', {
      mainCode: 'CAF-250',
      description: 'Café de altura 250 g',
      unitPrice: '8.50',
      taxes: [{ code: '2', rateCode: '4' }],
      additionalDetails: [{ name: 'Origen', value: 'Loja' }],
    });
    await post('/v1/products', {
      mainCode: 'CEM-50',
      description: 'Cemento gris 50 kg',
      unitPrice: '7.80',
      taxes: [{ code: '2', rateCode: '5' }],
    });

    await page.goto('/app/documents/new');
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    // The IVA select offers every current rate of the catalog, 5 % and 13 % included.
    const iva = page.getByLabel('IVA', { exact: true });
    await expect
      .poll(() => iva.locator('option').allTextContents())
      .toEqual(expect.arrayContaining(['IVA 0%', 'IVA 15%', 'IVA 5%', 'IVA 13%', 'Exento de IVA']));
    await expect(iva.locator('option', { hasText: '12%' }).count()).resolves.toBe(0);

    // Buyer by keyboard: part of the name, ↓ to the suggestion, Enter fills every field.
    const name = page.getByRole('combobox', { name: 'Nombre o razón social' });
    await name.fill('peñaf');
    await option(/María José Peñafiel/).waitFor();
    await expect(name.getAttribute('aria-expanded')).resolves.toBe('true');
    await name.press('ArrowDown');
    await expect(name.getAttribute('aria-activedescendant')).resolves.toMatch(/-0$/);
    await name.press('Enter');
    await expect(name.inputValue()).resolves.toBe('María José Peñafiel');
    await expect(page.getByLabel('Identificación', { exact: true }).inputValue()).resolves.toBe('1710034065');
    await expect(page.getByLabel('Correo').inputValue()).resolves.toBe('maria@example.com');
    await expect(page.getByLabel('Dirección').inputValue()).resolves.toBe('Av. Colón E4-12, Quito');
    await page.getByTestId('picked-customer').waitFor();

    // Escape closes the suggestions and keeps what was typed.
    const code = page.getByRole('combobox', { name: 'Código' });
    await code.fill('CEM');
    await option(/Cemento gris 50 kg/).waitFor();
    await code.press('Escape');
    await expect(code.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(code.inputValue()).resolves.toBe('CEM');

    // Line 1 by mouse from the description: code, price, rate and its detail come from the product.
    await page.getByRole('combobox', { name: 'Descripción' }).fill('café');
    await option(/Café de altura 250 g/).click();
    await expect(code.inputValue()).resolves.toBe('CAF-250');
    await expect(page.getByLabel('Precio unitario').inputValue()).resolves.toBe('8.50');
    await expect(iva.inputValue()).resolves.toBe('4');
    await expect(page.getByLabel('Línea 1, detalle 1: contenido').inputValue()).resolves.toBe('Loja');
    await page.getByLabel('Cantidad').fill('2');
    await page.getByLabel('Descuento').fill('2.00');

    // Line 2 by keyboard from the code, at IVA 5 %.
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    const code2 = page.getByRole('combobox', { name: 'Código' }).nth(1);
    await code2.fill('cem');
    await option(/Cemento gris 50 kg/).waitFor();
    await code2.press('ArrowDown');
    await code2.press('Enter');
    await expect(page.getByLabel('IVA', { exact: true }).nth(1).inputValue()).resolves.toBe('5');
    await page.getByLabel('Cantidad').nth(1).fill('10');
    await page.getByLabel('Forma de pago').selectOption({ label: 'Tarjeta de crédito' });

    // The service's figures: 2 × 8.50 − 2.00 = 15.00 at 15 % (2.25) and 78.00 at 5 % (3.90).
    const totals = page.getByTestId('dry-run-totals');
    await expect.poll(() => page.getByTestId('computed-total').textContent()).toBe('USD 99.15');
    await expect(totals.getByTestId('base-4').textContent()).resolves.toContain('USD 15.00');
    await expect(totals.getByTestId('base-5').textContent()).resolves.toContain('USD 78.00');
    await expect(totals.getByTestId('tax-2-4').textContent()).resolves.toContain('USD 2.25');
    await expect(totals.getByTestId('tax-2-5').textContent()).resolves.toContain('USD 3.90');
    await expect(totals.getByTestId('total-discount').textContent()).resolves.toBe('USD 2.00');
    await expect(page.getByTestId('line-subtotal-1').textContent()).resolves.toBe('USD 78.00');
    await expect(page.getByTestId('payment-total').textContent()).resolves.toContain('USD 99.15');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.setViewportSize({ width: 1280, height: 860 });

    await submitAndConfirm(page, 'Emitir factura');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    const doc = await documentOf(accessKey);
    expect(doc.status).toBe('AUTHORIZED');
    expect(doc.buyer).toMatchObject({ idType: '05', id: '1710034065', name: 'María José Peñafiel' });
    expect(doc.items.map((i: { mainCode: string; discount: string }) => [i.mainCode, i.discount])).toEqual([
      ['CAF-250', '2.00'],
      ['CEM-50', '0.00'],
    ]);
    expect(doc.items[0].additionalDetails).toEqual([{ name: 'Origen', value: 'Loja' }]);
    expect(
      doc.totals.taxTotals.map((g: { rateCode: string; amount: string }) => [g.rateCode, g.amount]),
    ).toEqual([
      ['4', '2.25'],
      ['5', '3.90'],
    ]);
    expect(doc.total).toBe('99.15');
    expect(doc.payments).toEqual([{ method: '19', total: '99.15', term: null, termUnit: null }]);
  });

  it('marks a dry-run error on its field in the chosen language, clears it once fixed, and saves a buyer typed anew', async () => {
    await page.goto('/app/documents/new');
    await page.getByRole('heading', { name: 'Nueva factura' }).waitFor();
    await page.getByLabel('Identificación', { exact: true }).fill('0926687856');
    await page.getByLabel('Nombre o razón social').fill('Ferretería La Llave');
    // The service checks an email's form once the body's shape is complete: the line first.
    await page.getByLabel('Código').fill('SRV-1');
    await page.getByLabel('Descripción').fill('Instalación de cerradura');
    await page.getByLabel('Precio unitario').fill('40.00');
    const email = page.getByLabel('Correo');
    await email.fill('compras@');
    await page.getByLabel('Dirección').focus();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    // The email's own message (another field may still show one from an answer in flight).
    const emailError = page.locator('.field.invalid [id$="-buyer.email-error"]');
    await expect.poll(() => emailError.textContent()).toBe('Correo no válido.');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect.poll(() => emailError.textContent()).toBe('Not a valid email address.');
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await email.fill('compras@lallave.example');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe(null);
    await expect.poll(() => page.locator('.field-error').count()).toBe(0);

    await page.getByLabel('Propina').fill('4.00');
    await page.getByRole('button', { name: 'Agregar campo' }).click();
    await page.getByLabel('Nombre del campo 1').fill('Orden de trabajo');
    await page.getByLabel('Contenido del campo 1').fill('OT-552');
    await page.getByLabel('Guardar este cliente para las próximas facturas').check();
    // 40.00 + 15 % (6.00) + 4.00 of tip.
    await expect.poll(() => page.getByTestId('computed-total').textContent()).toBe('USD 50.00');
    await submitAndConfirm(page, 'Emitir factura');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const doc = await documentOf(page.url().split('/').pop()!);
    expect([doc.totals.tip, doc.total]).toEqual(['4.00', '50.00']);
    expect(doc.additionalInfo).toEqual([{ name: 'Orden de trabajo', value: 'OT-552' }]);

    const saved = await stack.ctx.app.inject({
      method: 'GET',
      url: '/v1/customers?q=0926687856',
      headers: bearer(tenant.apiKey),
    });
    expect(saved.json().data).toEqual([
      expect.objectContaining({ idType: '05', identification: '0926687856', name: 'Ferretería La Llave' }),
    ]);
  });
});

describe('before the catalogs are in', () => {
  it('keeps "Emitir factura" busy and disabled: a submit then would check an empty form', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v1/catalogs/**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/app/documents/new');
      await page.getByLabel('Nombre o razón social').fill('Soriano Salas Eddie');
      const submit = page.getByRole('button', { name: 'Emitir factura' });
      await expect(submit.isDisabled()).resolves.toBe(true);
      await expect(submit.getAttribute('aria-busy')).resolves.toBe('true');
      release();
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await expect(submit.getAttribute('aria-busy')).resolves.toBeNull();
      // What was typed meanwhile is kept.
      await expect(page.getByLabel('Nombre o razón social').inputValue()).resolves.toBe(
        'Soriano Salas Eddie',
      );
    } finally {
      release();
      await page.unroute('**/v1/catalogs/**');
    }
  });
});

describe('another type from its form', () => {
  it('03 purchase settlement on credit: a payment method and a 30-day term from the catalog, IVA 0 %, AUTHORIZED with them', async () => {
    await page.goto('/app/documents/new-purchase-settlement');
    await page.getByRole('heading', { name: 'Nueva liquidación de compra' }).waitFor();
    await page.getByLabel('Identificación', { exact: true }).fill('0914250881');
    await page.getByLabel('Nombre o razón social').fill('Soriano Salas Eddie');
    await page.getByLabel('Correo').fill('eddie@example.com');
    await page.getByLabel('Código').fill('ARROZ-1');
    await page.getByLabel('Descripción').fill('Arroz en cáscara, grano largo');
    await page.getByLabel('Cantidad').fill('10');
    await page.getByLabel('Precio unitario').fill('37.00');
    await page.getByLabel('IVA', { exact: true }).selectOption({ label: 'IVA 0%' });
    // A settlement carries IVA only: no ICE or IRBPNR, and no tip.
    await expect(page.getByLabel('ICE', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByLabel('Propina').count()).resolves.toBe(0);
    await page.getByLabel('Forma de pago').selectOption({ label: 'Sin utilización del sistema financiero' });
    await page.getByLabel('Plazo').fill('30');
    await page.getByLabel('Unidad de tiempo').selectOption({ label: 'Días' });
    await expect.poll(() => page.getByTestId('computed-total').textContent()).toBe('USD 370.00');
    await screenshot(page, 'purchase-settlement-form');
    await submitAndConfirm(page, 'Emitir liquidación');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    expect(accessKey.slice(8, 10)).toBe('03');
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    const doc = await documentOf(accessKey);
    expect(doc.content.payments).toEqual([{ method: '01', total: '370.00', term: '30', termUnit: 'dias' }]);
  });

  it('06 waybill with additional information: the fields added in the form reach the authorized document', async () => {
    await page.goto('/app/documents/new-waybill');
    await page.getByLabel('Dirección de partida').fill('Av. Eloy Alfaro 34, Guayaquil');
    await page.getByLabel('Identificación del transportista', { exact: true }).fill('1796875790001');
    await page.getByLabel('Transportista', { exact: true }).fill('Transportes S.A.');
    await page.getByLabel('Placa').fill('MCL0827');
    await page.getByLabel('Identificación del destinatario', { exact: true }).fill('1710034065');
    await page.getByLabel('Destinatario', { exact: true }).fill('Ferretería La Llave');
    await page.getByLabel('Dirección de destino').fill('Av. Gran Colombia, Cuenca');
    await page.getByLabel('Correo del destinatario').fill('bodega@lallave.example');
    await page.getByLabel('Descripción').fill('Cemento 50 kg');
    await page.getByLabel('Cantidad').fill('40');
    await page.getByRole('button', { name: 'Agregar campo' }).click();
    await page.getByLabel('Nombre del campo 1').fill('Pedido');
    await page.getByLabel('Contenido del campo 1').fill('PD-118');
    await submitAndConfirm(page, 'Emitir guía de remisión');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    const doc = await documentOf(accessKey);
    expect(doc.additionalInfo).toEqual([{ name: 'Pedido', value: 'PD-118' }]);
  });
});
