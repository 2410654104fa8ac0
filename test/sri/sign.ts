import { createHash, randomUUID, sign, X509Certificate } from 'node:crypto';

/**
 * Test-only XAdES-BES signer with the three-reference layout of REFERENCE §4 (SignedProperties,
 * KeyInfo, document with the enveloped transform; RSA-SHA1, SHA1, inclusive C14N 1.0). It needs
 * the document already in canonical form (test/sri/fixtures.ts writes it so) and writes every
 * signature part canonically too, so the digests are plain hashes of the strings: nothing here
 * shares code with the simulator's verifier. xmlsec1 checks the output (signature.test.ts).
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const ETSI = 'http://uri.etsi.org/01903/v1.3.2#';
const NS_DECLS = ` xmlns:ds="${DS}" xmlns:etsi="${ETSI}"`;
const SHA1 = `${DS}sha1`;

export interface SigningKey {
  certPem: string;
  keyPem: string;
}

export interface SignOptions {
  signingTime?: string;
  /** Sign with this key while embedding `certPem` (a forged or mismatched signature). */
  signWithKeyPem?: string;
  /** Leave out the KeyInfo reference (the 2-reference variant some signers use). */
  omitKeyInfoReference?: boolean;
}

const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('base64');
/** The element as inclusive C14N renders it in context: the inherited ds/etsi declarations on its start tag. */
const inContext = (element: string) => element.replace(/^<([\w:]+)/, `<$1${NS_DECLS}`);

export function signXml(canonicalRoot: string, key: SigningKey, options: SignOptions = {}): string {
  const cert = new X509Certificate(key.certPem);
  const jwk = cert.publicKey.export({ format: 'jwk' });
  const id = randomUUID().slice(0, 8);
  const sigId = `Signature${id}`;
  const spId = `${sigId}-SignedProperties`;
  const kiId = `Certificate${id}`;
  const docRefId = `Reference-ID-${id}`;
  const issuer = cert.issuer.split('\n').reverse().join(',');

  const keyInfo =
    `<ds:KeyInfo Id="${kiId}"><ds:X509Data><ds:X509Certificate>${cert.raw.toString('base64')}</ds:X509Certificate></ds:X509Data>` +
    `<ds:KeyValue><ds:RSAKeyValue><ds:Modulus>${Buffer.from(jwk.n!, 'base64url').toString('base64')}</ds:Modulus>` +
    `<ds:Exponent>${Buffer.from(jwk.e!, 'base64url').toString('base64')}</ds:Exponent></ds:RSAKeyValue></ds:KeyValue></ds:KeyInfo>`;
  const signedProperties =
    `<etsi:SignedProperties Id="${spId}"><etsi:SignedSignatureProperties>` +
    `<etsi:SigningTime>${options.signingTime ?? '2026-01-15T10:00:00-05:00'}</etsi:SigningTime>` +
    `<etsi:SigningCertificate><etsi:Cert><etsi:CertDigest><ds:DigestMethod Algorithm="${SHA1}"></ds:DigestMethod>` +
    `<ds:DigestValue>${sha1(cert.raw)}</ds:DigestValue></etsi:CertDigest><etsi:IssuerSerial>` +
    `<ds:X509IssuerName>${issuer}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${BigInt(`0x${cert.serialNumber}`).toString()}</ds:X509SerialNumber>` +
    '</etsi:IssuerSerial></etsi:Cert></etsi:SigningCertificate></etsi:SignedSignatureProperties>' +
    `<etsi:SignedDataObjectProperties><etsi:DataObjectFormat ObjectReference="#${docRefId}">` +
    '<etsi:Description>contenido comprobante</etsi:Description><etsi:MimeType>text/xml</etsi:MimeType>' +
    '</etsi:DataObjectFormat></etsi:SignedDataObjectProperties></etsi:SignedProperties>';

  const reference = (attrs: string, transforms: string, digest: string) =>
    `<ds:Reference ${attrs}>${transforms}<ds:DigestMethod Algorithm="${SHA1}"></ds:DigestMethod>` +
    `<ds:DigestValue>${digest}</ds:DigestValue></ds:Reference>`;
  const signedInfo =
    `<ds:SignedInfo Id="Signature-SignedInfo${id}">` +
    '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"></ds:CanonicalizationMethod>' +
    `<ds:SignatureMethod Algorithm="${DS}rsa-sha1"></ds:SignatureMethod>` +
    reference(
      `Id="SignedPropertiesID${id}" Type="http://uri.etsi.org/01903#SignedProperties" URI="#${spId}"`,
      '',
      sha1(inContext(signedProperties)),
    ) +
    (options.omitKeyInfoReference ? '' : reference(`URI="#${kiId}"`, '', sha1(inContext(keyInfo)))) +
    reference(
      `Id="${docRefId}" URI="#comprobante"`,
      `<ds:Transforms><ds:Transform Algorithm="${DS}enveloped-signature"></ds:Transform></ds:Transforms>`,
      sha1(canonicalRoot),
    ) +
    '</ds:SignedInfo>';
  const signatureValue = sign(
    'sha1',
    Buffer.from(inContext(signedInfo), 'utf8'),
    options.signWithKeyPem ?? key.keyPem,
  );

  const signature =
    `<ds:Signature${NS_DECLS} Id="${sigId}">${signedInfo}` +
    `<ds:SignatureValue Id="SignatureValue${id}">${signatureValue.toString('base64')}</ds:SignatureValue>${keyInfo}` +
    `<ds:Object Id="${sigId}-Object"><etsi:QualifyingProperties Target="#${sigId}">${signedProperties}` +
    '</etsi:QualifyingProperties></ds:Object></ds:Signature>';
  const close = canonicalRoot.lastIndexOf('</');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${canonicalRoot.slice(0, close)}${signature}${canonicalRoot.slice(close)}`;
}
