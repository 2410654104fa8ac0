import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docHeaders } from '../helpers/documents.js';
import { bearer, fixtureKey, type RegisteredTenant, registerTenant } from '../helpers/tenants.js';
import { expectProblem } from '../issuers/fixtures.js';
import { callTrail, documentOf, eventsOf, issue, type Lifecycle, settle, startLifecycle } from './support.js';

let life: Lifecycle;
let t: RegisteredTenant;
let other: RegisteredTenant;
beforeAll(async () => {
  life = await startLifecycle();
  t = await registerTenant(life.ctx);
  other = await registerTenant(life.ctx);
});
afterAll(() => life?.close());

const call = (method: 'GET' | 'POST', url: string, tenant = t, key = tenant.apiKey) =>
  life.ctx.app.inject({ method, url, headers: docHeaders(tenant, key) });
const authorize = (key: string, tenant = t, apiKey = tenant.apiKey) =>
  call('GET', `/v1/documents/${key}/authorize`, tenant, apiKey);
const send = (key: string, tenant = t, apiKey = tenant.apiKey) =>
  call('POST', `/v1/documents/${key}/send`, tenant, apiKey);
const only = (key: string) => (k: string) => k === key;
const pause = (canIssue: boolean) =>
  life.ctx.app.inject({
    method: 'PATCH',
    url: `/v1/issuers/${t.issuerId}/can-issue`,
    headers: bearer(t.apiKey),
    payload: { canIssue },
  });
const suspend = (tenant: RegisteredTenant, status = 'SUSPENDED') =>
  life.ctx.query(`update tenants set status = $2, suspension_reason_code = $3 where id = $1`, [
    tenant.tenantId,
    status,
    status === 'SUSPENDED' ? 'OTHER' : null,
  ]);

describe('GET /v1/sri/status (public)', () => {
  const status = async () => (await life.ctx.app.inject({ method: 'GET', url: '/v1/sri/status' })).json();

  it('UNKNOWN before any call, UP once answered, DOWN after three failures in a row', async () => {
    const { ctx, sri } = life;
    expect(await status()).toMatchObject({
      ok: true,
      environments: {
        sandbox: { status: 'UNKNOWN', lastSuccessAt: null, lastFailureAt: null, recent: { calls: 0 } },
        production: { status: 'UNKNOWN' },
      },
    });
    await issue(ctx, t);
    await settle(ctx);
    expect((await status()).environments.sandbox).toMatchObject({
      status: 'UP',
      lastSuccessAt: expect.any(String),
      recent: { calls: 2, answered: 2, failed: 0 },
    });
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'both', mode: 'http500', times: 3, match: only(key) });
    for (let i = 0; i < 3; i++) {
      await ctx.drainJobs();
      await ctx.advance(8_100);
    }
    const down = (await status()).environments.sandbox;
    expect(down).toMatchObject({ status: 'DOWN', lastFailureAt: expect.any(String), recent: { failed: 3 } });
    await settle(ctx);
    expect((await status()).environments.sandbox.status).toBe('DEGRADED');
  });
});

describe('GET /v1/documents/:accessKey/authorize', () => {
  it('202 with the RECEIVED document; only queues an immediate check, whose outcome it never shows', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    await ctx.drainJobs();
    await ctx.advance(1100); // past the simulator's delay, before our automatic check (3 s)
    const res = await authorize(key);
    expect(res.statusCode, res.body).toBe(202);
    const doc = await documentOf(ctx, t, key);
    expect(res.json()).toEqual({
      ok: true,
      document: {
        accessKey: key,
        documentType: '01',
        sequential: doc.sequential,
        status: 'RECEIVED',
        issueDate: doc.issueDate,
        total: '123.50',
      },
    });
    await ctx.drainJobs();
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect((await eventsOf(ctx, t, key)).map((e) => e.type)).toContain('AUTHORIZATION_CHECK_REQUESTED');
  });

  it('keeps working on a paused issuer (documents in flight)', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    await ctx.drainJobs();
    await pause(false);
    try {
      expect((await authorize(key)).statusCode).toBe(202);
    } finally {
      await pause(true);
    }
    await settle(ctx);
  });

  it('400 BAD_REQUEST unless RECEIVED; 404 for another tenant; 403 without documents:write', async () => {
    const { ctx } = life;
    const signed = await issue(ctx, t);
    expectProblem(await authorize(signed), 400, 'BAD_REQUEST');
    await settle(ctx);
    expectProblem(await authorize(signed), 400, 'BAD_REQUEST');
    expectProblem(await authorize(signed, other), 404, 'NOT_FOUND');
    const readOnly = await fixtureKey(ctx, t, ['documents:read']);
    expectProblem(await authorize(signed, t, readOnly), 403, 'INSUFFICIENT_SCOPE');
    expectProblem(await authorize('123'), 400, 'VALIDATION_FAILED');
  });

  it('403 ACCOUNT_SUSPENDED for a suspended account although it is a GET (reads stay open)', async () => {
    const { ctx } = life;
    const tenant = await registerTenant(ctx);
    const key = await issue(ctx, tenant);
    await ctx.drainJobs();
    await suspend(tenant);
    expectProblem(await authorize(key, tenant), 403, 'ACCOUNT_SUSPENDED');
    expect((await call('GET', `/v1/documents/${key}/sri-responses`, tenant)).statusCode).toBe(200);
    expect((await call('GET', `/v1/documents/${key}/events`, tenant)).statusCode).toBe(200);
    expectProblem(await send(key, tenant), 403, 'ACCOUNT_SUSPENDED');
  });
});

describe('POST /v1/documents/:accessKey/send', () => {
  it('202 for a SIGNED document: after a failed send it asks before sending again; allowed on a paused issuer', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t);
    sri.simulator.control.inject({ service: 'reception', mode: 'http500', times: 1, match: only(key) });
    await ctx.drainJobs();
    expect((await documentOf(ctx, t, key)).status).toBe('SIGNED');
    await pause(false);
    try {
      const res = await send(key);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().document).toMatchObject({ accessKey: key, status: 'SIGNED' });
    } finally {
      await pause(true);
    }
    await ctx.drainJobs(); // no clock move: the send runs now, not after the 2 s backoff
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:HTTP_500',
      'AUTHORIZATION:NOT_FOUND',
      'RECEPTION:RECIBIDA',
    ]);
    expectProblem(await send(key), 400, 'BAD_REQUEST');
    expectProblem(await send(key, other), 404, 'NOT_FOUND');
    await settle(ctx);
  });
});

describe('POST /v1/tenants/retry-failed-documents', () => {
  const retry = (tenant: RegisteredTenant, apiKey = tenant.apiKey) =>
    life.ctx.app.inject({
      method: 'POST',
      url: '/v1/tenants/retry-failed-documents',
      headers: bearer(apiKey),
    });

  it('queues now every document of the environment whose last attempt failed at transport level', async () => {
    const { ctx, sri } = life;
    const tenant = await registerTenant(ctx);
    const failing = [await issue(ctx, tenant), await issue(ctx, tenant)];
    const healthy = await issue(ctx, tenant);
    sri.simulator.control.inject({
      service: 'reception',
      mode: 'http500',
      times: 1,
      match: only(failing[0]!),
    });
    sri.simulator.control.inject({
      service: 'reception',
      mode: 'timeout',
      times: 1,
      match: only(failing[1]!),
    });
    await ctx.drainJobs();
    expect((await documentOf(ctx, tenant, healthy)).status).toBe('RECEIVED');
    const res = await retry(tenant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, queued: 2 });
    await ctx.drainJobs();
    for (const key of failing) expect((await documentOf(ctx, tenant, key)).status).toBe('RECEIVED');
    expect((await retry(tenant)).json()).toEqual({ ok: true, queued: 0 });
    await settle(ctx);
  });

  it('needs documents:write (403) and an active account (403 ACCOUNT_SUSPENDED); no X-Issuer-Id', async () => {
    const { ctx } = life;
    const tenant = await registerTenant(ctx);
    const readOnly = await fixtureKey(ctx, tenant, ['documents:read']);
    expectProblem(await retry(tenant, readOnly), 403, 'INSUFFICIENT_SCOPE');
    await suspend(tenant);
    expectProblem(await retry(tenant), 403, 'ACCOUNT_SUSPENDED');
  });
});

describe('GET sri-responses and events', () => {
  it('newest first for sri-responses, oldest first for events, 404 for another tenant', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t);
    await settle(ctx);
    const responses = (await call('GET', `/v1/documents/${key}/sri-responses`)).json();
    expect(responses.sriResponses.map((r: { status: string }) => r.status)).toEqual([
      'AUTORIZADO',
      'RECIBIDA',
    ]);
    expect(responses.sriResponses[1]).toEqual({
      operationType: 'RECEPTION',
      status: 'RECIBIDA',
      messages: [],
      createdAt: expect.stringMatching(/Z$/),
    });
    const events = (await call('GET', `/v1/documents/${key}/events`)).json().events;
    expect(events[0]).toEqual({
      id: expect.any(String),
      type: 'CREATED',
      detail: expect.objectContaining({ status: 'SIGNED' }),
      createdAt: expect.any(String),
    });
    expect(events.filter((e: { type: string }) => !e.type.startsWith('EMAIL_')).at(-1).type).toBe(
      'AUTHORIZED',
    );
    expectProblem(await call('GET', `/v1/documents/${key}/sri-responses`, other), 404, 'NOT_FOUND');
    expectProblem(await call('GET', `/v1/documents/${key}/events`, other), 404, 'NOT_FOUND');
    const noRead = await fixtureKey(ctx, t, ['documents:write']);
    expectProblem(await call('GET', `/v1/documents/${key}/events`, t, noRead), 403, 'INSUFFICIENT_SCOPE');
    const noIssuer = await ctx.app.inject({
      method: 'GET',
      url: `/v1/documents/${key}/sri-responses`,
      headers: bearer(t.apiKey),
    });
    expectProblem(noIssuer, 400, 'BAD_REQUEST');
  });
});

describe('OpenAPI', () => {
  it('documents every lifecycle route with its responses', async () => {
    const doc = (await life.ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const expectations: [string, string, string[]][] = [
      ['/v1/documents/{accessKey}/sri-responses', 'get', ['200', '404']],
      ['/v1/documents/{accessKey}/authorize', 'get', ['202', '400', '403', '404']],
      ['/v1/documents/{accessKey}/send', 'post', ['202', '400', '404']],
      ['/v1/documents/{accessKey}/rebuild', 'post', ['200', '400', '403', '404']],
      ['/v1/documents/{accessKey}/events', 'get', ['200', '404']],
      ['/v1/documents/{accessKey}/void', 'post', ['200', '400', '403', '404']],
      ['/v1/documents/{accessKey}/credit-notes', 'get', ['200', '404']],
      ['/v1/documents/stats', 'get', ['200', '400']],
      ['/v1/tenants/retry-failed-documents', 'post', ['200', '403']],
      ['/v1/sri/status', 'get', ['200']],
    ];
    for (const [path, method, statuses] of expectations) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(statuses));
    }
    expect(doc.paths['/v1/sri/status'].get.security).toEqual([]);
    expect(doc.paths['/v1/documents/{accessKey}/void'].post.description).toContain('documents:write');
  });
});
