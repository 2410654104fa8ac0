import { expect } from 'vitest';
import { type CertOptions, makeCertificate, type TestCertificate } from './certificates.js';
import type { TestContext } from './context.js';
import { registrationFields } from './fixtures.js';
import { latestEmail } from './mail.js';
import { type FormValue, multipart } from './multipart.js';

export { bearer, nextEmail, nextRuc, registrationFields } from './fixtures.js';

export interface RegisteredTenant {
  tenantId: string;
  issuerId: string;
  apiKey: string;
  email: string;
  ruc: string;
  certificate: TestCertificate;
  body: Record<string, unknown>;
}

export async function registerTenant(
  ctx: TestContext,
  overrides: Record<string, FormValue | undefined> = {},
  certOptions: CertOptions = {},
): Promise<RegisteredTenant> {
  // Valid around the test clock's now, not the real one: a context started at a fixed date works
  // on any real date (CI runs the time-sensitive files a year ahead too).
  const certificate = makeCertificate({ now: ctx.clock.now(), ...certOptions });
  const fields = registrationFields(certificate, overrides);
  const { payload, headers } = await multipart(fields);
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/register', payload, headers });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return {
    tenantId: body.tenant.id,
    issuerId: body.issuer.id,
    apiKey: body.apiKey,
    email: fields.email as string,
    ruc: fields.ruc as string,
    certificate,
    body,
  };
}

/** The token of the newest verification email sent to `email` (read as a user reads their inbox). */
export async function latestVerificationToken(ctx: TestContext, email: string): Promise<string> {
  const mail = await latestEmail(ctx, 'verification', email);
  const match = /token=([0-9a-f]{64})/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no verification email for ${email}`);
  return match[1]!;
}

export async function verifyTenant(ctx: TestContext, tenant: RegisteredTenant): Promise<void> {
  const token = await latestVerificationToken(ctx, tenant.email);
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A verified tenant with its registration key: the usual starting point. */
export async function verifiedTenant(
  ctx: TestContext,
  overrides: Record<string, FormValue | undefined> = {},
): Promise<RegisteredTenant> {
  const t = await registerTenant(ctx, overrides);
  await verifyTenant(ctx, t);
  return t;
}

/**
 * A key with exactly these scopes, inserted as a fixture (the FREE plan cannot mint keys through
 * the API, and most tests only need a narrower key to prove a scope check).
 */
export async function fixtureKey(
  ctx: TestContext,
  tenant: Pick<RegisteredTenant, 'tenantId'>,
  scopes: string[],
  opts: { environment?: 'sandbox' | 'production'; internal?: boolean } = {},
): Promise<string> {
  const { insertApiKey } = await import('../../src/modules/keys/keys.service.js');
  const { token } = await insertApiKey(ctx.deps.db, {
    tenantId: tenant.tenantId,
    environment: opts.environment ?? 'sandbox',
    scopes: scopes as never,
    internal: opts.internal ?? false,
    now: ctx.clock.now(),
  });
  return token;
}
