import { AppError, type FieldError } from '../shared/errors.js';
import type { UploadedFile } from './multipart.js';
import { field, type MultipartForm } from './multipart.js';

/** Field helpers shared by the multipart forms (register, recover, issuers, proofs). */
export const EMAIL_RE = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;
export const LOGO_MAX_BYTES = 500 * 1024;
export const CERT_MAX_BYTES = 256 * 1024;
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

export function text(
  form: MultipartForm,
  name: string,
  errs: FormErrors,
  opts: { required?: boolean; max?: number; pattern?: RegExp; patternMessage?: string } = {},
): string | null {
  const raw = field(form, name);
  const value = raw?.trim();
  if (value === undefined || value === '') {
    if (opts.required) errs.add(name, 'is required');
    return null;
  }
  if (opts.max !== undefined && value.length > opts.max)
    errs.add(name, `must be at most ${opts.max} characters`);
  else if (opts.pattern && !opts.pattern.test(value))
    errs.add(name, opts.patternMessage ?? 'has an invalid format');
  return value;
}

export function validateEmail(value: string | null, errs: FormErrors, name = 'email'): void {
  if (value !== null && (value.length > 254 || !EMAIL_RE.test(value)))
    errs.add(name, 'must be a valid email address');
}

/** The certificate file of register/recover: missing is VALIDATION_FAILED (interface.md). */
export function certFile(form: MultipartForm, errs: FormErrors): UploadedFile | null {
  const file = form.files.cert;
  if (!file) errs.add('cert', 'is required (a P12/PFX file)');
  return file ?? null;
}
