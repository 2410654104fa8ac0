/**
 * Links between documents (docs/document-types.md, "Links between documents"): when a credit note,
 * debit note, withholding or waybill refers to one of the issuer's own documents, that document
 * must be in the account, AUTHORIZED, of the same buyer and issue date. An original that is not in
 * the account (issued before the business moved here, or by another system) is accepted with a
 * warning.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import { isoToDdMmYyyy } from '../../shared/clock.js';
import { AppError, type FieldError } from '../../shared/errors.js';
import type { IssuerScope } from '../../shared/scope.js';
import { documents } from './documents.tables.js';
import { keyIsIssuers, keyProblems, type LinkRef, referencesOf } from './link-refs.js';

export interface LinkWarning {
  code: 'ORIGINAL_NOT_IN_ACCOUNT';
  path: string;
  message: string;
}

const NOT_IN_ACCOUNT = 'the original is not in this account; it was not checked';

async function findOwn(db: Executor, scope: IssuerScope, ruc: string, ref: LinkRef) {
  const [branch, point, sequential] = ref.number.split('-');
  const rows = await db
    .select({
      status: documents.status,
      accessKey: documents.accessKey,
      issueDate: documents.issueDate,
      buyerId: documents.buyerId,
    })
    .from(documents)
    .where(
      and(
        eq(documents.tenantId, scope.tenantId),
        eq(documents.environment, scope.environment),
        eq(documents.documentType, ref.documentType as never),
        eq(documents.sequential, Number(sequential)),
        sql`${documents.model}->'issuer'->>'ruc' = ${ruc}`,
        sql`${documents.model}->'issuer'->>'branchCode' = ${branch}`,
        sql`${documents.model}->'issuer'->>'issuePointCode' = ${point}`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Every link problem of a schema-valid body, and its warnings. */
async function checkLinks(
  db: Executor,
  scope: IssuerScope,
  issuerRuc: string,
  body: unknown,
): Promise<{ errors: FieldError[]; warnings: LinkWarning[] }> {
  const errors: FieldError[] = [];
  const warnings: LinkWarning[] = [];
  if (!body || typeof body !== 'object') return { errors, warnings };
  for (const ref of referencesOf(body as Record<string, unknown>, issuerRuc)) {
    errors.push(...keyProblems(ref, scope.environment, issuerRuc));
    const ours = ref.ours === true || keyIsIssuers(ref, issuerRuc);
    if (!ours || !/^\d{3}-\d{3}-\d{9}$/.test(ref.number)) continue;
    const original = await findOwn(db, scope, issuerRuc, ref);
    if (!original) {
      warnings.push({ code: 'ORIGINAL_NOT_IN_ACCOUNT', path: ref.path, message: NOT_IN_ACCOUNT });
      continue;
    }
    if (original.status !== 'AUTHORIZED') {
      errors.push({
        path: `${ref.path}.number`,
        message: `is ${original.status}: only an AUTHORIZED document can be referred to`,
      });
    }
    const issued = isoToDdMmYyyy(original.issueDate);
    if (issued !== ref.issueDate) {
      errors.push({
        path: `${ref.path}.issueDate`,
        message: `must be the original's issue date (${issued})`,
      });
    }
    if (ref.key !== null && ref.key.length === 49 && ref.key !== original.accessKey) {
      errors.push({
        path: `${ref.path}.authorizationNumber`,
        message: `must be the original's access key (${original.accessKey})`,
      });
    }
    if (ref.counterpart && ref.counterpart.id !== original.buyerId) {
      errors.push({
        path: ref.counterpart.path,
        message: `must be the original's buyer identification (${original.buyerId})`,
      });
    }
  }
  return { errors: dedupe(errors), warnings };
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.path}|${e.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The create's refusal: VALIDATION_FAILED with every link error. */
export function linkError(errors: FieldError[]): AppError {
  return new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path}: ${e.message}`).join('; '), {
    errors,
  });
}

/** Types whose body refers to other documents. */
const LINKED_TYPES = new Set(['04', '05', '06', '07']);

/** checkLinks for a body of the issuer of `scope` (nothing to do for 01 and 03 or an unknown issuer). */
export async function checkBodyLinks(db: Executor, scope: IssuerScope, body: { documentType?: unknown }) {
  if (typeof body.documentType !== 'string' || !LINKED_TYPES.has(body.documentType))
    return { errors: [], warnings: [] };
  const [issuer] = await db
    .select({ ruc: issuers.ruc })
    .from(issuers)
    .where(and(eq(issuers.id, scope.issuerId), eq(issuers.tenantId, scope.tenantId)));
  if (!issuer) return { errors: [], warnings: [] };
  return checkLinks(db, scope, issuer.ruc, body);
}
