import { FormErrors, text } from '../../http/forms.js';
import {
  arrayField,
  booleanField,
  field,
  type MultipartForm,
  type UploadedFile,
} from '../../http/multipart.js';
import { AppError } from '../../shared/errors.js';
import { sniffFileType } from '../../shared/files.js';
import { isUuid } from '../../shared/ids.js';
import { ISSUABLE_DOCUMENT_TYPES } from '../catalogs/index.js';
import { MAX_SEQUENTIAL } from './sequentials.js';

export interface Logo {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/gif';
}

export interface UploadedCertificate {
  p12: Buffer;
  password: string | undefined;
}

/** POST /v1/issuers, parsed. `undefined` in `overrides`, tradeName or branchAddress means "inherit". */
export interface CreateIssuerInput {
  branchCode: string;
  issuePointCode: string;
  branchAddress: string | undefined;
  tradeName: string | undefined;
  documentTypes: string[];
  initialSequentials: { documentType: string; sequential: number }[];
  certificate: { upload: UploadedCertificate } | { sourceIssuerId: string };
  logo: Logo | null;
  overrides: {
    businessName?: string;
    mainAddress?: string;
    requiredAccounting?: boolean;
    specialTaxpayer?: string;
  };
}

const THREE_DIGITS = {
  required: true,
  pattern: /^(?!000)[0-9]{3}$/,
  patternMessage: 'must be 3 digits, 001 to 999',
};
const isIssuable = (t: unknown): t is string =>
  typeof t === 'string' && (ISSUABLE_DOCUMENT_TYPES as readonly string[]).includes(t);

/** A logo is recognised by its first bytes, never by the client's content type. */
function parseLogo(file: UploadedFile | undefined): Logo | null {
  if (!file) return null;
  const mime = sniffFileType(file.data);
  if (mime !== 'image/png' && mime !== 'image/jpeg' && mime !== 'image/gif') {
    throw new AppError('INVALID_FILE_UPLOAD', 'logo must be a PNG, JPEG or GIF image', {
      errors: [{ path: 'logo', message: 'must be PNG, JPEG or GIF' }],
    });
  }
  return { data: file.data, mime };
}

/** PUT /v1/issuers/:id/logo: the `logo` file is required. */
export function parseLogoForm(form: MultipartForm): Logo {
  const logo = parseLogo(form.files.logo);
  if (!logo) {
    throw new AppError('INVALID_FILE_UPLOAD', 'The logo file is required (multipart field "logo")', {
      errors: [{ path: 'logo', message: 'is required (PNG, JPEG or GIF, max 500 KB)' }],
    });
  }
  return logo;
}

/** PATCH /v1/issuers/:id/certificate: the `cert` file is required (INVALID_FILE_UPLOAD, docs/spec-map.md). */
export function parseCertificateForm(form: MultipartForm): UploadedCertificate {
  const cert = form.files.cert;
  if (!cert) {
    throw new AppError('INVALID_FILE_UPLOAD', 'The certificate file is required (multipart field "cert")', {
      errors: [{ path: 'cert', message: 'is required (a P12/PFX file)' }],
    });
  }
  return { p12: cert.data, password: field(form, 'certPassword') };
}

export function parseCreateIssuerForm(form: MultipartForm): CreateIssuerInput {
  const errs = new FormErrors();
  const branchCode = text(form, 'branchCode', errs, THREE_DIGITS);
  const issuePointCode = text(form, 'issuePointCode', errs, THREE_DIGITS);
  const branchAddress = text(form, 'branchAddress', errs, { max: 300 });
  const tradeName = text(form, 'tradeName', errs, { max: 300 });
  const businessName = text(form, 'businessName', errs, { max: 300 });
  const mainAddress = text(form, 'mainAddress', errs, { max: 300 });
  const specialTaxpayer = text(form, 'specialTaxpayer', errs, {
    pattern: /^[A-Za-z0-9]{3,13}$/,
    patternMessage: 'must be the 3 to 13 character resolution number',
  });
  const requiredAccounting = booleanField(form, 'requiredAccounting');
  if (requiredAccounting === 'invalid') errs.add('requiredAccounting', 'must be true or false');

  const sourceIssuerId = text(form, 'sourceIssuerId', errs);
  if (sourceIssuerId !== null && !isUuid(sourceIssuerId)) errs.add('sourceIssuerId', 'must be a UUID');
  const cert = form.files.cert;
  if (cert && sourceIssuerId !== null)
    errs.add('sourceIssuerId', 'give either a cert file or sourceIssuerId, not both');
  if (!cert && sourceIssuerId === null)
    errs.add('cert', 'is required (a P12/PFX file) unless sourceIssuerId names an issuer to inherit from');

  const documentTypes = parseDocumentTypes(form, errs);
  const initialSequentials = parseInitialSequentials(form, errs);
  const logo = parseLogo(form.files.logo);
  errs.throwIfAny();

  return {
    branchCode: branchCode!,
    issuePointCode: issuePointCode!,
    branchAddress: branchAddress ?? undefined,
    tradeName: tradeName ?? undefined,
    documentTypes,
    initialSequentials,
    certificate: cert
      ? { upload: { p12: cert.data, password: field(form, 'certPassword') } }
      : { sourceIssuerId: sourceIssuerId!.toLowerCase() },
    logo,
    overrides: {
      ...(businessName !== null && { businessName }),
      ...(mainAddress !== null && { mainAddress }),
      ...(typeof requiredAccounting === 'boolean' && { requiredAccounting }),
      ...(specialTaxpayer !== null && { specialTaxpayer }),
    },
  };
}

/** Repeated fields or one JSON array (decisions.md §4); default ["01"] as on registration. */
function parseDocumentTypes(form: MultipartForm, errs: FormErrors): string[] {
  let raw: unknown[] | undefined;
  try {
    raw = arrayField(form, 'documentTypes');
  } catch {
    errs.add('documentTypes', 'must be document type codes, repeated or as a JSON array');
    return [];
  }
  if (raw === undefined) return ['01'];
  if (raw.length === 0) errs.add('documentTypes', 'must list at least one document type');
  const bad = raw.filter((t) => !isIssuable(t));
  if (bad.length) {
    errs.add(
      'documentTypes',
      `unsupported document type(s) ${bad.map(String).join(', ')}; supported: ${ISSUABLE_DOCUMENT_TYPES.join(', ')}`,
    );
  }
  return [...new Set(raw.filter(isIssuable))].sort();
}

/** Entries {documentType, sequential}: the first number of both environments' counters. */
function parseInitialSequentials(form: MultipartForm, errs: FormErrors) {
  const out: { documentType: string; sequential: number }[] = [];
  let raw: unknown[] | undefined;
  try {
    raw = arrayField(form, 'initialSequentials');
  } catch {
    errs.add('initialSequentials', 'must be a JSON array of {documentType, sequential}');
    return out;
  }
  for (const [i, entry] of (raw ?? []).entries()) {
    if (typeof entry !== 'object' || entry === null) {
      errs.add(`initialSequentials[${i}]`, 'must be an object {documentType, sequential}');
      continue;
    }
    const e = entry as { documentType?: unknown; sequential?: unknown };
    if (!isIssuable(e.documentType))
      errs.add(
        `initialSequentials[${i}].documentType`,
        `must be one of ${ISSUABLE_DOCUMENT_TYPES.join(', ')}`,
      );
    const n =
      typeof e.sequential === 'string' && /^\d+$/.test(e.sequential) ? Number(e.sequential) : e.sequential;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_SEQUENTIAL)
      errs.add(`initialSequentials[${i}].sequential`, `must be an integer from 1 to ${MAX_SEQUENTIAL}`);
    else if (isIssuable(e.documentType)) out.push({ documentType: e.documentType, sequential: n });
  }
  return out;
}
