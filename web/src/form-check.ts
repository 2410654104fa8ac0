import {
  CERT_MAX_BYTES,
  CERT_REQUIRED,
  checkFileSize,
  checkText,
  DOCUMENT_TYPES_REQUIRED,
  FIELD_RULES,
  isLogoImage,
  LOGO_MAX_BYTES,
  LOGO_TYPE,
  type RuleField,
  type RuleMessage,
} from '../../src/shared/form-rules';
import { RUC_CHECK, validRuc } from '../../src/shared/id-check';
import { ApiError, type FieldError } from './api';
import type { Lang } from './i18n';

/**
 * The server's own field rules (src/shared/form-rules.ts, bundled into the app), checked in the
 * browser before a public form is sent: register, recover and resend share 5 requests per hour
 * per address, and a typo must not spend one. Returns the errors as a VALIDATION_FAILED problem,
 * shown next to each field like the server's, or null when the form may go.
 */
export async function checkPublicForm(
  form: FormData,
  lang: Lang,
  what: {
    text: RuleField[];
    cert?: boolean;
    /** The certificate's password is required too (sign-up: no SRI certificate comes without one). */
    certPassword?: boolean;
    logo?: boolean;
    documentTypes?: boolean;
  },
): Promise<ApiError | null> {
  const errors: FieldError[] = [];
  const add = (path: string, m: RuleMessage | null) => {
    if (m) errors.push({ path, message: lang === 'en' ? m.en : m.es, localized: true });
  };
  for (const name of what.text) {
    const value = form.get(name);
    const shape = checkText(typeof value === 'string' ? value : null, FIELD_RULES[name]);
    // Beyond the server's shape, the browser checks the RUC's digits (src/shared/id-check.ts).
    add(name, shape ?? (name === 'ruc' && !validRuc(String(value).trim()) ? RUC_CHECK : null));
  }
  if (what.cert) {
    const cert = fileOf(form, 'cert');
    add('cert', cert ? checkFileSize(cert.size, CERT_MAX_BYTES) : CERT_REQUIRED);
  }
  if (what.certPassword && !String(form.get('certPassword') ?? ''))
    add('certPassword', { en: 'is required', es: 'es obligatorio' });
  if (what.logo) {
    const logo = fileOf(form, 'logo');
    if (logo) {
      const head = new Uint8Array(await logo.slice(0, 8).arrayBuffer());
      add('logo', checkFileSize(logo.size, LOGO_MAX_BYTES) ?? (isLogoImage(head) ? null : LOGO_TYPE));
    }
  }
  if (what.documentTypes && form.getAll('documentTypes').length === 0)
    add('documentTypes', DOCUMENT_TYPES_REQUIRED);
  if (errors.length === 0) return null;
  return new ApiError(
    400,
    'VALIDATION_FAILED',
    errors.map((e) => `${e.path} ${e.message}`).join('; '),
    errors,
  );
}

/** A chosen file (an empty file input still sends a nameless empty File). */
function fileOf(form: FormData, name: string): File | null {
  const v = form.get(name);
  return v instanceof File && (v.size > 0 || v.name !== '') ? v : null;
}
