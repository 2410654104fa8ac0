import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { AppError, validationError } from '../../shared/errors.js';

/** The sequential is 9 digits in the access key and the document number (NNN-NNN-NNNNNNNNN). */
export const MAX_SEQUENTIAL = 999_999_999;

export type SequentialEnvironment = 'sandbox' | 'production';

interface CounterView {
  current: number;
  next: number;
}

export interface SequentialView {
  documentType: string;
  sandbox: CounterView;
  production: CounterView;
}

/**
 * Hands out the next sequential of a counter inside the caller's transaction (document creation).
 * One upsert: the first use inserts 1, later uses increment under the row lock the update takes,
 * so concurrent transactions queue on that row and never see the same number; a rolled-back
 * transaction gives its number back. Refuses past 999999999 rather than wrapping.
 */
export async function allocateSequential(
  tx: Executor,
  issuerId: string,
  documentType: string,
  environment: SequentialEnvironment,
): Promise<number> {
  const result = await tx.execute<{ current: number }>(sql`
    insert into issuer_sequentials as s (issuer_id, document_type, environment, current)
    values (${issuerId}, ${documentType}, ${environment}, 1)
    on conflict (issuer_id, document_type, environment)
    do update set current = s.current + 1 where s.current < ${MAX_SEQUENTIAL}
    returning current`);
  const row = result.rows[0];
  if (!row) {
    throw new AppError(
      'CONFLICT',
      `The ${environment} sequential of document type ${documentType} reached ${MAX_SEQUENTIAL}; use another issue point`,
    );
  }
  return Number(row.current);
}

/**
 * PATCH .../sequentials/:documentType: afterwards the counter reads {current: next-1, next}.
 * `next` must be above the counter's current value (SEQUENTIAL_CANNOT_DECREASE otherwise). The
 * comparison and the write are one conditional upsert: it waits for the row lock of any
 * allocation in flight and compares against the committed value, so it can never move the
 * counter back under a number already handed out.
 */
export async function setNextSequential(
  db: Executor,
  issuerId: string,
  documentType: string,
  environment: SequentialEnvironment,
  next: number,
): Promise<void> {
  if (!Number.isInteger(next) || next > MAX_SEQUENTIAL)
    throw validationError('nextSequential', `must be an integer up to ${MAX_SEQUENTIAL}`);
  // A counter never used reads current 0, so nothing below 1 can be above it.
  if (next < 1) throw new AppError('SEQUENTIAL_CANNOT_DECREASE', 'nextSequential must be a positive integer');
  const result = await db.execute<{ current: number }>(sql`
    insert into issuer_sequentials as s (issuer_id, document_type, environment, current)
    values (${issuerId}, ${documentType}, ${environment}, ${next - 1})
    on conflict (issuer_id, document_type, environment)
    do update set current = excluded.current where s.current < excluded.current + 1
    returning current`);
  if (result.rows.length === 0) {
    const [row] = await readCounters(db, issuerId, documentType, environment);
    throw new AppError(
      'SEQUENTIAL_CANNOT_DECREASE',
      `nextSequential must be greater than the current ${environment} sequential of document type ${documentType} (${row?.current})`,
    );
  }
}

/** One row per requested document type; a counter never used reads {current: 0, next: 1}. */
export async function readSequentials(
  db: Executor,
  issuerId: string,
  documentTypes: readonly string[],
): Promise<SequentialView[]> {
  const rows = await readCounters(db, issuerId);
  const counter = (documentType: string, environment: SequentialEnvironment): CounterView => {
    const current = rows.find((r) => r.document_type === documentType && r.environment === environment);
    const value = Number(current?.current ?? 0);
    return { current: value, next: value + 1 };
  };
  return documentTypes.map((documentType) => ({
    documentType,
    sandbox: counter(documentType, 'sandbox'),
    production: counter(documentType, 'production'),
  }));
}

async function readCounters(
  db: Executor,
  issuerId: string,
  documentType?: string,
  environment?: SequentialEnvironment,
) {
  const result = await db.execute<{ document_type: string; environment: string; current: number }>(sql`
    select document_type, environment, current from issuer_sequentials
    where issuer_id = ${issuerId}
      ${documentType ? sql`and document_type = ${documentType}` : sql``}
      ${environment ? sql`and environment = ${environment}` : sql``}`);
  return result.rows;
}

/**
 * Group commit (docs/creates.md): a batch of creates read the counter without a lock, signed its
 * documents with `expected + 1 .. last`, and now takes those numbers in one conditional upsert, in
 * the transaction that inserts the documents. False when another transaction moved the counter
 * since (another process, a PATCH): the caller rolls back and numbers again under
 * `lockSequentialCounter`. A counter never used reads 0: the insert branch.
 */
export async function claimSequentials(
  tx: Executor,
  counter: { issuerId: string; documentType: string; environment: SequentialEnvironment },
  expected: number,
  last: number,
): Promise<boolean> {
  if (last > MAX_SEQUENTIAL) throw new Error(`sequential ${last} past ${MAX_SEQUENTIAL}`);
  // The row's NOT NULL is checked on the proposed insert before ON CONFLICT: an upsert only for 0.
  const result =
    expected === 0
      ? await tx.execute(sql`
          insert into issuer_sequentials as s (issuer_id, document_type, environment, current)
          values (${counter.issuerId}, ${counter.documentType}, ${counter.environment}, ${last})
          on conflict (issuer_id, document_type, environment)
          do update set current = excluded.current where s.current = 0
          returning current`)
      : await tx.execute(sql`
          update issuer_sequentials set current = ${last}
           where issuer_id = ${counter.issuerId} and document_type = ${counter.documentType}
             and environment = ${counter.environment} and current = ${expected}
          returning current`);
  return result.rows.length === 1;
}

/**
 * The counter's current value, row-locked until the caller's transaction ends (created at 0 when
 * missing): the numbering of a batch whose optimistic claim lost a race.
 */
export async function lockSequentialCounter(
  tx: Executor,
  counter: { issuerId: string; documentType: string; environment: SequentialEnvironment },
): Promise<number> {
  const result = await tx.execute<{ current: number }>(sql`
    insert into issuer_sequentials as s (issuer_id, document_type, environment, current)
    values (${counter.issuerId}, ${counter.documentType}, ${counter.environment}, 0)
    on conflict (issuer_id, document_type, environment) do update set current = s.current
    returning current`);
  return Number(result.rows[0]!.current);
}
