import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccessKey } from '../../src/modules/documents/access-key.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { issueTo, supplierTenant } from '../purchases/support.js';
import {
  savedFile,
  screenshot,
  signInThroughUi,
  startWebStack,
  submitAndConfirm,
  type WebStack,
} from './harness.js';

/**
 * "Compras" on a phone (390 px): the SRI portal's TXT report previewed row by row, imported with
 * its progress, the purchase's detail, and "Emitir retención" from it to an AUTHORIZED 07 that
 * the purchase then lists. The supplier is another tenant of the sandbox whose invoice to the
 * buyer's RUC the simulator authorized: the key the buyer's portal report would list.
 */
let stack: WebStack;
let buyer: RegisteredTenant;
let supplier: RegisteredTenant;
let invoiceKey: string;
let unknownKey: string;

beforeAll(async () => {
  stack = await startWebStack();
  buyer = await verifiedTenant(stack.ctx, { documentTypes: ['01', '07'] });
  supplier = await supplierTenant(stack.ctx);
  invoiceKey = await issueTo(stack.ctx, supplier, '01', buyer.ruc);
  const today = ecuadorDate(stack.ctx.clock.now());
  // A well-formed key the SRI never authorized: the preview says so for its row.
  unknownKey = buildAccessKey({
    issueDate: today,
    documentType: '01',
    ruc: '1790011674001',
    environment: 'sandbox',
    branchCode: '001',
    issuePointCode: '001',
    sequential: '000000042',
    numericCode: '12345678',
    emissionType: '1',
  });
  await waitFor(
    'the supplier invoice AUTHORIZED',
    async () =>
      (
        await stack.ctx.query<{ status: string }>('select status from documents where access_key = $1', [
          invoiceKey,
        ])
      )[0]?.status === 'AUTHORIZED',
  );
}, 120_000);
afterAll(async () => stack?.close());

/** The portal's "Recibidos" report for these keys: Latin-1, tabs, CRLF, as the SRI serves it. */
function recibidosTxt(keys: string[]): Buffer {
  const header =
    'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO';
  const day = ecuadorDate(stack.ctx.clock.now());
  const lines = keys.map(
    (k) =>
      `${k.slice(10, 23)}\tPROVEEDOR ÑANDÚ S.A.\tFactura\t${k.slice(24, 27)}-${k.slice(27, 30)}-${k.slice(30, 39)}\t${k}\t${day} 10:00:00\t${k.slice(0, 2)}/${k.slice(2, 4)}/${k.slice(4, 8)}\t${buyer.ruc}\t110\t13.5\t123.5\t`,
  );
  return Buffer.from([header, ...lines, ''].join('\r\n'), 'latin1');
}

/** The innermost elements reaching past the screen's right edge, to name the culprit. */
const WIDEST = `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1)).slice(0, 5).map((e) => e.tagName + '.' + e.className + ' ' + (e.textContent ?? '').slice(0, 40)).join(' | ')`;

/** Nothing wider than the phone's screen: a wide table scrolls inside its own region. */
async function expectNoOverflow(page: Page, where: string) {
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
  const wide = overflow > 0 ? await page.evaluate(WIDEST) : '';
  expect(overflow, `${where}: ${wide}`).toBeLessThanOrEqual(0);
}

describe('Compras at phone width', () => {
  it('imports the TXT with a preview, shows the purchase and issues its retention to AUTHORIZED', async () => {
    const page = await stack.newPage({ width: 390, height: 844 });
    await signInThroughUi(stack, page, buyer.email);
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('link', { name: 'Compras', exact: true }).click();
    await page.getByTestId('purchases-count').getByText('0').waitFor();
    await page.getByRole('link', { name: 'Importar TXT del SRI' }).click();

    // The dry run: each row with what will happen, nothing saved yet.
    await page.getByLabel('Archivo TXT').setInputFiles({
      name: `${buyer.ruc}_Recibidos.txt`,
      mimeType: 'text/plain',
      buffer: recibidosTxt([invoiceKey, unknownKey]),
    });
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    const preview = page.getByRole('table', { name: 'Vista previa' });
    await expect.poll(() => preview.locator('tr[data-status="NEW"]').textContent()).toContain('Se agregará');
    await expect(preview.locator('tr[data-status="UNKNOWN"]').textContent()).resolves.toContain(
      'Desconocida en el SRI',
    );
    const [saved] = await stack.ctx.query<{ n: string }>('select count(*) as n from purchases');
    expect(Number(saved!.n)).toBe(0);
    await expectNoOverflow(page, 'TXT preview');
    await screenshot(page, 'purchases-import-phone');

    // The import: a background job, its progress polled until every row is settled.
    await page.getByRole('button', { name: 'Importar (1 nuevas)' }).click();
    await page.getByTestId('import-done').getByText('Importación terminada: 2 de 2 filas.').waitFor();
    const rows = page.getByRole('table', { name: 'Filas del archivo' });
    await expect(rows.locator('tr[data-status="CREATED"]').textContent()).resolves.toContain('Agregada');
    const number = `${invoiceKey.slice(24, 27)}-${invoiceKey.slice(27, 30)}-${invoiceKey.slice(30, 39)}`;
    await rows.getByRole('link', { name: number }).click();

    // The detail: supplier, tax groups, SRI state, what remains to withhold, the XML as received.
    await page.getByRole('heading', { name: `Factura ${number}` }).waitFor();
    await page.getByText(supplier.ruc, { exact: true }).waitFor();
    await expect(page.getByTestId('purchase-total').textContent()).resolves.toBe('USD 123.50');
    await expect(page.getByTestId('remaining').textContent()).resolves.toContain('USD 110.00');
    await page.getByText('Autorizado', { exact: true }).first().waitFor();
    await expectNoOverflow(page, 'purchase detail');
    const small = Number(
      await page.evaluate(
        `[...document.querySelectorAll('main button, main a.btn')].filter((b) => b.offsetParent && b.getBoundingClientRect().height < 44).length`,
      ),
    );
    expect(small).toBe(0);
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar XML' }).click(),
    ]);
    expect(readFileSync(await savedFile(xml), 'utf8')).toContain(invoiceKey);
    await screenshot(page, 'purchase-detail-phone');

    // "Emitir retención": the withholding form prefilled from the purchase; the owner completes it.
    await page.getByRole('button', { name: 'Emitir retención' }).click();
    await page.getByRole('heading', { name: 'Nueva retención' }).waitFor();
    await expect(page.getByLabel('Identificación', { exact: true }).inputValue()).resolves.toBe(supplier.ruc);
    await expect(page.getByLabel('Número de factura').inputValue()).resolves.toBe(number);
    await expect(page.getByLabel('Autorización de la factura').inputValue()).resolves.toBe(invoiceKey);
    await page.getByLabel('Correo', { exact: true }).fill('proveedor@example.com');
    await page.getByLabel('Retención de renta').selectOption('343');
    await page.getByLabel('Retención de IVA').selectOption('9');
    await expect(page.getByTestId('withheld').textContent()).resolves.toContain('Total retenido USD 2.45');
    await expectNoOverflow(page, 'withholding form');
    await submitAndConfirm(page, 'Emitir retención');
    await page.waitForURL(/\/app\/documents\/\d{49}$/);
    const retentionKey = page.url().split('/').pop()!;
    await page.locator('.badge', { hasText: 'Autorizado' }).waitFor({ timeout: 30_000 });

    // The purchase lists it, and nothing remains to withhold.
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('link', { name: 'Compras', exact: true }).click();
    await page
      .locator('.purchase-card')
      .getByRole('link', { name: `Factura ${number}` })
      .click();
    const issued = page.getByRole('list', { name: 'Retenciones emitidas' });
    await expect
      .poll(() => issued.getByRole('link').first().getAttribute('href'))
      .toBe(`/app/documents/${retentionKey}`);
    await expect(issued.textContent()).resolves.toContain('Autorizado');
    await expect(page.getByTestId('remaining').textContent()).resolves.toMatch(/USD 0\.00.*USD 0\.00/);
    await expectNoOverflow(page, 'purchase with its retention');

    const api = await stack.ctx.app.inject({ url: '/v1/purchases', headers: bearer(buyer.apiKey) });
    expect(api.json().data[0].accessKey).toBe(invoiceKey);
    await page.close();
  }, 120_000);
});
