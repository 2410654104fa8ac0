import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SriTransportError } from '../../src/adapters/sri/types.js';
import { buildCreditNote } from './fixtures.js';
import { type Harness, signedDocument, startHarness } from './harness.js';

/** The sandbox users' magic values: campoAdicional nombre="simulador" (docs/sri-simulator.md). */

const TIMEOUT_MS = 300;
let h: Harness;
beforeAll(async () => {
  // hangMs stands in for the documented 60 s: long enough to outlast the client, short for tests.
  h = await startHarness({ authorizationDelayMs: 0, timeoutMs: TIMEOUT_MS, hangMs: 5000 });
});
afterAll(() => h.close());
beforeEach(() => h.simulator.control.reset());

const statusOf = (e: unknown) => (e instanceof SriTransportError ? e.status : String(e));

describe('simulador=DEVUELTA', () => {
  it('refuses at reception with identifier 56 and says it was forced', async () => {
    const result = await h.client.validate('sandbox', signedDocument({ directive: 'DEVUELTA' }).signed);
    expect(result).toEqual({
      status: 'DEVUELTA',
      messages: [
        {
          identifier: '56',
          message: 'ESTABLECIMIENTO CERRADO',
          additionalInfo: 'Resultado forzado por el simulador (campoAdicional simulador=DEVUELTA)',
          type: 'ERROR',
        },
      ],
    });
  });

  it('DEVUELTA:37 picks the identifier', async () => {
    const result = await h.client.validate('sandbox', signedDocument({ directive: 'devuelta:37' }).signed);
    expect(result.messages[0]).toMatchObject({
      identifier: '37',
      message: 'RUC SIN AUTORIZACIÓN DE EMISIÓN',
    });
  });

  it('a real refusal still wins', async () => {
    const doc = signedDocument({
      directive: 'DEVUELTA',
      issuedAt: new Date(Date.now() - 100 * 24 * 3600_000),
    });
    expect((await h.client.validate('sandbox', doc.signed)).messages[0]?.identifier).toBe('65');
  });
});

describe('simulador=NO_AUTORIZADO', () => {
  it('is received, then not authorized with a forced 52', async () => {
    const doc = signedDocument({ directive: 'NO_AUTORIZADO' }, buildCreditNote);
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
    const entry = (await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]!;
    expect(entry).toMatchObject({ status: 'NO AUTORIZADO', authorizationNumber: null });
    expect(entry.messages).toEqual([
      {
        identifier: '52',
        message: 'ERROR EN DIFERENCIAS',
        additionalInfo: 'Resultado forzado por el simulador (campoAdicional simulador=NO_AUTORIZADO)',
        type: 'ERROR',
      },
    ]);
  });
});

describe('simulador=EN_PROCESO:n', () => {
  it('answers EN PROCESO to the first n queries, then authorizes; a resend meanwhile gets 70', async () => {
    const doc = signedDocument({ directive: 'EN_PROCESO:2' });
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
    expect((await h.client.validate('sandbox', doc.signed)).messages[0]?.identifier).toBe('70');
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.status);
    expect(statuses).toEqual(['EN PROCESO', 'EN PROCESO', 'AUTORIZADO']);
  });
});

describe('simulador=TIMEOUT:n', () => {
  it('the first call hangs past the client time-out and is not recorded; the next is normal', async () => {
    const doc = signedDocument({ directive: 'TIMEOUT:1' });
    const started = performance.now();
    const error = await h.client.validate('sandbox', doc.signed).catch((e: unknown) => e);
    expect(statusOf(error)).toBe('HTTP_TIMEOUT');
    // Gave up at its time-out, before the simulator's 5 s hang ended (wide: a loaded machine is slow).
    expect(performance.now() - started).toBeLessThan(5000);
    expect(h.simulator.control.document(doc.accessKey)).toMatchObject({ state: null, submissions: 1 });
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
  });
});

describe('simulador=HTTP_500:n', () => {
  it('the first n calls of each service answer HTTP 500, then normal', async () => {
    const doc = signedDocument({ directive: 'HTTP_500:1' });
    expect(statusOf(await h.client.validate('sandbox', doc.signed).catch((e: unknown) => e))).toBe(
      'HTTP_500',
    );
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
    expect(statusOf(await h.client.authorize('sandbox', doc.accessKey).catch((e: unknown) => e))).toBe(
      'HTTP_500',
    );
    expect((await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.status).toBe('AUTORIZADO');
  });
});

describe('simulador=PERDER_RESPUESTA:n', () => {
  it('records the document but drops the answer; the resend gets 43 and the key is authorized', async () => {
    const doc = signedDocument({ directive: 'PERDER_RESPUESTA:1' });
    const error = await h.client.validate('sandbox', doc.signed).catch((e: unknown) => e);
    expect(statusOf(error)).toBe('HTTP_CONNECTION_ERROR');
    expect(h.simulator.control.document(doc.accessKey)).toMatchObject({ state: 'AUTORIZADO', attempts: 1 });
    const resend = await h.client.validate('sandbox', doc.signed);
    expect(resend.messages[0]).toMatchObject({ identifier: '43', message: 'CLAVE ACCESO REGISTRADA' });
    expect((await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.status).toBe('AUTORIZADO');
  });

  it('combines with other directives', async () => {
    const doc = signedDocument({ directive: 'HTTP_500:1, PERDER_RESPUESTA:1' });
    expect(statusOf(await h.client.validate('sandbox', doc.signed).catch((e: unknown) => e))).toBe(
      'HTTP_500',
    );
    expect(statusOf(await h.client.validate('sandbox', doc.signed).catch((e: unknown) => e))).toBe(
      'HTTP_CONNECTION_ERROR',
    );
    expect((await h.client.validate('sandbox', doc.signed)).messages[0]?.identifier).toBe('43');
  });
});
