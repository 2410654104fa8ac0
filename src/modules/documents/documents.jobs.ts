import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { defineJob, NO_PAYLOAD_V1 } from '../../jobs/queue.js';

export const FOLD_COUNTS_JOB = 'documents:fold-counts';

/**
 * graphile-worker crontab line (UTC): the list counters' deltas folded every minute
 * (migrations/0910). A fold that is late costs the list reads a longer scan of the deltas, never
 * a wrong count: the counters read the summary and the deltas together.
 */
export const DOCUMENTS_CRONTAB = `* * * * * ${FOLD_COUNTS_JOB} ?max=1&jobKey=${FOLD_COUNTS_JOB}`;

/** Moves the deltas into the summary tables (one statement); the number of deltas folded. */
export async function foldDocumentCounts(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`select document_counts_fold() as n`);
  return Number(rows[0]?.n ?? 0);
}

export function createFoldCountsJob(deps: { db: Executor }) {
  return defineJob(FOLD_COUNTS_JOB, NO_PAYLOAD_V1, async () => {
    await foldDocumentCounts(deps.db);
  });
}
