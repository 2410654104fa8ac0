import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { makeCertificate } from '../helpers/certificates.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { latestEmail } from '../helpers/mail.js';
import { multipart } from '../helpers/multipart.js';
import { registerTenant, registrationFields, verifiedTenant } from '../helpers/tenants.js';

/**
 * Every link of every email that carries one (verification after sign-up, resend, recovery and an
 * unverified sign-in; the sign-in code's magic link) starts with PUBLIC_BASE_URL when it is set and
 * with the scheme and host the request came to when it is not: the same way for all
 * (src/config/public-url.ts). Document and notification emails carry no link.
 */
const CONFIGURED = 'https://facturas.example.ec';
const HOST = 'tienda.example.test:8443';

let configured: TestContext;
let unset: TestContext;
beforeAll(async () => {
  [configured, unset] = await Promise.all([
    createTestContext({ env: { PUBLIC_BASE_URL: CONFIGURED } }),
    // Empty is unset: links follow the request.
    createTestContext({ env: { PUBLIC_BASE_URL: '' } }),
  ]);
});
afterAll(async () => Promise.all([configured?.close(), unset?.close()]));

const LINK = /https?:\/\/[^\s"'<>]+/g;

/** Each way an email with a link is caused, through the API, as a client at HOST sends it. */
const KINDS: [string, string, (ctx: TestContext) => Promise<string>][] = [
  [
    'verification (sign-up)',
    'verification',
    async (ctx) => {
      const fields = registrationFields(makeCertificate({ now: ctx.clock.now() }));
      const { payload, headers } = await multipart(fields);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/register',
        payload,
        headers: at(headers),
      });
      expect(res.statusCode, res.body).toBe(201);
      return fields.email as string;
    },
  ],
  [
    'verification (resend)',
    'verification',
    async (ctx) => {
      const t = await registerTenant(ctx);
      await post(ctx, '/v1/resend-verification', { email: t.email });
      return t.email;
    },
  ],
  [
    'verification (sign-in before verifying)',
    'verification',
    async (ctx) => {
      const t = await registerTenant(ctx);
      await post(ctx, '/v1/session/start', { email: t.email });
      return t.email;
    },
  ],
  [
    'verification (recovery)',
    'verification',
    async (ctx) => {
      const t = await verifiedTenant(ctx);
      const { payload, headers } = await multipart({
        cert: { file: t.certificate.p12 },
        certPassword: t.certificate.password,
        email: t.email,
      });
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/recover', payload, headers: at(headers) });
      expect(res.json().environment, res.body).toBe('sandbox');
      return t.email;
    },
  ],
  [
    'sign-in',
    'sign-in',
    async (ctx) => {
      const t = await verifiedTenant(ctx);
      await post(ctx, '/v1/session/start', { email: t.email });
      return t.email;
    },
  ],
];

function at(headers: Record<string, string> = {}) {
  return { ...headers, host: HOST };
}
async function post(ctx: TestContext, url: string, payload: object) {
  const res = await ctx.app.inject({ method: 'POST', url, payload, headers: at() });
  expect(res.statusCode, res.body).toBe(200);
}

async function linksOf(ctx: TestContext, kind: string, email: string): Promise<string[]> {
  const mail = await latestEmail(ctx, kind, email);
  expect(mail, `${kind} email to ${email}`).not.toBeNull();
  const links = [...`${mail!.text}\n${mail!.html ?? ''}`.matchAll(LINK)].map((m) => m[0]);
  expect(links.length).toBeGreaterThan(0);
  return links;
}

describe.each(KINDS)('the %s email', (_name, kind, cause) => {
  it('links to PUBLIC_BASE_URL when it is set, whatever host the request named', async () => {
    for (const link of await linksOf(configured, kind, await cause(configured)))
      expect(new URL(link).origin, link).toBe(CONFIGURED);
  });

  it('links to the host the request came to when PUBLIC_BASE_URL is not set', async () => {
    for (const link of await linksOf(unset, kind, await cause(unset)))
      expect(new URL(link).origin, link).toBe(`http://${HOST}`);
  });
});

describe('the verification link of a registration through the API', () => {
  it("opens the web app's verification page, not the JSON endpoint", async () => {
    const email = await KINDS[0]![2](configured);
    const [link] = await linksOf(configured, 'verification', email);
    expect(new URL(link!).pathname).toBe('/verify');
    expect(new URL(link!).searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an older emailed link to GET /v1/verify-email sends a browser to that page too', async () => {
    const token = 'a'.repeat(64);
    const res = await configured.app.inject({
      method: 'GET',
      url: `/v1/verify-email?token=${token}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/verify?token=${token}`);
  });
});

describe('production', () => {
  it('does not start without PUBLIC_BASE_URL: no link is built from a Host header there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_BASE_URL is required in production/);
  });
});
