import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { type DecodedCsv, decodeCsv } from '../shared/csv-decode.js';
import { CSV_MAX_BYTES, type CsvTable, parseCsvTable } from '../shared/csv-table.js';
import { AppError } from '../shared/errors.js';
import { illegalTextErrors, throwIfAny } from './input-limits.js';
import { readMultipart } from './multipart.js';
import { Ok, StringEnum } from './schemas.js';
import type { App } from './types.js';
import { MULTIPART } from './validation.js';

/**
 * CSV imports (customers, products): the body is the file itself as `text/csv`, or a multipart
 * form with the file in `file`. Either is at most CSV_MAX_BYTES (413 PAYLOAD_TOO_LARGE). The
 * text/csv parser lives in a plugin scope of its own, so only the routes `register` declares take
 * it: everywhere else text/csv stays 415 UNSUPPORTED_MEDIA_TYPE.
 */
export function withCsvBody(app: App, register: (scoped: App) => void): void {
  app.register(async (child) => {
    child.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: CSV_MAX_BYTES },
      async (_req: unknown, body: string | Buffer) => decodeCsv(body as Buffer),
    );
    register(child as unknown as App);
  });
}

/** The documented body of an import route (validated by readCsvTable, not by the schema). */
export const CsvBody = Type.Unsafe<unknown>({
  type: 'string',
  description: `The CSV file (UTF-8, \`;\` or \`,\`, a header row), at most ${CSV_MAX_BYTES / 1024} KB: as the \`text/csv\` body, or as the \`file\` part of a multipart/form-data body`,
  ...MULTIPART,
});
export const CSV_CONSUMES = ['text/csv', 'multipart/form-data'];

export const ImportQuery = Type.Object({
  dryRun: Type.Optional(
    Type.Boolean({ default: false, description: 'true: check every row and save nothing (the preview)' }),
  ),
});

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `The CSV file is larger than ${CSV_MAX_BYTES / 1024} KB`);

export async function readCsvTable(request: FastifyRequest): Promise<CsvTable> {
  let decoded: DecodedCsv;
  if (request.isMultipart()) {
    const form = await readMultipart(request, { file: CSV_MAX_BYTES }).catch((e: unknown) => {
      // A file over the limit is 413 here, as a text/csv body over it is.
      throw e instanceof AppError && e.code === 'INVALID_FILE_UPLOAD' ? tooLarge() : e;
    });
    const file = form.files.file;
    if (!file) throw new AppError('INVALID_FILE_UPLOAD', 'The CSV file is missing: send it in the file part');
    decoded = await decodeCsv(file.data);
    throwIfAny(illegalTextErrors(decoded.text, 'file'));
  } else if (isDecoded(request.body)) {
    decoded = request.body;
  } else {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as text/csv or as multipart/form-data');
  }
  return parseCsvTable(decoded.text, decoded.lossy);
}

function isDecoded(body: unknown): body is DecodedCsv {
  return typeof body === 'object' && body !== null && typeof (body as DecodedCsv).text === 'string';
}

/** The answer of an import: every row with its status and errors, and the counts. */
export function importResponse(value: TSchema, name: string) {
  const Row = Type.Object({
    line: Type.Integer({ description: 'line of the file (the header is line 1)' }),
    status: StringEnum(['valid', 'invalid', 'duplicate'] as const),
    errors: Type.Array(
      Type.Object({
        field: Type.String(),
        code: StringEnum(['REQUIRED', 'TOO_LONG', 'INVALID_FORMAT', 'INVALID_VALUE', 'DUPLICATE'] as const),
        message: Type.String(),
      }),
    ),
    value: value,
  });
  return Type.Object(
    {
      ok: Ok,
      data: Type.Object({
        rows: Type.Array(Row),
        valid: Type.Integer(),
        invalid: Type.Integer(),
        duplicate: Type.Integer(),
        created: Type.Optional(Type.Integer({ description: 'rows saved (absent on a dry run)' })),
      }),
    },
    { $id: name },
  );
}
