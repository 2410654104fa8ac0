import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/**
 * A test certificate authority and a server certificate it signed for localhost, 127.0.0.1 and
 * ::1, generated at run time (keys from Node, certificates from node-forge). Clients trust the CA
 * through NODE_EXTRA_CA_CERTS, which Node reads once at process start: the vitest global setup
 * (tls-global-setup.ts) writes these files and sets the variable before the test workers are
 * forked; the webhook bench re-executes itself with it.
 */
export interface TlsFiles {
  dir: string;
  caFile: string;
  certFile: string;
  keyFile: string;
}

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey),
    privateKey: forge.pki.privateKeyFromPem(privateKey),
    privateKeyPem: privateKey,
  };
}

export function writeTestTls(dir: string): TlsFiles {
  mkdirSync(dir, { recursive: true });
  const now = Date.now();
  const ca = keyPair();
  const caCert = forge.pki.createCertificate();
  // A name of its own: OpenSSL finds an issuer by name, so two CAs named alike in one trust bundle
  // (a setup run twice, a developer's NODE_EXTRA_CA_CERTS) fail with CERT_SIGNATURE_FAILURE.
  const caName = [{ shortName: 'CN', value: `einvoice-ec test webhook CA ${path.basename(dir)}` }];
  caCert.publicKey = ca.publicKey;
  caCert.serialNumber = '01';
  caCert.validity.notBefore = new Date(now - 3600_000);
  caCert.validity.notAfter = new Date(now + 30 * 86_400_000);
  caCert.setSubject(caName);
  caCert.setIssuer(caName);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const server = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = server.publicKey;
  cert.serialNumber = '02';
  cert.validity.notBefore = new Date(now - 3600_000);
  cert.validity.notAfter = new Date(now + 30 * 86_400_000);
  cert.setSubject([{ shortName: 'CN', value: 'localhost' }]);
  cert.setIssuer(caName);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '::1' },
      ],
    },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());

  const files = {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    certFile: path.join(dir, 'server-cert.pem'),
    keyFile: path.join(dir, 'server-key.pem'),
  };
  writeFileSync(files.caFile, forge.pki.certificateToPem(caCert));
  writeFileSync(files.certFile, forge.pki.certificateToPem(cert));
  writeFileSync(files.keyFile, server.privateKeyPem, { mode: 0o600 });
  return files;
}

/** The files the global setup wrote (TEST_TLS_DIR). */
export function testTlsFiles(): TlsFiles {
  const dir = process.env.TEST_TLS_DIR;
  if (!dir) throw new Error('TEST_TLS_DIR is not set: run the tests through vitest (tls-global-setup.ts)');
  return {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    certFile: path.join(dir, 'server-cert.pem'),
    keyFile: path.join(dir, 'server-key.pem'),
  };
}
