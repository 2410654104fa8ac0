import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from './pool.js';

/**
 * A conditional change and what follows from it, as one statement sent on its own (atomic
 * without a transaction: one round trip instead of begin, change, write, commit): `change` (an
 * insert, update or delete `returning` what it wrote) as a CTE, and `then(changed)`, a write that
 * acts only on or because of `changed`'s rows (each module builds its own write). True when
 * `change` wrote a row. For facts that must commit before a call leaves the process (the send's
 * in-flight mark and its event).
 */
export async function changeThen(
  db: Executor,
  change: SQL,
  then: (changed: SQL) => SQLWrapper,
): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`with changed as (${change}),
    followed as (${then(sql`changed`)})
    select count(*)::int as n from changed`);
  return Number(rows[0]?.n ?? 0) > 0;
}
