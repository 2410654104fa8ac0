/**
 * `npm run sandbox:cert -- [file.p12] [password] [ruc]`: a self-signed signing certificate for
 * trying the service in sandbox without a real one. The tax authority simulator verifies the
 * signature with the certificate embedded in the XML, so documents signed with it are authorized
 * there; the real tax authority would refuse it (39 FIRMA INVALIDA).
 */
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { publicBaseUrlOf } from './config/config.js';

export interface SandboxCertificate {
  p12: Buffer;
  fingerprint: string;
  notAfter: Date;
}

/** RSA 2048, SHA-256, digital signature and non-repudiation, two years, legacy 3DES P12 layout. */
export function makeSandboxCertificate(opts: {
  password: string;
  ruc: string;
  name?: string;
}): SandboxCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive DER INTEGER: first byte below 0x80.
  cert.serialNumber = `1${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 3_600_000);
  cert.validity.notAfter = new Date(now + 2 * 365 * 86_400_000);
  const subject = [
    { shortName: 'CN', value: opts.name ?? 'FIRMA DE PRUEBAS EINVOICE-EC' },
    { name: 'serialNumber', value: `IDCEC-${opts.ruc.slice(0, 10)}` },
    { shortName: 'O', value: 'SANDBOX' },
    { shortName: 'C', value: 'EC' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], opts.password, {
    algorithm: '3des',
    friendlyName: 'signing',
  });
  const x509 = new X509Certificate(forge.pki.certificateToPem(cert));
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    fingerprint: x509.fingerprint256,
    notAfter: new Date(x509.validTo),
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith('sandbox-cert-cli.ts');
if (isMain) {
  const [name = 'firma-prueba.p12', password = 'prueba123', ruc = '1790011674001'] = process.argv.slice(2);
  // npm runs scripts in the package's folder; INIT_CWD is where `npm run` was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
  const shown = name; // as typed: relative to where the user is
  let base: string;
  try {
    base = publicBaseUrlOf();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  if (!/^\d{13}$/.test(ruc)) {
    console.error(`The RUC must be 13 digits, got "${ruc}"`);
    process.exit(2);
  }
  if (existsSync(file)) {
    console.error(`${shown} exists already; give another file name: npm run sandbox:cert -- other.p12`);
    process.exit(2);
  }
  const made = makeSandboxCertificate({ password, ruc });
  writeFileSync(file, made.p12, { mode: 0o600 });
  console.log(
    `Wrote ${shown} (password "${password}", expires ${made.notAfter.toISOString().slice(0, 10)}).`,
  );
  console.log('A self-signed certificate for the sandbox only: the real tax authority refuses it.');
  console.log('Register with it:');
  console.log(
    `  curl -s ${base}/v1/register -F cert=@${shown} -F certPassword=${password} \\\n` +
      `    -F email=you@example.com -F ruc=${ruc} -F businessName="Mi Empresa S.A." \\\n` +
      '    -F mainAddress="Av. Amazonas N23-45, Quito" \\\n' +
      '    -F branchCode=001 -F issuePointCode=001 -F emissionType=1 -F requiredAccounting=true \\\n' +
      '    -F documentTypes=01 -F documentTypes=04',
  );
  console.log(`or sign up in the web app at ${base}/ with the same file.`);
}
