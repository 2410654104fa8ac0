import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { makeCertificate, type TestCertificate } from '../helpers/certificates.js';
import type { TestContext } from '../helpers/context.js';
import { type FormValue, multipart } from '../helpers/multipart.js';
import { bearer, type RegisteredTenant } from '../helpers/tenants.js';

/** Smallest valid images of each accepted type (recognised by their first bytes). */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('png-body'),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-body')]);
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('gif-body')]);

/** An RFC 9457 problem document with this status and code, for this path. */
export function expectProblem(res: LightMyRequestResponse, status: number, code: string, instance?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const problem = res.json();
  expect(problem).toMatchObject({
    type: expect.stringMatching(/\/errors\/[a-z-]+$/),
    title: expect.any(String),
    status,
    code,
    detail: expect.any(String),
    instance: instance ?? expect.stringMatching(/^\/v1\//),
  });
  return problem as { errors?: { path: string; message: string }[] } & Record<string, unknown>;
}

export function errorPaths(problem: { errors?: { path: string }[] }): string[] {
  return (problem.errors ?? []).map((e) => e.path);
}

export function certFile(cert: TestCertificate): FormValue {
  return { file: cert.p12, filename: 'firma.p12', contentType: 'application/x-pkcs12' };
}

/** Fields of a new branch with an uploaded certificate. */
export function branchFields(
  overrides: Record<string, FormValue | undefined> = {},
  cert: TestCertificate = makeCertificate(),
): Record<string, FormValue | undefined> {
  return {
    branchCode: '002',
    issuePointCode: '001',
    cert: certFile(cert),
    certPassword: cert.password,
    ...overrides,
  };
}

export async function sendForm(
  ctx: TestContext,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  apiKey: string,
  fields: Record<string, FormValue | undefined>,
) {
  const { payload, headers } = await multipart(fields);
  return ctx.app.inject({ method, url, payload, headers: { ...headers, ...bearer(apiKey) } });
}

export async function createBranch(
  ctx: TestContext,
  tenant: RegisteredTenant,
  overrides: Record<string, FormValue | undefined> = {},
) {
  const res = await sendForm(ctx, 'POST', '/v1/issuers', tenant.apiKey, branchFields(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().issuer as Record<string, unknown> & { id: string };
}

export async function suspend(ctx: TestContext, tenant: Pick<RegisteredTenant, 'tenantId'>) {
  await ctx.query(
    `update tenants set status_before_suspension = status, status = 'SUSPENDED', suspension_reason_code = 'OTHER' where id = $1`,
    [tenant.tenantId],
  );
}

let accessKeyCounter = 0;

/** A minimal row in `documents` (every NOT NULL column of 0100_documents.sql) as a fixture. */
export async function insertDocument(
  ctx: TestContext,
  tenant: Pick<RegisteredTenant, 'tenantId'>,
  issuerId: string,
  environment: 'sandbox' | 'production',
  sequential = 1,
) {
  accessKeyCounter += 1;
  const accessKey = `${String(Date.now()).padStart(20, '0')}${String(accessKeyCounter).padStart(29, '0')}`;
  await ctx.query(
    `insert into documents (id, tenant_id, issuer_id, environment, document_type, access_key, sequential,
       issue_date, status, buyer_id_type, buyer_id, buyer_name, buyer_email, total, model, request,
       request_hash, signed_xml, signed_at, cert_fingerprint, created_at, updated_at)
     values ($1, $2, $3, $4, '01', $5, $6, current_date, 'SIGNED', '07', '9999999999999',
       'CONSUMIDOR FINAL', 'buyer@example.com', 1.15, '{}', '{}', 'hash', '<factura/>', now(), 'AA:BB',
       now(), now())`,
    [randomUUID(), tenant.tenantId, issuerId, environment, accessKey, sequential],
  );
}

export async function issuerRow(ctx: TestContext, id: string) {
  const [row] = await ctx.query<Record<string, unknown>>('select * from issuers where id = $1', [id]);
  return row!;
}

export async function countRows(ctx: TestContext, table: string, tenantId: string): Promise<number> {
  const [row] = await ctx.query<{ n: number }>(
    `select count(*)::int as n from ${table} where tenant_id = $1`,
    [tenantId],
  );
  return row!.n;
}
