import { createHash, type KeyObject, verify, X509Certificate } from 'node:crypto';
import { XmlC14NMode, XmlDocument, XmlElement } from 'libxml2-wasm';

/**
 * Shared by the simulator (reception, error 39) and by the received-document check
 * (received-signature.ts).
 * XAdES-BES verification as the tax authority does it (REFERENCE §4): one enveloped ds:Signature,
 * last child of the root; inclusive C14N 1.0; references to the document (enveloped transform),
 * to the SignedProperties and (usually) to the KeyInfo, each digest recomputed; the SignatureValue
 * checked with the public key of the embedded X509Certificate (never a bare RSAKeyValue); the
 * XAdES SigningCertificate pointing at that same certificate. Canonicalization is libxml2's, the
 * implementation xmlsec1 uses, so this agrees with the REFERENCE §4 recipe.
 */

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const NS = { ds: DSIG };
const C14N_10 = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
/** SHA-1 is what every real authorized document uses; SHA-256 is accepted too (REFERENCE §4, "SHA-256?"). */
const SIGNATURE_METHODS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
};
const DIGESTS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
};
/** informacionAdicional texts of error 39 seen in real answers (ENVELOPES §4b). */
export const SIGNATURE_INFO = {
  signatureAltered: 'La firma es invalida [Firma inválida (firma y/o certificados alterados)]',
  noCertificate: 'No se pudo convertir en Certificado X509',
} as const;
const INFO = SIGNATURE_INFO;
const NOT_XADES = 'La información sobre el certificado de firma no se ajusta a XAdES';

export type SignatureVerdict =
  | { valid: true; certificate: X509Certificate }
  /** `info` goes into informacionAdicional; `detail` says exactly what failed (logs, tests). */
  | { valid: false; info: string; detail: string };

class Invalid extends Error {
  constructor(
    readonly info: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** Verifies a signed document given as text or bytes. */
export function verifyXadesSignature(xml: string | Uint8Array): SignatureVerdict {
  let doc: XmlDocument;
  try {
    doc = typeof xml === 'string' ? XmlDocument.fromString(xml) : XmlDocument.fromBuffer(xml);
  } catch (e) {
    return { valid: false, info: INFO.signatureAltered, detail: `XML mal formado: ${(e as Error).message}` };
  }
  try {
    return verifyParsedSignature(doc);
  } finally {
    doc.dispose();
  }
}

/** Verifies an already parsed document. It removes the signature from `doc` (enveloped transform). */
export function verifyParsedSignature(doc: XmlDocument): SignatureVerdict {
  try {
    return { valid: true, certificate: verifyOrThrow(doc) };
  } catch (e) {
    if (e instanceof Invalid) return { valid: false, info: e.info, detail: e.message };
    return { valid: false, info: INFO.signatureAltered, detail: (e as Error).message };
  }
}

function verifyOrThrow(doc: XmlDocument): X509Certificate {
  const root = doc.root;
  const signatures = doc.find('//ds:Signature', NS) as XmlElement[];
  if (signatures.length !== 1) fail(`Se esperaba una firma ds:Signature y hay ${signatures.length}`);
  const signature = signatures[0]!;
  if (!lastElementChild(root)?.isSameNode(signature)) fail('La firma no es el último hijo del elemento raíz');
  const signedInfo = one(signature, 'ds:SignedInfo');
  if (algorithmOf(signedInfo, 'ds:CanonicalizationMethod') !== C14N_10)
    fail('Canonicalización distinta de C14N 1.0');
  const signatureHash = SIGNATURE_METHODS[algorithmOf(signedInfo, 'ds:SignatureMethod')];
  if (!signatureHash) fail('Algoritmo de firma no admitido');
  const keyInfo = one(signature, 'ds:KeyInfo');
  const certificate = embeddedCertificate(keyInfo);
  checkKeyValue(keyInfo, certificate);
  checkSigningCertificate(signature, certificate);

  // Canonical forms are taken in context, before the enveloped transform changes the tree.
  const byId = elementsById(doc);
  let documentReference: { digest: string; expected: string } | null = null;
  let hasSignedProperties = false;
  for (const ref of signedInfo.find('ds:Reference', NS) as XmlElement[]) {
    const uri = ref.attr('URI')?.value ?? '';
    const id = uri.startsWith('#') ? uri.slice(1) : '';
    if (id === '') fail(`Referencia no admitida: URI="${uri}"`);
    const transforms = (ref.find('ds:Transforms/ds:Transform', NS) as XmlElement[]).map(
      (t) => t.attr('Algorithm')?.value,
    );
    const digest = DIGESTS[algorithmOf(ref, 'ds:DigestMethod')];
    if (!digest) fail(`Algoritmo de resumen no admitido en ${uri}`);
    const expected = one(ref, 'ds:DigestValue').content.replace(/\s+/g, '');
    const targets = byId.get(id) ?? [];
    // One element per Id, or a wrapped copy could be what gets hashed.
    if (targets.length !== 1) fail(`La referencia ${uri} apunta a ${targets.length} elementos`);
    const target = targets[0]!;
    if (target.isSameNode(root)) {
      if (!transforms.includes(ENVELOPED) || transforms.some((t) => t !== ENVELOPED && t !== C14N_10)) {
        fail('La referencia al comprobante debe usar solo la transformación enveloped');
      }
      documentReference = { digest, expected };
      continue;
    }
    if (transforms.some((t) => t !== C14N_10)) fail(`Transformación no admitida en ${uri}`);
    if (target.name === 'SignedProperties' && target.namespaceUri.startsWith('http://uri.etsi.org/01903/')) {
      hasSignedProperties = true;
    } else if (!target.isSameNode(keyInfo)) {
      fail(`La referencia ${uri} apunta a ${target.name}`);
    }
    const actual = hash(digest, canonical(doc, target));
    if (actual !== expected) fail(`Resumen de ${uri}: calculado ${actual}, firmado ${expected}`);
  }
  if (!hasSignedProperties) fail('Falta la referencia a SignedProperties (XAdES-BES)');
  if (documentReference === null) fail('Falta la referencia al comprobante (#comprobante)');

  const signedInfoC14n = canonical(doc, signedInfo);
  const signatureValue = Buffer.from(
    one(signature, 'ds:SignatureValue').content.replace(/\s+/g, ''),
    'base64',
  );
  if (!verify(signatureHash, Buffer.from(signedInfoC14n, 'utf8'), publicKeyOf(certificate), signatureValue)) {
    fail('SignatureValue no corresponde a SignedInfo con la clave del certificado');
  }
  signature.remove();
  const documentDigest = hash(documentReference.digest, canonical(doc, root));
  if (documentDigest !== documentReference.expected) {
    fail(`Resumen del comprobante: calculado ${documentDigest}, firmado ${documentReference.expected}`);
  }
  return certificate;
}

/**
 * Inclusive C14N 1.0 of the subtree at `element`, in context (inherited namespaces included).
 * The nodeSet form gives the same bytes as element.canonicalizeToString() at a third of the cost.
 */
function canonical(doc: XmlDocument, element: XmlElement): string {
  return doc.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_1_0, nodeSet: new Set([element]) });
}

/** Every element carrying an Id or id attribute, by value, in one pass over the document. */
function elementsById(doc: XmlDocument): Map<string, XmlElement[]> {
  const map = new Map<string, XmlElement[]>();
  for (const el of doc.find('//*[@Id or @id]') as XmlElement[]) {
    for (const name of ['Id', 'id']) {
      const value = el.attr(name)?.value;
      if (value !== undefined) map.set(value, [...(map.get(value) ?? []), el]);
    }
  }
  return map;
}

function fail(detail: string, info: string = INFO.signatureAltered): never {
  throw new Invalid(info, detail);
}

function one(parent: XmlElement, xpath: string): XmlElement {
  const found = parent.find(xpath, NS) as XmlElement[];
  if (found.length !== 1) fail(`Se esperaba un ${xpath} y hay ${found.length}`);
  return found[0]!;
}

function algorithmOf(parent: XmlElement, xpath: string): string {
  return one(parent, xpath).attr('Algorithm')?.value ?? '';
}

function hash(algorithm: string, text: string): string {
  return createHash(algorithm).update(text, 'utf8').digest('base64');
}

function lastElementChild(el: XmlElement): XmlElement | null {
  for (let n = el.lastChild; n !== null; n = n.prev) if (n instanceof XmlElement) return n;
  return null;
}

/**
 * Parsed certificates by their base64 text: an issuer signs every document with the same one, and
 * parsing it (and deriving its key and modulus) cost the simulator more than the signature check.
 * Bounded: emptied when it holds 256.
 */
const parsedCertificates = new Map<
  string,
  { certificate: X509Certificate; publicKey: KeyObject; modulus: Buffer }
>();

function parsedCertificate(base64: string) {
  const cached = parsedCertificates.get(base64);
  if (cached) return cached;
  const certificate = new X509Certificate(Buffer.from(base64, 'base64'));
  const publicKey = certificate.publicKey;
  const modulus =
    publicKey.asymmetricKeyType === 'rsa'
      ? Buffer.from(publicKey.export({ format: 'jwk' }).n ?? '', 'base64url')
      : Buffer.alloc(0);
  if (parsedCertificates.size >= 256) parsedCertificates.clear();
  const parsed = { certificate, publicKey, modulus };
  parsedCertificates.set(base64, parsed);
  byCertificate.set(certificate, parsed);
  return parsed;
}

const byCertificate = new WeakMap<X509Certificate, { publicKey: KeyObject; modulus: Buffer }>();

function embeddedCertificate(keyInfo: XmlElement): X509Certificate {
  const certs = keyInfo.find('ds:X509Data/ds:X509Certificate', NS) as XmlElement[];
  let certificate: X509Certificate;
  try {
    certificate = parsedCertificate(certs[0]!.content.replace(/\s+/g, '')).certificate;
  } catch {
    fail('ds:X509Certificate ausente o ilegible', INFO.noCertificate);
  }
  if (publicKeyOf(certificate).asymmetricKeyType !== 'rsa') fail('El certificado no tiene una clave RSA');
  return certificate;
}

/** The certificate's key, derived once per certificate. */
function publicKeyOf(certificate: X509Certificate): KeyObject {
  return byCertificate.get(certificate)?.publicKey ?? certificate.publicKey;
}

/** An RSAKeyValue, when present, must be the certificate's own key. */
function checkKeyValue(keyInfo: XmlElement, certificate: X509Certificate): void {
  const modulus = keyInfo.get('ds:KeyValue/ds:RSAKeyValue/ds:Modulus', NS);
  if (modulus === null) return;
  const fromCert =
    byCertificate.get(certificate)?.modulus ??
    Buffer.from(certificate.publicKey.export({ format: 'jwk' }).n ?? '', 'base64url');
  let fromXml = Buffer.from(modulus.content.replace(/\s+/g, ''), 'base64');
  while (fromXml.length > fromCert.length && fromXml[0] === 0) fromXml = fromXml.subarray(1);
  if (!fromXml.equals(fromCert)) fail('ds:RSAKeyValue no corresponde al certificado');
}

/** XAdES-BES SigningCertificate: CertDigest and decimal serial number of the embedded certificate. */
function checkSigningCertificate(signature: XmlElement, certificate: X509Certificate): void {
  const cert = signature.get(
    './/*[local-name()="SigningCertificate"]/*[local-name()="Cert"]',
  ) as XmlElement | null;
  if (cert === null) fail('Falta xades:SigningCertificate', NOT_XADES);
  const digestMethod = cert.get('*[local-name()="CertDigest"]/ds:DigestMethod', NS) as XmlElement | null;
  const algorithm = DIGESTS[digestMethod?.attr('Algorithm')?.value ?? ''];
  const digestValue = cert
    .get('*[local-name()="CertDigest"]/ds:DigestValue', NS)
    ?.content.replace(/\s+/g, '');
  if (!algorithm || digestValue !== createHash(algorithm).update(certificate.raw).digest('base64')) {
    fail('CertDigest no corresponde al certificado', NOT_XADES);
  }
  const serial = cert.get('*[local-name()="IssuerSerial"]/ds:X509SerialNumber', NS)?.content.trim() ?? '';
  if (!/^\d+$/.test(serial) || BigInt(serial) !== BigInt(`0x${certificate.serialNumber}`)) {
    fail('X509SerialNumber no corresponde al certificado (se escribe en decimal)', NOT_XADES);
  }
}
