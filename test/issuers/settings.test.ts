import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { createBranch, errorPaths, expectProblem, GIF, JPEG, PNG, sendForm } from './fixtures.js';

let ctx: TestContext;
let tenant: RegisteredTenant;
let deletedId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await verifiedTenant(ctx);
  deletedId = (await createBranch(ctx, tenant, { branchCode: '099' })).id;
  const res = await ctx.app.inject({
    method: 'DELETE',
    url: `/v1/issuers/${deletedId}`,
    headers: bearer(tenant.apiKey),
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const call = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(tenant.apiKey), ...(payload && { payload }) });

describe('GET and PUT /v1/issuers/:id/document-types', () => {
  it('reads the enabled types and replaces them (duplicates dropped, sorted)', async () => {
    const url = `/v1/issuers/${tenant.issuerId}/document-types`;
    const before = await call('GET', url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ ok: true, documentTypes: ['01', '04'] });

    const only04 = await call('PUT', url, { documentTypes: ['04'] });
    expect(only04.statusCode, only04.body).toBe(200);
    expect(only04.json()).toEqual({ ok: true, documentTypes: ['04'] });
    expect((await call('GET', url)).json().documentTypes).toEqual(['04']);
    // The sequentials list follows the active types.
    const seq = await call('GET', `/v1/issuers/${tenant.issuerId}/sequentials`);
    expect(seq.json().sequentials.map((s: { documentType: string }) => s.documentType)).toEqual(['04']);

    const both = await call('PUT', url, { documentTypes: ['04', '01', '04'] });
    expect(both.json()).toEqual({ ok: true, documentTypes: ['01', '04'] });
  });

  it.each([
    ['an empty list', { documentTypes: [] }, 'documentTypes'],
    ['an unsupported type', { documentTypes: ['01', '02'] }, 'documentTypes[1]'],
    ['a string instead of a list', { documentTypes: '01' }, 'documentTypes'],
    ['no list', {}, 'documentTypes'],
  ])('refuses %s with 400 VALIDATION_FAILED, changing nothing', async (_n, body, path) => {
    const url = `/v1/issuers/${tenant.issuerId}/document-types`;
    const res = await call('PUT', url, body);
    expect(errorPaths(expectProblem(res, 400, 'VALIDATION_FAILED', url))).toContain(path);
    expect((await call('GET', url)).json().documentTypes).toEqual(['01', '04']);
  });

  it('answers 404 NOT_FOUND for unknown and deleted issuers', async () => {
    for (const id of [UNKNOWN, deletedId]) {
      expectProblem(await call('GET', `/v1/issuers/${id}/document-types`), 404, 'NOT_FOUND');
      expectProblem(
        await call('PUT', `/v1/issuers/${id}/document-types`, { documentTypes: ['01'] }),
        404,
        'NOT_FOUND',
      );
    }
  });
});

describe('PUT, GET and DELETE /v1/issuers/:id/logo', () => {
  const url = () => `/v1/issuers/${tenant.issuerId}/logo`;
  const putLogo = (file: Buffer | undefined, id = tenant.issuerId) =>
    sendForm(ctx, 'PUT', `/v1/issuers/${id}/logo`, tenant.apiKey, {
      logo: file && { file, filename: 'logo.bin', contentType: 'application/octet-stream' },
      note: 'x',
    });

  it('answers 404 NOT_FOUND while there is no logo', async () => {
    expectProblem(await call('GET', url()), 404, 'NOT_FOUND', url());
  });

  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
  ])('stores a %s recognised by its bytes and serves it back with its type', async (_n, bytes, type) => {
    const res = await putLogo(bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const logo = await call('GET', url());
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe(type);
    expect(logo.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a missing file, a file that is not an image, a file over 500 KB and a JSON body with 400 INVALID_FILE_UPLOAD', async () => {
    const before = (await call('GET', url())).rawPayload;
    for (const file of [
      undefined,
      Buffer.from('%PDF-1.4 not an image'),
      Buffer.concat([PNG, Buffer.alloc(500 * 1024)]),
    ]) {
      const res = await putLogo(file);
      expect(errorPaths(expectProblem(res, 400, 'INVALID_FILE_UPLOAD', url()))).toEqual(['logo']);
    }
    expectProblem(await call('PUT', url(), { logo: 'abc' }), 400, 'INVALID_FILE_UPLOAD');
    expect((await call('GET', url())).rawPayload.equals(before)).toBe(true);
  });

  it('deletes the logo (also when there is none)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', url());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expectProblem(await call('GET', url()), 404, 'NOT_FOUND');
  });

  it('answers 404 NOT_FOUND for unknown and deleted issuers', async () => {
    for (const id of [UNKNOWN, deletedId]) {
      expectProblem(await putLogo(PNG, id), 404, 'NOT_FOUND');
      expectProblem(await call('GET', `/v1/issuers/${id}/logo`), 404, 'NOT_FOUND');
      expectProblem(await call('DELETE', `/v1/issuers/${id}/logo`), 404, 'NOT_FOUND');
    }
  });
});

describe('PATCH /v1/issuers/:id/can-issue', () => {
  const url = () => `/v1/issuers/${tenant.issuerId}/can-issue`;

  it('pauses and resumes in either direction, repeatedly', async () => {
    for (const canIssue of [false, false, true, true]) {
      const res = await call('PATCH', url(), { canIssue });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, canIssue });
      expect((await call('GET', `/v1/issuers/${tenant.issuerId}`)).json().issuer.canIssue).toBe(canIssue);
    }
  });

  it.each([
    ['a string', { canIssue: 'false' }],
    ['a number', { canIssue: 0 }],
    ['null', { canIssue: null }],
    ['nothing', {}],
  ])('refuses %s with 400 VALIDATION_FAILED naming canIssue', async (_n, body) => {
    const res = await call('PATCH', url(), body);
    expect(errorPaths(expectProblem(res, 400, 'VALIDATION_FAILED', url()))).toEqual(['canIssue']);
    expect((await call('GET', `/v1/issuers/${tenant.issuerId}`)).json().issuer.canIssue).toBe(true);
  });

  it('answers 404 ISSUER_NOT_FOUND for unknown and deleted issuers', async () => {
    for (const id of [UNKNOWN, deletedId])
      expectProblem(
        await call('PATCH', `/v1/issuers/${id}/can-issue`, { canIssue: false }),
        404,
        'ISSUER_NOT_FOUND',
      );
  });
});
