import type { TestCertificate } from './certificates.js';
import type { FormValue } from './multipart.js';

/** Fixture data without any test-runner dependency (benchmarks use it too). */
let rucCounter = 100000;

/**
 * A person's RUC (Pichincha, third digit 0–5) with a right check digit (shared/id-check.ts),
 * unique per process and call.
 */
export function nextRuc(): string {
  rucCounter += 1;
  const nine = `17${Math.floor((process.pid % 60) / 10)}${process.pid % 10}${String(rucCounter % 100000).padStart(5, '0')}`;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const p = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    sum += p > 9 ? p - 9 : p;
  }
  return `${nine}${(10 - (sum % 10)) % 10}001`;
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
