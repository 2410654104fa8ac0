import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { toFieldErrors, validatorCompiler } from './validation.js';

const Body = Type.Object({
  customsDocument: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  code: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{3}$' }), Type.Integer()])),
});
const validate = validatorCompiler({ schema: Body, httpPart: 'body', method: 'POST', url: '/x' }) as ((
  d: unknown,
) => boolean) & { errors?: Parameters<typeof toFieldErrors>[0] };

function errorsOf(body: unknown) {
  expect(validate(body)).toBe(false);
  return toFieldErrors(validate.errors, 'body');
}

describe('toFieldErrors: nullable fields', () => {
  it('a nullable field too long gives one error, the length, not also "must be null"', () => {
    expect(errorsOf({ customsDocument: 'x'.repeat(21) })).toEqual([
      { path: 'customsDocument', message: 'must be at most 20 characters' },
    ]);
  });

  it('a nullable field of the wrong type names the first branch', () => {
    expect(errorsOf({ customsDocument: 5 })).toEqual([
      { path: 'customsDocument', message: 'must be string' },
    ]);
  });

  it('null itself and a valid value pass', () => {
    expect(validate({ customsDocument: null })).toBe(true);
    expect(validate({ customsDocument: 'x'.repeat(20) })).toBe(true);
  });

  it('a union without a null branch keeps every branch error', () => {
    expect(errorsOf({ code: '12' }).map((e) => e.message)).toEqual([
      'must be exactly 3 digits',
      'must be integer',
    ]);
  });
});
