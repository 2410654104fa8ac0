import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors.js';
import { readMultipart } from './multipart.js';
import type { App } from './types.js';
import { MULTIPART } from './validation.js';

/**
 * Routes that take one file (a TXT report, an XML document): the file itself as the body, in one
 * of the route's content types, or the `file` part of a multipart form. The raw bytes reach the
 * service, which decodes them (the encodings are the file's business). Only the routes `register`
 * declares take these content types; elsewhere they stay 415.
 */
export function withFileBody(
  app: App,
  contentTypes: string[],
  maxBytes: number,
  register: (scoped: App) => void,
): void {
  app.register(async (child) => {
    for (const type of contentTypes) {
      if (child.hasContentTypeParser(type)) child.removeContentTypeParser(type);
      child.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
        done(null, body),
      );
    }
    register(child as unknown as App);
  });
}

/** The documented body of such a route (checked by readFileBody, not by the schema). */
export function fileBodySchema(description: string) {
  return Type.Unsafe<unknown>({ type: 'string', format: 'binary', description, ...MULTIPART });
}

export async function readFileBody(request: FastifyRequest, maxBytes: number, what: string): Promise<Buffer> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', `The ${what} is larger than ${maxBytes / 1024} KB`);
  if (request.isMultipart()) {
    const form = await readMultipart(request, { file: maxBytes }).catch((e: unknown) => {
      throw e instanceof AppError && e.code === 'INVALID_FILE_UPLOAD' ? tooLarge() : e;
    });
    const file = form.files.file;
    if (!file) throw new AppError('INVALID_FILE_UPLOAD', `The ${what} is missing: send it in the file part`);
    return file.data;
  }
  if (Buffer.isBuffer(request.body)) {
    if (request.body.length === 0) throw new AppError('INVALID_FILE_UPLOAD', `The ${what} is empty`);
    return request.body;
  }
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Send the ${what} as the request body or as multipart/form-data`,
  );
}
