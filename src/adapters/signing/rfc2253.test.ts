import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { javaRfc2253Name } from './rfc2253.js';

/** A one-byte-length DER string value (tag, length, bytes), written by hand to check the hex form. */
const derHex = (tag: number, text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]).toString('hex');
};
const UTF8 = forge.asn1.Type.UTF8;
const PRINTABLE = forge.asn1.Type.PRINTABLESTRING;
const IA5 = forge.asn1.Type.IA5STRING;

/** Each attribute in DER order, with the text Java's X500Principal.getName("RFC2253") gives for it. */
const ISSUER: { attr: Attribute; java: string }[] = [
  { attr: { type: '2.5.4.6', value: 'EC', valueTagClass: PRINTABLE }, java: 'C=EC' },
  { attr: { type: '2.5.4.8', value: 'Pichincha', valueTagClass: UTF8 }, java: 'ST=Pichincha' },
  { attr: { type: '2.5.4.7', value: 'Quito', valueTagClass: UTF8 }, java: 'L=Quito' },
  {
    attr: { type: '2.5.4.9', value: 'Av. Amazonas N1-1', valueTagClass: UTF8 },
    java: 'STREET=Av. Amazonas N1-1',
  },
  { attr: { type: '0.9.2342.19200300.100.1.25', value: 'ec', valueTagClass: IA5 }, java: 'DC=ec' },
  {
    attr: { type: '2.5.4.10', value: 'Entidad, "Certificadora" + Asociados; <EC>', valueTagClass: UTF8 },
    java: 'O=Entidad\\, \\"Certificadora\\" \\+ Asociados\\; \\<EC\\>',
  },
  {
    attr: { type: '2.5.4.11', value: '  #Unidad = sí #1\\2  ', valueTagClass: UTF8 },
    java: 'OU=\\ \\ \\#Unidad \\= sí \\#1\\\\2\\ \\ ',
  },
  {
    attr: { type: '2.5.4.97', value: 'VATEC-0190479137001', valueTagClass: UTF8 },
    java: `2.5.4.97=#${derHex(0x0c, 'VATEC-0190479137001')}`,
  },
  {
    attr: { type: '2.5.4.5', value: 'IDCEC-0104459656', valueTagClass: PRINTABLE },
    java: `2.5.4.5=#${derHex(0x13, 'IDCEC-0104459656')}`,
  },
  {
    attr: { type: '1.2.840.113549.1.9.1', value: 'ca@example.ec', valueTagClass: IA5 },
    java: `1.2.840.113549.1.9.1=#${derHex(0x16, 'ca@example.ec')}`,
  },
  {
    attr: { type: '2.5.4.12', value: 'Gerente', valueTagClass: UTF8 },
    java: `2.5.4.12=#${derHex(0x0c, 'Gerente')}`,
  },
  { attr: { type: '0.9.2342.19200300.100.1.1', value: 'u-1', valueTagClass: UTF8 }, java: 'UID=u-1' },
  {
    attr: { type: '2.5.4.3', value: 'AUTORIDAD DE CERTIFICACIÓN Ñ', valueTagClass: UTF8 },
    java: 'CN=AUTORIDAD DE CERTIFICACIÓN Ñ',
  },
];

interface Attribute {
  type: string;
  value: string;
  valueTagClass: number;
}

// @types/node-forge declares valueTagClass as an asn1.Class; forge reads it as the value's universal type tag.
const fields = (attrs: Attribute[]) => attrs as unknown as forge.pki.CertificateField[];

function certificateWith(issuer: Attribute[], subject: Attribute[]): Buffer {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = '0a';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2028-01-01T00:00:00Z');
  cert.setIssuer(fields(issuer));
  cert.setSubject(fields(subject));
  cert.sign(
    forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
    forge.md.sha256.create(),
  );
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
}

describe('javaRfc2253Name', () => {
  const der = certificateWith(
    ISSUER.map((i) => i.attr),
    [{ type: '2.5.4.3', value: 'Juan Pérez', valueTagClass: UTF8 }],
  );

  it('writes the most specific RDN first, Java keywords by name and every other attribute as OID=#hex', () => {
    expect(javaRfc2253Name(der, 'issuer')).toBe(
      ISSUER.map((i) => i.java)
        .reverse()
        .join(','),
    );
  });

  it('reads the subject as well', () => {
    expect(javaRfc2253Name(der, 'subject')).toBe('CN=Juan Pérez');
  });

  it('escapes every special character, not only a leading #, and every edge space', () => {
    const name = javaRfc2253Name(der, 'issuer');
    expect(name).toContain('OU=\\ \\ \\#Unidad \\= sí \\#1\\\\2\\ \\ ,');
    expect(name).toContain('O=Entidad\\, \\"Certificadora\\" \\+ Asociados\\; \\<EC\\>,');
  });
});

/** The X509Certificate and X509IssuerName of a real authorized document. */
function sampleSignature(file: string): { der: Buffer; issuerName: string } {
  const text = readFileSync(new URL(`../../../test/fixtures/sri/samples/${file}`, import.meta.url), 'utf8')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
  const certificate = /<ds:X509Certificate>([^<]+)</.exec(text)![1]!;
  const issuerName = /<ds:X509IssuerName>([^<]+)</.exec(text)![1]!;
  return { der: Buffer.from(certificate.replace(/\s+/g, ''), 'base64'), issuerName };
}

describe('javaRfc2253Name against issuer names the tax authority accepted', () => {
  it('gives the Banco Central del Ecuador name of the real SOAP response byte for byte', () => {
    const sample = sampleSignature(
      'soap_autorizacionComprobanteResponse_real_1802202207139170166700120010010000811680009918810.xml',
    );
    expect(sample.issuerName).toBe(
      'CN=AC BANCO CENTRAL DEL ECUADOR,L=QUITO,OU=ENTIDAD DE CERTIFICACION DE INFORMACION-ECIBCE,O=BANCO CENTRAL DEL ECUADOR,C=EC',
    );
    expect(javaRfc2253Name(sample.der, 'issuer')).toBe(sample.issuerName);
  });

  it('gives the Security Data name of the Corporación Favorita invoice byte for byte', () => {
    const sample = sampleSignature(
      'autorizacion_factura_1312202301179001691900122011070002060400460006816.xml',
    );
    expect(javaRfc2253Name(sample.der, 'issuer')).toBe(sample.issuerName);
  });

  it('gives the RFC 2253 form of the Uanataca name the sample wrote in Java toString() form', () => {
    const sample = sampleSignature(
      'factura_v1.1.0_real_0810202301019047913700120021000000699911921739517.extracted.xml',
    );
    const ours = javaRfc2253Name(sample.der, 'issuer');
    expect(ours).toBe(
      `2.5.4.97=#${derHex(0x0c, 'VATES-A66721499')},CN=UANATACA CA2 2016,OU=TSP-UANATACA,O=UANATACA S.A.,` +
        'L=Barcelona (see current address at www.uanataca.com/address),C=ES',
    );
    // toString() differs only in form: "OID." before the OID, the value as text, ", " between RDNs.
    const asToString = ours
      .replace(/^2\.5\.4\.97=#0c0f([0-9a-f]+)/, (_, hex: string) => `OID.2.5.4.97=${Buffer.from(hex, 'hex')}`)
      .replaceAll(',', ', ');
    expect(asToString).toBe(sample.issuerName);
  });
});
