/**
 * Ecuador's national holidays (table public_holidays, migrations/0840): data the operator extends,
 * read by the documents module for the voiding window (docs/lifecycle.md, Voiding).
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/pool.js';
import { parseDdMmYyyy } from '../../shared/clock.js';
import { AppError, notFound, validationError } from '../../shared/errors.js';

/** Mirrors migrations/0840_public_holidays.sql. */
const publicHolidays = pgTable('public_holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The holidays between two ISO dates (inclusive), as a set of YYYY-MM-DD. */
export async function holidaysBetween(db: Executor, fromIso: string, toIso: string): Promise<Set<string>> {
  const rows = await db
    .select({ day: publicHolidays.day })
    .from(publicHolidays)
    .where(and(gte(publicHolidays.day, fromIso), lte(publicHolidays.day, toIso)));
  return new Set(rows.map((r) => r.day));
}

/** DD/MM/YYYY -> YYYY-MM-DD, or VALIDATION_FAILED on `path`. */
function isoDay(value: string, path: string): string {
  const d = parseDdMmYyyy(value);
  if (!d) throw validationError(path, 'must be a real date DD/MM/YYYY');
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

const view = (r: { day: string; name: string }) => ({
  date: `${r.day.slice(8, 10)}/${r.day.slice(5, 7)}/${r.day.slice(0, 4)}`,
  name: r.name,
});

/** The operator's holiday calendar: list, add (409 on a day already there), remove. */
export function createHolidaysService(deps: { db: Executor }) {
  const { db } = deps;
  return {
    async list(year?: number) {
      const where =
        year === undefined
          ? undefined
          : and(gte(publicHolidays.day, `${year}-01-01`), lte(publicHolidays.day, `${year}-12-31`));
      const rows = await db.select().from(publicHolidays).where(where).orderBy(asc(publicHolidays.day));
      return rows.map(view);
    },

    async add(input: { date: string; name: string }) {
      const day = isoDay(input.date, 'date');
      const name = input.name.trim();
      if (name.length === 0 || name.length > 200)
        throw validationError('name', 'is required, 1 to 200 characters');
      const [row] = await db.insert(publicHolidays).values({ day, name }).onConflictDoNothing().returning();
      if (!row) throw new AppError('CONFLICT', `${input.date} is already a holiday`);
      return view(row);
    },

    async remove(dateText: string) {
      const day = isoDay(dateText, 'params.date');
      const [row] = await db.delete(publicHolidays).where(eq(publicHolidays.day, day)).returning();
      if (!row) throw notFound('Holiday');
      return view(row);
    },
  };
}

export type HolidaysService = ReturnType<typeof createHolidaysService>;
