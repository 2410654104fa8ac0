import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { receptionRequest } from '../../src/adapters/sri/envelopes.js';
import { childText, findFirst, parseXml } from '../../src/adapters/sri/xml-text.js';
import { accessKeyFor, buildCreditNote, buildInvoice, REAL_SIGNED_INVOICE } from './fixtures.js';
import { type Harness, sign, signedDocument, startHarness } from './harness.js';

/** validarComprobante through the real client over HTTP: every refusal the simulator knows. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ authorizationDelayMs: 0 });
});
afterAll(() => h.close());
beforeEach(() => h.simulator.control.reset());

const DAY_MS = 24 * 3600_000;

async function expectDevuelta(
  xml: string,
  identifier: string,
  environment: 'sandbox' | 'production' = 'sandbox',
) {
  const result = await h.client.validate(environment, xml);
  expect(result.status).toBe('DEVUELTA');
  expect(result.messages.map((m) => m.identifier)).toEqual([identifier]);
  return result.messages[0]!;
}

/** The raw answer, to see what the client's result leaves out (claveAcceso, estado). */
async function rawReception(xml: string) {
  const res = await fetch(h.simulator.endpoints.reception, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=UTF-8', SOAPAction: '""' },
    body: receptionRequest(xml),
  });
  const answer = findFirst(parseXml(await res.text()), 'RespuestaRecepcionComprobante')!;
  return {
    estado: childText(answer, 'estado'),
    claveAcceso: childText(findFirst(answer, 'comprobante') ?? {}, 'claveAcceso'),
  };
}

describe('RECIBIDA', () => {
  it('accepts a signed invoice and a signed credit note', async () => {
    expect(await h.client.validate('sandbox', signedDocument().signed)).toEqual({
      status: 'RECIBIDA',
      messages: [],
    });
    expect((await h.client.validate('sandbox', signedDocument({}, buildCreditNote).signed)).status).toBe(
      'RECIBIDA',
    );
  });

  it('accepts a production document and records its ambiente', async () => {
    const doc = signedDocument({ ambiente: '2' });
    expect((await h.client.validate('production', doc.signed)).status).toBe('RECIBIDA');
    expect(h.simulator.control.document(doc.accessKey)).toMatchObject({
      state: 'AUTORIZADO',
      submissions: 1,
    });
  });

  it('answers with empty comprobantes (no claveAcceso echoed)', async () => {
    expect(await rawReception(signedDocument().signed)).toEqual({ estado: 'RECIBIDA', claveAcceso: null });
  });
});

describe('35 ARCHIVO NO CUMPLE ESTRUCTURA XML', () => {
  it('refuses text that is not XML, without estado and with claveAcceso N/A', async () => {
    const message = await expectDevuelta('esto no es XML', '35');
    expect(message).toMatchObject({ message: 'ARCHIVO NO CUMPLE ESTRUCTURA XML', type: 'ERROR' });
    expect(message.additionalInfo).toMatch(
      /^ec\.gob\.sri\.comprobantes\.electronicos\.api\.excepcion\.ConversionArchivoXMLException/,
    );
    expect(await rawReception('esto no es XML')).toEqual({ estado: null, claveAcceso: 'N/A' });
  });

  it('refuses a signed document the schema rejects', async () => {
    const doc = buildInvoice();
    const message = await expectDevuelta(sign(doc.xml.replace('<formaPago>01<', '<formaPago>99<')), '35');
    expect(message.additionalInfo).toMatch(/formaPago/);
  });

  it('refuses a document with a DTD', async () => {
    const { signed } = signedDocument();
    const withDtd = signed.replace('?>\n', '?>\n<!DOCTYPE factura [<!ENTITY x "y">]>\n');
    expect(withDtd).toContain('<!DOCTYPE');
    expect((await expectDevuelta(withDtd, '35')).additionalInfo).toMatch(/DTD/);
  });

  it('refuses an unknown document version', async () => {
    await expectDevuelta(sign(buildInvoice().xml.replace('version="1.1.0"', 'version="3.0.0"')), '35');
  });
});

describe('39 FIRMA INVALIDA', () => {
  it('refuses a document changed after signing', async () => {
    const { signed } = signedDocument();
    const message = await expectDevuelta(signed.replace('JUAN PÉREZ', 'JUAN PÉREZ.'), '39');
    expect(message).toMatchObject({
      message: 'FIRMA INVALIDA',
      additionalInfo: 'La firma es invalida [Firma inválida (firma y/o certificados alterados)]',
    });
  });

  it('refuses an unsigned document', async () => {
    await expectDevuelta(buildInvoice().xml, '39');
  });

  it('comes before the date check (order of the checks)', async () => {
    const { signed } = signedDocument({ issuedAt: new Date(Date.now() - 200 * DAY_MS) });
    await expectDevuelta(signed.replace('Producto A1', 'Producto A9'), '39');
  });
});

describe('58 ERROR EN LA ESTRUCTURA DE LA CLAVE DE ACCESO', () => {
  it('refuses a wrong check digit', async () => {
    const key = buildInvoice().accessKey;
    const wrong = `${key.slice(0, 48)}${(Number(key[48]) + 1) % 10}`;
    const message = await expectDevuelta(signedDocument({ accessKey: wrong }).signed, '58');
    expect(message.message).toBe('ERROR EN LA ESTRUCTURA DE LA CLAVE DE ACCESO');
    expect(message.additionalInfo).toMatch(/dígito verificador/);
  });

  it('refuses a valid key that belongs to other document fields', async () => {
    const date = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Guayaquil' }).format(h.clock.now());
    const otherKey = accessKeyFor({
      date,
      codDoc: '01',
      ruc: '1790011674001',
      ambiente: '1',
      estab: '001',
      ptoEmi: '001',
      secuencial: '999999999',
      numericCode: '12345678',
    });
    const message = await expectDevuelta(
      signedDocument({ accessKey: otherKey, secuencial: '000000001' }).signed,
      '58',
    );
    expect(message.additionalInfo).toMatch(/secuencial/);
  });

  it('refuses a key whose ambiente differs from the document', async () => {
    const production = buildInvoice({ ambiente: '2' }).accessKey;
    const message = await expectDevuelta(signedDocument({ accessKey: production }).signed, '58');
    expect(message.additionalInfo).toMatch(/ambiente|fecha/);
  });
});

describe('65 FECHA EMISIÓN EXTEMPORANEA', () => {
  const info =
    'La fecha de emisión está fuera del rango de tolerancia [129600 minutos], o es mayor a la fecha del servidor';

  it('refuses a document issued more than 129600 minutes ago', async () => {
    const message = await expectDevuelta(
      signedDocument({ issuedAt: new Date(Date.now() - 91 * DAY_MS) }).signed,
      '65',
    );
    expect(message).toEqual({
      identifier: '65',
      message: 'FECHA EMISIÓN EXTEMPORANEA',
      additionalInfo: info,
      type: 'ERROR',
    });
  });

  it('refuses a document dated tomorrow', async () => {
    await expectDevuelta(signedDocument({ issuedAt: new Date(Date.now() + DAY_MS) }).signed, '65');
  });

  it('accepts a document issued 89 days ago', async () => {
    const result = await h.client.validate(
      'sandbox',
      signedDocument({ issuedAt: new Date(Date.now() - 89 * DAY_MS) }).signed,
    );
    expect(result.status).toBe('RECIBIDA');
  });

  it('is what the real authorized invoice of 2023 gets: structure, signature and key all pass', async () => {
    await expectDevuelta(readFileSync(REAL_SIGNED_INVOICE, 'utf8'), '65', 'production');
  });

  it('follows the simulator clock', async () => {
    const doc = signedDocument();
    h.clock.advance(100 * DAY_MS);
    try {
      await expectDevuelta(doc.signed, '65');
    } finally {
      h.clock.advance(-100 * DAY_MS);
    }
  });
});

describe('duplicates', () => {
  it('43 CLAVE ACCESO REGISTRADA for a key already authorized, echoing the key', async () => {
    const doc = signedDocument();
    expect((await h.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
    const message = await expectDevuelta(doc.signed, '43');
    expect(message).toEqual({
      identifier: '43',
      message: 'CLAVE ACCESO REGISTRADA',
      additionalInfo: null,
      type: 'ERROR',
    });
    expect(await rawReception(doc.signed)).toEqual({ estado: 'DEVUELTA', claveAcceso: doc.accessKey });
    expect(h.simulator.control.document(doc.accessKey)).toMatchObject({ submissions: 3, attempts: 1 });
  });

  it('70 while the same key is still being processed', async () => {
    const slow = await startHarness({ authorizationDelayMs: 60_000 });
    try {
      const doc = signedDocument();
      expect((await slow.client.validate('sandbox', doc.signed)).status).toBe('RECIBIDA');
      const result = await slow.client.validate('sandbox', doc.signed);
      expect(result.messages[0]).toMatchObject({
        identifier: '70',
        message: 'CLAVE DE ACCESO EN PROCESAMIENTO',
      });
      slow.clock.advance(60_000);
      expect((await slow.client.validate('sandbox', doc.signed)).messages[0]?.identifier).toBe('43');
    } finally {
      await slow.close();
    }
  });

  it('45 ERROR SECUENCIAL REGISTRADO for the same sequential under another key', async () => {
    const first = signedDocument();
    expect((await h.client.validate('sandbox', first.signed)).status).toBe('RECIBIDA');
    const second = signedDocument({ secuencial: first.secuencial, numericCode: '87654321' });
    expect(second.accessKey).not.toBe(first.accessKey);
    const message = await expectDevuelta(second.signed, '45');
    expect(message.message).toBe('ERROR SECUENCIAL REGISTRADO');
    expect(message.additionalInfo).toContain(first.accessKey);
  });

  it('keeps the environments apart: the same sequential in production is free', async () => {
    const sandbox = signedDocument();
    const production = signedDocument({ secuencial: sandbox.secuencial, ambiente: '2' });
    expect((await h.client.validate('sandbox', sandbox.signed)).status).toBe('RECIBIDA');
    expect((await h.client.validate('production', production.signed)).status).toBe('RECIBIDA');
  });

  it('frees a sequential whose document was not authorized', async () => {
    const refused = signedDocument({ total: '99.99' });
    expect((await h.client.validate('sandbox', refused.signed)).status).toBe('RECIBIDA');
    expect((await h.client.authorize('sandbox', refused.accessKey)).authorizations[0]?.status).toBe(
      'NO AUTORIZADO',
    );
    const retry = signedDocument({ secuencial: refused.secuencial, numericCode: '11112222' });
    expect((await h.client.validate('sandbox', retry.signed)).status).toBe('RECIBIDA');
  });
});
