import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createDocument } from '../helpers/documents.js';
import { registrationFields } from '../helpers/fixtures.js';
import { multipart } from '../helpers/multipart.js';
import { startTestSri, type TestSri } from '../helpers/sri.js';
import { bearer, type RegisteredTenant, verifyTenant } from '../helpers/tenants.js';
import { waitFor } from '../helpers/wait.js';

/** `npm run sandbox:cert`: a newcomer without a certificate can try the whole flow in sandbox. */
let ctx: TestContext;
let sri: TestSri;
const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-cert-'));

beforeAll(async () => {
  sri = await startTestSri({ authorizationDelayMs: 100 });
  ctx = await createTestContext({ sriUrl: sri.simulator.url, env: { SRI_AUTH_CHECK_DELAY_MS: '200' } });
  await ctx.startWorker();
});
afterAll(async () => {
  await ctx?.close();
  await sri?.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/sandbox-cert-cli.ts', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('npm run sandbox:cert', () => {
  it('writes a P12 that registers, signs, and is authorized by the simulator', async () => {
    const file = path.join(dir, 'firma-prueba.p12');
    const out = cli(file, 'clave-de-prueba', '1790011674001');
    expect(out).toContain(`Wrote ${file}`);
    expect(out).toContain('curl -s http://localhost:3000/v1/register');

    const certificate = { p12: readFileSync(file), password: 'clave-de-prueba' };
    const fields = registrationFields(certificate as never);
    const { payload, headers } = await multipart(fields);
    const reg = await ctx.app.inject({ method: 'POST', url: '/v1/register', payload, headers });
    expect(reg.statusCode, reg.body).toBe(201);
    const body = reg.json();
    const tenant = {
      tenantId: body.tenant.id,
      issuerId: body.issuer.id,
      apiKey: body.apiKey,
      email: fields.email as string,
    } as RegisteredTenant;
    await verifyTenant(ctx, tenant);

    const created = await createDocument(ctx, tenant);
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().document.accessKey as string;
    const status = await waitFor(
      'a final status',
      async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/v1/documents/${key}`,
          headers: { ...bearer(tenant.apiKey), 'x-issuer-id': tenant.issuerId },
        });
        return (res.statusCode === 200 ? res.json().document.status : res.body) as string;
      },
      { until: (s) => ['AUTHORIZED', 'RETURNED', 'NOT_AUTHORIZED'].includes(s) },
    );
    expect(status, status).toBe('AUTHORIZED');
  });

  it('refuses to overwrite a file and a RUC that is not 13 digits, exiting 2', () => {
    const file = path.join(dir, 'otra.p12');
    cli(file);
    expect(() => cli(file)).toThrow(/exists already/);
    expect(() => cli(path.join(dir, 'x.p12'), 'pw', '12345')).toThrow(/13 digits/);
  });
});
