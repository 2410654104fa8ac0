import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyXadesSignature } from '../../src/adapters/sri/xades-verify.js';
import { makeCertificate } from '../helpers/certificates.js';
import { buildCreditNote, buildInvoice, REAL_SIGNED_INVOICE, SAMPLES_DIR } from './fixtures.js';
import { signXml } from './sign.js';

/**
 * The simulator's XAdES-BES verifier (error 39) on the real invoice the tax authority authorized,
 * on altered copies of it, and on documents from the test signer, whose output xmlsec1 (an
 * independent implementation) must accept as well.
 */

const realInvoice = readFileSync(REAL_SIGNED_INVOICE, 'utf8');
const cert = makeCertificate();
const otherCert = makeCertificate({ keyIndex: 1 });

const expectInvalid = (xml: string, detail: RegExp) => {
  const verdict = verifyXadesSignature(xml);
  expect(verdict.valid).toBe(false);
  if (!verdict.valid) expect(verdict.detail).toMatch(detail);
  return verdict;
};

/** Changes exactly one character inside `within`, which must occur once. */
function alterOnce(xml: string, within: string, from: string, to: string): string {
  const at = xml.indexOf(within);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(xml.indexOf(within, at + 1)).toBe(-1);
  const changed = within.replace(from, to);
  expect(changed.length).toBe(within.length);
  return xml.slice(0, at) + changed + xml.slice(at + within.length);
}

describe('verifier on the real authorized invoice', () => {
  it('accepts it and reports the embedded certificate', () => {
    const verdict = verifyXadesSignature(realInvoice);
    expect(verdict.valid).toBe(true);
    if (verdict.valid) expect(verdict.certificate.subject).toContain('0104459656');
  });

  it('accepts its bytes too', () => {
    expect(verifyXadesSignature(Buffer.from(realInvoice, 'utf8')).valid).toBe(true);
  });

  it('refuses it after one character of the document changes', () => {
    expectInvalid(
      alterOnce(realInvoice, '<razonSocialComprador>OMAR VELEZ<', 'Z', 'S'),
      /Resumen del comprobante/,
    );
  });

  it('refuses it after one character of the signed properties changes', () => {
    const time = /<xades:SigningTime>[^<]+<\/xades:SigningTime>/.exec(realInvoice)![0];
    expectInvalid(alterOnce(realInvoice, time, '-05:00', '-04:00'), /Resumen de #SignedProperties/);
  });

  it('refuses it after one character of the SignatureValue changes', () => {
    const value = /<ds:SignatureValue[^>]*>([^<]+)</.exec(realInvoice)![1]!;
    const flipped = `${value.slice(0, 4)}${value[4] === 'A' ? 'B' : 'A'}${value.slice(5)}`;
    const verdict = expectInvalid(alterOnce(realInvoice, value, value, flipped), /SignatureValue/);
    if (!verdict.valid)
      expect(verdict.info).toBe('La firma es invalida [Firma inválida (firma y/o certificados alterados)]');
  });

  it('refuses the Corporación Favorita download, whose KeyInfo digest does not match (REFERENCE §4)', () => {
    const favorita = readFileSync(
      path.join(
        SAMPLES_DIR,
        'factura_v1.1.0_real_1312202301179001691900122011070002060400460006816.extracted.xml',
      ),
      'utf8',
    );
    expectInvalid(favorita, /Resumen de #Certificate/);
  });

  it('refuses a document without a signature', () => {
    expectInvalid(buildInvoice().xml, /hay 0/);
  });
});

describe('verifier on documents from the test signer', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sri-signature-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** xmlsec1, with the recipe of REFERENCE §4. */
  function xmlsecVerifies(xml: string, root: string): boolean {
    const file = path.join(dir, `${root}-${Math.random().toString(36).slice(2)}.xml`);
    writeFileSync(file, xml);
    const args = [
      '--verify',
      '--id-attr:id',
      root,
      '--id-attr:Id',
      'http://uri.etsi.org/01903/v1.3.2#:SignedProperties',
    ];
    try {
      execFileSync('xmlsec1', [...args, '--insecure', file], { stdio: 'pipe' });
      return true;
    } catch {
      return false;
    }
  }

  it.each([
    ['factura', () => buildInvoice()],
    ['notaCredito', () => buildCreditNote()],
  ])('a signed %s passes both this verifier and xmlsec1', (root, build) => {
    const signed = signXml(build().xml, cert);
    expect(xmlsecVerifies(signed, root)).toBe(true);
    expect(verifyXadesSignature(signed).valid).toBe(true);
  });

  it('a document changed after signing fails both', () => {
    const signed = signXml(buildInvoice().xml, cert).replace(
      '<descripcion>Producto A1',
      '<descripcion>Producto A2',
    );
    expect(xmlsecVerifies(signed, 'factura')).toBe(false);
    expectInvalid(signed, /Resumen del comprobante/);
  });

  it('accepts the two-reference variant without a KeyInfo reference', () => {
    expect(
      verifyXadesSignature(signXml(buildInvoice().xml, cert, { omitKeyInfoReference: true })).valid,
    ).toBe(true);
  });

  it('refuses a signature made with a key other than the embedded certificate’s', () => {
    expectInvalid(signXml(buildInvoice().xml, cert, { signWithKeyPem: otherCert.keyPem }), /SignatureValue/);
  });

  it('refuses an RSAKeyValue that is not the certificate’s key', () => {
    const signed = signXml(buildInvoice().xml, cert);
    const otherModulus = /<ds:Modulus>([^<]+)</.exec(signXml(buildInvoice().xml, otherCert))![1]!;
    expectInvalid(signed.replace(/<ds:Modulus>[^<]+</, `<ds:Modulus>${otherModulus}<`), /RSAKeyValue/);
  });

  it('refuses a certificate swapped for another one', () => {
    const signed = signXml(buildInvoice().xml, cert);
    const otherDer = /<ds:X509Certificate>([^<]+)</.exec(signXml(buildInvoice().xml, otherCert))![1]!;
    const verdict = expectInvalid(
      signed.replace(/<ds:X509Certificate>[^<]+</, `<ds:X509Certificate>${otherDer}<`),
      /RSAKeyValue|CertDigest/,
    );
    expect(verdict.valid).toBe(false);
  });

  it('refuses an unreadable certificate with the real "No se pudo convertir" text', () => {
    const signed = signXml(buildInvoice().xml, cert).replace(
      /<ds:X509Certificate>[^<]+</,
      '<ds:X509Certificate>AAAA<',
    );
    const verdict = expectInvalid(signed, /X509Certificate/);
    if (!verdict.valid) expect(verdict.info).toBe('No se pudo convertir en Certificado X509');
  });

  it('refuses a serial number written in hexadecimal (XAdES wants decimal)', () => {
    const signed = signXml(buildInvoice().xml, cert);
    const serial = /<ds:X509SerialNumber>(\d+)</.exec(signed)![1]!;
    const verdict = expectInvalid(
      signed.replace(`>${serial}<`, `>${BigInt(serial).toString(16)}<`),
      /X509SerialNumber|SignedProperties/,
    );
    expect(verdict.valid).toBe(false);
  });

  it('refuses a second signature and a signature that is not the last child', () => {
    const signed = signXml(buildInvoice().xml, cert);
    const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed)![0];
    expectInvalid(signed.replace('</factura>', `${signature}</factura>`), /hay 2/);
    expectInvalid(
      signed.replace('</ds:Signature></factura>', '</ds:Signature><extra></extra></factura>'),
      /último hijo/,
    );
  });
});
