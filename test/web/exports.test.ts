import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ecuadorIsoDate } from '../../src/shared/clock.js';
import { createDocument } from '../helpers/documents.js';
import { type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';
import { savedFile, signInThroughUi, startWebStack, type WebStack } from './harness.js';

/** The accountant's month end in the browser: the list as CSV, then a ZIP of XML with its progress. */
let stack: WebStack;
let tenant: RegisteredTenant;
beforeAll(async () => {
  stack = await startWebStack();
  tenant = await verifiedTenant(stack.ctx);
});
afterAll(async () => stack?.close());

function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: false }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => names.push(e.fileName));
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
    });
  });
}

describe('exports on the documents page', () => {
  it('downloads the CSV and builds a ZIP of the authorized XML with progress', async () => {
    const created = await createDocument(stack.ctx, tenant);
    expect(created.statusCode).toBe(201);
    const { accessKey, sequential } = created.json().document;
    // The worker submits it to the simulator, which authorizes it within a second or two.
    await waitFor(
      'AUTHORIZED',
      async () =>
        (
          await stack.ctx.query<{ status: string }>('select status from documents where access_key = $1', [
            accessKey,
          ])
        )[0]?.status === 'AUTHORIZED',
    );

    const page = await stack.newPage();
    await signInThroughUi(stack, page, tenant.email);
    await page.goto('/app/documents');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    const text = readFileSync(await savedFile(csv), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    // In the page's language (Spanish): the web app's label, the API code in its own column.
    expect(text).toContain(`;${accessKey};Autorizado;`);
    expect(text).toMatch(/;AUTHORIZED;[A-Z_]+\r\n/);

    const today = ecuadorIsoDate(stack.ctx.clock.now());
    const form = page.getByRole('form', { name: 'Exportar ZIP' });
    await form.getByLabel('Desde').fill(today);
    await form.getByLabel('Hasta').fill(today);
    await form.getByRole('button', { name: 'Exportar ZIP' }).click();
    await page.getByText('ZIP listo: 1 archivos').waitFor();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar ZIP' }).click(),
    ]);
    expect(await zipEntries(await savedFile(zip))).toEqual([`FACTURA-001-001-${sequential}.xml`]);
    await page.close();
  });
});
