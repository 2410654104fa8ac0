import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { AppError } from '../../shared/errors.js';
import { javaRfc2253Name } from './rfc2253.js';

/** What we keep of a signing certificate once its P12 has been opened. */
export interface SigningCertificate {
  /** DER bytes of the end-entity certificate. */
  certDer: Buffer;
  /** Base64 of certDer, as written into ds:X509Certificate. */
  certBase64: string;
  privateKey: KeyObject;
  /** SHA-256 fingerprint, colon-separated upper-case hex. */
  fingerprint: string;
  notBefore: Date;
  notAfter: Date;
  /** Decimal serial number, as XAdES IssuerSerial wants it. */
  serialDecimal: string;
  /** Issuer DN in the RFC 2253 form Java's X500Principal.getName("RFC2253") produces. */
  issuerName: string;
  subject: string;
  /** RSA public modulus and exponent, base64 (ds:RSAKeyValue). */
  modulusBase64: string;
  exponentBase64: string;
}

/**
 * Opens a PKCS#12 file with node-forge (the one parser that reads both legacy RC2/3DES and
 * modern AES/PBKDF2 files), picks the end-entity certificate whose public key matches the
 * private key, and checks what the tax authority checks: an RSA key, digital-signature usage,
 * a validity that covers `now`.
 * Errors: CERTIFICATE_INVALID (not a P12), CERTIFICATE_PASSWORD_INVALID, CERTIFICATE_KEY_NOT_FOUND,
 * CERTIFICATE_EXPIRED.
 */
export function readP12(p12: Buffer, password: string | undefined, now: Date): SigningCertificate {
  let asn1: forge.asn1.Asn1;
  try {
    // strict: declared lengths must fit the bytes, so a truncated upload is refused here.
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')), { strict: true } as never);
  } catch {
    throw new AppError(
      'CERTIFICATE_INVALID',
      'The certificate file is not a valid PKCS#12 (P12/PFX) archive',
    );
  }
  let store: forge.pkcs12.Pkcs12Pfx;
  try {
    store = forge.pkcs12.pkcs12FromAsn1(asn1, false, password ?? '');
  } catch (e) {
    const msg = (e as Error).message ?? '';
    // forge reports a wrong password as a MAC mismatch, or as a decryption/padding failure for files without a MAC.
    if (/MAC could not be verified|Invalid password|decrypt|padding/i.test(msg)) {
      // Named on its field, so a form shows it under the password (issue 31).
      throw new AppError('CERTIFICATE_PASSWORD_INVALID', 'The certificate password is wrong', {
        errors: [{ path: 'certPassword', message: 'is wrong for this certificate' }],
      });
    }
    throw new AppError(
      'CERTIFICATE_INVALID',
      'The certificate file is not a valid PKCS#12 (P12/PFX) archive',
    );
  }

  const keyBags = [
    ...(store.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag!] ??
      []),
    ...(store.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag!] ?? []),
  ];
  const certBags = store.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag!] ?? [];
  if (keyBags.length === 0 && certBags.length === 0) {
    // A truncated or damaged archive parses leniently into an empty store.
    throw new AppError(
      'CERTIFICATE_INVALID',
      'The certificate file is not a valid PKCS#12 (P12/PFX) archive',
    );
  }
  const rsaKeys = keyBags.map((b) => b.key).filter((k): k is forge.pki.rsa.PrivateKey => !!k && 'n' in k);
  if (rsaKeys.length === 0) {
    throw new AppError('CERTIFICATE_KEY_NOT_FOUND', 'The P12 holds no RSA private key to sign with');
  }

  // The end-entity certificate is the one whose modulus matches a private key (files from some
  // authorities also carry the CA chain, which must not be used).
  for (const bag of certBags) {
    const cert = bag.cert;
    if (!cert) continue;
    const pub = cert.publicKey as forge.pki.rsa.PublicKey;
    if (!pub || !('n' in pub)) continue;
    const key = rsaKeys.find((k) => k.n.equals(pub.n) && k.e.equals(pub.e));
    if (!key) continue;
    const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
    return describe(der, key, cert, now);
  }
  throw new AppError('CERTIFICATE_KEY_NOT_FOUND', 'No certificate in the P12 matches its private key');
}

function describe(
  der: Buffer,
  key: forge.pki.rsa.PrivateKey,
  cert: forge.pki.Certificate,
  now: Date,
): SigningCertificate {
  const x509 = new X509Certificate(der);
  const keyUsage = cert.getExtension('keyUsage') as {
    digitalSignature?: boolean;
    nonRepudiation?: boolean;
  } | null;
  if (keyUsage && !keyUsage.digitalSignature && !keyUsage.nonRepudiation) {
    throw new AppError(
      'CERTIFICATE_KEY_NOT_FOUND',
      'The certificate is not for digital signature (key usage)',
    );
  }
  const notBefore = new Date(x509.validFrom);
  const notAfter = new Date(x509.validTo);
  if (notAfter.getTime() <= now.getTime()) {
    throw new AppError('CERTIFICATE_EXPIRED', `The certificate expired on ${notAfter.toISOString()}`);
  }
  if (notBefore.getTime() > now.getTime()) {
    throw new AppError(
      'CERTIFICATE_INVALID',
      `The certificate is not valid before ${notBefore.toISOString()}`,
    );
  }
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key));
  const jwk = privateKey.export({ format: 'jwk' }) as { n: string; e: string };
  return {
    certDer: der,
    certBase64: der.toString('base64'),
    privateKey,
    fingerprint: x509.fingerprint256,
    notBefore,
    notAfter,
    serialDecimal: BigInt(`0x${x509.serialNumber}`).toString(10),
    issuerName: javaRfc2253Name(der, 'issuer'),
    subject: javaRfc2253Name(der, 'subject'),
    modulusBase64: Buffer.from(jwk.n, 'base64url').toString('base64'),
    exponentBase64: Buffer.from(jwk.e, 'base64url').toString('base64'),
  };
}
