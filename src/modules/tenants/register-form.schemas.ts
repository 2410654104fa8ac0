import { certFile, FormErrors, text } from '../../http/forms.js';
import { arrayField, booleanField, field, type MultipartForm } from '../../http/multipart.js';
import { AppError } from '../../shared/errors.js';
import { sniffFileType } from '../../shared/files.js';
import { DOCUMENT_TYPES_REQUIRED, FIELD_RULES, LOGO_TYPE } from '../../shared/form-rules.js';
import { RUC_CHECK, validRuc } from '../../shared/id-check.js';
import { ISSUABLE_DOCUMENT_TYPES } from '../catalogs/index.js';

const RIMPE_LEGENDS = [
  'CONTRIBUYENTE RÉGIMEN RIMPE',
  'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE',
] as const;

export interface RegisterInput {
  cert: Buffer;
  certPassword: string | undefined;
  logo: { data: Buffer; mime: string } | null;
  email: string;
  ruc: string;
  businessName: string;
  tradeName: string | null;
  /** dirMatriz: the schema requires it on every document, so registration asks for it. */
  mainAddress: string;
  branchCode: string;
  issuePointCode: string;
  emissionType: '1';
  requiredAccounting: boolean;
  specialTaxpayer: string | null;
  retentionAgentResolution: string | null;
  rimpeRegime: string | null;
  branchAddress: string | null;
  documentTypes: string[];
  initialSequentials: { documentType: string; sequential: number }[];
  language: 'es' | 'en';
  verificationRedirectUrl: string | null;
}

export function parseRegisterForm(form: MultipartForm, opts: { production: boolean }): RegisterInput {
  const errs = new FormErrors();
  const cert = certFile(form, errs);
  // The rules the web app checks in the browser too (shared/form-rules.ts).
  const email = text(form, 'email', errs, FIELD_RULES.email);
  const ruc = text(form, 'ruc', errs, FIELD_RULES.ruc);
  // The check digit a person's RUC carries (shared/id-check.ts; the browser checks it first).
  if (ruc !== null && !errs.errors.some((e) => e.path === 'ruc') && !validRuc(ruc))
    errs.add('ruc', RUC_CHECK.en);
  const businessName = text(form, 'businessName', errs, FIELD_RULES.businessName);
  const tradeName = text(form, 'tradeName', errs, FIELD_RULES.tradeName);
  const mainAddress = text(form, 'mainAddress', errs, FIELD_RULES.mainAddress);
  const branchAddress = text(form, 'branchAddress', errs, FIELD_RULES.branchAddress);
  const branchCode = text(form, 'branchCode', errs, FIELD_RULES.branchCode);
  const issuePointCode = text(form, 'issuePointCode', errs, FIELD_RULES.issuePointCode);
  const emissionType = text(form, 'emissionType', errs, { required: true });
  if (emissionType !== null && emissionType !== '1') errs.add('emissionType', 'must be 1 (normal emission)');
  const requiredAccounting = booleanField(form, 'requiredAccounting');
  if (requiredAccounting === undefined) errs.add('requiredAccounting', 'is required (true or false)');
  else if (requiredAccounting === 'invalid') errs.add('requiredAccounting', 'must be true or false');
  const specialTaxpayer = text(form, 'specialTaxpayer', errs, FIELD_RULES.specialTaxpayer);
  const retentionAgentResolution = text(
    form,
    'retentionAgentResolution',
    errs,
    FIELD_RULES.retentionAgentResolution,
  );
  const rimpeRegime = text(form, 'rimpeRegime', errs);
  if (rimpeRegime !== null && !(RIMPE_LEGENDS as readonly string[]).includes(rimpeRegime))
    errs.add('rimpeRegime', `must be one of: ${RIMPE_LEGENDS.join(' | ')}`);

  let documentTypes: string[] = ['01'];
  let rawTypes: unknown[] | undefined;
  try {
    rawTypes = arrayField(form, 'documentTypes');
  } catch {
    errs.add('documentTypes', 'must be document type codes, repeated or as a JSON array');
  }
  if (rawTypes !== undefined) {
    if (rawTypes.length === 0) errs.add('documentTypes', DOCUMENT_TYPES_REQUIRED.en);
    const bad = rawTypes.filter(
      (t) => typeof t !== 'string' || !(ISSUABLE_DOCUMENT_TYPES as readonly string[]).includes(t),
    );
    if (bad.length)
      errs.add(
        'documentTypes',
        `unsupported document type(s) ${bad.map(String).join(', ')}; supported: ${ISSUABLE_DOCUMENT_TYPES.join(', ')}`,
      );
    else documentTypes = [...new Set(rawTypes as string[])];
  }

  const initialSequentials: { documentType: string; sequential: number }[] = [];
  let rawSeq: unknown[] | undefined;
  try {
    rawSeq = arrayField(form, 'initialSequentials');
  } catch {
    errs.add('initialSequentials', 'must be a JSON array of {documentType, sequential}');
  }
  for (const [i, entry] of (rawSeq ?? []).entries()) {
    const e = entry as { documentType?: unknown; sequential?: unknown };
    if (typeof e !== 'object' || e === null) {
      errs.add(`initialSequentials[${i}]`, 'must be an object {documentType, sequential}');
      continue;
    }
    if (
      typeof e.documentType !== 'string' ||
      !(ISSUABLE_DOCUMENT_TYPES as readonly string[]).includes(e.documentType)
    ) {
      errs.add(
        `initialSequentials[${i}].documentType`,
        `must be one of ${ISSUABLE_DOCUMENT_TYPES.join(', ')}`,
      );
    }
    const n =
      typeof e.sequential === 'string' && /^\d+$/.test(e.sequential) ? Number(e.sequential) : e.sequential;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 999_999_999) {
      errs.add(`initialSequentials[${i}].sequential`, 'must be an integer from 1 to 999999999');
    } else if (typeof e.documentType === 'string') {
      initialSequentials.push({ documentType: e.documentType, sequential: n });
    }
  }

  const language = text(form, 'language', errs) ?? 'es';
  if (language !== 'es' && language !== 'en') errs.add('language', 'must be es or en');

  const verificationRedirectUrl = text(form, 'verificationRedirectUrl', errs, { max: 2000 });
  if (verificationRedirectUrl !== null) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(verificationRedirectUrl);
    } catch {
      errs.add('verificationRedirectUrl', 'must be an absolute URL');
    }
    if (parsed) {
      const allowed = opts.production ? ['https:'] : ['https:', 'http:'];
      if (!allowed.includes(parsed.protocol))
        errs.add('verificationRedirectUrl', opts.production ? 'must use https' : 'must use http or https');
    }
  }

  let logo: RegisterInput['logo'] = null;
  const logoFile = form.files.logo;
  if (logoFile) {
    const mime = sniffFileType(logoFile.data);
    if (mime !== 'image/png' && mime !== 'image/jpeg' && mime !== 'image/gif') {
      throw new AppError('INVALID_FILE_UPLOAD', 'logo must be a PNG, JPEG or GIF image', {
        errors: [{ path: 'logo', message: LOGO_TYPE.en }],
      });
    }
    logo = { data: logoFile.data, mime };
  }
  errs.throwIfAny();

  return {
    cert: cert!.data,
    certPassword: field(form, 'certPassword'),
    logo,
    email: email!,
    ruc: ruc!,
    businessName: businessName!,
    tradeName,
    mainAddress: mainAddress!,
    branchCode: branchCode!,
    issuePointCode: issuePointCode!,
    emissionType: '1',
    requiredAccounting: requiredAccounting as boolean,
    specialTaxpayer,
    retentionAgentResolution,
    rimpeRegime,
    branchAddress,
    documentTypes,
    initialSequentials,
    language: language as 'es' | 'en',
    verificationRedirectUrl,
  };
}
