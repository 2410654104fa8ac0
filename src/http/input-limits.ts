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
  throw new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path} ${e.message}`).join('; '), { errors });
}

function requestTextErrors(request: FastifyRequest): FieldError[] {
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
  app.addHook('onRequest', async (request) => {
    throwIfAny(requestTextErrors(request));
  });
  app.addHook('preValidation', async (request) => {
    // Multipart bodies are read by their routes (readMultipart checks their fields).
    if (request.isMultipart()) return;
    throwIfAny(illegalTextErrors(request.body, ''));
  });
}
