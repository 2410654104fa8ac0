import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../helpers/certificates.js';
import { docHeaders, invoiceBody } from '../helpers/documents.js';
import { bearer, fixtureKey, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';
import { certFile, expectProblem, sendForm } from '../issuers/fixtures.js';
import {
  callTrail,
  documentOf,
  eventsOf,
  invoiceWith,
  issue,
  type Lifecycle,
  settle,
  sriResponsesOf,
  startLifecycle,
} from './support.js';

let life: Lifecycle;
let t: RegisteredTenant;
beforeAll(async () => {
  life = await startLifecycle();
  t = await verifiedTenant(life.ctx);
});
afterAll(() => life?.close());

const rebuild = (accessKey: string, payload?: object, tenant = t, key = tenant.apiKey) =>
  life.ctx.app.inject({
    method: 'POST',
    url: `/v1/documents/${accessKey}/rebuild`,
    headers: docHeaders(tenant, key),
    ...(payload === undefined ? {} : { payload }),
  });

describe('DEVUELTA → RETURNED → rebuild → AUTHORIZED with the same access key', () => {
  it('keeps key, sequential and issue date; applies the correction; submits again', async () => {
    const { ctx } = life;
    const key = await issue(ctx, t, invoiceWith('DEVUELTA'));
    await settle(ctx);
    const returned = await documentOf(ctx, t, key);
    expect(returned.status).toBe('RETURNED');
    const [devuelta] = await sriResponsesOf(ctx, t, key);
    expect(devuelta).toMatchObject({
      operationType: 'RECEPTION',
      status: 'DEVUELTA',
      messages: [expect.objectContaining({ identifier: '56', type: 'ERROR' })],
    });
    expect((await eventsOf(ctx, t, key)).at(-1)).toMatchObject({
      type: 'RETURNED',
      detail: { messages: [expect.objectContaining({ identifier: '56' })] },
    });

    const corrected = invoiceBody({
      buyer: { idType: '05', id: '1710034065', name: 'María José Peñafiel Ortiz', email: 'mj@example.com' },
    });
    const res = await rebuild(key, corrected);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document).toEqual({
      accessKey: key,
      documentType: '01',
      sequential: returned.sequential,
      status: 'SIGNED',
      issueDate: returned.issueDate,
      total: '123.50',
      email: { status: 'PENDING' },
      rideUrl: `/v1/documents/${key}/ride`,
      xmlUrl: `/v1/documents/${key}/xml`,
    });
    await settle(ctx);
    const done = await documentOf(ctx, t, key);
    expect(done).toMatchObject({ status: 'AUTHORIZED', accessKey: key, sequential: returned.sequential });
    expect(done.buyer.name).toBe('María José Peñafiel Ortiz');
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:DEVUELTA',
      'RECEPTION:RECIBIDA',
      'AUTHORIZATION:AUTORIZADO',
    ]);
    const types = (await eventsOf(ctx, t, key)).map((e) => e.type);
    expect(types).toEqual([
      'CREATED',
      'SENT_TO_SRI',
      'RETURNED',
      'REBUILT',
      'SENT_TO_SRI',
      'RECEIVED',
      'AUTHORIZED',
    ]);
  });
});

describe('NO AUTORIZADO → NOT_AUTHORIZED → rebuild', () => {
  it('without a body re-signs as is (refused again); corrected and signed with the renewed certificate → AUTHORIZED', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t, invoiceWith('NO_AUTORIZADO'));
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('NOT_AUTHORIZED');
    expect((await sriResponsesOf(ctx, t, key))[0]).toMatchObject({
      status: 'NO_AUTORIZADO',
      messages: [expect.objectContaining({ identifier: '52' })],
    });

    expect((await rebuild(key)).statusCode).toBe(200);
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('NOT_AUTHORIZED');
    expect(sri.simulator.control.document(key)?.attempts).toBe(2);

    const cert = makeCertificate({ keyIndex: 2 });
    const renewed = await sendForm(ctx, 'PATCH', `/v1/issuers/${t.issuerId}/certificate`, t.apiKey, {
      cert: certFile(cert),
      certPassword: cert.password,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await rebuild(key, invoiceBody())).statusCode).toBe(200);
    await settle(ctx);
    const doc = await documentOf(ctx, t, key);
    expect(doc).toMatchObject({ status: 'AUTHORIZED', certFingerprint: cert.fingerprint });
    expect((await eventsOf(ctx, t, key)).filter((e) => e.type === 'REBUILT').map((e) => e.detail)).toEqual([
      expect.objectContaining({ previousStatus: 'NOT_AUTHORIZED', corrected: false, build: 1 }),
      expect.objectContaining({
        previousStatus: 'NOT_AUTHORIZED',
        corrected: true,
        build: 2,
        certFingerprint: cert.fingerprint,
      }),
    ]);
  });

  it('a lost send of the rebuilt XML is not mistaken for the earlier refusal: no record of it, so it is sent again', async () => {
    const { ctx, sri } = life;
    const key = await issue(ctx, t, invoiceWith('NO_AUTORIZADO'));
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('NOT_AUTHORIZED');
    // The corrected XML's first send hangs and is never recorded by the tax authority.
    expect((await rebuild(key, invoiceWith('TIMEOUT:1'))).statusCode).toBe(200);
    await settle(ctx);
    expect((await documentOf(ctx, t, key)).status).toBe('AUTHORIZED');
    expect(await callTrail(ctx, t, key)).toEqual([
      'RECEPTION:RECIBIDA',
      'AUTHORIZATION:NO_AUTORIZADO',
      'RECEPTION:HTTP_TIMEOUT',
      'AUTHORIZATION:NOT_FOUND',
      'RECEPTION:RECIBIDA',
      'AUTHORIZATION:AUTORIZADO',
    ]);
    expect(sri.simulator.control.document(key)).toMatchObject({ attempts: 2, state: 'AUTORIZADO' });
  });
});

describe('rebuild refusals', () => {
  let authorizedKey: string;
  let returnedKey: string;
  beforeAll(async () => {
    authorizedKey = await issue(life.ctx, t);
    returnedKey = await issue(life.ctx, t, invoiceWith('DEVUELTA'));
    await settle(life.ctx);
  });

  it('400 BAD_REQUEST unless RETURNED or NOT_AUTHORIZED', async () => {
    expectProblem(await rebuild(authorizedKey), 400, 'BAD_REQUEST');
  });

  it('400 VALIDATION_FAILED for another documentType, another issue date, or figures that do not add up', async () => {
    const other = await rebuild(returnedKey, { ...invoiceBody(), documentType: '04' });
    expect(expectProblem(other, 400, 'VALIDATION_FAILED').errors?.[0]?.path).toBe('documentType');
    const dated = await rebuild(returnedKey, invoiceBody({ issueDate: '01/01/2020' }));
    expect(expectProblem(dated, 400, 'VALIDATION_FAILED').errors?.[0]?.path).toBe('issueDate');
    const body = invoiceBody();
    body.payments = [{ method: '20', total: '1.00', term: '30', termUnit: 'dias' }];
    expect(expectProblem(await rebuild(returnedKey, body), 400, 'VALIDATION_FAILED').errors?.[0]?.path).toBe(
      'payments',
    );
    expect((await documentOf(life.ctx, t, returnedKey)).status).toBe('RETURNED');
  });

  it('403 ISSUER_ISSUING_PAUSED on a paused issuer', async () => {
    const pause = (canIssue: boolean) =>
      life.ctx.app.inject({
        method: 'PATCH',
        url: `/v1/issuers/${t.issuerId}/can-issue`,
        headers: bearer(t.apiKey),
        payload: { canIssue },
      });
    expect((await pause(false)).statusCode).toBe(200);
    try {
      expectProblem(await rebuild(returnedKey), 403, 'ISSUER_ISSUING_PAUSED');
    } finally {
      await pause(true);
    }
  });

  it('404 for a document of another tenant, 403 without documents:write', async () => {
    const other = await verifiedTenant(life.ctx);
    expectProblem(await rebuild(returnedKey, undefined, other), 404, 'NOT_FOUND');
    const readOnly = await fixtureKey(life.ctx, t, ['documents:read']);
    expectProblem(await rebuild(returnedKey, undefined, t, readOnly), 403, 'INSUFFICIENT_SCOPE');
  });
});
