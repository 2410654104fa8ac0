import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/app.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function newDocument(t: RegisteredTenant): Promise<string> {
  const res = await createDocument(ctx, t);
  expect(res.statusCode).toBe(201);
  return res.json().document.accessKey;
}

function share(t: RegisteredTenant, accessKey: string, payload: object = {}, key = t.apiKey) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/documents/${accessKey}/share`,
    headers: docHeaders(t, key),
    payload,
  });
}

/** The path of a public URL, for app.inject. */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

/** The clock runs on between the request and the check: the expiry is `from` plus at most a second. */
function expectWithin(iso: string, from: number) {
  const at = new Date(iso).getTime();
  expect(at).toBeGreaterThanOrEqual(from);
  expect(at).toBeLessThan(from + 1000);
}

async function expectGone(path: string) {
  for (const suffix of ['', '/ride', '/xml']) {
    const res = await ctx.app.inject({ url: `${path}${suffix}` });
    expect([res.statusCode, res.headers['content-type'], res.json().code]).toEqual([
      404,
      'application/problem+json; charset=utf-8',
      'NOT_FOUND',
    ]);
    expect(res.json().detail).toBe('Document not found');
  }
}

describe('public links', () => {
  it('serves the page, the RIDE and the XML without a key while valid, and stores only a hash', async () => {
    const t = await registerTenant(ctx);
    const accessKey = await newDocument(t);
    const before = ctx.clock.now().getTime();
    const res = await share(t, accessKey, { expiresIn: 3600 });
    expect(res.statusCode).toBe(201);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/v1\/shared\/[0-9A-Za-z]{43}$/);
    expectWithin(expiresAt, before + 3600_000);
    const token = url.split('/').pop()!;
    const rows = await ctx.query<{ token_hash: string }>('select token_hash from document_shares');
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);

    const page = await ctx.app.inject({ url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(accessKey);
    expect(page.body).toContain('<td>María José Peñafiel</td>');
    expect(page.body).toContain('USD 123.50');
    expect(page.body).toContain(`href="${pathOf(url)}/ride"`);

    const ride = await ctx.app.inject({ url: `${pathOf(url)}/ride` });
    expect([ride.statusCode, ride.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(ride.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await ctx.app.inject({ url: `${pathOf(url)}/xml` });
    expect(xml.statusCode).toBe(200);
    const [row] = await ctx.query<{ signed_xml: string }>(
      'select signed_xml from documents where access_key = $1',
      [accessKey],
    );
    expect(xml.body).toBe(row!.signed_xml);
    expect(redactUrl(`${pathOf(url)}/ride`)).toBe('/v1/shared/[REDACTED]/ride');
  });

  it('is 404 once expired, the same as an unknown or malformed token', async () => {
    const t = await registerTenant(ctx);
    const accessKey = await newDocument(t);
    const { url } = (await share(t, accessKey, { expiresIn: 120 })).json();
    expect((await ctx.app.inject({ url: pathOf(url) })).statusCode).toBe(200);
    await ctx.advance(121_000);
    await expectGone(pathOf(url));
    await expectGone(`/v1/shared/${'A'.repeat(43)}`);
    await expectGone('/v1/shared/short');
  });

  it('defaults to 7 days; a new link replaces the previous; DELETE revokes', async () => {
    const t = await registerTenant(ctx);
    const accessKey = await newDocument(t);
    const before = ctx.clock.now().getTime();
    const first = (await share(t, accessKey)).json();
    expectWithin(first.expiresAt, before + 7 * 24 * 3600_000);
    const second = (await share(t, accessKey)).json();
    expect(second.url).not.toBe(first.url);
    await expectGone(pathOf(first.url));
    expect((await ctx.app.inject({ url: pathOf(second.url) })).statusCode).toBe(200);

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/documents/${accessKey}/share`,
      headers: docHeaders(t),
    });
    expect([del.statusCode, del.json()]).toEqual([200, { ok: true, revoked: 1 }]);
    await expectGone(pathOf(second.url));
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/documents/${accessKey}/share`,
      headers: docHeaders(t),
    });
    expect(again.json()).toEqual({ ok: true, revoked: 0 });
  });

  it('refuses a bad expiresIn, a read-only key, another tenant and an unknown document', async () => {
    const t = await registerTenant(ctx);
    const accessKey = await newDocument(t);
    for (const expiresIn of [59, 90 * 24 * 3600 + 1, 1.5, '60']) {
      const res = await share(t, accessKey, { expiresIn });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.json().errors[0].path).toBe('expiresIn');
    }
    const reader = await fixtureKey(ctx, t, ['documents:read']);
    const denied = await share(t, accessKey, {}, reader);
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const deniedDelete = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/documents/${accessKey}/share`,
      headers: docHeaders(t, reader),
    });
    expect([deniedDelete.statusCode, deniedDelete.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const other = await registerTenant(ctx);
    const foreign = await share(other, accessKey);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await share(t, '1'.repeat(49));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(
      Number((await ctx.query<{ n: string }>('select count(*) as n from document_shares'))[0]!.n),
    ).toBeGreaterThanOrEqual(0);
  });
});
