import { rm } from 'node:fs/promises';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { type AtsReportRow, atsReports } from './ats.tables.js';

/** Days a DONE report's file is kept at least (from finishedAt); docs/ats.md, "Storage and expiry". */
export const ATS_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * When a DONE report's file may be deleted: ATS_RETENTION_DAYS after it was built, and never before
 * the period's filing window closes (the SRI's deadline is the 10th to the 28th of the month after
 * the month or semester, by the RUC's ninth digit): 00:00 of the 29th of that month in Ecuador
 * (UTC-5 all year). A file built late in the window so still serves a correction filed soon after.
 */
export function atsExpiresAt(row: Pick<AtsReportRow, 'year' | 'month' | 'semester'>, finishedAt: Date): Date {
  const lastMonth = row.month ?? (row.semester === 1 ? 6 : 12);
  // Date.UTC's month is 0-based: `lastMonth` is the month after; December rolls into January.
  const windowClose = new Date(Date.UTC(row.year, lastMonth, 29, 5));
  const kept = new Date(finishedAt.getTime() + ATS_RETENTION_DAYS * DAY_MS);
  return kept > windowClose ? kept : windowClose;
}

/**
 * The ATS half of the daily files prune (the exports module's `exports:prune` job calls it): the
 * files of DONE reports past expiresAt are deleted and the rows become EXPIRED, summary and
 * problems kept. Idempotent: a rerun finds nothing, a crash between the two steps is redone.
 */
export function createAtsPrune(deps: { db: Executor; fileOf: (id: string, ext: 'xml' | 'zip') => string }) {
  const { db, fileOf } = deps;
  return async function prune(now: Date): Promise<number> {
    const old = await db
      .select({ id: atsReports.id })
      .from(atsReports)
      .where(and(eq(atsReports.status, 'DONE'), lt(atsReports.expiresAt, now)));
    for (const { id } of old) {
      await rm(fileOf(id, 'zip'), { force: true });
      await rm(fileOf(id, 'xml'), { force: true });
      await db
        .update(atsReports)
        .set({ status: 'EXPIRED' })
        .where(and(eq(atsReports.id, id), eq(atsReports.status, 'DONE')));
    }
    return old.length;
  };
}
