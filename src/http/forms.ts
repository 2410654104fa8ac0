/** Field helpers shared by the multipart forms (register, recover, issuers, proofs). */
import { AppError, type FieldError } from '../shared/errors.js';
import { CERT_REQUIRED, checkText, type RuleMessage, type TextRule } from '../shared/form-rules.js';
import type { UploadedFile } from './multipart.js';
import { field, type MultipartForm } from './multipart.js';

export { CERT_MAX_BYTES, LOGO_MAX_BYTES } from '../shared/form-rules.js';

/** Collects every field error of a form, so a client sees all of its mistakes at once. */
export class FormErrors {
  readonly errors: FieldError[] = [];
  add(path: string, message: string): void {
    this.errors.push({ path, message });
  }
  throwIfAny(): void {
    if (this.errors.length) {
      throw new AppError('VALIDATION_FAILED', this.errors.map((e) => `${e.path} ${e.message}`).join('; '), {
        errors: this.errors,
      });
    }
  }
}

/** A trimmed text field checked by its rule (shared/form-rules.ts, the web app runs the same). */
export function text(
  form: MultipartForm,
  name: string,
  errs: FormErrors,
  opts: Omit<TextRule, 'patternMessage'> & { patternMessage?: string | RuleMessage } = {},
): string | null {
  const raw = field(form, name);
  const { patternMessage, ...rule } = opts;
  const issue = checkText(raw, {
    ...rule,
    patternMessage:
      typeof patternMessage === 'string' ? { en: patternMessage, es: patternMessage } : patternMessage,
  });
  if (issue) errs.add(name, issue.en);
  const value = raw?.trim();
  return value === undefined || value === '' ? null : value;
}

/** The certificate file of register/recover: missing is VALIDATION_FAILED (docs/spec-map.md). */
export function certFile(form: MultipartForm, errs: FormErrors): UploadedFile | null {
  const file = form.files.cert;
  if (!file) errs.add('cert', CERT_REQUIRED.en);
  return file ?? null;
}
