import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/shared/errors.js';
import { activeSubscription, subscribe, uploadProof, webKey } from '../helpers/billing.js';
import { createDocument, docHeaders, invoiceBody } from '../helpers/documents.js';
import { type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { pdfPages } from '../ride/pdf-tools.js';
import { ADMIN_TOKEN, settled, signInThroughUi, startWebStack, type WebStack } from './harness.js';
import { bareAmount, MONEY_CELLS, moneyProblems, vocabularyProblems } from './money-words.js';
import { apiEnumCodes, CODE_SHAPE, labelCodes, languageWords, wordsOf } from './ui-words.js';

/**
 * Spanish all the way, and English all the way: every page of the owner's app and the operator's
 * console, empty and filled, with its dialogs open and a form's errors showing, read as a person
 * sees it (visible text, select options, labels for screen readers). Fails on any word only the
 * other language's `t()` side uses, and on any raw API code (an enum value of sdk/src/schema.d.ts or a
 * code of the labels module). Text another language wrote on purpose (the SRI's messages, the
 * account-language notifications) carries its own `lang` attribute and is left out.
 */

let stack: WebStack;
let receiver: HttpsReceiver;
let filled: RegisteredTenant;
let empty: RegisteredTenant;
let reviewing: RegisteredTenant;
let accessKey: string;

/** Data the test typed in, in whatever language: people's names, addresses, emails, URLs. */
const BUYER = { idType: '05', id: '1710034065', name: 'Ximena Yánez Quishpe', email: 'ximena@example.com' };
const TENANT_DATA = {
  businessName: 'Kuntur Wasi S.A.',
  tradeName: 'Kuntur Wasi',
  mainAddress: 'Av. Amazonas N34-451, Quito',
  branchAddress: 'Av. Amazonas N34-451, Quito',
  language: 'es',
};
const DATA_STRINGS = [
  BUYER.name,
  TENANT_DATA.businessName,
  TENANT_DATA.mainAddress,
  'Av. Colón E4-12, Quito',
  'Servicio de consultoría',
  'Libro técnico',
  'einvoice-ec',
  'X-Service-Signature, HMAC-SHA256',
];

const { enOnly, esOnly } = languageWords();
// The problem codes too: "BAD_REQUEST" or "VALIDATION_FAILED" is no word a person should read.
const CODES = new Set([
  ...apiEnumCodes(),
  ...[...labelCodes()].filter((c) => CODE_SHAPE.test(c)),
  ...Object.keys(ERROR_STATUS),
]);

beforeAll(async () => {
  receiver = await startHttpsReceiver();
  stack = await startWebStack({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  const { ctx } = stack;
  // Every type the service issues enabled: the app offers only enabled types, and this owner's
  // pages show the credit and debit note dialogs and every document form.
  filled = await verifiedTenant(ctx, { ...TENANT_DATA, documentTypes: ['01', '03', '04', '05', '06', '07'] });
  empty = await verifiedTenant(ctx, TENANT_DATA);
  reviewing = await verifiedTenant(ctx, TENANT_DATA);
  await activeSubscription(ctx, filled, 'STARTER');
  // Two invoices through the tax authority simulator to AUTHORIZED, their emails sent.
  for (let i = 0; i < 2; i++) {
    const res = await createDocument(ctx, filled, invoiceBody({ buyer: BUYER }));
    expect(res.statusCode, res.body).toBe(201);
    accessKey = res.json().document.accessKey;
  }
  const authorizedAndMailed = async () =>
    String(
      (
        await ctx.query<{ n: string }>(
          `select count(*) n from documents where tenant_id = $1 and status = 'AUTHORIZED' and email_status <> 'PENDING'`,
          [filled.tenantId],
        )
      )[0]!.n,
    );
  await waitFor('both documents authorized and mailed', authorizedAndMailed, {
    until: (n) => n === '2',
    timeoutMs: 60_000,
  });
  const key = await webKey(ctx, filled);
  // The SRI's catalogs (support codes, withholding codes…) are published in Spanish only: data.
  for (const catalog of ['support-codes', 'withholding-codes', 'tax-rates', 'tax-types', 'payment-methods']) {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/catalogs/${catalog}`, headers: bearer(key) });
    expect(res.statusCode, res.body).toBe(200);
    JSON.stringify(res.json(), (k, v) => {
      if (k === 'description' && typeof v === 'string') DATA_STRINGS.push(v);
      return v;
    });
  }
  // A product priced "4.5" by the API: every page shows it as formatMoney writes it.
  const product = await ctx.app.inject({
    method: 'POST',
    url: '/v1/products',
    headers: bearer(key),
    payload: {
      mainCode: 'LIB-01',
      description: 'Libro técnico',
      unitPrice: '4.5',
      taxes: [{ code: '2', rateCode: '0' }],
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  const hook = await ctx.app.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: bearer(key),
    payload: { url: receiver.url('/hooks/kuntur'), eventTypes: ['DOCUMENT_AUTHORIZED'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const tested = await ctx.app.inject({
    method: 'POST',
    url: `/v1/webhooks/${hook.json().endpoint.id}/test`,
    headers: bearer(key),
  });
  expect(tested.statusCode, tested.body).toBeLessThan(300);
  // A payment waiting for the operator.
  const reviewKey = await webKey(ctx, reviewing);
  const sub = await subscribe(ctx, reviewKey, 'GROWTH');
  expect(sub.statusCode, sub.body).toBe(201);
  expect((await uploadProof(ctx, reviewKey, sub.json().payment.id)).statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

/** The text a person sees (and a screen reader reads), outside elements marked with another language. */
/** Each piece of text, and whether it is an identifier shown as such (`<code>`: a job's name). */
async function visibleText(page: Page): Promise<{ text: string; code: boolean }[]> {
  return page.evaluate(VISIBLE_TEXT) as Promise<{ text: string; code: boolean }[]>;
}

/** Runs in the page (as a string: the tests' TypeScript knows no DOM). */
const VISIBLE_TEXT = `(() => {
  const lang = document.documentElement.lang;
  const out = [];
  const shown = (el) => {
    if (el.closest('.lang-switch')) return false;
    // What the API said, shown as it is to whoever integrates (a request log's codes and paths).
    if (el.closest('[data-technical]')) return false;
    const marked = el.closest('[lang]')?.getAttribute('lang');
    if (marked && marked !== lang) return false;
    const details = el.closest('details');
    if (details && !details.open && !el.closest('summary')) return false;
    if (el.tagName === 'OPTION') {
      const select = el.closest('select');
      return !!select && select.checkVisibility();
    }
    return el.checkVisibility({ visibilityProperty: true });
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const text = n.textContent?.trim();
    if (el && text && !el.closest('script, style') && shown(el)) out.push({ text, code: !!el.closest('code') });
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder]')) {
    if (!shown(el)) continue;
    for (const attr of ['aria-label', 'placeholder']) {
      const v = el.getAttribute(attr);
      if (v) out.push({ text: v, code: false });
    }
  }
  return out;
})()`;

const failures: string[] = [];
/** The tax-rate options of each IVA select seen, by language and page: one catalog label per rate. */
const rateOptions: { lang: string; where: string; options: string }[] = [];

async function check(page: Page, lang: 'es' | 'en', where: string) {
  await settled(page);
  const forbidden = lang === 'es' ? enOnly : esOnly;
  const chunks = await visibleText(page);
  expect(chunks.length, where).toBeGreaterThan(3);
  for (const { text: raw, code } of chunks) {
    let text = raw;
    for (const d of DATA_STRINGS) text = text.split(d).join(' ');
    // Emails, URLs, ids (hex) and file names are data too.
    text = text
      .replace(/\S+@\S+\.\w+/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ' ')
      .replace(/(?:[0-9A-F]{2}:){3,}[0-9A-F]{2}/g, ' ')
      .replace(/\S+\.(?:pdf|png|jpe?g|p12)\b/g, ' ')
      .replace(/\b\w*\d\w*\b/g, ' ');
    for (const token of text.match(/[A-Za-z_:]+/g) ?? [])
      if (CODES.has(token)) failures.push(`[${lang}] ${where}: code ${token} in "${raw}"`);
    // An identifier in <code> (a job's name) is no word of either language; a raw code still is one.
    if (code) continue;
    for (const word of wordsOf(text))
      if (forbidden.has(word)) failures.push(`[${lang}] ${where}: "${word}" in "${raw}"`);
  }
  // Pieces apart: a date's year and the next cell's "USD 16.76" are not one "2026 USD".
  const shown = chunks.map((c) => c.text).join(' | ');
  for (const p of moneyProblems(shown)) failures.push(`[${lang}] ${where}: money ${p}`);
  for (const p of vocabularyProblems(lang, shown)) failures.push(`[${lang}] ${where}: word ${p}`);
  const { cells, rates } = (await page.evaluate(MONEY_CELLS)) as {
    cells: string[];
    rates: Record<string, string[]>;
  };
  for (const c of cells.filter(bareAmount))
    failures.push(`[${lang}] ${where}: money without currency "${c}"`);
  for (const options of Object.values(rates)) rateOptions.push({ lang, where, options: options.join(' | ') });
}

async function signIn(page: Page, tenant: RegisteredTenant, lang: 'es' | 'en') {
  await signInThroughUi(stack, page, tenant.email);
  if (lang === 'en') await page.getByRole('button', { name: 'EN', exact: true }).click();
}

const T = (lang: 'es' | 'en', es: string, en: string) => (lang === 'es' ? es : en);

/** Opens a dialog with the button named `es`/`en`, checks it, closes it with its close button. */
async function withDialog(page: Page, lang: 'es' | 'en', where: string, button: [string, string]) {
  const name = lang === 'es' ? button[0] : button[1];
  await page
    .getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  await check(page, lang, `${where} (${button[lang === 'es' ? 0 : 1]})`);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: T(lang, 'Cerrar', 'Close') })
    .click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe.each(['es', 'en'] as const)('the app in %s only', (lang) => {
  it('the public pages: sign in, sign up (with its errors), recover', async () => {
    await stack.browser.clearCookies();
    const page = await stack.newPage();
    await page.goto('/signin');
    await page.getByRole('button', { name: lang.toUpperCase(), exact: true }).click();
    await check(page, lang, '/signin');
    await page.goto('/signup');
    await check(page, lang, '/signup');
    await page.getByRole('button', { name: T(lang, 'Crear cuenta', 'Create account') }).click();
    await page.locator('.field-error').first().waitFor();
    await check(page, lang, '/signup (errors)');
    await page.goto('/recover');
    await check(page, lang, '/recover');
    await page.close();
  });

  it("a new owner's empty pages", async () => {
    const page = await stack.newPage();
    await signIn(page, empty, lang);
    for (const path of [
      '/app',
      '/app/documents',
      '/app/webhooks',
      '/app/notifications',
      '/app/keys',
      '/app/purchases',
      '/app/purchases/add',
      '/app/purchases/import',
      '/app/reports/ats',
    ]) {
      await page.goto(path);
      await check(page, lang, `${path} (empty)`);
    }
    await page.goto('/app/issuers');
    await check(page, lang, '/app/issuers');
    await page.goto('/app/production');
    await check(page, lang, '/app/production');
    await page.goto('/app/billing');
    await check(page, lang, '/app/billing (free)');
    await page.close();
  });

  it("a busy owner's pages, with their dialogs", { timeout: 180_000 }, async () => {
    const page = await stack.newPage();
    await signIn(page, filled, lang);
    await check(page, lang, '/app');
    await page.goto('/app/documents');
    await page.getByRole('button', { name: T(lang, 'Filtros', 'Filters') }).click();
    await check(page, lang, '/app/documents');
    await page.goto(`/app/documents/${accessKey}`);
    await page.locator('.timeline li').nth(3).waitFor();
    await check(page, lang, '/app/documents/:key');
    await withDialog(page, lang, '/app/documents/:key', ['Reenviar correo', 'Re-send email']);
    await withDialog(page, lang, '/app/documents/:key', ['Anular', 'Void']);
    await withDialog(page, lang, '/app/documents/:key', ['Emitir nota de crédito', 'Issue credit note']);
    await withDialog(page, lang, '/app/documents/:key', ['Emitir nota de débito', 'Issue debit note']);
    await page.goto('/app/webhooks');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await check(page, lang, '/app/webhooks');
    await page.getByRole('button', { name: T(lang, 'Nuevo webhook', 'New webhook') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL (HTTPS)').fill('ftp://nope');
    await dialog.getByRole('button', { name: T(lang, 'Crear webhook', 'Create webhook') }).click();
    await dialog.locator('.field-error').waitFor();
    await check(page, lang, '/app/webhooks (new, with an error)');
    await dialog.getByRole('button', { name: T(lang, 'Cerrar', 'Close') }).click();
    await withDialog(page, lang, '/app/webhooks', ['Eliminar', 'Delete']);
    for (const path of ['/app/notifications', '/app/production']) {
      await page.goto(path);
      await check(page, lang, path);
    }
    await page.goto('/app/products');
    await page.getByText('LIB-01').locator('visible=true').first().waitFor();
    await check(page, lang, '/app/products');
    await withDialog(page, lang, '/app/products', ['Nuevo producto', 'New product']);
    await page.goto('/app/customers');
    await check(page, lang, '/app/customers');
    await page.goto('/app/keys');
    await check(page, lang, '/app/keys');
    await withDialog(page, lang, '/app/keys', ['Nueva clave', 'New key']);
    await page.goto('/app/issuers');
    await check(page, lang, '/app/issuers');
    await withDialog(page, lang, '/app/issuers', ['Nuevo punto de emisión', 'New issue point']);
    await withDialog(page, lang, '/app/issuers', ['Renovar certificado', 'Renew certificate']);
    for (const path of [
      '/app/documents/new',
      '/app/documents/new-purchase-settlement',
      '/app/documents/new-withholding',
      '/app/documents/new-waybill',
    ]) {
      await page.goto(path);
      await check(page, lang, path);
    }
    await page.goto('/app/billing');
    await check(page, lang, '/app/billing (active plan)');
    await withDialog(page, lang, '/app/billing', ['Cambiar de plan', 'Change plan']);
    await withDialog(page, lang, '/app/billing', ['Cancelar plan', 'Cancel plan']);
    await page.close();
  });

  it('a new owner choosing a plan sees the price to confirm', async () => {
    const page = await stack.newPage();
    await signIn(page, empty, lang);
    await page.goto('/app/billing');
    await page.locator('.plan').first().waitFor();
    await page.locator('.plan button').first().click();
    await page.getByRole('dialog').waitFor();
    await check(page, lang, '/app/billing (choosing a plan)');
    await page.close();
  });

  it("the operator's console", async () => {
    const page = await stack.newPage();
    await page.goto('/operator');
    await page.getByRole('button', { name: lang.toUpperCase(), exact: true }).click();
    await check(page, lang, '/operator (sign in)');
    await page.getByLabel(/ADMIN_TOKEN/).fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: T(lang, 'Entrar', 'Enter') }).click();
    await page.locator('section.card').filter({ hasText: reviewing.email }).waitFor();
    await check(page, lang, '/operator payments');
    await withDialog(page, lang, '/operator payments', ['Verificar pago', 'Verify payment']);
    await withDialog(page, lang, '/operator payments', ['Rechazar', 'Reject']);
    for (const [es, en] of [
      ['Clientes', 'Tenants'],
      ['Acuerdos', 'Agreements'],
      ['Precios', 'Prices'],
      ['Tareas', 'Jobs'],
    ] as const) {
      await page.getByRole('tab', { name: T(lang, es, en) }).click();
      await check(page, lang, `/operator ${en}`);
    }
    await page.close();
  });
});

describe('the walk', () => {
  it('found nothing in the other language and no raw code', () => {
    // Derived lists that are not empty: the check can fail.
    expect(enOnly.has('payment')).toBe(true);
    expect(esOnly.has('comprobante')).toBe(true);
    expect(CODES.has('PENDING_PAYMENT')).toBe(true);
    expect(CODES.has('BAD_REQUEST') && CODES.has('VALIDATION_FAILED')).toBe(true);
    expect(moneyProblems('$16,76 · USD 4.5 · USD 16.76')).toHaveLength(2);
    expect(failures).toEqual([]);
  });

  it('writes money one way in the emails and the RIDE too', async () => {
    const mails = stack.smtp.messages.map((m) => `${m.subject ?? ''}\n${m.text ?? ''}`);
    expect(mails.some((t) => /total USD \d+\.\d{2}\b/.test(t))).toBe(true);
    for (const t of mails) expect(moneyProblems(t), t).toEqual([]);
    const ride = await stack.ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${accessKey}/ride`,
      headers: docHeaders(filled),
    });
    expect(ride.statusCode).toBe(200);
    const text = (await pdfPages(ride.rawPayload)).join('\n');
    expect(text).toMatch(/\b\d+\.\d{2}\b/);
    expect(moneyProblems(text)).toEqual([]);
  });

  it('names each tax rate the same in the product dialog and the document forms', () => {
    for (const lang of ['es', 'en']) {
      const seen = rateOptions.filter((r) => r.lang === lang);
      expect(seen.some((r) => r.where.includes('/app/products'))).toBe(true);
      expect(seen.some((r) => r.where === '/app/documents/new')).toBe(true);
      expect(new Set(seen.map((r) => r.options)), JSON.stringify(seen, null, 1)).toHaveLength(1);
    }
  });
});
