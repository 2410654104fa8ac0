import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { issuers } from '../../db/tables.js';
import { type Clock, ecuadorDate } from '../../shared/clock.js';
import { AppError, type FieldError, notFound } from '../../shared/errors.js';
import type { IssuerScope } from '../../shared/scope.js';
import { checkSchema, PLACEHOLDER, type SchemaCheck } from './dry-run.schemas.js';
import { checkBodyLinks } from './links.js';
import { assertIssuable, issuerSnapshot } from './pipeline.js';
import type { TypeContext } from './types/definition.js';
import { definitionOf, ISSUABLE_TYPES } from './types/registry.js';

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

/** A schema error at `path` covers what the business rules say at it or below it (one error per mistake). */
function coveredBy(schemaErrors: FieldError[], path: string): boolean {
  return schemaErrors.some(
    (s) =>
      s.path === 'body' || path === s.path || path.startsWith(`${s.path}.`) || path.startsWith(`${s.path}[`),
  );
}

/**
 * Every field problem of a body at once: its schema errors and, beside them, the type's business
 * rules (a stated figure that differs from the computed one, a payments total, a date) on whatever
 * the schema did not already refuse. The rules run even when the schema found errors: a body the
 * rules cannot read (a list that is a string) leaves the schema's errors alone. `content` is the
 * computed document, when nothing but stated figures stood in its way.
 */
function examineBody(body: Json, schema: SchemaCheck, ctx: TypeContext) {
  const errors: DryRunError[] = schema.errors.map((e) => ({
    code: 'VALIDATION_FAILED',
    path: e.path,
    message: e.message,
  }));
  const type = body.documentType;
  if (typeof type !== 'string' || !(ISSUABLE_TYPES as readonly string[]).includes(type))
    return { errors, content: null };
  const def = definitionOf(type);
  const reported = new Set<string>();
  const report = (e: FieldError) => {
    const key = `${e.path}|${e.message}`;
    if (reported.has(key) || coveredBy(schema.errors, e.path)) return;
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
      content = def.compute(body as never, ctx) as Json & { issueDate: string };
    } catch (e) {
      // A shape the schema refused can stop the rules anywhere: its schema errors say what is wrong.
      if (!(e instanceof AppError) && schema.errors.length > 0) break;
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
  return { errors, content: schema.errors.length === 0 ? content : null };
}

export function createDocumentDryRun(deps: { db: Executor; clock: Clock }) {
  const { db, clock } = deps;

  async function activeIssuer(scope: IssuerScope) {
    const [issuer] = await db
      .select()
      .from(issuers)
      .where(
        and(eq(issuers.id, scope.issuerId), eq(issuers.tenantId, scope.tenantId), eq(issuers.active, true)),
      );
    return issuer;
  }

  function contextOf(scope: IssuerScope, issuer: NonNullable<Awaited<ReturnType<typeof activeIssuer>>>) {
    return {
      today: ecuadorDate(clock.now()),
      environment: scope.environment,
      issuer: issuerSnapshot(issuer),
    };
  }

  return {
    /**
     * POST /v1/documents/validate: what POST /v1/documents would do with this body, without a
     * sequential, a signature or a row: every problem at once, and the computed document whenever
     * the only problems are figures the service can state itself (tax bases and values, a single
     * payment's total) or issuer rules.
     */
    async validate(scope: IssuerScope, raw: unknown) {
      const issuer = await activeIssuer(scope);
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
      const found = examineBody(body, schema, contextOf(scope, issuer));
      errors.push(...found.errors);
      // The links to other documents, as creation checks them (links.ts), once the body has its shape.
      const links =
        schema.errors.length === 0 && type
          ? await checkBodyLinks(db, scope, body)
          : { errors: [], warnings: [] };
      for (const e of links.errors)
        errors.push({ code: 'VALIDATION_FAILED', path: e.path, message: e.message });
      return {
        valid: errors.length === 0,
        errors,
        warnings: links.warnings,
        ...(found.content && type
          ? { document: { documentType: type, ...found.content }, correctedBody: body }
          : {}),
      };
    },

    /**
     * Creation's 400 when its body fails the schema: the same field problems as the dry run (the
     * schema's and the rules' together), as a VALIDATION_FAILED. Issuer rules are not asked: a
     * malformed body is refused before anything else happens.
     */
    async creationError(scope: IssuerScope, raw: unknown, schemaErrors: FieldError[]): Promise<AppError> {
      const issuer = await activeIssuer(scope);
      const body = structuredClone(raw) as Json;
      const schema = checkSchema(body);
      const errors: FieldError[] = issuer
        ? examineBody(body, schema, contextOf(scope, issuer)).errors.map(({ path, message }) => ({
            path,
            message,
          }))
        : schemaErrors;
      return new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path}: ${e.message}`).join('; '), {
        errors,
      });
    },
  };
}

export type DocumentDryRun = ReturnType<typeof createDocumentDryRun>;
