import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { C14nCanonicalization, SignedXml } from 'xml-crypto';
import { readP12 } from '../../src/adapters/signing/p12.js';
import { signDocumentXml } from '../../src/adapters/signing/xades.js';
import { makeCertificate } from '../helpers/certificates.js';
import { buildDocumentXml, CASES, rootName, schemaOf } from './fixtures.js';
import { parseXml, validateWithSchema, type XmlNode, xmlsecVerify } from './xml-tools.js';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const ETSI = 'http://uri.etsi.org/01903/v1.3.2#';
const SIGNING_TIME = new Date('2026-03-15T14:03:04.567Z');

const issued = makeCertificate({ withChain: true, commonName: 'JUAN PÉREZ, FIRMA & SELLO' });
const cert = readP12(issued.p12, issued.password, new Date());
const otherKey = makeCertificate({ keyIndex: 1 });

/** The signature as a string, cut out of the signed XML. */
const SIGNATURE_RE = /<ds:Signature [\s\S]*<\/ds:Signature>/;

function xmlCryptoVerifies(xml: string, certPem = issued.certPem): boolean {
  const doc = parseXml(xml);
  const signature = doc.getElementsByTagNameNS(DS, 'Signature')[0]!;
  const verifier = new SignedXml({ publicCert: certPem });
  verifier.loadSignature(signature as never);
  try {
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}

/** Namespace declarations in scope at `node`, nearest first, as inclusive C14N inherits them. */
function inScopeNamespaces(node: XmlNode): { prefix: string; namespaceURI: string }[] {
  const found = new Map<string, string>();
  for (let n = node.parentNode; n && n.nodeName !== '#document'; n = n.parentNode) {
    const attrs = (n as unknown as { attributes: ArrayLike<{ name: string; value: string }> }).attributes;
    for (const a of Array.from(attrs)) {
      const prefix = a.name === 'xmlns' ? '' : a.name.startsWith('xmlns:') ? a.name.slice(6) : null;
      if (prefix !== null && !found.has(prefix)) found.set(prefix, a.value);
    }
  }
  return [...found].map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

function canonicalInContext(node: XmlNode): string {
  return new C14nCanonicalization().process(node as never, { ancestorNamespaces: inScopeNamespaces(node) });
}

const sha1 = (s: string | Buffer) => createHash('sha1').update(s).digest('base64');
const all = (node: XmlNode, ns: string, tag: string) => Array.from(node.getElementsByTagNameNS(ns, tag));
const first = (node: XmlNode, ns: string, tag: string) => all(node, ns, tag)[0]!;

describe('signDocumentXml', () => {
  for (const { name, model } of CASES) {
    describe(name, () => {
      const unsigned = buildDocumentXml(model);
      const signed = signDocumentXml(unsigned, cert, SIGNING_TIME);
      const root = rootName(model);

      it('verifies with xmlsec1 in the tax authority recipe: 3 of 3 references', () => {
        const result = xmlsecVerify(signed, root);
        expect(result.stderr).toMatch(/^OK$/m);
        expect(result.stderr).toContain('SignedInfo References (ok/all): 3/3');
        expect(result.status).toBe(0);
      });

      it("verifies with xmlsec1 using only the certificate's own key", () => {
        const result = xmlsecVerify(signed, root, issued.certPem);
        expect(result.stderr).toMatch(/^OK$/m);
        expect(result.status).toBe(0);
      });

      it('verifies with xml-crypto', () => {
        expect(xmlCryptoVerifies(signed)).toBe(true);
      });

      it('leaves the document untouched and still valid once the signature is taken out', () => {
        expect(signed.replace(SIGNATURE_RE, '')).toBe(unsigned);
        expect(signed.endsWith(`</ds:Signature></${root}>`)).toBe(true);
        expect(validateWithSchema(signed.replace(SIGNATURE_RE, ''), schemaOf(model)).status).toBe(0);
      });

      it('digests exactly what xml-crypto canonicalization produces, in context', () => {
        const doc = parseXml(signed);
        const digestOf = (uri: string) => {
          const ref = all(doc, DS, 'Reference').find((r) => r.getAttribute('URI') === uri)!;
          return first(ref, DS, 'DigestValue').textContent;
        };
        const signedProperties = first(doc, ETSI, 'SignedProperties');
        expect(sha1(canonicalInContext(signedProperties))).toBe(
          digestOf(`#${signedProperties.getAttribute('Id')}`),
        );
        const keyInfo = first(doc, DS, 'KeyInfo');
        expect(sha1(canonicalInContext(keyInfo))).toBe(digestOf(`#${keyInfo.getAttribute('Id')}`));

        const signature = first(doc, DS, 'Signature');
        const signedInfo = canonicalInContext(first(signature, DS, 'SignedInfo'));
        const signatureValue = Buffer.from(first(signature, DS, 'SignatureValue').textContent!, 'base64');
        expect(
          verify('RSA-SHA1', Buffer.from(signedInfo), createPublicKey(issued.certPem), signatureValue),
        ).toBe(true);

        const documentDigest = digestOf('#comprobante');
        doc.documentElement.removeChild(signature);
        const document = new C14nCanonicalization().process(doc.documentElement as never, {});
        expect(sha1(document)).toBe(documentDigest);
      });
    });
  }

  describe('structure (docs/spec-map.md, SRI §4)', () => {
    const { model } = CASES[0]!;
    const signed = signDocumentXml(buildDocumentXml(model), cert, SIGNING_TIME);
    const doc = parseXml(signed);
    const signature = first(doc, DS, 'Signature');
    const x509 = new X509Certificate(issued.certPem);

    it('is the last child of the root and declares ds and etsi v1.3.2', () => {
      expect(doc.documentElement.lastChild).toBe(signature);
      expect(signed).toMatch(
        /<ds:Signature xmlns:ds="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#" xmlns:etsi="http:\/\/uri\.etsi\.org\/01903\/v1\.3\.2#" Id="/,
      );
    });

    it('uses C14N 1.0, RSA-SHA1 and SHA1, with three references in the order of the real sample', () => {
      expect(first(signature, DS, 'CanonicalizationMethod').getAttribute('Algorithm')).toBe(
        'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
      );
      expect(first(signature, DS, 'SignatureMethod').getAttribute('Algorithm')).toBe(`${DS}rsa-sha1`);
      const digestMethods = all(signature, DS, 'DigestMethod').map((d) => d.getAttribute('Algorithm'));
      expect(new Set(digestMethods)).toEqual(new Set([`${DS}sha1`]));
      const refs = all(signature, DS, 'Reference');
      const signedProperties = first(signature, ETSI, 'SignedProperties');
      const keyInfo = first(signature, DS, 'KeyInfo');
      // xmldom answers '' for a missing attribute
      expect(refs.map((r) => [r.getAttribute('Type'), r.getAttribute('URI')])).toEqual([
        ['http://uri.etsi.org/01903#SignedProperties', `#${signedProperties.getAttribute('Id')}`],
        ['', `#${keyInfo.getAttribute('Id')}`],
        ['', '#comprobante'],
      ]);
      expect(all(refs[2]!, DS, 'Transform').map((t) => t.getAttribute('Algorithm'))).toEqual([
        `${DS}enveloped-signature`,
      ]);
      expect(all(refs[0]!, DS, 'Transform')).toHaveLength(0);
      expect(all(refs[1]!, DS, 'Transform')).toHaveLength(0);
    });

    it("carries the certificate and the certificate's own RSA modulus and exponent", () => {
      expect(first(signature, DS, 'X509Certificate').textContent).toBe(x509.raw.toString('base64'));
      const jwk = x509.publicKey.export({ format: 'jwk' }) as { n: string; e: string };
      expect(first(signature, DS, 'Modulus').textContent).toBe(
        Buffer.from(jwk.n, 'base64url').toString('base64'),
      );
      expect(first(signature, DS, 'Exponent').textContent).toBe('AQAB');
    });

    it('signs the time in Ecuador, the certificate digest, issuer (Java RFC 2253) and decimal serial', () => {
      expect(first(signature, ETSI, 'SigningTime').textContent).toBe('2026-03-15T09:03:04-05:00');
      expect(first(first(signature, ETSI, 'CertDigest'), DS, 'DigestValue').textContent).toBe(sha1(x509.raw));
      // The test CA writes CN first in DER; RFC 2253 lists the RDNs in reverse, so C comes first here.
      expect(first(signature, DS, 'X509IssuerName').textContent).toBe(
        'C=EC,O=PRUEBAS DATA S.A. 2,OU=ENTIDAD DE CERTIFICACION DE INFORMACION,CN=AUTORIDAD DE CERTIFICACION SUBCA-2 PRUEBAS',
      );
      expect(first(signature, DS, 'X509SerialNumber').textContent).toBe(
        BigInt(`0x${x509.serialNumber}`).toString(10),
      );
    });

    it('points the qualifying properties at the signature and the data object format at the document reference', () => {
      expect(first(signature, ETSI, 'QualifyingProperties').getAttribute('Target')).toBe(
        `#${signature.getAttribute('Id')}`,
      );
      const format = first(signature, ETSI, 'DataObjectFormat');
      const documentRef = all(signature, DS, 'Reference').find(
        (r) => r.getAttribute('URI') === '#comprobante',
      )!;
      expect(format.getAttribute('ObjectReference')).toBe(`#${documentRef.getAttribute('Id')}`);
      expect(first(format, ETSI, 'Description').textContent).toBe('contenido comprobante');
      expect(first(format, ETSI, 'MimeType').textContent).toBe('text/xml');
    });

    it('gives every signature its own ids', () => {
      const again = signDocumentXml(buildDocumentXml(model), cert, SIGNING_TIME);
      const idOf = (xml: string) => /<ds:Signature [^>]*Id="([^"]+)"/.exec(xml)![1];
      expect(idOf(again)).not.toBe(idOf(signed));
      expect(xmlsecVerify(again, 'factura').status).toBe(0);
    });
  });

  describe('tampering', () => {
    const invoice = CASES[0]!.model;
    const creditNote = CASES.find((c) => c.model.documentType === '04')!.model;
    const signedInvoice = signDocumentXml(buildDocumentXml(invoice), cert, SIGNING_TIME);
    const signedCreditNote = signDocumentXml(buildDocumentXml(creditNote), cert, SIGNING_TIME);

    const expectRejected = (xml: string, root: string) => {
      expect(xmlsecVerify(xml, root).status).not.toBe(0);
      expect(xmlsecVerify(xml, root, issued.certPem).status).not.toBe(0);
      expect(xmlCryptoVerifies(xml)).toBe(false);
    };

    it('rejects an invoice whose importeTotal changed by a cent after signing', () => {
      const total = `<importeTotal>${invoice.totals.total}</importeTotal>`;
      expect(signedInvoice).toContain(total);
      expectRejected(signedInvoice.replace(total, '<importeTotal>65.10</importeTotal>'), 'factura');
    });

    it('rejects a credit note whose valorModificacion changed after signing', () => {
      const total = `<valorModificacion>${creditNote.totals.total}</valorModificacion>`;
      expect(signedCreditNote).toContain(total);
      expectRejected(
        signedCreditNote.replace(total, '<valorModificacion>1.00</valorModificacion>'),
        'notaCredito',
      );
    });

    it('rejects a changed signing time (the signed properties are covered)', () => {
      expectRejected(
        signedInvoice.replace('2026-03-15T09:03:04-05:00', '2026-03-14T09:03:04-05:00'),
        'factura',
      );
    });

    it("rejects a signature checked against another certificate's key", () => {
      expect(xmlsecVerify(signedInvoice, 'factura', otherKey.certPem).status).not.toBe(0);
      expect(xmlCryptoVerifies(signedInvoice, otherKey.certPem)).toBe(false);
    });
  });

  it('refuses input without a root element, with a namespaced root, or already signed', () => {
    expect(() => signDocumentXml('<?xml version="1.0"?>', cert, SIGNING_TIME)).toThrow(/no root/);
    expect(() =>
      signDocumentXml('<factura xmlns="urn:x" id="comprobante"></factura>', cert, SIGNING_TIME),
    ).toThrow(/namespaces/);
    const signed = signDocumentXml(buildDocumentXml(CASES[0]!.model), cert, SIGNING_TIME);
    expect(() => signDocumentXml(signed, cert, SIGNING_TIME)).toThrow(/already signed/);
  });

  it('accepts a line break after the XML declaration', () => {
    const xml = buildDocumentXml(CASES[1]!.model).replace('?>', '?>\n');
    expect(xmlsecVerify(signDocumentXml(xml, cert, SIGNING_TIME), 'factura').status).toBe(0);
  });
});
