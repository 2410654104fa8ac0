import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../shared/errors.js';
import type { UploadedFile } from '../shared/files.js';
import { illegalTextErrors, jsonDepthError, throwIfAny } from './input-limits.js';

export type { UploadedFile } from '../shared/files.js';

export interface MultipartForm {
  fields: Record<string, string[]>;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a multipart/form-data request into memory (the files we accept are small: P12
 * certificates, logos, payment proofs). `maxBytes` per file field; a larger file is
 * INVALID_FILE_UPLOAD naming the field. A request that is not multipart has no parts.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: Record<string, number>,
  defaultMax = 1024 * 1024,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: {} };
  if (!request.isMultipart()) return form;
  try {
    for await (const part of request.parts({
      limits: { fileSize: Math.max(defaultMax, ...Object.values(maxBytes)) + 1 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        const limit = maxBytes[part.fieldname] ?? defaultMax;
        if (data.length > limit || part.file.truncated) {
          throw new AppError(
            'INVALID_FILE_UPLOAD',
            `${part.fieldname} is larger than ${Math.floor(limit / 1024)} KB`,
            {
              errors: [{ path: part.fieldname, message: `must be at most ${Math.floor(limit / 1024)} KB` }],
            },
          );
        }
        if (data.length > 0)
          form.files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, data };
      } else {
        const value = String(part.value);
        // The same rule as every other text input (input-limits.ts), on the name and the value.
        throwIfAny(illegalTextErrors({ [part.fieldname]: value }, ''));
        const values = form.fields[part.fieldname] ?? [];
        values.push(value);
        form.fields[part.fieldname] = values;
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('INVALID_FILE_UPLOAD', 'A file is too large');
    }
    throw new AppError('BAD_REQUEST', `Malformed multipart body: ${(e as Error).message}`);
  }
  return form;
}

export function field(form: MultipartForm, name: string): string | undefined {
  return form.fields[name]?.[0];
}

/** An array field given as repeated fields or as one field holding a JSON array (decisions.md §4). */
export function arrayField(form: MultipartForm, name: string): unknown[] | undefined {
  const values = form.fields[name] ?? form.fields[`${name}[]`];
  if (!values) return undefined;
  const out: unknown[] = [];
  for (const v of values) {
    const t = v.trim();
    if (t.startsWith('[') || t.startsWith('{')) {
      const tooDeep = jsonDepthError(t, name);
      if (tooDeep) throw tooDeep;
      try {
        const parsed = JSON.parse(t);
        if (Array.isArray(parsed)) out.push(...parsed);
        else out.push(parsed);
        continue;
      } catch {
        throw validationError(name, 'is not valid JSON');
      }
    }
    out.push(t);
  }
  return out;
}

/** `true`/`false` (decisions.md §4). */
export function booleanField(form: MultipartForm, name: string): boolean | undefined | 'invalid' {
  const v = field(form, name);
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return 'invalid';
}
