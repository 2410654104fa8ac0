import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorMonthStart, ecuadorParts, MovableClock } from '../../src/shared/clock.js';
import { formatMoney } from '../../src/shared/money-format.js';
import { issued, unzipAndValidate } from '../ats/report-support.js';
import { invoiceBody } from '../helpers/documents.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { addKeys, issueTo, supplierTenant } from '../purchases/support.js';
import { savedFile, signInThroughUi, startWebStack, type WebStack } from './harness.js';

/**
 * Issue 28, "Anexos → ATS" on a phone against the real report API: last month's sales and a
 * purchase (documents dated on the test clock, shared with the tax authority simulator), the
 * annex built by the running worker, its summary and warnings as the API states them, the zip
 * downloaded; then a received credit note whose invoice is not among the purchases: REFUSED.
 */
let stack: WebStack;
let us: RegisteredTenant;
let period: { year: number; month: number };
let noteKey: string;
let page: Page;
const clock = new MovableClock();

/** Keys of documents the running worker submits, once the simulator authorized them all. */
async function authorized(keys: string[]) {
  await waitFor(`${keys.length} documents AUTHORIZED`, async () => {
    const rows = await stack.ctx.query<{ n: number }>(
      `select count(*)::int as n from documents where access_key = any($1) and status = 'AUTHORIZED'`,
      [keys],
    );
    return rows[0]!.n === keys.length;
  });
}

beforeAll(async () => {
  stack = await startWebStack({ contextOptions: { clock } });
  // The annex is filed for a month gone by: every document is dated the 2nd of last month at 10:00
  // (Ecuador), then the clock comes back to now.
  const now = clock.now();
  const lastMonth = ecuadorMonthStart(new Date(ecuadorMonthStart(now).getTime() - 1));
  clock.set(new Date(lastMonth.getTime() + (24 + 10) * 3_600_000));
  const { year, month } = ecuadorParts(clock.now());
  period = { year, month };
  us = await verifiedTenant(stack.ctx, { documentTypes: ['01', '04', '07'] });
  const supplier = await supplierTenant(stack.ctx);
  const seller = await supplierTenant(stack.ctx);
  const keys = [
    await issued(stack.ctx, us, invoiceBody()),
    await issued(
      stack.ctx,
      us,
      invoiceBody({ buyer: { idType: '04', id: '1790011674001', name: 'Cliente SA', email: 'c@x.ec' } }),
    ),
    await issueTo(stack.ctx, supplier, '01', us.ruc),
    // The seller's invoice 001-001-000000001 to us, which stays out of the purchases…
    await issueTo(stack.ctx, seller, '01', us.ruc),
  ];
  await authorized(keys);
  // …and its credit note, added later to make the annex REFUSED.
  noteKey = await issueTo(stack.ctx, seller, '04', us.ruc);
  await authorized([noteKey]);
  const added = await addKeys(stack.ctx, us.apiKey, [keys[2]!]);
  expect(added.statusCode, added.body).toBe(200);
  clock.set(now);
  page = await stack.newPage({ width: 390, height: 844 });
}, 120_000);
afterAll(async () => stack?.close());

const mm = () => String(period.month).padStart(2, '0');

async function report(id: string) {
  const res = await stack.ctx.app.inject({ url: `/v1/reports/ats/${id}`, headers: bearer(us.apiKey) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Picks the issuer and the period and builds the annex; the report's id, from the URL it opens. */
async function generate(previous?: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Período' });
  await form.getByLabel('Emisor').selectOption(us.issuerId);
  await form.getByLabel('Año').fill(String(period.year));
  await form.getByLabel('Periodicidad').selectOption('month');
  await form.getByLabel('Mes').selectOption(String(period.month));
  await form.getByRole('button', { name: 'Generar ATS' }).click();
  await page.waitForURL(
    (u) => /^[0-9a-f-]{36}$/.test(u.searchParams.get('id') ?? '') && u.searchParams.get('id') !== previous,
  );
  return new URL(page.url()).searchParams.get('id')!;
}

/** The terms and definitions of a section's `nth` `<dl>`, as shown. */
const pairs = (page: Page, section: string, nth = 0) =>
  page
    .getByRole('region', { name: section })
    .locator('dl.totals')
    .nth(nth)
    .evaluate((dl) =>
      Object.fromEntries(
        [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      ),
    );

const rateRows = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));

type RateTotal = { rate: string; base: string; tax: string };
const rates = (rows: RateTotal[]) =>
  rows.map((r) => [`IVA ${r.rate} %`, formatMoney(r.base), formatMoney(r.tax)]);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page is never wider than the screen, every button and link button is 44 px tall, and axe
 * finds nothing serious or critical.
 */
async function fitsThePhone(where: string) {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(overflow, `${where} at ${width} px`).toBeLessThanOrEqual(0);
  }
  const small = await page.evaluate(
    `[...document.querySelectorAll('main button, main a.btn')].filter((b) => b.offsetParent && b.getBoundingClientRect().height < 43.5).map((b) => b.textContent)`,
  );
  expect(small, where).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  // axe-core as the phone walk runs it (phone.test.ts), on the states that walk cannot reach.
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const serious = await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ' ' + v.nodes[0].target))`,
  );
  expect(serious, where).toEqual([]);
}

describe('Anexos: ATS at phone width', () => {
  it("builds last month's annex: the API's summary and warnings with their links, the zip", async () => {
    await signInThroughUi(stack, page, us.email);
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('link', { name: 'Anexos: ATS' }).click();
    const id = await generate();
    const shown = page.locator('section.ats-report');
    // The page follows the job by itself; the test waits for what it shows.
    await shown.locator('.badge', { hasText: 'Listo' }).waitFor({ timeout: 30_000 });
    const api = await report(id);
    expect(api.status).toBe('DONE');
    // The list of annexes below, read again when the job ended, says so too.
    const listed = page.locator('.doc-card', { has: page.locator(`a[href="/app/reports/ats?id=${id}"]`) });
    await listed.locator('.badge', { hasText: 'Listo' }).waitFor();
    const s = api.summary;
    expect(s.compras.count).toBe(1);
    expect(await pairs(page, 'Compras')).toEqual({
      Comprobantes: String(s.compras.count),
      'Sin retención': String(s.compras.withoutRetention),
      'Sustento asumido': String(s.compras.assumedSustento),
      'IVA retenido': formatMoney(s.compras.retainedVat),
      'Renta retenida': formatMoney(s.compras.retainedIncomeTax),
      Total: formatMoney(s.compras.total),
    });
    expect(await rateRows(page, 'Compras por tarifa')).toEqual(rates(s.compras.byRate));
    expect(s.ventas.documents).toBe(2);
    expect(await pairs(page, 'Ventas')).toEqual({
      Comprobantes: String(s.ventas.documents),
      'Filas por cliente': String(s.ventas.rows),
      Anulados: String(s.anulados.count),
      Total: formatMoney(s.ventas.total),
    });
    expect(await rateRows(page, 'Ventas por tarifa')).toEqual(rates(s.ventas.byRate));
    expect(await pairs(page, 'Ventas', 1)).toEqual({
      ...Object.fromEntries(
        s.ventasEstablecimiento.map((e: { establishment: string; total: string }) => [
          e.establishment,
          formatMoney(e.total),
        ]),
      ),
      'Establecimientos del RUC': String(Number(s.header.numEstabRuc)),
      'Total de ventas (cabecera)': formatMoney(s.header.totalVentas),
    });

    // Each warning with the server's (Spanish) message and "Corregir" to the page that fixes it.
    const es = (
      await stack.ctx.app.inject({
        url: `/v1/reports/ats/${id}`,
        headers: { ...bearer(us.apiKey), 'accept-language': 'es' },
      })
    ).json();
    expect(es.problems.map((p: { code: string }) => p.code)).toEqual([
      'SUSTENTO_ASSUMED',
      'PURCHASE_WITHOUT_RETENTION',
    ]);
    const problems = page.getByRole('region', { name: 'Problemas' });
    await problems.getByRole('heading', { name: 'Problemas: 0 errores, 2 avisos' }).waitFor();
    const items = problems.locator('li');
    await expect(items.count()).resolves.toBe(2);
    for (const [i, p] of es.problems.entries()) {
      await expect(items.nth(i).textContent()).resolves.toContain(p.message);
      const fix = items.nth(i).getByRole('link', { name: /Corregir/ });
      await expect(fix.getAttribute('href')).resolves.toBe(p.target.webPath);
    }
    expect(es.problems[0].target.webPath).toMatch(/^\/app\/purchases\/[0-9a-f-]{36}$/);
    await fitsThePhone('the annex built');

    const fileName = `AT${mm()}${period.year}.zip`;
    expect(api.fileName).toBe(fileName);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      shown.getByRole('button', { name: new RegExp(`^Descargar ${fileName}`) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);
    const zip = readFileSync(await savedFile(download));
    expect(zip.length).toBe(api.download.size);
    const { xml } = unzipAndValidate(zip, `AT${mm()}${period.year}.xml`);
    expect(xml).toContain(`<IdInformante>${us.ruc}</IdInformante>`);
  }, 120_000);

  it('REFUSED: the credit note without its invoice listed as an error, no download, its fix one tap away', async () => {
    const previous = new URL(page.url()).searchParams.get('id')!;
    const added = await addKeys(stack.ctx, us.apiKey, [noteKey]);
    expect(added.statusCode, added.body).toBe(200);
    const id = await generate(previous);
    const shown = page.locator('section.ats-report');
    await shown.locator('.badge', { hasText: 'Con problemas por corregir' }).waitFor({ timeout: 30_000 });
    const api = await report(id);
    expect(api.status).toBe('REFUSED');
    expect(api.download).toBeNull();
    const error = api.problems.find((p: { severity: string }) => p.severity === 'ERROR');
    expect(error).toMatchObject({ code: 'MODIFIED_DOCUMENT_UNKNOWN' });
    const errors = api.problems.filter((p: { severity: string }) => p.severity === 'ERROR').length;
    const problems = page.getByRole('region', { name: 'Problemas' });
    await problems
      .getByRole('heading', { name: `Problemas: ${errors} errores, ${api.problems.length - errors} avisos` })
      .waitFor();
    await shown.getByText('El archivo no se entrega hasta corregir los errores').waitFor();
    await expect(shown.getByRole('button', { name: /^Descargar/ }).count()).resolves.toBe(0);
    const row = problems.locator('li[data-severity="ERROR"]');
    await expect(row.locator('code').textContent()).resolves.toBe(error.element);
    await fitsThePhone('the annex refused');
    await row.getByRole('link', { name: /Corregir/ }).click();
    await page.waitForURL((u) => u.pathname === error.target.webPath);
    await page.getByRole('heading', { name: /^Nota de crédito/ }).waitFor();
  }, 120_000);
});
