import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.js';
import { makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { multipart } from '../helpers/multipart.js';
import { bearer, registrationFields, verifiedTenant } from '../helpers/tenants.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { API_RATE_LIMIT: '5' } });
});
afterAll(async () => ctx?.close());

describe('logs', () => {
  it('never contain keys, tokens, passwords or certificates', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const log = pino({ ...(loggerOptions('debug') as object) }, sink);
    const app = await buildApp({ ...ctx.deps, log, config: { ...ctx.config, nodeEnv: 'development' } });
    const cert = makeCertificate({ password: 'S3cr3t-Passw0rd' });
    const fields = registrationFields(cert);
    const { payload, headers } = await multipart(fields);
    const reg = await app.inject({ method: 'POST', url: '/v1/register', payload, headers });
    expect(reg.statusCode).toBe(201);
    const apiKey = reg.json().apiKey as string;
    await app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(apiKey) });
    await app.inject({ method: 'GET', url: `/v1/verify-email?token=${'a'.repeat(64)}` });
    await app.close();
    const all = lines.join('\n');
    expect(all).toContain('/v1/tenants/me'); // the requests were logged
    expect(all).toContain('token=[REDACTED]');
    expect(all).not.toContain(apiKey);
    expect(all).not.toContain('S3cr3t-Passw0rd');
    expect(all).not.toContain('a'.repeat(64));
    expect(all).not.toContain(cert.p12.toString('base64').slice(0, 40));
  });
});

describe('API rate limit', () => {
  it('answers 429 TOO_MANY_REQUESTS as a problem document past the per-key limit', async () => {
    const t = await verifiedTenant(ctx);
    const statuses: number[] = [];
    let last: { statusCode: number; json(): { code: string }; headers: Record<string, unknown> } | undefined;
    for (let i = 0; i < 7; i++) {
      last = await ctx.app.inject({ method: 'GET', url: '/v1/tenants/me', headers: bearer(t.apiKey) });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last!.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('error pages', () => {
  it('resolves problem type URLs to a page listing the codes of that kind', async () => {
    // From an address of its own: the default one has spent its 5 requests a minute above.
    const remoteAddress = '10.0.0.9';
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/errors/forbidden', remoteAddress });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('INSUFFICIENT_SCOPE');
    expect(res.body).toContain('ISSUER_HAS_DOCUMENTS');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/docs/errors/nonsense', remoteAddress })).statusCode,
    ).toBe(404);
  });
});
