import { toFieldErrors, validatorCompiler } from '../../http/validation.js';
import type { FieldError } from '../../shared/errors.js';
import { DocumentBodySchema } from './types/registry.js';

/** Stated figures a client may leave out of a dry run to be told them (creation requires them). */
const FILLABLE = new Set(['taxableBase', 'taxAmount']);
export const PLACEHOLDER = '0.00';

const validateBody = validatorCompiler({
  schema: DocumentBodySchema,
  httpPart: 'body',
  method: 'POST',
  url: '/v1/documents/validate',
}) as ((data: unknown) => boolean) & { errors?: Parameters<typeof toFieldErrors>[0] };

type Json = Record<string, unknown>;

/** JSON pointer (`/items/0/taxes/1`) of an ajv error -> the object it names, or undefined. */
function objectAt(body: unknown, pointer: string): Json | undefined {
  let node = body as Json | undefined;
  for (const seg of pointer.split('/').filter(Boolean)) {
    node = node && typeof node === 'object' ? (node[seg] as Json | undefined) : undefined;
  }
  return node && typeof node === 'object' ? node : undefined;
}

export interface SchemaCheck {
  errors: FieldError[];
  /** Paths of omitted stated figures the check filled with PLACEHOLDER. */
  filled: Set<string>;
}

/** Schema check with every error; omitted stated figures are filled with a placeholder first. */
export function checkSchema(body: unknown): SchemaCheck {
  const filled = new Set<string>();
  for (let round = 0; round < 2; round++) {
    if (validateBody(body)) return { errors: [], filled };
    let changed = false;
    for (const e of validateBody.errors ?? []) {
      const missing = (e.params as { missingProperty?: string }).missingProperty;
      if (e.keyword !== 'required' || !missing || !FILLABLE.has(missing)) continue;
      const parent = objectAt(body, e.instancePath);
      if (!parent) continue;
      parent[missing] = PLACEHOLDER;
      filled.add(toFieldErrors([e], 'body')[0]!.path);
      changed = true;
    }
    if (!changed) break;
  }
  return { errors: toFieldErrors(validateBody.errors, 'body'), filled };
}
