import { parseDdMmYyyy } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import type { Environment } from '../../shared/scope.js';
import { accessKeyCheckDigit } from '../documents/index.js';
import type { PurchaseFields } from './purchase-fields.js';

/**
 * The checks a received document passes before it counts (REFERENCE-PURCHASES §4.3): a
 * well-formed key of the caller's environment, consistent with the document, addressed to one of
 * the tenant's RUCs (or the cédula inside a natural person's RUC) and not issued by the tenant.
 */

export const ENV_DIGIT: Record<Environment, string> = { sandbox: '1', production: '2' };
const ENV_NAME: Record<string, string> = { '1': 'pruebas (sandbox)', '2': 'producción (production)' };

/** Why a key is malformed, or null when it is a well-formed key. */
export function accessKeyProblem(key: string): string | null {
  if (!/^\d+$/.test(key)) return 'must hold only digits';
  if (key.length !== 49) return `must be 49 digits, not ${key.length}`;
  const expected = accessKeyCheckDigit(key.slice(0, 48));
  if (expected !== key[48])
    return `check digit is ${key[48]}, the módulo 11 of the first 48 digits is ${expected}`;
  if (!parseDdMmYyyy(`${key.slice(0, 2)}/${key.slice(2, 4)}/${key.slice(4, 8)}`))
    return `positions 1-8 (${key.slice(0, 8)}) are not a date ddmmyyyy`;
  if (key[23] !== '1' && key[23] !== '2') return `position 24 (ambiente) is ${key[23]}, not 1 or 2`;
  return null;
}

/** ACCESS_KEY_INVALID or ACCESS_KEY_ENVIRONMENT_MISMATCH, or nothing. */
export function checkAccessKey(key: string, environment: Environment, path = 'accessKey'): void {
  const problem = accessKeyProblem(key);
  if (problem) {
    throw new AppError('ACCESS_KEY_INVALID', `The access key ${problem}`, {
      errors: [{ path, message: problem }],
    });
  }
  if (key[23] !== ENV_DIGIT[environment]) {
    throw new AppError(
      'ACCESS_KEY_ENVIRONMENT_MISMATCH',
      `The access key is of the ${ENV_NAME[key[23]!]} environment; this API key works in ${environment}`,
      {
        errors: [{ path, message: `ambiente ${key[23]} is not ${ENV_DIGIT[environment]} (${environment})` }],
      },
    );
  }
}

export interface TenantIdentity {
  ruc: string;
  issuerId: string | null;
}

/** A natural person's RUC (third digit 0-5) holds its owner's cédula in its first 10 digits. */
export const cedulaOf = (ruc: string) => (/^\d{2}[0-5]\d{7}001$/.test(ruc) ? ruc.slice(0, 10) : null);

/** The identity the document is addressed to, or PURCHASE_NOT_ADDRESSED naming both sides. */
export function addressee(
  fields: PurchaseFields,
  identities: TenantIdentity[],
): TenantIdentity & { receiverId: string } {
  if (identities.some((i) => i.ruc === fields.supplierRuc)) {
    throw new AppError(
      'PURCHASE_NOT_ADDRESSED',
      `The document was issued by your own RUC ${fields.supplierRuc}: it is a sale, not a purchase`,
    );
  }
  for (const r of fields.receivers) {
    for (const identity of identities) {
      const cedula = cedulaOf(identity.ruc);
      // Id type 05 (cédula) or none stated (a guía's destinatario).
      if (r.id === identity.ruc || (cedula !== null && r.id === cedula && (r.idType ?? '05') === '05')) {
        return { ...identity, receiverId: r.id };
      }
    }
  }
  const named = fields.receivers.map((r) => r.id).join(', ') || 'nobody';
  const ours = [...new Set(identities.map((i) => i.ruc))]
    .map((ruc) => (cedulaOf(ruc) ? `${ruc} (cédula ${cedulaOf(ruc)})` : ruc))
    .join(', ');
  throw new AppError(
    'PURCHASE_NOT_ADDRESSED',
    `The document is addressed to ${named}, not to your identification ${ours}`,
    {
      extra: {
        addressedTo: fields.receivers.map((r) => r.id),
        yourIdentifications: [...new Set(identities.map((i) => i.ruc))],
      },
    },
  );
}

/** The document's own key must be the one asked for (and the SRI answered for). */
export function checkSameKey(fields: PurchaseFields, key: string): void {
  if (fields.accessKey !== key) {
    throw new AppError(
      'PURCHASE_XML_INVALID',
      `The document inside states access key ${fields.accessKey || '(none)'}, not ${key}`,
    );
  }
}

/** Day 7 of the month after issue, end of the day in Ecuador: the online voiding window (§5). */
export function voidingWindowEnd(issueDateIso: string): Date {
  const [y, m] = issueDateIso.split('-').map(Number) as [number, number];
  // 8th 00:00 at -05:00 = 8th 05:00 UTC.
  return new Date(Date.UTC(y, m, 8, 5));
}
