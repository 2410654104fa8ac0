/**
 * The field rules of the public forms (register, recover, resend-verification), in one place for
 * the server and the browser: the server's form parsers (http/forms.ts, tenants/register-form.schemas.ts)
 * apply them, and the web app (web/src/pages/sign-up.tsx) imports this file and checks every
 * field before sending, so that a mistyped form never spends one of the 5 registration requests
 * an address has per hour. Plain TypeScript without Node imports: the web build bundles it.
 * Messages come in English (the API's problem documents) and Spanish (the web app's default).
 */
export interface RuleMessage {
  en: string;
  es: string;
}

export interface TextRule {
  required?: boolean;
  max?: number;
  pattern?: RegExp;
  patternMessage?: RuleMessage;
  /** An email address (EMAIL_RE, at most 254 characters). */
  email?: boolean;
}

const EMAIL_RE = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;
export const LOGO_MAX_BYTES = 500 * 1024;
export const CERT_MAX_BYTES = 256 * 1024;

const THREE_DIGITS: TextRule = {
  required: true,
  pattern: /^(?!000)[0-9]{3}$/,
  patternMessage: { en: 'must be 3 digits, 001 to 999', es: 'deben ser 3 dígitos, de 001 a 999' },
};

/** The text fields a person types into the sign-up and recovery forms. */
export const FIELD_RULES = {
  email: { required: true, max: 254, email: true },
  ruc: {
    required: true,
    pattern: /^[0-9]{10}001$/,
    patternMessage: { en: 'must be 13 digits ending in 001', es: 'debe tener 13 dígitos y terminar en 001' },
  },
  businessName: { required: true, max: 300 },
  tradeName: { max: 300 },
  // Required (dirMatriz is mandatory in every SRI schema; docs/hardening.md "Issuer addresses").
  mainAddress: { required: true, max: 300 },
  branchAddress: { max: 300 },
  branchCode: THREE_DIGITS,
  issuePointCode: THREE_DIGITS,
  specialTaxpayer: {
    pattern: /^[A-Za-z0-9]{3,13}$/,
    patternMessage: {
      en: 'must be the 3 to 13 character resolution number',
      es: 'debe ser el número de resolución, de 3 a 13 caracteres',
    },
  },
  retentionAgentResolution: {
    pattern: /^[0-9]{1,8}$/,
    patternMessage: {
      en: 'must be the resolution number (1 to 8 digits)',
      es: 'debe ser el número de resolución (1 a 8 dígitos)',
    },
  },
} satisfies Record<string, TextRule>;

export type RuleField = keyof typeof FIELD_RULES;

/** What is wrong with a typed value (trimmed first, as the server trims), or null. */
export function checkText(raw: string | null | undefined, rule: TextRule): RuleMessage | null {
  const value = raw?.trim() ?? '';
  if (value === '') return rule.required ? { en: 'is required', es: 'es obligatorio' } : null;
  if (rule.max !== undefined && value.length > rule.max)
    return {
      en: `must be at most ${rule.max} characters`,
      es: `debe tener como máximo ${rule.max} caracteres`,
    };
  if (rule.pattern && !rule.pattern.test(value))
    return rule.patternMessage ?? { en: 'has an invalid format', es: 'tiene un formato no válido' };
  if (rule.email && !EMAIL_RE.test(value))
    return { en: 'must be a valid email address', es: 'debe ser un correo electrónico válido' };
  return null;
}

export const CERT_REQUIRED: RuleMessage = {
  en: 'is required (a P12/PFX file)',
  es: 'es obligatorio (un archivo P12/PFX)',
};
export const DOCUMENT_TYPES_REQUIRED: RuleMessage = {
  en: 'must list at least one document type',
  es: 'elige al menos un tipo de comprobante',
};
export const LOGO_TYPE: RuleMessage = { en: 'must be PNG, JPEG or GIF', es: 'debe ser PNG, JPEG o GIF' };

/** A file's size against its limit (the server answers 413 past it). */
export function checkFileSize(size: number, maxBytes: number): RuleMessage | null {
  if (size <= maxBytes) return null;
  const kb = Math.round(maxBytes / 1024);
  return { en: `must be at most ${kb} KB`, es: `debe pesar como máximo ${kb} KB` };
}

/** PNG, JPEG or GIF by its first bytes, as the server sniffs uploaded logos. */
export function isLogoImage(head: Uint8Array): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  return (
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    starts(0xff, 0xd8, 0xff) ||
    starts(0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || // GIF87a
    starts(0x47, 0x49, 0x46, 0x38, 0x39, 0x61) // GIF89a
  );
}
