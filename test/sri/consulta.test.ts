import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fetchAuthorizedDocument,
  parseReceivedDocument,
  querySriStatus,
} from '../../src/adapters/sri/index.js';
import { modulo11CheckDigit } from '../../src/adapters/sri/simulator/access-key.js';
import { childText, decodeXmlBytes, findFirst, parseXml } from '../../src/adapters/sri/xml-text.js';
import { ecuadorDate } from '../../src/shared/clock.js';
import { type Harness, signedDocument, startHarness } from './harness.js';

/**
 * The simulator's side of received documents: autorizacionComprobante for any known key (any
 * tenant's, the seeded real samples), ConsultaComprobante's states and error 99, the control that
 * voids a document, and error 33 for too many calls. Raw SOAP here; the client has its own tests.
 */

const SEEDED_RETENTION = '1802202207139170166700120010010000811680009918810';
const SEEDED_INVOICE = '0810202301019047913700120021000000699911921739517';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ authorizationDelayMs: 0 });
});
afterAll(() => h.close());
beforeEach(() => h.simulator.control.reset());

async function consulta(accessKey: string) {
  const envelope =
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ec="http://ec.gob.sri.ws.consultas">' +
    `<soapenv:Header/><soapenv:Body><ec:consultarEstadoAutorizacionComprobante><claveAcceso>${accessKey}</claveAcceso>` +
    '</ec:consultarEstadoAutorizacionComprobante></soapenv:Body></soapenv:Envelope>';
  const res = await fetch(h.simulator.statusEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=UTF-8', SOAPAction: '""' },
    body: envelope,
  });
  expect(res.status).toBe(200);
  const answer = findFirst(
    parseXml(decodeXmlBytes(new Uint8Array(await res.arrayBuffer()))),
    'EstadoAutorizacionComprobante',
  )!;
  const mensaje = findFirst(answer, 'mensaje');
  return {
    estadoConsulta: childText(answer, 'estadoConsulta'),
    claveAcceso: childText(answer, 'claveAcceso'),
    estadoAutorizacion: childText(answer, 'estadoAutorizacion'),
    tipoComprobante: childText(answer, 'tipoComprobante'),
    rucEmisor: childText(answer, 'rucEmisor'),
    fechaAutorizacion: childText(answer, 'fechaAutorizacion'),
    identificador: mensaje && childText(mensaje, 'identificador'),
    informacionAdicional: mensaje && childText(mensaje, 'informacionAdicional'),
  };
}

async function control(path: string, body: unknown) {
  const res = await fetch(`${h.simulator.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function authorizedDocument() {
  const doc = signedDocument();
  expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
  expect((await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.status).toBe('AUTORIZADO');
  return doc;
}

describe('autorizacionComprobante for any key', () => {
  it('serves a seeded real document with its own XML, date and environment, and survives reset', async () => {
    const answer = await h.client.authorize('production', SEEDED_INVOICE);
    expect(answer).toMatchObject({ accessKey: SEEDED_INVOICE, count: 1 });
    expect(answer.authorizations[0]).toMatchObject({
      status: 'AUTORIZADO',
      authorizationNumber: SEEDED_INVOICE,
      authorizationDate: '2023-10-08T12:55:46-05:00',
      environment: 'PRODUCCIÓN',
    });
    expect(answer.authorizations[0]?.document).toContain('<razonSocial>GRUPO DE SERVICIOS TURISTICOS');
    const soap = await h.client.authorize('production', SEEDED_RETENTION);
    expect(soap.authorizations[0]?.document).toMatch(/^<\?xml[^>]*>\s*<comprobanteRetencion/);
  });

  it('answers numeroComprobantes 0 for a well-formed key nobody issued', async () => {
    const first48 = '150120260417920000330012001001000000987123456781';
    const key = `${first48}${modulo11CheckDigit(first48)}`;
    expect(await h.client.authorize('production', key)).toEqual({
      accessKey: key,
      count: 0,
      authorizations: [],
    });
  });
});

describe('ConsultaComprobante', () => {
  it('reports an authorized document, then the voids the control sets, with no estadoConsulta', async () => {
    const doc = await authorizedDocument();
    const first = await consulta(doc.accessKey);
    expect(first).toMatchObject({
      estadoConsulta: null,
      claveAcceso: doc.accessKey,
      estadoAutorizacion: 'AUTORIZADO',
      tipoComprobante: 'Factura',
      rucEmisor: doc.accessKey.slice(10, 23),
    });
    expect(first.fechaAutorizacion).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-05:00$/);
    const pending = await control(`/simulator/documents/${doc.accessKey}/status`, {
      status: 'PENDIENTE DE ANULAR',
    });
    expect(pending).toMatchObject({ status: 200, body: { document: { sriStatus: 'PENDIENTE DE ANULAR' } } });
    expect((await consulta(doc.accessKey)).estadoAutorizacion).toBe('PENDIENTE DE ANULAR');
    await control(`/simulator/documents/${doc.accessKey}/status`, { status: 'ANULADO' });
    expect((await consulta(doc.accessKey)).estadoAutorizacion).toBe('ANULADO');
    // autorizacionComprobante carries no voiding (REFERENCE-PURCHASES §1).
    expect((await h.client.authorize('sandbox', doc.accessKey)).authorizations[0]?.status).toBe('AUTORIZADO');
    h.simulator.control.setSriStatus(doc.accessKey, 'AUTORIZADO');
    expect((await consulta(doc.accessKey)).estadoAutorizacion).toBe('AUTORIZADO');
  });

  it('reports NO AUTORIZADO for a refused document, which cannot be voided', async () => {
    const doc = signedDocument({ directive: 'NO_AUTORIZADO:39' });
    await h.client.validate('sandbox', doc.signed);
    expect((await consulta(doc.accessKey)).estadoAutorizacion).toBe('NO AUTORIZADO');
    const refused = await control(`/simulator/documents/${doc.accessKey}/status`, { status: 'ANULADO' });
    expect(refused.status).toBe(409);
  });

  it('answers RECHAZADA / 99 for an unknown key, a malformed key and a date out of its window', async () => {
    const today = ecuadorDate(h.clock.now()).replaceAll('/', '');
    const first48 = `${today}0417920000330012001001000000987123456781`;
    const unknown = await consulta(`${first48}${modulo11CheckDigit(first48)}`);
    expect(unknown).toMatchObject({
      estadoConsulta: 'RECHAZADA',
      estadoAutorizacion: null,
      identificador: '99',
    });
    expect(unknown.informacionAdicional).toBe('No existen datos para los parámetros ingresados');
    expect((await consulta('123')).informacionAdicional).toMatch(/Error en el formato de la clave acceso/);
    // The seeded documents are years old: outside the window the service serves…
    expect((await consulta(SEEDED_INVOICE)).informacionAdicional).toMatch(/fuera del rango permitido/);
    // …unless the window is lifted.
    expect(await control('/simulator/settings', { statusWindowMonths: null })).toMatchObject({ status: 200 });
    expect(await consulta(SEEDED_INVOICE)).toMatchObject({
      estadoAutorizacion: 'AUTORIZADO',
      fechaAutorizacion: '2023-10-08T12:55:46-05:00',
      rucEmisor: '0190479137001',
    });
    await control(`/simulator/documents/${SEEDED_INVOICE}/status`, { status: 'ANULADO' });
    expect((await consulta(SEEDED_INVOICE)).estadoAutorizacion).toBe('ANULADO');
  });

  it('the control refuses an unknown key and an unknown status', async () => {
    expect(
      (await control(`/simulator/documents/${'1'.repeat(49)}/status`, { status: 'ANULADO' })).status,
    ).toBe(404);
    expect(
      (await control(`/simulator/documents/${SEEDED_INVOICE}/status`, { status: 'BORRADO' })).status,
    ).toBe(400);
    expect((await control('/simulator/settings', { throttle: { maxCalls: -1 } })).status).toBe(400);
  });
});

describe('error 33 (Dirección IP sancionada)', () => {
  it('past the configured limit, on both query services, until the window passes', async () => {
    await control('/simulator/settings', { throttle: { maxCalls: 2, windowMs: 60_000 } });
    expect((await h.client.authorize('production', SEEDED_INVOICE)).authorizations[0]?.status).toBe(
      'AUTORIZADO',
    );
    expect((await consulta(SEEDED_INVOICE)).identificador).toBe('99');
    const throttled = await h.client.authorize('production', SEEDED_INVOICE);
    expect(throttled.authorizations[0]).toMatchObject({
      status: 'RECHAZADA',
      messages: [{ identifier: '33' }],
    });
    expect(await consulta(SEEDED_INVOICE)).toMatchObject({
      estadoConsulta: 'RECHAZADA',
      identificador: '33',
    });
    h.clock.advance(60_001);
    expect((await h.client.authorize('production', SEEDED_INVOICE)).authorizations[0]?.status).toBe(
      'AUTORIZADO',
    );
    expect(h.simulator.control.stats().faults.throttled).toBe(2);
  });

  it('as an injected fault for chosen keys', async () => {
    h.simulator.control.inject({
      service: 'consulta',
      mode: 'throttled',
      times: 1,
      match: (k) => k === SEEDED_INVOICE,
    });
    expect((await consulta(SEEDED_INVOICE)).identificador).toBe('33');
    expect((await consulta(SEEDED_INVOICE)).identificador).toBe('99');
  });
});

describe('client: fetchAuthorizedDocument and querySriStatus', () => {
  it('fetches any tenant’s document on its environment’s host, and a seeded one', async () => {
    const doc = await authorizedDocument();
    const own = await fetchAuthorizedDocument(h.client, doc.accessKey);
    expect(own).toMatchObject({
      kind: 'authorized',
      environment: 'sandbox',
      authorization: { status: 'AUTORIZADO', number: doc.accessKey, environment: 'PRUEBAS' },
    });
    if (own.kind !== 'authorized') throw new Error(own.kind);
    expect(parseReceivedDocument(own.authorizedXml).accessKey).toBe(doc.accessKey);
    expect(own.xml).toBe(doc.signed.trim());
    const seeded = await fetchAuthorizedDocument(h.client, SEEDED_RETENTION);
    expect(seeded).toMatchObject({ kind: 'authorized', environment: 'production' });
    if (seeded.kind === 'authorized') expect(parseReceivedDocument(seeded.xml).type).toBe('07');
  });

  it('types every other outcome', async () => {
    const today = ecuadorDate(h.clock.now()).replaceAll('/', '');
    const first48 = `${today}0417920000330012001001000000987123456781`;
    const unknownKey = `${first48}${modulo11CheckDigit(first48)}`;
    expect(await fetchAuthorizedDocument(h.client, unknownKey)).toEqual({
      kind: 'unknown',
      accessKey: unknownKey,
    });
    const calls = h.simulator.control.stats().authorizationCalls;
    const badDigit = `${first48}${(modulo11CheckDigit(first48) + 1) % 10}`;
    expect(await fetchAuthorizedDocument(h.client, badDigit)).toMatchObject({
      kind: 'invalid-key',
      problem: 'CHECK_DIGIT',
    });
    expect(await fetchAuthorizedDocument(h.client, '123')).toMatchObject({
      kind: 'invalid-key',
      problem: 'LENGTH',
    });
    expect(h.simulator.control.stats().authorizationCalls).toBe(calls);
    const refused = signedDocument({ directive: 'NO_AUTORIZADO:39' });
    await h.client.validate('sandbox', refused.signed);
    expect(await fetchAuthorizedDocument(h.client, refused.accessKey)).toMatchObject({
      kind: 'not-authorized',
      status: 'NO AUTORIZADO',
      messages: [{ identifier: '39' }],
    });
    h.simulator.control.inject({ service: 'authorization', mode: 'throttled', times: 1 });
    expect(await fetchAuthorizedDocument(h.client, SEEDED_INVOICE)).toMatchObject({ kind: 'throttled' });
    h.simulator.control.inject({ service: 'authorization', mode: 'http500', times: 1 });
    expect(await fetchAuthorizedDocument(h.client, SEEDED_INVOICE)).toMatchObject({ kind: 'unavailable' });
    expect(await fetchAuthorizedDocument(h.client, SEEDED_INVOICE)).toMatchObject({ kind: 'authorized' });
  });

  it('reads the four states and the query errors', async () => {
    const doc = await authorizedDocument();
    expect(await querySriStatus(h.client, doc.accessKey)).toMatchObject({
      kind: 'state',
      state: 'AUTORIZADO',
      rawState: 'AUTORIZADO',
      issuerRuc: doc.accessKey.slice(10, 23),
    });
    h.simulator.control.setSriStatus(doc.accessKey, 'PENDIENTE DE ANULAR');
    expect(await querySriStatus(h.client, doc.accessKey)).toMatchObject({ state: 'PENDIENTE DE ANULAR' });
    h.simulator.control.setSriStatus(doc.accessKey, 'ANULADO');
    expect(await querySriStatus(h.client, doc.accessKey)).toMatchObject({ state: 'ANULADO' });
    const refused = signedDocument({ directive: 'NO_AUTORIZADO:39' });
    await h.client.validate('sandbox', refused.signed);
    expect(await querySriStatus(h.client, refused.accessKey)).toMatchObject({ state: 'NO AUTORIZADO' });
    expect(await querySriStatus(h.client, SEEDED_INVOICE)).toMatchObject({ kind: 'out-of-range' });
    const today = ecuadorDate(h.clock.now()).replaceAll('/', '');
    const first48 = `${today}0417920000330012001001000000987123456781`;
    expect(await querySriStatus(h.client, `${first48}${modulo11CheckDigit(first48)}`)).toMatchObject({
      kind: 'unknown',
    });
    h.simulator.control.inject({ service: 'consulta', mode: 'throttled', times: 1 });
    expect(await querySriStatus(h.client, doc.accessKey)).toMatchObject({ kind: 'throttled' });
    h.simulator.control.inject({ service: 'consulta', mode: 'http500', times: 1 });
    expect(await querySriStatus(h.client, doc.accessKey)).toMatchObject({ kind: 'unavailable' });
  });
});
