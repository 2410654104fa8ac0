import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { signIn } from '../sessions/support.js';

let ctx: TestContext;
let t: RegisteredTenant;
let key: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await verifiedTenant(ctx);
  key = bearer(t.apiKey);
});
afterAll(async () => ctx?.close());

const RUC_BUYER = {
  idType: '04',
  identification: '1790011674001',
  name: 'Distribuidora Andina S.A.',
  email: 'compras@andina.example',
  phone: '+593 2 255 0000',
  address: 'Av. 10 de Agosto N20-30, Quito',
};

function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = key) {
  return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

describe('customers CRUD', () => {
  it('creates, reads, changes and deletes a customer', async () => {
    const before = ctx.clock.now().getTime();
    const created = await send('POST', '/v1/customers', RUC_BUYER);
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json().customer;
    expect(customer).toMatchObject({ ...RUC_BUYER, id: expect.any(String) });
    const createdAt = Date.parse(customer.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(ctx.clock.now().getTime());

    const got = await send('GET', `/v1/customers/${customer.id}`);
    expect(got.json()).toEqual({ ok: true, customer });

    await ctx.advance(60_000);
    const patched = await send('PATCH', `/v1/customers/${customer.id}`, {
      name: 'Andina Cía. Ltda.',
      phone: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().customer).toMatchObject({
      name: 'Andina Cía. Ltda.',
      phone: null,
      email: RUC_BUYER.email,
      createdAt: customer.createdAt,
    });
    // The clock moved a minute between the two.
    expect(Date.parse(patched.json().customer.updatedAt) - createdAt).toBeGreaterThanOrEqual(60_000);

    const deleted = await send('DELETE', `/v1/customers/${customer.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await send('GET', `/v1/customers/${customer.id}`)).json().code).toBe('NOT_FOUND');
    expect((await send('DELETE', `/v1/customers/${customer.id}`)).statusCode).toBe(404);
  });

  it('refuses the same idType and identification twice with 409 CONFLICT, on create and on change', async () => {
    const first = await send('POST', '/v1/customers', {
      idType: '05',
      identification: '0912345678',
      name: 'Ana',
    });
    expect(first.statusCode).toBe(201);
    const again = await send('POST', '/v1/customers', {
      idType: '05',
      identification: '0912345678',
      name: 'Otra',
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'CONFLICT']);
    expect(again.headers['content-type']).toContain('application/problem+json');
    const other = await send('POST', '/v1/customers', {
      idType: '06',
      identification: 'AB123456',
      name: 'Bob',
    });
    const clash = await send('PATCH', `/v1/customers/${other.json().customer.id}`, {
      idType: '05',
      identification: '0912345678',
    });
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'CONFLICT']);
  });

  it('checks fields as a document buyer is checked (VALIDATION_FAILED naming each field)', async () => {
    const res = await send('POST', '/v1/customers', {
      idType: '04',
      identification: '1790011674',
      name: '   ',
      email: 'not-an-email',
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.json().errors).toEqual([
      { path: 'identification', message: 'a RUC (04) is 13 digits ending in 001' },
      { path: 'name', message: 'is required' },
      { path: 'email', message: 'must be a valid email address' },
    ]);
    const badType = await send('POST', '/v1/customers', { idType: '09', identification: '1', name: 'X' });
    expect(badType.json().errors[0].path).toBe('idType');
    const consumer = await send('POST', '/v1/customers', { idType: '07', identification: '123', name: 'X' });
    expect(consumer.json().errors).toEqual([
      { path: 'identification', message: 'a final consumer (07) is identified as 9999999999999' },
    ]);
    const notUuid = await send('GET', '/v1/customers/nope');
    expect([notUuid.statusCode, notUuid.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const limit = await send('GET', '/v1/customers?limit=101');
    expect(limit.json().errors[0].path).toBe('query.limit');
  });
});

describe('search', () => {
  let s: RegisteredTenant;
  beforeAll(async () => {
    s = await verifiedTenant(ctx);
    for (const [identification, name] of [
      ['1712345678', 'Zoila Pérez'],
      ['1798765432', 'José Álvarez'],
      ['0102030405', 'Ana María Muñoz'],
      ['0911111111', 'JOSEFINA TORRES'],
    ] as const) {
      const res = await send(
        'POST',
        '/v1/customers',
        { idType: '05', identification, name },
        bearer(s.apiKey),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  const names = async (query: string) =>
    (await send('GET', `/v1/customers${query}`, undefined, bearer(s.apiKey)))
      .json()
      .data.map((c: { name: string }) => c.name);

  it('lists by name with the documents list envelope', async () => {
    const res = await send('GET', '/v1/customers?limit=2&page=2', undefined, bearer(s.apiKey));
    expect(res.json()).toMatchObject({ ok: true, pagination: { total: 4, page: 2, limit: 2 } });
    expect(await names('')).toEqual(['Ana María Muñoz', 'José Álvarez', 'JOSEFINA TORRES', 'Zoila Pérez']);
  });

  it('matches names ignoring case and accents, and identifications by prefix', async () => {
    expect(await names('?q=jose')).toEqual(['José Álvarez', 'JOSEFINA TORRES']);
    expect(await names('?q=MUNOZ')).toEqual(['Ana María Muñoz']);
    expect(await names('?q=perez')).toEqual(['Zoila Pérez']);
    expect(await names('?q=17')).toEqual(['José Álvarez', 'Zoila Pérez']);
    expect(await names('?q=345678')).toEqual([]);
    expect(await names('?q=%25')).toEqual([]);
  });
});

describe('access', () => {
  it("answers 404 for another tenant's customer, and lists only the caller's", async () => {
    const mine = await send('POST', '/v1/customers', {
      idType: '06',
      identification: 'P-1',
      name: 'Solo mío',
    });
    const other = await verifiedTenant(ctx);
    const k = bearer(other.apiKey);
    const id = mine.json().customer.id;
    expect((await send('GET', `/v1/customers/${id}`, undefined, k)).statusCode).toBe(404);
    expect((await send('PATCH', `/v1/customers/${id}`, { name: 'x' }, k)).statusCode).toBe(404);
    expect((await send('DELETE', `/v1/customers/${id}`, undefined, k)).statusCode).toBe(404);
    expect((await send('GET', '/v1/customers', undefined, k)).json().pagination.total).toBe(0);
    // The same identification is free in another account.
    expect(
      (await send('POST', '/v1/customers', { idType: '06', identification: 'P-1', name: 'y' }, k)).statusCode,
    ).toBe(201);
  });

  it('reads with documents:read and changes with documents:write', async () => {
    const reader = bearer(await fixtureKey(ctx, t, ['documents:read']));
    const writer = bearer(await fixtureKey(ctx, t, ['documents:write']));
    expect((await send('GET', '/v1/customers', undefined, reader)).statusCode).toBe(200);
    const denied = await send(
      'POST',
      '/v1/customers',
      { idType: '06', identification: 'Q', name: 'Q' },
      reader,
    );
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const list = await send('GET', '/v1/customers', undefined, writer);
    expect([list.statusCode, list.json().code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/v1/customers/import?dryRun=true',
      headers: { ...reader, 'content-type': 'text/csv' },
      payload: 'idType,identification,name\n06,X1,Equis\n',
    });
    expect(imported.json().code).toBe('INSUFFICIENT_SCOPE');
    expect((await send('GET', '/v1/customers')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/customers' })).statusCode).toBe(401);
  });

  it('lets a suspended account read its customers but not change them', async () => {
    const s = await verifiedTenant(ctx);
    const k = bearer(s.apiKey);
    expect(
      (await send('POST', '/v1/customers', { idType: '06', identification: 'S1', name: 'S' }, k)).statusCode,
    ).toBe(201);
    await ctx.query(
      `update tenants set status = 'SUSPENDED', suspension_reason_code = 'OTHER' where id = $1`,
      [s.tenantId],
    );
    expect((await send('GET', '/v1/customers', undefined, k)).json().pagination.total).toBe(1);
    const refused = await send('POST', '/v1/customers', { idType: '06', identification: 'S2', name: 'S' }, k);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
  });

  it('is shared by the environments: a production key of the tenant sees the same customers', async () => {
    const production = bearer(await fixtureKey(ctx, t, ['documents:read'], { environment: 'production' }));
    const sandbox = await send('GET', '/v1/customers');
    const prod = await send('GET', '/v1/customers', undefined, production);
    expect(prod.statusCode).toBe(200);
    expect(prod.json().pagination.total).toBe(sandbox.json().pagination.total);
    expect(prod.json().pagination.total).toBeGreaterThan(0);
  });

  it('takes the web-app session cookie like a key (writes need the CSRF header)', async () => {
    const session = await signIn(ctx, t.email);
    const read = await send('GET', '/v1/customers', undefined, session.headers(false));
    expect(read.statusCode).toBe(200);
    const noCsrf = await send(
      'POST',
      '/v1/customers',
      { idType: '06', identification: 'C1', name: 'C' },
      session.headers(false),
    );
    expect(noCsrf.json().code).toBe('FORBIDDEN');
    const ok = await send(
      'POST',
      '/v1/customers',
      { idType: '06', identification: 'C1', name: 'C' },
      session.headers(true),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
