import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import forge from 'node-forge';

/**
 * Signing certificates generated at test time: legacy (3DES) and modern (AES-256) P12 files,
 * expired, not-for-signing, with a CA chain, corrupt. RSA keys are reused across certificates:
 * a test run generates them once for every file (keys-global-setup.ts, TEST_RSA_KEYS_FILE); a
 * process outside a run (a bench) generates those it uses.
 */
export const TEST_KEYS_ENV = 'TEST_RSA_KEYS_FILE';
export const RSA_KEY_OPTIONS = {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
} as const;

type PemKeyPair = { publicKey: string; privateKey: string };
let keyCache: PemKeyPair[] | undefined;
function rsaKeyPair(index: number) {
  keyCache ??= runKeys();
  while (keyCache.length <= index) keyCache.push(generateKeyPairSync('rsa', RSA_KEY_OPTIONS));
  return keyCache[index]!;
}

function runKeys(): PemKeyPair[] {
  const file = process.env[TEST_KEYS_ENV];
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PemKeyPair[]) : [];
}

export interface TestCertificate {
  p12: Buffer;
  password: string;
  certPem: string;
  keyPem: string;
  caPem: string | null;
  fingerprint: string;
  notAfter: Date;
}

export interface CertOptions {
  commonName?: string;
  ruc?: string;
  password?: string;
  /** '3des' is the legacy layout most Ecuadorian authorities still ship; 'aes256' the modern one. */
  algorithm?: '3des' | 'aes256';
  notBefore?: Date;
  notAfter?: Date;
  /** The time the default validity is around (a day before to two years after): the test clock's now. */
  now?: Date;
  digitalSignature?: boolean;
  /** Sign with a test CA and put the CA certificate into the P12 too (first). */
  withChain?: boolean;
  /** Which cached RSA key to use: different indexes give different certificates' keys. */
  keyIndex?: number;
  serial?: string;
}

let serialCounter = 1000;

export function makeCertificate(opts: CertOptions = {}): TestCertificate {
  const password = opts.password ?? 'test-password';
  const keys = rsaKeyPair(opts.keyIndex ?? 0);
  const privateKey = forge.pki.privateKeyFromPem(keys.privateKey) as forge.pki.rsa.PrivateKey;
  const publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  const now = (opts.now ?? new Date()).getTime();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // DER INTEGER: minimal and positive, so no leading zero byte and a first byte below 0x80.
  cert.serialNumber = opts.serial ?? (0x10000000 + serialCounter++).toString(16);
  cert.validity.notBefore = opts.notBefore ?? new Date(now - 24 * 3600_000);
  cert.validity.notAfter = opts.notAfter ?? new Date(now + 2 * 365 * 24 * 3600_000);
  const subject = [
    { shortName: 'CN', value: opts.commonName ?? 'PRUEBAS SRI TEST' },
    { name: 'serialNumber', value: `IDCEC-${(opts.ruc ?? '1790011674001').slice(0, 10)}` },
    { shortName: 'O', value: 'EMPRESA DE PRUEBAS S.A.' },
    { shortName: 'C', value: 'EC' },
  ];
  cert.setSubject(subject);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false },
    {
      name: 'keyUsage',
      digitalSignature: opts.digitalSignature ?? true,
      nonRepudiation: opts.digitalSignature ?? true,
      keyEncipherment: true,
    },
  ];
  let caPem: string | null = null;
  let caCert: forge.pki.Certificate | null = null;
  if (opts.withChain) {
    const caKeys = rsaKeyPair(9);
    caCert = forge.pki.createCertificate();
    caCert.publicKey = forge.pki.publicKeyFromPem(caKeys.publicKey);
    caCert.serialNumber = '01';
    caCert.validity.notBefore = new Date(now - 365 * 24 * 3600_000);
    caCert.validity.notAfter = new Date(now + 10 * 365 * 24 * 3600_000);
    const caName = [
      { shortName: 'CN', value: 'AUTORIDAD DE CERTIFICACION SUBCA-2 PRUEBAS' },
      { shortName: 'OU', value: 'ENTIDAD DE CERTIFICACION DE INFORMACION' },
      { shortName: 'O', value: 'PRUEBAS DATA S.A. 2' },
      { shortName: 'C', value: 'EC' },
    ];
    caCert.setSubject(caName);
    caCert.setIssuer(caName);
    caCert.setExtensions([
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true },
    ]);
    const caPriv = forge.pki.privateKeyFromPem(caKeys.privateKey);
    caCert.sign(caPriv, forge.md.sha256.create());
    cert.setIssuer(caName);
    cert.setExtensions(extensions);
    cert.sign(caPriv, forge.md.sha256.create());
    caPem = forge.pki.certificateToPem(caCert);
  } else {
    cert.setIssuer(subject);
    cert.setExtensions(extensions);
    cert.sign(privateKey, forge.md.sha256.create());
  }
  const chain = caCert ? [caCert, cert] : [cert];
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, chain, password, {
    algorithm: opts.algorithm ?? '3des',
    friendlyName: 'signing',
  });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  const certPem = forge.pki.certificateToPem(cert);
  const x509 = new X509Certificate(certPem);
  return {
    p12,
    password,
    certPem,
    keyPem: keys.privateKey,
    caPem,
    fingerprint: x509.fingerprint256,
    notAfter: new Date(x509.validTo),
  };
}

/** Not a P12 at all. */
export const CORRUPT_P12 = Buffer.from('this is not a PKCS#12 file, just text pretending to be one');
