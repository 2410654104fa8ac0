import { readFileSync } from 'node:fs';
import { XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { authorizationXml, pickAuthorization } from '../../src/adapters/sri/authorization.js';
import {
  parseAuthorizationResponse,
  parseReceptionResponse,
} from '../../src/adapters/sri/response-parser.js';
import { SriProtocolError } from '../../src/adapters/sri/types.js';
import { REAL_AUTH_RESPONSE } from './fixtures.js';

/**
 * The response parser against the real SOAP authorization answer and the answer shapes of
 * ENVELOPES.md §3-§4 (test/sri/responses/, copied from the sources it names; 4f is assembled
 * from its description, as no envelope was published).
 */

const fixture = (name: string) => readFileSync(new URL(`./responses/${name}`, import.meta.url));

/**
 * The stored copy of the real answer has its Ó replaced by U+FFFD (REFERENCE §0, ENVELOPES §4a);
 * the service sent the single ISO-8859-1 byte 0xD3. Put it back to get the bytes as sent.
 */
function realAuthorizationBytes(): Buffer {
  const stored = readFileSync(REAL_AUTH_RESPONSE);
  const mangled = Buffer.from([0xef, 0xbf, 0xbd]);
  const at = stored.indexOf(mangled);
  expect(at).toBeGreaterThan(0);
  expect(stored.indexOf(mangled, at + 1)).toBe(-1);
  return Buffer.concat([stored.subarray(0, at), Buffer.from([0xd3]), stored.subarray(at + 3)]);
}

describe('real authorization answer (ISO-8859-1)', () => {
  const result = parseAuthorizationResponse(realAuthorizationBytes());
  const entry = result.authorizations[0]!;

  it('reads the header and the entry', () => {
    expect(result.accessKey).toBe('1802202207139170166700120010010000811680009918810');
    expect(result.count).toBe(1);
    expect(result.authorizations).toHaveLength(1);
    expect(entry.status).toBe('AUTORIZADO');
    expect(entry.authorizationNumber).toBe('1802202207139170166700120010010000811680009918810');
    expect(entry.authorizationDate).toBe('2022-02-18T11:41:16-05:00');
    expect(entry.messages).toEqual([]);
  });

  it('decodes the Ó of PRODUCCIÓN from its Latin-1 byte', () => {
    expect(entry.environment).toBe('PRODUCCIÓN');
  });

  it('unescapes the comprobante into a parseable signed XML', () => {
    expect(entry.document?.startsWith('<?xml version="1.0" encoding="UTF-8"?><comprobanteRetencion')).toBe(
      true,
    );
    const doc = XmlDocument.fromString(entry.document!);
    try {
      expect(doc.root.name).toBe('comprobanteRetencion');
      expect(doc.get('/*/infoTributaria/claveAcceso')?.content).toBe(result.accessKey);
      expect(doc.find('//*[local-name()="Signature"]')).toHaveLength(1);
    } finally {
      doc.dispose();
    }
  });

  it('rewraps as the downloadable autorizacion file', () => {
    const xml = authorizationXml(entry, result.accessKey!);
    const doc = XmlDocument.fromString(xml);
    try {
      expect(doc.get('/autorizacion/ambiente')?.content).toBe('PRODUCCIÓN');
      expect(doc.get('/autorizacion/comprobante')?.content).toBe(entry.document);
    } finally {
      doc.dispose();
    }
  });

  it('reading the same bytes as UTF-8 would have failed', () => {
    const bytes = realAuthorizationBytes();
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
  });
});

describe('reception answer shapes (ENVELOPES §3)', () => {
  it('3a RECIBIDA with empty comprobantes', () => {
    expect(parseReceptionResponse(fixture('3a_recibida.xml'))).toEqual({ status: 'RECIBIDA', messages: [] });
  });

  it('3b DEVUELTA 43, without informacionAdicional', () => {
    expect(parseReceptionResponse(fixture('3b_devuelta_43.xml'))).toEqual({
      status: 'DEVUELTA',
      messages: [
        { identifier: '43', message: 'CLAVE ACCESO REGISTRADA', additionalInfo: null, type: 'ERROR' },
      ],
    });
  });

  it('3c DEVUELTA 45 under an S: prefix', () => {
    expect(parseReceptionResponse(fixture('3c_devuelta_45.xml')).messages[0]).toMatchObject({
      identifier: '45',
      message: 'ERROR SECUENCIAL REGISTRADO',
    });
  });

  it('3d error 35 without estado counts as DEVUELTA', () => {
    const result = parseReceptionResponse(fixture('3d_35_no_estado.xml'));
    expect(result.status).toBe('DEVUELTA');
    expect(result.messages).toEqual([
      {
        identifier: '35',
        message: 'ARCHIVO NO CUMPLE ESTRUCTURA XML',
        additionalInfo:
          'ec.gob.sri.comprobantes.electronicos.api.excepcion.ConversionArchivoXMLException: Error al convertir el archivo xml',
        type: 'ERROR',
      },
    ]);
  });
});

describe('authorization answer shapes (ENVELOPES §4)', () => {
  it('4b NO AUTORIZADO 39 with a CDATA comprobante and no numeroAutorizacion', () => {
    const result = parseAuthorizationResponse(fixture('4b_no_autorizado_39.xml'));
    expect(result.count).toBe(1);
    expect(result.authorizations[0]).toEqual({
      status: 'NO AUTORIZADO',
      authorizationNumber: null,
      authorizationDate: '2024-02-09T17:40:28-05:00',
      environment: 'PRUEBAS',
      document: 'COMPROBANTE',
      messages: [
        {
          identifier: '39',
          message: 'FIRMA INVALIDA',
          additionalInfo: 'La firma es invalida [Firma inválida (firma y/o certificados alterados)]',
          type: 'ERROR',
        },
      ],
    });
  });

  it('4c no record yet: count 0, no entries', () => {
    const result = parseAuthorizationResponse(fixture('4c_not_found.xml'));
    expect(result).toEqual({
      accessKey: '0102202401180191152100110010030000000011234567811',
      count: 0,
      authorizations: [],
    });
    expect(pickAuthorization(result)).toBeNull();
  });

  it('4d malformed key: RECHAZADA 80, no claveAccesoConsultada', () => {
    const result = parseAuthorizationResponse(fixture('4d_malformed_key_80.xml'));
    expect(result.accessKey).toBeNull();
    expect(result.count).toBe(1);
    expect(result.authorizations[0]?.status).toBe('RECHAZADA');
    expect(result.authorizations[0]?.messages).toEqual([
      {
        identifier: '80',
        message: 'ERROR EN LA ESTRUCTURA DE LA CLAVE DE ACCESO',
        additionalInfo: null,
        type: '',
      },
    ]);
  });

  it('4f several entries: the AUTORIZADO one is picked; CDATA and escaped forms read alike', () => {
    const result = parseAuthorizationResponse(fixture('4f_several_entries.xml'));
    expect(result.authorizations.map((a) => a.status)).toEqual(['NO AUTORIZADO', 'AUTORIZADO']);
    expect(result.authorizations[0]?.document).toBe(result.authorizations[1]?.document);
    expect(pickAuthorization(result)?.authorizationDate).toBe('2023-10-08T12:55:46-05:00');
  });
});

describe('answers the parser refuses', () => {
  it.each([
    ['not XML', 'Service Unavailable'],
    ['not SOAP', '<html><body>Maintenance</body></html>'],
    ['the other service', fixture('4c_not_found.xml').toString()],
    ['an unknown estado', fixture('3a_recibida.xml').toString().replace('RECIBIDA', 'PERDIDA')],
  ])('%s', (_name, body) => {
    expect(() => parseReceptionResponse(Buffer.from(body))).toThrow(SriProtocolError);
  });
});
