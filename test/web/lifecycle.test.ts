import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import {
  savedFile,
  screenshot,
  signInThroughUi,
  startWebStack,
  submitAndConfirm,
  type WebStack,
} from './harness.js';

/**
 * A document's life as the owner sees it: issued from the form, followed until the tax authority
 * (its simulator) authorizes it, its messages and history, RIDE, re-sent email, a credit note
 * against it, and voiding with its confirmation.
 */
let stack: WebStack;
let tenant: RegisteredTenant;
beforeAll(async () => {
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx, {
    tradeName: 'Librería Cervantes',
    documentTypes: ['01', '03', '04', '05', '06', '07'],
  });
});
afterAll(async () => stack?.close());

async function issueInvoice(page: Page) {
  await page.goto('/app/documents/new');
  await page.getByLabel('Identificación', { exact: true }).fill('1710034065');
  await page.getByLabel('Nombre o razón social').fill('María José Peñafiel');
  await page.getByLabel('Correo').fill('maria@example.com');
  await page.getByLabel('Código').fill('LIB-7');
  await page.getByLabel('Descripción').fill('Don Quijote, edición ilustrada');
  await page.getByLabel('Cantidad').fill('2');
  await page.getByLabel('Precio unitario').fill('20.00');
  await submitAndConfirm(page, 'Emitir factura');
  await page.waitForURL(/\/app\/documents\/\d{49}$/);
  return page.url().split('/').pop()!;
}

describe('a document from issue to void in the browser', () => {
  it('follows the invoice until AUTHORIZED, with the history and the tax authority messages', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await issueInvoice(page);
    // The page polls while the tax authority has the document.
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    await page.locator('.timeline').getByText('Autorizado por el SRI').waitFor();
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

    await page.getByRole('button', { name: 'Reenviar correo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reenviar RIDE y XML' });
    await dialog.getByLabel('Enviar a').fill('contabilidad@example.com');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.getByText('Correo en cola de envío.').waitFor();
    await stack.smtp.waitFor((m) => (m.to as { text: string }).text === 'contabilidad@example.com');
    await page.close();
  });

  it('issues a credit note against the invoice, then voids the invoice only once confirmed', async () => {
    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    const invoice = await issueInvoice(page);
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();
    const note = page.getByRole('dialog', { name: /Nota de crédito para/ });
    await note.getByText('Saldo por acreditar:').waitFor();
    await note.getByRole('button', { name: 'Emitir nota de crédito' }).click();
    await expect.poll(() => note.getByLabel('Motivo').getAttribute('aria-invalid')).toBe('true');
    await note.getByLabel('Motivo').fill('Devolución de un ejemplar');
    await note.getByLabel('Cantidad').fill('1');
    await note.getByRole('button', { name: 'Emitir nota de crédito' }).click();
    await page.getByRole('button', { name: 'Sí, emitir' }).click();
    await page.waitForURL(
      (url) => /\/app\/documents\/\d{49}$/.test(url.pathname) && !url.pathname.endsWith(invoice),
    );
    await page.getByRole('heading', { name: /Nota de crédito/ }).waitFor();
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });

    await page.goto(`/app/documents/${invoice}`);
    await page.getByRole('button', { name: 'Anular' }).click();
    const voiding = page.getByRole('dialog', { name: 'Anular comprobante' });
    await voiding.getByLabel('Motivo').fill('Error en el RUC del cliente');
    await voiding.getByRole('button', { name: 'Anular' }).click();
    await voiding.locator('[data-code="DOCUMENT_VOID_CONFIRMATION_REQUIRED"]').waitFor();
    await voiding.getByLabel('Confirmo que lo anulé en el portal del SRI').check();
    await voiding.getByRole('button', { name: 'Anular' }).click();
    await page.locator('.badge', { hasText: 'Anulado' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Comprobante anulado.' }).waitFor();

    // The month at a glance now has something to show.
    await page.getByRole('link', { name: 'Resumen' }).click();
    await page
      .locator('[data-status="AUTHORIZED"]')
      .filter({ hasText: /^[1-9]/ })
      .waitFor();
    await page.close();
  });
});

describe('the other types from their forms (one signed-in page: sign-in codes are rate limited)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
  });
  afterAll(async () => page?.close());

  it('03 purchase settlement: buys from a supplier without a RUC: issued, AUTHORIZED, the supplier shown as such', async () => {
    await page.goto('/app/documents');
    await page.getByRole('link', { name: 'Nueva liquidación de compra' }).click();
    await page.getByRole('heading', { name: 'Nueva liquidación de compra' }).waitFor();
    await page.getByLabel('Identificación', { exact: true }).fill('0914250881');
    await page.getByLabel('Nombre o razón social').fill('Soriano Salas Eddie');
    await page.getByLabel('Correo').fill('eddie@example.com');
    await page.getByLabel('Código').fill('ARROZ-1');
    await page.getByLabel('Descripción').fill('Arroz en cáscara, grano largo');
    await page.getByLabel('Cantidad').fill('10');
    await page.getByLabel('Precio unitario').fill('37.00');
    await submitAndConfirm(page, 'Emitir liquidación');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    expect(accessKey.slice(8, 10)).toBe('03');
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Proveedor' }).waitFor();
    await expect(page.getByText('Soriano Salas Eddie').isVisible()).resolves.toBe(true);
    await stack.smtp.waitFor((m) => (m.to as { text: string }).text === 'eddie@example.com');
  });

  it('07 withholding receipt, the dated catalog as pickers: withholds renta 1 % and IVA 30 % on a purchase invoice: figures shown live, AUTHORIZED, the subject gets it', async () => {
    await page.goto('/app/documents');
    await page.getByRole('link', { name: 'Nueva retención' }).click();
    await page.getByRole('heading', { name: 'Nueva retención' }).waitFor();
    await page.getByLabel('Identificación', { exact: true }).fill('1791774582001');
    await page.getByLabel('Nombre o razón social').fill('Compubussines Cía. Ltda.');
    await page.getByLabel('Correo').fill('compras@compubussines.example');
    await page.getByLabel('Número de factura').fill('089-001-000003681');
    await page.getByLabel('Base imponible').fill('100.00');
    await page.getByLabel('Retención de renta').selectOption('343');
    await page.getByLabel('Retención de IVA').selectOption('1');
    await expect(page.getByTestId('withheld').textContent()).resolves.toBe(
      'Renta USD 1.00 · IVA USD 4.50 · Total retenido USD 5.50',
    );
    await submitAndConfirm(page, 'Emitir retención');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    expect(accessKey.slice(8, 10)).toBe('07');
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Sujeto retenido' }).waitFor();
    await page.getByText('USD 5.50').first().waitFor();
    await stack.smtp.waitFor((m) => (m.to as { text: string }).text === 'compras@compubussines.example');
    await screenshot(page, 'withholding-detail');
  });

  it('05 debit note against an authorized invoice: charges interest: buyer and reference prefilled, IVA figured, AUTHORIZED', async () => {
    const invoiceKey = await issueInvoice(page);
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Emitir nota de débito' }).click();
    const dialog = page.getByRole('dialog', { name: /^Nota de débito para 001-001-\d{9}$/ });
    await dialog.getByLabel('Razón').fill('Interés por mora');
    await dialog.getByLabel('Valor').fill('10.00');
    // Figured by the service (the dry run), shown once it answers.
    await expect
      .poll(() => dialog.getByTestId('debit-total').textContent())
      .toBe('Subtotal USD 10.00 · IVA USD 1.50 · Total USD 11.50');
    await dialog.getByRole('button', { name: 'Emitir nota de débito' }).click();
    await page.getByRole('button', { name: 'Sí, emitir' }).click();
    await page.waitForURL(
      (url) => /\/app\/documents\/\d{49}$/.test(url.pathname) && !url.pathname.endsWith(invoiceKey),
    );
    const accessKey = page.url().split('/').pop()!;
    expect(accessKey.slice(8, 10)).toBe('05');
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    await page.getByText('USD 11.50').first().waitFor();
  });

  it('06 waybill: moves goods with a carrier to a recipient: AUTHORIZED, no amount, the recipient gets it', async () => {
    await page.goto('/app/documents');
    await page.getByRole('link', { name: 'Nueva guía de remisión' }).click();
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
    await submitAndConfirm(page, 'Emitir guía de remisión');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const accessKey = page.url().split('/').pop()!;
    expect(accessKey.slice(8, 10)).toBe('06');
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Transportista' }).waitFor();
    await expect(page.getByText('Transportes S.A.').isVisible()).resolves.toBe(true);
    // A guía states no amount: no "USD 0.00" where the total goes.
    await expect(page.locator('dd.strong').textContent()).resolves.toBe('—');
    await stack.smtp.waitFor((m) => (m.to as { text: string }).text === 'bodega@lallave.example');
  });
});
