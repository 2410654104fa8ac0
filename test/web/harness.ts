import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Page,
  type Request,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { type SriSimulator, startSriSimulator } from '../../src/adapters/sri/simulator/index.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

export const ADMIN_TOKEN = 'operator-token-for-browser-tests';
const SCREENSHOT_DIR = path.resolve('docs/screenshots');

export interface WebStack {
  ctx: TestContext;
  /** The tax authority simulator the service submits to (both environments). */
  sri: SriSimulator;
  smtp: TestSmtpServer;
  baseUrl: string;
  browser: BrowserContext;
  newPage(opts?: { width?: number; height?: number }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The real service on an ephemeral port (the app served by the API server, worker running, an
 * SMTP server in the test process) and a real chromium driving it: the run's one Chromium
 * (browser-global-setup.ts), in a context of this file's own.
 */
export async function startWebStack(
  opts: { env?: Record<string, string>; contextOptions?: Parameters<typeof createTestContext>[0] } = {},
): Promise<WebStack> {
  const smtp = await startTestSmtpServer();
  // A real SOAP tax authority on its own port: documents go through reception and authorization
  // as in production, within a second or two.
  // A test that gives its own clock (to date documents in another month) shares it with the tax
  // authority, whose issue-date check must see the same day.
  const clock = opts.contextOptions?.clock;
  const sri = await startSriSimulator({
    port: 0,
    host: '127.0.0.1',
    authorizationDelayMs: 300,
    ...(clock && { now: () => clock.now() }),
  });
  const ctx = await createTestContext({
    ...opts.contextOptions,
    env: {
      SMTP_URL: smtp.url,
      ADMIN_TOKEN,
      SRI_TEST_URL: sri.url,
      SRI_PRODUCTION_URL: sri.url,
      SRI_AUTH_CHECK_DELAY_MS: '500',
      // Unset, as on a developer's machine: emailed links follow the host the browser used
      // (src/config/public-url.ts), so a test opens them as they are.
      PUBLIC_BASE_URL: '',
      ...opts.contextOptions?.env,
      ...opts.env,
    },
  });
  await ctx.startWorker();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (ctx.app.server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const endpoint = await (await fetch(inject('browserLauncherUrl'))).text();
  const chromiumConnection: Browser = await chromium.connect(endpoint);
  const browser = await chromiumConnection.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
    locale: 'es-EC',
  });
  browser.setDefaultTimeout(20_000);
  trackApiRequests(browser);
  return {
    ctx,
    sri,
    smtp,
    baseUrl,
    browser,
    async newPage(size) {
      const page = await browser.newPage();
      if (size) await page.setViewportSize({ width: size.width ?? 1280, height: size.height ?? 860 });
      page.on('pageerror', (e) => process.stderr.write(`[browser] ${e.message}\n`));
      return page;
    },
    async close() {
      await browser.close().catch(() => undefined);
      // Disconnects this file; the browser itself stays up for the other files.
      await chromiumConnection.close().catch(() => undefined);
      await ctx.close();
      await smtp.close();
      await sri.close();
    },
  };
}

/** The app's API requests (fetch and XMLHttpRequest) not answered yet, by page. */
const pending = new WeakMap<Page, Set<Request>>();

function trackApiRequests(browser: BrowserContext) {
  const setOf = (r: Request): Set<Request> | null => {
    if (r.resourceType() !== 'fetch' && r.resourceType() !== 'xhr') return null;
    const page = r.frame().page();
    const set = pending.get(page) ?? new Set<Request>();
    pending.set(page, set);
    return set;
  };
  browser.on('request', (r) => setOf(r)?.add(r));
  browser.on('requestfinished', (r) => setOf(r)?.delete(r));
  browser.on('requestfailed', (r) => setOf(r)?.delete(r));
  // A navigation drops what the page had asked before it: a request cut off by a new document is
  // reported neither finished nor failed, and the new view asks again what it needs.
  browser.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) pending.get(page)?.clear();
    }),
  );
}

/** What shows that a page is still loading: a loading placeholder or a busy button. */
export const LOADING = 'output.loading, [aria-busy="true"]';

/**
 * Waits until a page has settled: no API request of the app in flight and nothing loading, seen on
 * three polls in a row (a read that starts when the previous one answers is seen in between).
 * Playwright's `networkidle` waits for 500 ms of silence on every load, and counts the
 * network's other traffic (a PDF in a frame) too.
 */
export async function settled(page: Page): Promise<void> {
  let quiet = 0;
  try {
    await expect
      .poll(async () => {
        const busy = (pending.get(page)?.size ?? 0) > 0 || (await page.locator(LOADING).count()) > 0;
        quiet = busy ? 0 : quiet + 1;
        return quiet;
      })
      .toBeGreaterThanOrEqual(3);
  } catch (e) {
    const requests = [...(pending.get(page) ?? [])].map((r) => `${r.method()} ${r.url()}`);
    const loading = await page.locator(LOADING).count();
    throw new Error(
      `${page.url()} did not settle: ${requests.length} API requests unanswered (${requests.join(', ')}), ${loading} loading: ${(e as Error).message}`,
    );
  }
}

const downloads = mkdtempSync(path.join(tmpdir(), 'einvoice-downloads-'));
process.once('exit', () => rmSync(downloads, { recursive: true, force: true }));
let downloadCount = 0;

/**
 * A download saved to a file of this process (`Download.path()` is not available on a connected
 * browser): its path.
 */
export async function savedFile(download: Download): Promise<string> {
  const file = path.join(downloads, `${++downloadCount}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return file;
}

/** The text of the first email to `to` whose subject matches, among those after the `since`-th message. */
export async function emailTo(stack: WebStack, to: string, subject: RegExp, since = 0) {
  const mail = await stack.smtp.waitFor(
    (m) =>
      stack.smtp.messages.indexOf(m) >= since &&
      (m.to as { text: string }).text.toLowerCase() === to.toLowerCase() &&
      subject.test(m.subject ?? ''),
  );
  return mail.text ?? '';
}

/** Signs in through the page: email, then the code read from the email that arrived. */
export async function signInThroughUi(stack: WebStack, page: Page, email: string): Promise<void> {
  const before = stack.smtp.messages.length;
  // One browser context serves every test of a file: start from no session.
  await stack.browser.clearCookies();
  await page.goto('/signin');
  // The context remembers the last language chosen; these tests read the Spanish UI.
  await page.getByRole('button', { name: 'ES', exact: true }).click();
  await page.getByLabel(/Correo electrónico|Email/).fill(email);
  await page.getByRole('button', { name: /Enviar código|Email me a code/ }).click();
  const mail = await stack.smtp.waitFor(
    (m) =>
      stack.smtp.messages.indexOf(m) >= before &&
      (m.to as { text: string }).text.toLowerCase() === email.toLowerCase() &&
      /código|code/i.test(m.subject ?? ''),
  );
  const code = /(?:es|is) (\d{6})\./.exec(mail.text ?? '')![1]!;
  await page.getByLabel(/Código de 6 dígitos|6-digit code/).fill(code);
  await page.getByRole('button', { name: /^(Ingresar|Sign in)$/ }).click();
  await page.waitForURL('**/app');
}

/** Writes docs/screenshots/<name>.png when SCREENSHOTS=1 (`npm run screenshots`), so test runs leave the tree alone. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate('document.fonts.ready');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: opts.fullPage ?? true });
}

/**
 * Submits a document form with its button named `submit` and confirms in the dialog ("Sí, emitir").
 * When the submit fails instead (the form's problem alert, which only a failed submit shows; a
 * field's error may still be the last dry run's while the submit checks again), fails with what the
 * form showed.
 */
export async function submitAndConfirm(page: Page, submit: string): Promise<void> {
  await page.getByRole('button', { name: submit }).click();
  const confirm = page.getByRole('button', { name: 'Sí, emitir' });
  await confirm.or(page.locator('.alert.error')).first().waitFor();
  if (!(await confirm.isVisible())) {
    const shown = await page
      .locator('.alert.error, .field-error')
      .evaluateAll((els) =>
        els.map((el) => `${el.getAttribute('data-code') ?? ''} ${el.textContent ?? ''}`.trim()),
      );
    throw new Error(`"${submit}" showed errors instead of the confirmation: ${shown.join(' | ')}`);
  }
  await confirm.click();
}
