/**
 * Preloaded into a server process by the creates bench (`NODE_OPTIONS=--import tsx --import <this file>`)
 * when PG_QUERY_COUNT_FILE is set: counts every round trip the process makes through `pg`
 * (`Client.prototype.query`: BEGIN, COMMIT and every statement, pooled or not) and writes the running
 * total to that file ten times a second. Nothing in `src/` knows about it.
 */
import { renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.PG_QUERY_COUNT_FILE;
if (file) {
  let count = 0;
  let written = -1;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: unknown,
    ...args: unknown[]
  ) {
    count++;
    return original.apply(this, args);
  };
  const flush = () => {
    if (count === written) return;
    written = count;
    // Written aside and renamed: a reader never sees a half-written (empty) file.
    writeFileSync(`${file}.tmp`, String(count));
    renameSync(`${file}.tmp`, file);
  };
  setInterval(flush, 100).unref();
  process.once('exit', flush);
}
