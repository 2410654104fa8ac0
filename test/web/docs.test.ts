import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebStack, type WebStack } from './harness.js';

/**
 * /docs in a real chromium: the reference renders the guide and the operations, and every request
 * the page makes goes to the service itself (no CDN, no web fonts, no telemetry).
 */
let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(async () => stack?.close());

describe('the API reference at /docs', () => {
  it('shows the guide and finds the create-document operation, offline', async () => {
    const page = await stack.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/docs');
    await page.getByRole('heading', { name: 'Idempotency' }).first().waitFor();
    await expect(page.getByText('Guía en español').first().isVisible()).resolves.toBe(true);

    // The sidebar: open the Documents group, then the operation; its page shows its header parameters.
    await page
      .getByRole('button', { name: /^Documents/ })
      .first()
      .click();
    await page.getByText('Issue a document: 01, 03, 04, 05, 06 or 07').first().click();
    await page.getByText('x-issuer-id').first().waitFor();
    await page.getByText('Idempotency-Key', { exact: false }).first().waitFor();
    await expect(page.getByText('Ask AI').count()).resolves.toBe(0);

    expect(requested.length).toBeGreaterThan(1);
    const foreign = requested.filter((url) => !url.startsWith(stack.baseUrl) && !/^(data|blob):/.test(url));
    expect(foreign).toEqual([]);
    expect(requested).toContain(`${stack.baseUrl}/docs/js/scalar.js`);
  });
});
