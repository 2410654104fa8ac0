import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EinvoiceClient, EinvoiceValidationError } from '../../sdk/src/index.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { verifiedTenant } from '../helpers/tenants.js';

/** The SDK's customers and products against the real service on a port. */
let ctx: TestContext;
let client: EinvoiceClient;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const tenant = await verifiedTenant(ctx);
  client = new EinvoiceClient({ apiKey: tenant.apiKey, baseUrl });
});
afterAll(async () => ctx?.close());

describe('client.customers and client.products', () => {
  it('creates, searches, changes and deletes a customer; imports a CSV with a preview', async () => {
    const c = await client.customers.create({
      idType: '05',
      identification: '0912345678',
      name: 'Íñigo Ruiz',
    });
    expect((await client.customers.list({ q: 'inigo' })).data.map((x) => x.id)).toEqual([c.id]);
    expect((await client.customers.update(c.id, { email: 'inigo@example.com' })).email).toBe(
      'inigo@example.com',
    );
    expect((await client.customers.get(c.id)).name).toBe('Íñigo Ruiz');
    await client.customers.delete(c.id);
    expect((await client.customers.list()).pagination.total).toBe(0);

    const csv = 'tipo;identificacion;nombre\nRUC;1790011674001;Andina\n05;1;Mal\n';
    const preview = await client.customers.import(csv, { dryRun: true });
    expect([preview.valid, preview.invalid, preview.created]).toEqual([1, 1, undefined]);
    const saved = await client.customers.import(new TextEncoder().encode(csv));
    expect(saved.created).toBe(1);
  });

  it('saves a product and throws the typed error on a bad rate', async () => {
    const p = await client.products.create({
      mainCode: 'P-1',
      description: 'Pan',
      unitPrice: '0.25',
      taxes: [{ code: '2', rateCode: '0' }],
    });
    expect((await client.products.list({ q: 'p-' })).data.map((x) => x.id)).toEqual([p.id]);
    const error = await client.products
      .update(p.id, { taxes: [{ code: '2', rateCode: '2' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EinvoiceValidationError);
    expect((error as EinvoiceValidationError).problem.errors?.[0]?.path).toBe('taxes[0].rateCode');
    const imported = await client.products.import(
      new Blob(['codigo,descripcion,precio,iva\nP-2,Leche,1.10,0%\n']),
    );
    expect(imported.created).toBe(1);
    await client.products.delete(p.id);
    expect((await client.products.list()).data.map((x) => x.mainCode)).toEqual(['P-2']);
  });
});
