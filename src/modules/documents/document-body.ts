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

/**
 * JSON with object keys sorted, without recursion: an explicit stack of pending output pieces
 * (a body's depth is already bounded by input-limits.ts; this holds whatever it is given).
 */
export function stableStringify(value: unknown): string {
  let out = '';
  const pending: ({ text: string } | { value: unknown })[] = [{ value }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if ('text' in next) {
      out += next.text;
      continue;
    }
    const v = next.value;
    const items: ({ text: string } | { value: unknown })[] = [];
    if (Array.isArray(v)) {
      items.push({ text: '[' });
      v.forEach((child, i) => {
        if (i > 0) items.push({ text: ',' });
        items.push({ value: child });
      });
      items.push({ text: ']' });
    } else if (v && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      items.push({ text: '{' });
      Object.keys(record)
        .sort()
        .forEach((k, i) => {
          items.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(k)}:` });
          items.push({ value: record[k] });
        });
      items.push({ text: '}' });
    } else {
      out += JSON.stringify(v);
      continue;
    }
    for (let i = items.length - 1; i >= 0; i--) pending.push(items[i]!);
  }
  return out;
}
