import type { TestCertificate } from './certificates.js';
import type { FormValue } from './multipart.js';

/** Fixture data without any test-runner dependency (benchmarks use it too). */
let rucCounter = 100000;

/** A unique, well-formed RUC (10 digits + 001). */
export function nextRuc(): string {
  rucCounter += 1;
  return `17${String(process.pid % 100).padStart(2, '0')}${String(rucCounter).padStart(6, '0')}001`;
}

export function nextEmail(prefix = 'owner'): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function registrationFields(
  cert: TestCertificate,
  overrides: Record<string, FormValue | undefined> = {},
): Record<string, FormValue | undefined> {
  return {
    cert: { file: cert.p12, filename: 'firma.p12', contentType: 'application/x-pkcs12' },
    certPassword: cert.password,
    email: nextEmail(),
    ruc: nextRuc(),
    businessName: 'Comercial Pruebas Ñandú S.A.',
    tradeName: 'Pruebas & Cía',
    mainAddress: 'Av. Amazonas N34-451 y Juan Pablo Sanz, Quito',
    branchCode: '001',
    issuePointCode: '001',
    emissionType: '1',
    requiredAccounting: 'true',
    branchAddress: 'Av. Amazonas N34-451, Quito',
    documentTypes: ['01', '04'],
    ...overrides,
  };
}

export function bearer(apiKey: string): Record<string, string> {
  return { authorization: `Bearer ${apiKey}` };
}
