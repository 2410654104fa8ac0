import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseReceivedDocument } from './received-parser.js';
import { ReceivedDocumentError } from './received-sections.js';
import { verifyReceivedSignature } from './received-signature.js';

/** Every real sample of resources/sri-samples, every type, and each refusal with its code. */

const DIR = fileURLToPath(new URL('../../../resources/sri-samples/', import.meta.url));
const bytes = (file: string) => readFileSync(`${DIR}${file}`);
const text = (file: string) => bytes(file).toString('utf8');
const WRAPPED_GP = 'autorizacion_factura_0810202301019047913700120021000000699911921739517.xml';
const WRAPPED_FAVORITA = 'autorizacion_factura_1312202301179001691900122011070002060400460006816.xml';
const LIQUIDACION =
  'liquidacionCompra_v1.1.0_real_1908202403091651386400120010020000005891234567816.TaxoWS.xml';
const DEBIT_NOTE = 'notaDebito_v1.0.0_real_2409202405176815841000120010110001272220000000115.TaxoWS.xml';
const RETENTION_V2 = 'retencion_v2.0.0_real_2405202507179319451500120010030000107462796218513.TaxoWS.xml';
const RETENTION_SOAP =
  'soap_autorizacionComprobanteResponse_real_1802202207139170166700120010010000811680009918810.xml';

/** Módulo 11 written out again so the test does not lean on the code it checks. */
function withKey(xml: string, first48: string): string {
  let sum = 0;
  for (let i = 0; i < 48; i++) sum += Number(first48[47 - i]) * ((i % 6) + 2);
  const d = 11 - (sum % 11);
  const key = `${first48}${d === 11 ? 0 : d === 10 ? 1 : d}`;
  return xml.replace(/<claveAcceso>\d+<\/claveAcceso>/, `<claveAcceso>${key}</claveAcceso>`);
}

function refusal(input: string | Uint8Array): ReceivedDocumentError {
  try {
    parseReceivedDocument(input);
  } catch (e) {
    if (e instanceof ReceivedDocumentError) return e;
    throw e;
  }
  throw new Error('parsed without a refusal');
}

describe('parseReceivedDocument: the real samples', () => {
  it('01 in the portal wrapper: supplier, buyer by cédula, taxes, payments, authorization', () => {
    const doc = parseReceivedDocument(bytes(WRAPPED_GP));
    expect(doc).toMatchObject({
      type: '01',
      version: '1.1.0',
      accessKey: '0810202301019047913700120021000000699911921739517',
      environment: 'production',
      supplier: {
        ruc: '0190479137001',
        name: 'GRUPO DE SERVICIOS TURISTICOS Y ALIMENTICIOS G.P.',
        tradeName: 'GRUPO GP',
      },
      number: '002-100-000069991',
      issueDate: '2023-10-08',
      recipient: { idType: '05', id: '0102581709', name: 'OMAR VELEZ' },
      subtotal: '10.49',
      total: '11.75',
      payments: [{ method: '01', amount: '11.75', term: null, termUnit: null }],
      authorization: { status: 'AUTORIZADO', date: '2023-10-08T12:55:46-05:00', environment: 'PRODUCCIÓN' },
      modifiedDocument: null,
      retention: null,
    });
    expect(doc.taxes).toEqual([
      { taxCode: '2', rateCode: '0', rate: null, base: '0', amount: '0' },
      { taxCode: '2', rateCode: '2', rate: null, base: '10.49', amount: '1.26' },
    ]);
    expect(doc.signedXml).toMatch(/^<\?xml[^>]*>\s*<factura id="comprobante"/);
  });

  it('01: the printable parts its RIDE shows (lines, legends, additional information)', () => {
    const { details } = parseReceivedDocument(bytes(WRAPPED_GP));
    expect(details.items).toEqual([
      expect.objectContaining({
        mainCode: 'CHAULAFAN',
        description: 'CHAULAFAN',
        quantity: '1',
        unitPrice: '10.4911',
        subtotal: '10.49',
        taxes: [expect.objectContaining({ taxCode: '2', rateCode: '2', rate: '12.0000' })],
      }),
    ]);
    expect(details.issuer).toMatchObject({
      branchAddress: 'Remigio crespo y Juan Iniguez',
      requiredAccounting: true,
    });
    expect(details.additionalInfo).toEqual(
      expect.arrayContaining([
        { name: 'Telefono', value: '0997147964' },
        { name: 'Email', value: 'OMARGO33@HOTMAIL.COM' },
      ]),
    );
    expect(details.waybill).toBeNull();
  });

  it('the wrapper and the bare extracted document give the same document', () => {
    for (const [wrapped, bare] of [
      [WRAPPED_GP, 'factura_v1.1.0_real_0810202301019047913700120021000000699911921739517.extracted.xml'],
      [
        WRAPPED_FAVORITA,
        'factura_v1.1.0_real_1312202301179001691900122011070002060400460006816.extracted.xml',
      ],
    ] as const) {
      const { authorization, signedXml: _a, ...fromWrapper } = parseReceivedDocument(bytes(wrapped));
      const { authorization: none, signedXml: _b, ...fromBare } = parseReceivedDocument(text(bare));
      expect(fromWrapper).toEqual(fromBare);
      expect(authorization?.status).toBe('AUTORIZADO');
      expect(none).toBeNull();
    }
    // The Favorita wrapper's date is not ISO and it has no ambiente: kept as given.
    expect(parseReceivedDocument(bytes(WRAPPED_FAVORITA)).authorization).toEqual({
      status: 'AUTORIZADO',
      number: '1312202301179001691900122011070002060400460006816',
      date: '14/12/2023 14:37:0',
      environment: null,
    });
  });

  it('03: the receiving business is the provider', () => {
    expect(parseReceivedDocument(bytes(LIQUIDACION))).toMatchObject({
      type: '03',
      supplier: { ruc: '0916513864001' },
      recipient: { idType: '05', id: '0914250881', name: 'SORIANO SALAS EDDIE' },
      total: '5032.00',
      taxes: [{ taxCode: '2', rateCode: '0', base: '5032.00', amount: '0.00' }],
      payments: [{ method: '20', amount: '5032.00', term: '0', termUnit: 'DIAS' }],
    });
  });

  it('05: the invoice it modifies, its reasons, accents kept', () => {
    expect(parseReceivedDocument(bytes(DEBIT_NOTE))).toMatchObject({
      type: '05',
      version: '1.0.0',
      supplier: { name: 'Empresa Pública Metropolitana de Gestión Integral de Residuos Sólidos EMGIRS - EP' },
      recipient: { idType: '04', id: '1793143709001' },
      total: '0.27',
      taxes: [{ taxCode: '2', rateCode: '0', rate: '0.00', base: '0.27', amount: '0' }],
      modifiedDocument: { type: '01', number: '001-012-000283946', issueDate: '2024-08-20' },
      reason: 'INTERÉS POR MORA',
    });
  });

  it('07 version 2.0.0: supporting documents with their taxes and lines', () => {
    const doc = parseReceivedDocument(bytes(RETENTION_V2));
    expect(doc).toMatchObject({ type: '07', total: null, recipient: { idType: '04', id: '1791774582001' } });
    expect(doc.retention).toEqual({
      fiscalPeriod: '05/2025',
      supportingDocuments: [
        {
          type: '01',
          number: '089-001-000003681',
          issueDate: '2025-05-24',
          supportCode: '01',
          authorizationNumber: '2405202501179177458200120890010000036818564643510',
          subtotal: '129.57',
          total: '149.01',
          taxes: [{ taxCode: '2', rateCode: '4', rate: '15.00', base: '129.57', amount: '19.44' }],
          lines: [
            { taxCode: '2', retentionCode: '9', base: '19.44', rate: '10.00', amount: '1.94' },
            { taxCode: '1', retentionCode: '312', base: '129.57', rate: '1.75', amount: '2.27' },
          ],
        },
      ],
    });
  });

  it('07 version 1.0.0 from a SOAP answer: lines grouped by the document they support', () => {
    const doc = parseReceivedDocument(bytes(RETENTION_SOAP));
    expect(doc).toMatchObject({
      type: '07',
      version: '1.0.0',
      recipient: { idType: '04', id: '0102581709001' },
      authorization: { status: 'AUTORIZADO', date: '2022-02-18T11:41:16-05:00' },
    });
    expect(doc.retention?.supportingDocuments).toEqual([
      {
        type: '01',
        number: '001-001-000000428',
        issueDate: '2022-02-14',
        supportCode: null,
        authorizationNumber: null,
        subtotal: null,
        total: null,
        taxes: [],
        lines: [
          { taxCode: '1', retentionCode: '303', base: '125.00', rate: '10.00', amount: '12.50' },
          { taxCode: '2', retentionCode: '3', base: '15.00', rate: '100.00', amount: '15.00' },
        ],
      },
    ]);
  });

  it('04 and 06 (test documents whose keys fail the check digit, given valid ones here)', () => {
    const note = withKey(
      text('notaCredito_v1.1.0_signed.ec-sri-invoice-signer.xml'),
      '271220240412345678910011001001000000002869456021',
    );
    expect(parseReceivedDocument(note)).toMatchObject({
      type: '04',
      environment: 'sandbox',
      recipient: { id: '9999999999' },
      modifiedDocument: { type: '01', issueDate: '2024-12-19' },
    });
    const guide = withKey(
      text('guiaRemision_v1.0.0_signed.ec-sri-invoice-signer.xml'),
      '211020110612345678910011002001000000001123456781',
    );
    const parsed = parseReceivedDocument(guide);
    expect(parsed).toMatchObject({
      type: '06',
      issueDate: '2011-10-21',
      total: null,
      recipient: { idType: null, id: '1234543212' },
    });
    expect(parsed.recipientIds).toContain('1234543212');
  });

  it('ICE and IRBPNR add up per code', () => {
    const xml = text(WRAPPED_GP).replace(
      '</totalConImpuestos>',
      '<totalImpuesto><codigo>3</codigo><codigoPorcentaje>3011</codigoPorcentaje><baseImponible>10</baseImponible><valor>1.5</valor></totalImpuesto>' +
        '<totalImpuesto><codigo>5</codigo><codigoPorcentaje>5001</codigoPorcentaje><baseImponible>2</baseImponible><valor>.04</valor></totalImpuesto></totalConImpuestos>',
    );
    expect(parseReceivedDocument(xml)).toMatchObject({ iceTotal: '1.50', irbpnrTotal: '0.04' });
  });
});

describe('parseReceivedDocument: refusals', () => {
  it.each([
    ['MALFORMED_XML', '<factura><infoTributaria>'],
    ['NOT_A_DOCUMENT', '<pedido version="1.0.0"/>'],
    [
      'NOT_AUTHORIZED',
      text(WRAPPED_GP).replace('<estado>AUTORIZADO</estado>', '<estado>NO AUTORIZADO</estado>'),
    ],
    ['UNSUPPORTED_VERSION', text(LIQUIDACION).replace('version="1.1.0"', 'version="9.9.9"')],
    ['INVALID_ACCESS_KEY', text('factura_v1.1.0_signed.ec-sri-invoice-signer.xml')],
    ['ACCESS_KEY_MISMATCH', text(LIQUIDACION).replace('<secuencial>000000589<', '<secuencial>000000590<')],
    ['MISSING_FIELD', text(LIQUIDACION).replace(/<importeTotal>[^<]*<\/importeTotal>/, '')],
    ['INVALID_FIELD', text(LIQUIDACION).replace('<importeTotal>5032.00<', '<importeTotal>5.032,00<')],
  ])('%s', (code, input) => {
    expect(refusal(input).code).toBe(code);
  });

  it('names the element at fault', () => {
    const e = refusal(text(LIQUIDACION).replace(/<importeTotal>[^<]*<\/importeTotal>/, ''));
    expect(e.path).toBe('liquidacionCompra/infoLiquidacionCompra/importeTotal');
  });
});

describe('verifyReceivedSignature', () => {
  it('verifies the real signatures, wrapped or bare', () => {
    for (const file of [WRAPPED_GP, LIQUIDACION, DEBIT_NOTE, RETENTION_V2]) {
      expect(verifyReceivedSignature(bytes(file))).toMatchObject({ valid: true });
    }
  });

  it('fails a document changed after signing, and the Favorita wrapper (not byte-identical to what was signed)', () => {
    const altered = text(LIQUIDACION).replace('SORIANO SALAS EDDIE', 'SORIANO SALAS EDDY');
    expect(verifyReceivedSignature(altered)).toMatchObject({ valid: false, code: 'BAD_SIGNATURE' });
    expect(verifyReceivedSignature(bytes(WRAPPED_FAVORITA))).toMatchObject({
      valid: false,
      code: 'BAD_SIGNATURE',
      accessKey: '1312202301179001691900122011070002060400460006816',
    });
  });

  it('reports an unreadable file with the parser code', () => {
    expect(verifyReceivedSignature('<factura')).toMatchObject({
      valid: false,
      code: 'MALFORMED_XML',
      accessKey: null,
    });
  });
});
