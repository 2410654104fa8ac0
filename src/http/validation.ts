import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as { default: (ajv: Ajv) => void } & ((ajv: Ajv) => void);

import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../shared/errors.js';

/**
 * Bodies are validated strictly (a wrong type is refused, never coerced); query strings,
 * params and headers arrive as text and are coerced. Unknown fields are dropped
 * (`removeAdditional`), never an error. Every error is reported (allErrors), so a client
 * sees all of its mistakes at once.
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    strict: false,
    // Bodies selected by a tag (POST /v1/documents by documentType): only the matching branch
    // of a oneOf is validated and reported.
    discriminator: true,
  });
  (addFormats.default ?? addFormats)(ajv);
  ajv.addKeyword({ keyword: 'x-multipart' });
  return ajv;
}

const strictAjv = makeAjv(false);
const coercingAjv = makeAjv(true);

/** Multipart routes parse their own parts; their `body` schema only documents the form. */
export const MULTIPART = { 'x-multipart': true } as const;
/**
 * A body schema that only documents the route: the void body, whose checks carry codes of their
 * own (DOCUMENT_VOID_CONFIRMATION_REQUIRED before VALIDATION_FAILED), is checked by its service.
 */
export const DOCUMENTATION_ONLY = { 'x-multipart': true } as const;

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  if ((schema as Record<string, unknown>)['x-multipart']) return () => true;
  const ajv = httpPart === 'body' ? strictAjv : coercingAjv;
  return ajv.compile(schema as object) as ValidateFunction;
};

/** `/items/0/quantity` -> `items[0].quantity`; the part prefixes non-body paths (`query.limit`). */
function fieldPath(part: string, pointer: string): string {
  let out = '';
  for (const seg of pointer.split('/').filter(Boolean)) {
    const s = seg.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(s) ? `[${s}]` : out ? `.${s}` : s;
  }
  const prefix = part === 'body' ? '' : part === 'querystring' ? 'query' : part;
  if (!prefix) return out || 'body';
  return out ? `${prefix}.${out}` : prefix;
}

/**
 * A nullable field (`anyOf [T, null]`) whose value fails T also fails the null branch: ajv reports
 * both ("must NOT have more than 20 characters" and "must be null"). The null branch's error says
 * nothing the client can act on, so it is dropped whenever another branch of the same anyOf at
 * the same place reported its own; a value no branch names keeps the first branch's error.
 */
function withoutNullBranchErrors(errors: ErrorObject[]): ErrorObject[] {
  const drop = new Set<ErrorObject>();
  for (const e of errors) {
    if (e.keyword !== 'anyOf') continue;
    const branches = errors.filter(
      (b) => b.schemaPath.startsWith(`${e.schemaPath}/`) && b.instancePath.startsWith(e.instancePath),
    );
    const nulls = branches.filter(
      (b) =>
        b.keyword === 'type' &&
        (b.params as { type?: unknown }).type === 'null' &&
        b.instancePath === e.instancePath,
    );
    if (nulls.length > 0 && nulls.length < branches.length) for (const n of nulls) drop.add(n);
  }
  return drop.size === 0 ? errors : errors.filter((e) => !drop.has(e));
}

/** What a pattern of our schemas asks for, in words (the regex itself tells a developer little). */
const PATTERN_WORDS = new Map([
  ['^-?[0-9]+(\\.[0-9]+)?$', 'must be a decimal number written as a string, such as "12.50"'],
  ['^[0-9]{2}/[0-9]{2}/[0-9]{4}$', 'must be a date in the form DD/MM/YYYY'],
  ['^[0-9]{2}/[0-9]{4}$', 'must be a month in the form MM/YYYY'],
  ['^[0-9]{3}-[0-9]{3}-[0-9]{9}$', 'must look like 001-001-000000123 (NNN-NNN-NNNNNNNNN)'],
]);

function patternWords(pattern: string): string | null {
  const known = PATTERN_WORDS.get(pattern);
  if (known) return known;
  const digits = /^\^\[0-9\]\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  if (!digits) return null;
  return digits[2] ? `must be ${digits[1]} to ${digits[2]} digits` : `must be exactly ${digits[1]} digits`;
}

/**
 * One ajv error as a sentence: the keywords a developer meets most read as the services' own
 * checks do ("is required and must not be blank", "must be at most 300 characters"); the rest
 * keep ajv's wording, which is plain enough ("must be string", "must be >= 1").
 */
function sentenceOf(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'minLength':
      return params.limit === 1
        ? 'is required and must not be blank'
        : `must be at least ${params.limit} characters`;
    case 'maxLength':
      return `must be at most ${params.limit} characters`;
    case 'minItems':
      return `must have at least ${params.limit} ${params.limit === 1 ? 'entry' : 'entries'}`;
    case 'maxItems':
      return `must have at most ${params.limit} entries`;
    case 'format':
      return params.format === 'email' ? 'must be a valid email address' : (e.message ?? 'is invalid');
    case 'pattern':
      return patternWords(String(params.pattern)) ?? e.message ?? 'is invalid';
    default:
      return e.message ?? 'is invalid';
  }
}

/** Turns ajv errors into `[{path, message}]`, the `errors` member of VALIDATION_FAILED. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, part: string): FieldError[] {
  if (!errors) return [];
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of withoutNullBranchErrors(errors)) {
    let path = e.instancePath || '';
    const message = sentenceOf(e);
    if (e.keyword === 'required') {
      path = `${path}/${(e.params as { missingProperty: string }).missingProperty}`;
    } else if (
      e.keyword === 'anyOf' ||
      e.keyword === 'oneOf' ||
      e.keyword === 'if' ||
      e.keyword === 'discriminator'
    ) {
      // The branch errors say more; an unknown tag value is reported by the enum beside the
      // discriminator (`documentType must be one of ...`).
      continue;
    }
    const full = fieldPath(part, path);
    const key = `${full}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path: full, message });
  }
  return out.length ? out : [{ path: fieldPath(part, ''), message: 'is invalid' }];
}
