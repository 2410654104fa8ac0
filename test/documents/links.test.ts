import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { registerTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('rideUrl and xmlUrl', () => {
  it('are in the create answer, the detail and the list summary, and each path answers', async () => {
    const t = await registerTenant(ctx);
    const created = await createDocument(ctx, t);
    expect(created.statusCode).toBe(201);
    const { accessKey, rideUrl, xmlUrl } = created.json().document;
    expect(rideUrl).toBe(`/v1/documents/${accessKey}/ride`);
    expect(xmlUrl).toBe(`/v1/documents/${accessKey}/xml`);

    const detail = await ctx.app.inject({ url: `/v1/documents/${accessKey}`, headers: docHeaders(t) });
    expect(detail.json().document).toMatchObject({ rideUrl, xmlUrl });
    const list = await ctx.app.inject({ url: '/v1/documents', headers: docHeaders(t) });
    expect(list.json().data[0]).toMatchObject({ accessKey, rideUrl, xmlUrl });

    const ride = await ctx.app.inject({ url: rideUrl, headers: docHeaders(t) });
    expect([ride.statusCode, ride.headers['content-type']]).toEqual([200, 'application/pdf']);
    const xml = await ctx.app.inject({ url: xmlUrl, headers: docHeaders(t) });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(accessKey);
  });

  it('are documented in the OpenAPI schemas of the three answers', async () => {
    const doc = (await ctx.app.inject({ url: '/v1/openapi.json' })).json();
    const text = JSON.stringify(doc.paths['/v1/documents']) + JSON.stringify(doc.components ?? {});
    expect(text).toContain('"rideUrl"');
    const detail = JSON.stringify(doc.paths['/v1/documents/{accessKey}'].get.responses['200']);
    expect(detail).toContain('xmlUrl');
  });
});
