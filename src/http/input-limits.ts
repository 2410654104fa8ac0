import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type FieldError } from '../shared/errors.js';
import { describeIllegalChar, illegalCharIndex } from '../shared/text.js';

/**
 * Limits every request input meets before any route, validator or recursion sees it
 * (docs/hardening.md, "Input limits"):
 * - JSON nests at most MAX_JSON_DEPTH arrays/objects deep, checked on the raw text by a scan
 *   without recursion, before JSON.parse (our deepest body, a document, is 4 levels);
 * - no text holds a character PostgreSQL or XML 1.0 cannot hold (src/shared/text.ts): JSON
 *   bodies (strings and field names), query strings, path parameters and header values here;
 *   multipart fields in readMultipart (src/http/multipart.ts), with the same rule.
 * Both answer 400 VALIDATION_FAILED naming the field, as schema validation does.
 */
export const MAX_JSON_DEPTH = 32;

/** A VALIDATION_FAILED when the JSON text nests deeper than MAX_JSON_DEPTH; null otherwise. */
export function jsonDepthError(text: string, path = 'body'): AppError | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) {
        const message = `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;
        return new AppError('VALIDATION_FAILED', `${path} ${message}`, { errors: [{ path, message }] });
      }
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return null;
}

/** `items[0].description`, `query.buyerName`: the paths of validation errors (validation.ts). */
function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/**
 * Every string (and object key) of a value that holds a refused character (the first 20).
 * `root` prefixes the paths ('' for a body, whose paths have no prefix).
 */
export function illegalTextErrors(value: unknown, root: string): FieldError[] {
  const errors: FieldError[] = [];
  // Breadth first through a queue: no recursion, whatever the depth.
  const queue: [unknown, string][] = [[value, root]];
  for (let head = 0; head < queue.length && errors.length < 20; head++) {
    const [v, path] = queue[head]!;
    if (typeof v === 'string') {
      if (illegalCharIndex(v) >= 0) {
        errors.push({
          path: path || 'body',
          message: `must not contain control characters (${describeIllegalChar(v)})`,
        });
      }
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) queue.push([v[i], childPath(path, i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (illegalCharIndex(k) >= 0) {
          errors.push({
            path: path || 'body',
            message: `must not contain a field name with control characters (${describeIllegalChar(k)})`,
          });
          continue;
        }
        queue.push([child, childPath(path, k)]);
      }
    }
  }
  return errors;
}

export function throwIfAny(errors: FieldError[]): void {
  if (errors.length === 0) return;
  throw asValidationError(errors);
}

function asValidationError(errors: FieldError[]): AppError {
  return new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path} ${e.message}`).join('; '), {
    errors,
  });
}

/**
 * Whether any string (or field name) in `value` has a character illegalTextErrors refuses: the
 * check every request's params, query and headers pass, without building a path or an array.
 */
function hasIllegalText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return illegalCharIndex(value) >= 0;
  if (value === null || typeof value !== 'object') return false;
  // Deeper than JSON may nest: let the detailed walk (breadth first, no recursion) decide.
  if (depth > MAX_JSON_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const v of value) if (hasIllegalText(v, depth + 1)) return true;
    return false;
  }
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (illegalCharIndex(k) >= 0 || hasIllegalText((value as Record<string, unknown>)[k], depth + 1))
      return true;
  }
  return false;
}

function requestTextErrors(request: FastifyRequest): FieldError[] {
  if (!hasIllegalText(request.params) && !hasIllegalText(request.query) && !hasIllegalText(request.headers))
    return [];
  return [
    ...illegalTextErrors(request.params, 'params'),
    ...illegalTextErrors(request.query, 'query'),
    ...illegalTextErrors(request.headers, 'headers'),
  ];
}

/**
 * Installs the JSON parser with the depth limit (an empty JSON body is no body) and the hooks that
 * refuse illegal characters: headers, query and path parameters before authentication reads them
 * (onRequest, registered ahead of the auth hook), the parsed body before validation.
 */
export function registerInputLimits(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    const tooDeep = jsonDepthError(text);
    if (tooDeep) return done(tooDeep, undefined);
    return defaultJson(request, text, done);
  });
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    const errors = requestTextErrors(request);
    done(errors.length ? asValidationError(errors) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    // Multipart bodies are read by their routes (readMultipart checks their fields).
    if (request.body === undefined || request.isMultipart() || !hasIllegalText(request.body)) return done();
    const errors = illegalTextErrors(request.body, '');
    done(errors.length ? asValidationError(errors) : undefined);
  });
}
