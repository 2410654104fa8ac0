import { hash, randomUUID, sign } from 'node:crypto';
import { ecuadorTimestamp } from '../../shared/clock.js';
import type { SigningCertificate } from './p12.js';

/**
 * XAdES-BES enveloped signature in the tax authority's profile (docs/spec-map.md, SRI §4, laid out like the
 * real authorized sample): ds:Signature as the last child of the root, C14N 1.0 inclusive,
 * RSA-SHA1 and SHA1 digests, three references (SignedProperties, KeyInfo, #comprobante with only
 * the enveloped transform), KeyInfo with the certificate and its RSA key, and etsi v1.3.2
 * SignedProperties (SigningTime, SigningCertificate, DataObjectFormat).
 *
 * Nothing is parsed: the signature is written from a template already in canonical form, and each
 * digest is taken over the exact bytes inclusive C14N produces for that element in context, that
 * is with the xmlns:ds and xmlns:etsi declarations it inherits from ds:Signature written on it.
 */
const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const NS_ETSI = 'http://uri.etsi.org/01903/v1.3.2#';
/** Inclusive C14N renders every in-scope namespace on the apex of a subset, sorted by prefix. */
const IN_SCOPE_NS = `xmlns:ds="${NS_DS}" xmlns:etsi="${NS_ETSI}"`;
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const RSA_SHA1 = `${NS_DS}rsa-sha1`;
const SHA1 = `${NS_DS}sha1`;
const ENVELOPED = `${NS_DS}enveloped-signature`;
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';
const DIGEST_METHOD = `<ds:DigestMethod Algorithm="${SHA1}"></ds:DigestMethod>`;

/**
 * Signs a document built by a document type's `buildXml`. Its root element must already be in C14N
 * form (which the builders guarantee: types/common/canonical-xml.ts), with no namespace
 * declarations (the tax authority's schemas have none): the document digest is taken over those bytes directly.
 */
export function signDocumentXml(xml: string, cert: SigningCertificate, signingTime: Date): string {
  const root = locateRoot(xml);
  const id = randomUUID();
  const signatureId = `Signature-${id}`;
  const ids = {
    signedInfo: `${signatureId}-SignedInfo`,
    signedProperties: `${signatureId}-SignedProperties`,
    signedPropertiesRef: `${signatureId}-SignedPropertiesRef`,
    documentRef: `${signatureId}-DocumentRef`,
    signatureValue: `${signatureId}-SignatureValue`,
    object: `${signatureId}-Object`,
  };
  const parts = certificateParts(cert);

  const signedPropertiesBody =
    '<etsi:SignedSignatureProperties>' +
    `<etsi:SigningTime>${ecuadorTimestamp(signingTime)}</etsi:SigningTime>` +
    '<etsi:SigningCertificate><etsi:Cert><etsi:CertDigest>' +
    `${DIGEST_METHOD}<ds:DigestValue>${parts.certDigest}</ds:DigestValue></etsi:CertDigest>` +
    `<etsi:IssuerSerial><ds:X509IssuerName>${parts.issuerName}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${cert.serialDecimal}</ds:X509SerialNumber></etsi:IssuerSerial>` +
    '</etsi:Cert></etsi:SigningCertificate></etsi:SignedSignatureProperties>' +
    '<etsi:SignedDataObjectProperties>' +
    `<etsi:DataObjectFormat ObjectReference="#${ids.documentRef}">` +
    '<etsi:Description>contenido comprobante</etsi:Description><etsi:MimeType>text/xml</etsi:MimeType>' +
    '</etsi:DataObjectFormat></etsi:SignedDataObjectProperties></etsi:SignedProperties>';
  const signedPropertiesAttrs = `Id="${ids.signedProperties}"`;

  const signedInfoBody =
    `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${RSA_SHA1}"></ds:SignatureMethod>` +
    `<ds:Reference Id="${ids.signedPropertiesRef}" Type="${SIGNED_PROPERTIES_TYPE}" URI="#${ids.signedProperties}">` +
    `${DIGEST_METHOD}<ds:DigestValue>${sha1(`<etsi:SignedProperties ${IN_SCOPE_NS} ${signedPropertiesAttrs}>${signedPropertiesBody}`)}</ds:DigestValue></ds:Reference>` +
    `<ds:Reference URI="#${parts.keyInfoId}">` +
    `${DIGEST_METHOD}<ds:DigestValue>${parts.keyInfoDigest}</ds:DigestValue></ds:Reference>` +
    `<ds:Reference Id="${ids.documentRef}" URI="#comprobante">` +
    `<ds:Transforms><ds:Transform Algorithm="${ENVELOPED}"></ds:Transform></ds:Transforms>` +
    `${DIGEST_METHOD}<ds:DigestValue>${sha1(root.canonical)}</ds:DigestValue></ds:Reference></ds:SignedInfo>`;
  const signedInfoAttrs = `Id="${ids.signedInfo}"`;
  const signatureValue = sign(
    'RSA-SHA1',
    Buffer.from(`<ds:SignedInfo ${IN_SCOPE_NS} ${signedInfoAttrs}>${signedInfoBody}`, 'utf8'),
    cert.privateKey,
  ).toString('base64');

  const signature =
    `<ds:Signature ${IN_SCOPE_NS} Id="${signatureId}">` +
    `<ds:SignedInfo ${signedInfoAttrs}>${signedInfoBody}` +
    `<ds:SignatureValue Id="${ids.signatureValue}">${signatureValue}</ds:SignatureValue>` +
    parts.keyInfo +
    `<ds:Object Id="${ids.object}"><etsi:QualifyingProperties Target="#${signatureId}">` +
    `<etsi:SignedProperties ${signedPropertiesAttrs}>${signedPropertiesBody}` +
    '</etsi:QualifyingProperties></ds:Object></ds:Signature>';
  return xml.slice(0, root.closeAt) + signature + xml.slice(root.closeAt);
}

/** The root element (its canonical bytes) and where its end tag starts. */
function locateRoot(xml: string): { canonical: string; closeAt: number } {
  const start = /^(?:<\?xml[^>]*\?>)?\s*/.exec(xml)![0].length;
  const end = xml.trimEnd().length;
  const canonical = xml.slice(start, end);
  const name = /^<([A-Za-z_][\w.-]*)[ >]/.exec(canonical)?.[1];
  const closeTag = `</${name}>`;
  if (!name || !canonical.endsWith(closeTag)) throw new Error('signDocumentXml: no root element found');
  if (/^<[^>]*\sxmlns[:=]/.test(canonical))
    throw new Error('signDocumentXml: the root must not declare namespaces');
  // An enveloped signature would be the root's last child.
  if (canonical.endsWith(`</ds:Signature>${closeTag}`))
    throw new Error('signDocumentXml: the document is already signed');
  return { canonical, closeAt: end - closeTag.length };
}

interface CertificateParts {
  keyInfoId: string;
  /** ds:KeyInfo as written in the signature, and the digest of its canonical form in context. */
  keyInfo: string;
  keyInfoDigest: string;
  /** CertDigest: SHA1 of the DER certificate. */
  certDigest: string;
  issuerName: string;
}

const partsByCertificate = new WeakMap<SigningCertificate, CertificateParts>();

/**
 * What depends only on the certificate, computed once per certificate object. KeyInfo's Id is
 * derived from the certificate (ids need only be unique within the document), so the KeyInfo
 * element and its digest are the same for every document signed with it.
 */
function certificateParts(cert: SigningCertificate): CertificateParts {
  let parts = partsByCertificate.get(cert);
  if (parts) return parts;
  const derSha1 = hash('sha1', cert.certDer, 'buffer');
  const certDigest = derSha1.toString('base64');
  const keyInfoId = `Certificate-${derSha1.toString('hex')}`;
  const body =
    `<ds:X509Data><ds:X509Certificate>${cert.certBase64}</ds:X509Certificate></ds:X509Data>` +
    `<ds:KeyValue><ds:RSAKeyValue><ds:Modulus>${cert.modulusBase64}</ds:Modulus>` +
    `<ds:Exponent>${cert.exponentBase64}</ds:Exponent></ds:RSAKeyValue></ds:KeyValue></ds:KeyInfo>`;
  parts = {
    keyInfoId,
    keyInfo: `<ds:KeyInfo Id="${keyInfoId}">${body}`,
    keyInfoDigest: sha1(`<ds:KeyInfo ${IN_SCOPE_NS} Id="${keyInfoId}">${body}`),
    certDigest,
    issuerName: escapeText(cert.issuerName),
  };
  partsByCertificate.set(cert, parts);
  return parts;
}

/** SHA1 of the UTF-8 bytes (C14N output is UTF-8), base64. */
function sha1(canonical: string): string {
  return hash('sha1', canonical, 'base64');
}

/** C14N text escaping (the issuer name may hold `&`, `<` or `>`). */
function escapeText(value: string): string {
  return value.replace(/[&<>\r]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' })[c]!);
}
