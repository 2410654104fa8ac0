import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pickAuthorization } from '../../src/adapters/sri/authorization.js';
import { authorizationRequest } from '../../src/adapters/sri/envelopes.js';
import { buildCreditNote, buildInvoice } from './fixtures.js';
import { type Harness, sign, signedDocument, startHarness } from './harness.js';

/** autorizacionComprobante through the real client: the delay, the outcomes, the answer's bytes. */

const DELAY_MS = 2000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ authorizationDelayMs: DELAY_MS });
});
afterAll(() => h.close());
// A test may move the simulator's clock by a day; each starts again on the documents' day (the
// fixtures date them today), since from 2026 the simulator answers 65 to any other day.
beforeEach(() => {
  h.simulator.control.reset();
  h.clock.set(new Date());
});

async function receive(signed: string, environment: 'sandbox' | 'production' = 'sandbox') {
  expect((await h.client.validate(environment, signed)).status).toBe('RECIBIDA');
}

describe('keys without a decision', () => {
  it('an unknown key: numeroComprobantes 0, no entries', async () => {
    const { accessKey } = buildInvoice();
    expect(await h.client.authorize('sandbox', accessKey)).toEqual({
      accessKey,
      count: 0,
      authorizations: [],
    });
  });

  it.each([
    ['too short', '123'],
    ['a wrong check digit', `${buildInvoice().accessKey.slice(0, 48)}X`],
  ])('a malformed key (%s): RECHAZADA 80 without claveAccesoConsultada', async (_name, key) => {
    const result = await h.client.authorize('sandbox', key);
    expect(result.accessKey).toBeNull();
    expect(result.authorizations).toEqual([
      {
        status: 'RECHAZADA',
        authorizationNumber: null,
        authorizationDate: null,
        environment: null,
        document: null,
        messages: [
          {
            identifier: '80',
            message: 'ERROR EN LA ESTRUCTURA DE LA CLAVE DE ACCESO',
            additionalInfo: null,
            type: '',
          },
        ],
      },
    ]);
  });
});

describe('EN PROCESO, then AUTORIZADO after the delay', () => {
  it('authorizes with the key as number, an Ecuador timestamp, PRUEBAS and the signed XML', async () => {
    const doc = signedDocument();
    await receive(doc.signed);
    const pending = await h.client.authorize('sandbox', doc.accessKey);
    expect(pending.count).toBe(1);
    expect(pending.authorizations[0]).toMatchObject({
      status: 'EN PROCESO',
      authorizationNumber: null,
      document: null,
    });

    h.clock.advance(DELAY_MS);
    const done = await h.client.authorize('sandbox', doc.accessKey);
    const entry = pickAuthorization(done)!;
    expect(entry.status).toBe('AUTORIZADO');
    expect(entry.authorizationNumber).toBe(doc.accessKey);
    expect(entry.authorizationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
    expect(entry.environment).toBe('PRUEBAS');
    expect(entry.document).toBe(doc.signed);
    expect(entry.messages).toEqual([]);

    h.clock.advance(5000);
    const again = await h.client.authorize('sandbox', doc.accessKey);
    expect(again.authorizations[0]?.authorizationDate).toBe(entry.authorizationDate);
    expect(h.simulator.control.document(doc.accessKey)).toMatchObject({
      state: 'AUTORIZADO',
      authorizationQueries: 3,
    });
  });

  it('dates the authorization when the delay ran out, not when it is asked', async () => {
    const doc = signedDocument();
    const received = h.clock.now().getTime();
    await receive(doc.signed);
    h.clock.advance(24 * 3600_000);
    const date = (await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.authorizationDate;
    const authorizedAt = new Date(date!).getTime();
    expect(authorizedAt).toBeGreaterThanOrEqual(received + DELAY_MS - 1000);
    expect(authorizedAt).toBeLessThan(received + DELAY_MS + 60_000);
  });

  it('says PRODUCCIÓN for ambiente 2', async () => {
    const doc = signedDocument({ ambiente: '2' });
    await receive(doc.signed, 'production');
    h.clock.advance(DELAY_MS);
    expect((await h.client.authorize('production', doc.accessKey)).authorizations[0]?.environment).toBe(
      'PRODUCCIÓN',
    );
  });

  it('answers in ISO-8859-1 bytes, escaping characters beyond Latin-1, and the client reads them back', async () => {
    const doc = signedDocument({ razonSocial: 'CAFÉ Y AÑIL € S.A.' });
    await receive(doc.signed);
    h.clock.advance(DELAY_MS);
    const res = await fetch(h.simulator.endpoints.authorization, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=UTF-8', SOAPAction: '""' },
      body: authorizationRequest(doc.accessKey),
    });
    expect(res.headers.get('content-type')).toMatch(/ISO-8859-1/i);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString('latin1').startsWith("<?xml version='1.0' encoding='ISO-8859-1' ?>")).toBe(true);
    // É and Ñ are one byte each; € has no Latin-1 byte, so it travels as a character reference.
    expect(bytes.includes(Buffer.from('CAF\u00c9 Y A\u00d1IL &#x20AC; S.A.', 'latin1'))).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect((await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.document).toBe(doc.signed);
  });
});

describe('NO AUTORIZADO', () => {
  it('52 when importeTotal does not add up, without numeroAutorizacion', async () => {
    const doc = signedDocument({ total: '29.50' });
    await receive(doc.signed);
    h.clock.advance(DELAY_MS);
    const entry = (await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]!;
    expect(entry.status).toBe('NO AUTORIZADO');
    expect(entry.authorizationNumber).toBeNull();
    expect(entry.authorizationDate).toMatch(/-05:00$/);
    expect(entry.document).toBe(doc.signed);
    expect(entry.messages).toEqual([
      {
        identifier: '52',
        message: 'ERROR EN DIFERENCIAS',
        additionalInfo: expect.stringMatching(/importeTotal 29\.50/),
        type: 'ERROR',
      },
    ]);
  });

  it('52 for a credit note whose valorModificacion does not add up', async () => {
    const doc = signedDocument({ total: '116.00' }, buildCreditNote);
    await receive(doc.signed);
    h.clock.advance(DELAY_MS);
    const entry = (await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]!;
    expect(entry.messages[0]?.additionalInfo).toMatch(/valorModificacion/);
  });

  it('a corrected document sent again with the same key: both entries, the AUTORIZADO one picked', async () => {
    const wrong = buildInvoice({ total: '30.00' });
    await receive(sign(wrong.xml));
    h.clock.advance(DELAY_MS);
    expect((await h.client.authorize('sandbox', wrong.accessKey)).authorizations[0]?.status).toBe(
      'NO AUTORIZADO',
    );

    const corrected = sign(
      wrong.xml
        .replaceAll('<total>30.00</total>', '<total>29.33</total>')
        .replace('<importeTotal>30.00<', '<importeTotal>29.33<'),
    );
    await receive(corrected);
    const meanwhile = await h.client.authorize('sandbox', wrong.accessKey);
    expect(meanwhile.authorizations.map((a) => a.status)).toEqual(['NO AUTORIZADO', 'EN PROCESO']);
    expect(pickAuthorization(meanwhile)?.status).toBe('EN PROCESO');

    h.clock.advance(DELAY_MS);
    const result = await h.client.authorize('sandbox', wrong.accessKey);
    expect(result.count).toBe(2);
    expect(result.authorizations.map((a) => a.status)).toEqual(['NO AUTORIZADO', 'AUTORIZADO']);
    expect(pickAuthorization(result)?.document).toBe(corrected);
  });
});
