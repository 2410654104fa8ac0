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

/** Turns ajv errors into `[{path, message}]`, the `errors` member of VALIDATION_FAILED. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, part: string): FieldError[] {
  if (!errors) return [];
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of withoutNullBranchErrors(errors)) {
    let path = e.instancePath || '';
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      path = `${path}/${(e.params as { missingProperty: string }).missingProperty}`;
      message = 'is required';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
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
