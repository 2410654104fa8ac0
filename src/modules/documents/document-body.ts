import { createHash } from 'node:crypto';
import { compileBodyValidator } from '../../http/validation.js';
import { AppError } from '../../shared/errors.js';
import { ISSUABLE_DOCUMENT_TYPES } from '../catalogs/catalogs.data.js';
import type { CreditNoteInput, InvoiceInput } from './document-input.js';
import { CreditNoteBody, InvoiceBody } from './documents.schemas.js';

const validators = {
  '01': compileBodyValidator(InvoiceBody),
  '04': compileBodyValidator(CreditNoteBody),
} as const;

/** The document type a body asks for, refused when it is not one we issue. */
export function bodyDocumentType(body: unknown): '01' | '04' {
  const type = (body as { documentType?: unknown } | null)?.documentType;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('VALIDATION_FAILED', 'The body must be a JSON object', {
      errors: [{ path: 'body', message: 'must be object' }],
    });
  }
  if (type !== '01' && type !== '04') {
    throw new AppError(
      'VALIDATION_FAILED',
      `documentType must be one of ${ISSUABLE_DOCUMENT_TYPES.join(', ')}`,
      {
        errors: [
          {
            path: 'documentType',
            message: `must be one of ${ISSUABLE_DOCUMENT_TYPES.join(', ')} (01 invoice, 04 credit note)`,
          },
        ],
      },
    );
  }
  return type;
}

/** Shape validation with the schema of the body's own type (unknown fields dropped, wrong types refused). */
export function parseDocumentBody(body: unknown): InvoiceInput | CreditNoteInput {
  const type = bodyDocumentType(body);
  const copy = structuredClone(body);
  const errors = validators[type](copy);
  if (errors.length)
    throw new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path} ${e.message}`).join('; '), {
      errors,
    });
  return copy as InvoiceInput | CreditNoteInput;
}

/** A stable hash of a request body (key order does not matter), for Idempotency-Key comparisons. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableStringify(body)).digest('hex');
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
