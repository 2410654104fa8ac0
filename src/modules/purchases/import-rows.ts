import type { AppError } from '../../shared/errors.js';
import type { Environment } from '../../shared/scope.js';
import { cedulaOf, ENV_DIGIT, type TenantIdentity } from './purchase-checks.js';
import type { RowOutcome } from './purchases.tables.js';
import type { TxtRow } from './txt-report.js';

/** A row's outcome and why: the local checks of a TXT row, then what admission said. */
export interface RowVerdict {
  status: RowOutcome | 'NEW' | 'PENDING';
  code: string | null;
  detail: string | null;
}

const OUTCOME_OF_CODE: Record<string, RowOutcome> = {
  ACCESS_KEY_INVALID: 'MALFORMED',
  PURCHASE_XML_INVALID: 'MALFORMED',
  ACCESS_KEY_ENVIRONMENT_MISMATCH: 'WRONG_ENVIRONMENT',
  PURCHASE_NOT_ADDRESSED: 'NOT_ADDRESSED',
  PURCHASE_UNKNOWN_AT_SRI: 'UNKNOWN',
  PURCHASE_NOT_AUTHORIZED: 'NOT_AUTHORIZED',
};

export function verdictOfError(e: AppError): RowVerdict {
  return { status: OUTCOME_OF_CODE[e.code] ?? 'FAILED', code: e.code, detail: e.message };
}

/**
 * What can be told of a row without the tax authority: malformed, another environment, repeated
 * in the file, or addressed (column IDENTIFICACION_RECEPTOR) to someone else. null: ask the SRI.
 */
export function localVerdicts(
  rows: TxtRow[],
  environment: Environment,
  identities: TenantIdentity[],
): (RowVerdict | null)[] {
  const firstLine = new Map<string, number>();
  const ours = new Set(
    identities.flatMap((i) => [i.ruc, cedulaOf(i.ruc)].filter((x): x is string => x !== null)),
  );
  return rows.map((r) => {
    if (r.problem) return { status: 'MALFORMED', code: 'ACCESS_KEY_INVALID', detail: r.problem };
    if (r.accessKey[23] !== ENV_DIGIT[environment]) {
      return {
        status: 'WRONG_ENVIRONMENT',
        code: 'ACCESS_KEY_ENVIRONMENT_MISMATCH',
        detail: `The access key is of ambiente ${r.accessKey[23]}; this API key works in ${environment}`,
      };
    }
    const first = firstLine.get(r.accessKey);
    if (first !== undefined) return { status: 'EXISTING', code: null, detail: `repeats line ${first}` };
    firstLine.set(r.accessKey, r.line);
    if (!ours.has(r.receiverId)) {
      return {
        status: 'NOT_ADDRESSED',
        code: 'PURCHASE_NOT_ADDRESSED',
        detail: `The document is addressed to ${r.receiverId || 'nobody'}, not to your identification ${[...ours].join(', ')}`,
      };
    }
    return null;
  });
}
