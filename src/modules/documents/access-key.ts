import { randomInt } from 'node:crypto';
import { parseDdMmYyyy } from '../../shared/clock.js';
import type { Environment } from '../../shared/document-model.js';

/**
 * The 49-digit clave de acceso (docs/spec-map.md, SRI §5): fechaEmision ddmmaaaa (8), codDoc (2), RUC (13),
 * ambiente (1), estab + ptoEmi (6), secuencial (9), código numérico (8), tipoEmision (1) and a
 * módulo 11 check digit (1). The tax authority refuses a key whose parts or check digit are wrong
 * (errors 58 and 80).
 */
export interface AccessKeyParts {
  /** DD/MM/YYYY. */
  issueDate: string;
  documentType: string;
  ruc: string;
  environment: Environment;
  branchCode: string;
  issuePointCode: string;
  /** 9 digits. */
  sequential: string;
  /** 8 digits, chosen by the issuer. */
  numericCode: string;
  /** Only "1" (normal) is in use; contingency emission (2) is no longer accepted. */
  emissionType: '1';
}

const ACCESS_KEY_RE = /^\d{49}$/;
const PART_RULES: [keyof AccessKeyParts, RegExp][] = [
  ['documentType', /^\d{2}$/],
  ['ruc', /^\d{10}001$/],
  ['branchCode', /^\d{3}$/],
  ['issuePointCode', /^\d{3}$/],
  ['sequential', /^\d{9}$/],
  ['numericCode', /^\d{8}$/],
  ['emissionType', /^1$/],
];

/** Módulo 11 over the first 48 digits: weights 2..7 from the right, 11 → 0 and 10 → 1. */
export function accessKeyCheckDigit(first48: string): string {
  if (!/^\d{48}$/.test(first48)) throw new Error('accessKeyCheckDigit needs exactly 48 digits');
  let total = 0;
  let weight = 2;
  for (let i = first48.length - 1; i >= 0; i--) {
    total += Number(first48[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const digit = 11 - (total % 11);
  if (digit === 11) return '0';
  if (digit === 10) return '1';
  return String(digit);
}

/** Builds the key; the parts come from validated data, so a malformed part is a programming error. */
export function buildAccessKey(parts: AccessKeyParts): string {
  const date = parseDdMmYyyy(parts.issueDate);
  if (!date) throw new Error(`access key: invalid issue date ${parts.issueDate}`);
  for (const [field, re] of PART_RULES) {
    if (!re.test(parts[field])) throw new Error(`access key: invalid ${field} ${parts[field]}`);
  }
  const first48 =
    parts.issueDate.replaceAll('/', '') +
    parts.documentType +
    parts.ruc +
    (parts.environment === 'production' ? '2' : '1') +
    parts.branchCode +
    parts.issuePointCode +
    parts.sequential +
    parts.numericCode +
    parts.emissionType;
  return first48 + accessKeyCheckDigit(first48);
}

/** 49 digits, a real calendar date, a known environment digit and a matching check digit. */
export function isValidAccessKey(key: string): boolean {
  return parseAccessKey(key) !== null;
}

/** The parts of a valid key, or null when the key is malformed or its check digit is wrong. */
export function parseAccessKey(key: string): AccessKeyParts | null {
  if (!ACCESS_KEY_RE.test(key)) return null;
  if (accessKeyCheckDigit(key.slice(0, 48)) !== key[48]) return null;
  const issueDate = `${key.slice(0, 2)}/${key.slice(2, 4)}/${key.slice(4, 8)}`;
  if (!parseDdMmYyyy(issueDate)) return null;
  const ambiente = key[23];
  if (ambiente !== '1' && ambiente !== '2') return null;
  if (key[47] !== '1') return null;
  return {
    issueDate,
    documentType: key.slice(8, 10),
    ruc: key.slice(10, 23),
    environment: ambiente === '2' ? 'production' : 'sandbox',
    branchCode: key.slice(24, 27),
    issuePointCode: key.slice(27, 30),
    sequential: key.slice(30, 39),
    numericCode: key.slice(39, 47),
    emissionType: '1',
  };
}

/** Eight random digits from a CSPRNG; zero-padded (the tax authority accepts leading zeros). */
export function randomNumericCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}
