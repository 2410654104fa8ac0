import type { Executor } from '../../db/pool.js';
import { holidaysBetween } from '../catalogs/index.js';
import { windowSearchRange } from './void-rules.js';

/** The holidays that can move the voiding deadline of a document issued on `issueIso`. */
export async function holidaysFor(db: Executor, issueIso: string): Promise<Set<string>> {
  const range = windowSearchRange(issueIso);
  return range ? holidaysBetween(db, range.fromIso, range.toIso) : new Set();
}
