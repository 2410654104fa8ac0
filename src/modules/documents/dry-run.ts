import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import { type Clock, ecuadorDate } from '../../shared/clock.js';
import { AppError, type FieldError, notFound } from '../../shared/errors.js';
import type { IssuerScope } from '../../shared/scope.js';
import { checkSchema, PLACEHOLDER } from './dry-run.schemas.js';
import { checkBodyLinks } from './links.js';
import { assertIssuable, computeContent, issuerSnapshot } from './pipeline.js';
import { definitionOf } from './types/registry.js';

/** One problem the dry run found: a field error (VALIDATION_FAILED) or an issuer rule. */
interface DryRunError {
  code: string;
  path: string;
  message: string;
  /** The value the service computed for a stated figure: send this one. */
  expected?: string;
}

/** Corrections feed the next pass; a figure derived from corrected ones needs at most a few. */
const MAX_PASSES = 4;

type Json = Record<string, unknown>;

/** `items[0].taxes[1].taxAmount` -> ['items', 0, 'taxes', 1, 'taxAmount']. */
function segments(path: string): (string | number)[] {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Sets an existing leaf of the body; false when the path does not name one. */
function setAt(body: unknown, path: string, value: string): boolean {
  const segs = segments(path);
  let node = body as Json | unknown[];
  for (const seg of segs.slice(0, -1)) {
    const next = (node as Record<string | number, unknown>)[seg];
    if (!next || typeof next !== 'object') return false;
    node = next as Json;
  }
  const last = segs.at(-1);
  if (last === undefined || !(last in (node as object))) return false;
  (node as Record<string | number, unknown>)[last] = value;
  return true;
}

/**
 * Where an error's `expected` goes: its own path, or, for the payments' total, the one payment
 * (with several payments the split is the client's to make).
 */
function correctionPath(body: unknown, error: FieldError): string | null {
  if (error.expected === undefined) return null;
  const payments = (body as { payments?: unknown[] }).payments;
  if (error.path === 'payments')
    return Array.isArray(payments) && payments.length === 1 ? 'payments[0].total' : null;
  return error.path;
}

export function createDocumentDryRun(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /**
     * POST /v1/documents/validate: what POST /v1/documents would do with this body, without a
     * sequential, a signature or a row: every problem at once, and the computed document whenever
     * the only problems are figures the service can state itself (tax bases and values, a single
     * payment's total) or issuer rules.
     */
    async validate(scope: IssuerScope, raw: unknown) {
      const [issuer] = await db
        .select()
        .from(issuers)
        .where(
          and(eq(issuers.id, scope.issuerId), eq(issuers.tenantId, scope.tenantId), eq(issuers.active, true)),
        );
      if (!issuer) throw notFound('Issuer');
      const body = structuredClone(raw) as Json;
      const errors: DryRunError[] = [];

      const schema = checkSchema(body);
      const type = typeof body?.documentType === 'string' ? body.documentType : null;
      try {
        assertIssuable(issuer, schema.errors.some((e) => e.path === 'documentType') ? null : type);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push({
          code: e.code,
          path: e.code === 'DOCUMENT_TYPE_NOT_ENABLED' ? 'documentType' : '',
          message: e.message,
        });
      }
      if (schema.errors.length > 0 || !type) {
        errors.push(
          ...schema.errors.map((e) => ({ code: 'VALIDATION_FAILED', path: e.path, message: e.message })),
        );
        return { valid: false, errors, warnings: [] };
      }
      // The links to other documents, as creation checks them (links.ts), on the body as sent.
      const links = await checkBodyLinks(db, scope, body);

      const def = definitionOf(type);
      const ctx = {
        today: ecuadorDate(clock.now()),
        environment: scope.environment,
        issuer: issuerSnapshot(issuer),
      };
      const reported = new Set<string>();
      const report = (e: FieldError) => {
        const key = `${e.path}|${e.message}`;
        if (reported.has(key)) return;
        reported.add(key);
        errors.push({
          code: 'VALIDATION_FAILED',
          path: e.path,
          message: schema.filled.has(e.path) ? `is required; the computed value is ${e.expected}` : e.message,
          ...(e.expected !== undefined ? { expected: e.expected } : {}),
        });
      };
      // Omitted figures whose computed value happened to be the placeholder raise no error: still missing.
      let content: (Json & { issueDate: string }) | null = null;
      for (let pass = 0; pass < MAX_PASSES && content === null; pass++) {
        try {
          content = computeContent(def, body, ctx) as Json & { issueDate: string };
        } catch (e) {
          if (!(e instanceof AppError) || e.code !== 'VALIDATION_FAILED' || !e.errors) throw e;
          for (const f of e.errors) report(f);
          const fixes = e.errors.map((f) => [f, correctionPath(body, f)] as const);
          if (fixes.some(([, p]) => p === null)) break;
          if (!fixes.every(([f, p]) => setAt(body, p!, f.expected!))) break;
        }
      }
      for (const path of schema.filled) {
        if (![...reported].some((k) => k.startsWith(`${path}|`))) {
          errors.push({
            code: 'VALIDATION_FAILED',
            path,
            message: `is required; the computed value is ${PLACEHOLDER}`,
            expected: PLACEHOLDER,
          });
        }
      }
      for (const e of links.errors)
        errors.push({ code: 'VALIDATION_FAILED', path: e.path, message: e.message });
      return {
        valid: errors.length === 0,
        errors,
        warnings: links.warnings,
        ...(content ? { document: { documentType: type, ...content }, correctedBody: body } : {}),
      };
    },
  };
}

export type DocumentDryRun = ReturnType<typeof createDocumentDryRun>;
