/**
 * Preloaded by bench/e2e.bench.ts into the service's processes (`node --import
 * ./bench/lib/count-sql.mjs dist/main.js`, or after `--import tsx` with src/main.ts) when it counts statements: wraps `pg.Client#query`,
 * which every query of the process goes through (Drizzle, graphile-worker, our own clients), and
 * writes the counts by kind to the file named by BENCH_COUNT_SQL every 500 ms and at exit.
 * Nothing in src/ knows about it. Plain JavaScript so that it preloads into the compiled service
 * without tsx.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_COUNT_SQL;

/*
 * Counts: total; transactions (begin / commit / rollback); jobFetches (graphile-worker fetching
 * jobs, each call whether it finds one or not, and 0.17's look-up of a fetched job's queue name);
 * jobAdds (graphile_worker.add_job / add_jobs); jobCompletions (graphile-worker writing a job's
 * state back: completions and failures, one statement per job or per batch, and the rare return
 * of a local queue's jobs or reset of stale locks); app (everything else: our own statements).
 *
 * graphile-worker 0.16 fetched with `get_job(...)` or `with j as (select ...)` and completed with
 * `complete_job(...)` / `fail_job(...)` or a statement on `_private_jobs as jobs`; 0.17 fetches with
 * `with j as (select jobs.job_queue_id ...)` (one job or a local queue's batch) and writes every
 * other state change with a statement on `_private_jobs as jobs` (`delete` to complete, `update` to
 * fail, return or reset), alone or inside `with j as (...)` when the job has a named queue.
 */

/** @param {string} text */
function kindOf(text) {
  const head = text.trimStart().slice(0, 12).toLowerCase();
  if (head.startsWith('begin') || head.startsWith('commit') || head.startsWith('rollback'))
    return 'transactions';
  if (text.includes('get_job') || /with\s+j\s+as\s*\(\s*select/i.test(text)) return 'jobFetches';
  if (/select\s+id,\s*queue_name\s+from\s+\S*_private_job_queues/i.test(text)) return 'jobFetches';
  if (text.includes('add_job')) return 'jobAdds';
  if (text.includes('complete_job') || text.includes('fail_job') || text.includes('_private_jobs as jobs'))
    return 'jobCompletions';
  return 'app';
}

if (file) {
  /** @type {Map<string, number> | null} */
  let texts = null;
  const counts = {
    /** Calls of pg.Client#query: each one round trip. */
    roundTrips: 0,
    total: 0,
    transactions: 0,
    jobFetches: 0,
    jobAdds: 0,
    jobCompletions: 0,
    app: 0,
  };
  const proto = pg.Client.prototype;
  const original = proto.query;
  proto.query = function countedQuery(...args) {
    const q = args[0];
    const text = typeof q === 'string' ? q : (q?.text ?? '');
    counts.roundTrips++;
    counts.total++;
    counts[kindOf(text)]++;
    if (texts) {
      const key = text.replace(/\s+/g, ' ').slice(0, 110);
      texts.set(key, (texts.get(key) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  // BENCH_COUNT_SQL_TEXTS=1 also keeps a count per statement (its first 110 characters).
  texts = process.env.BENCH_COUNT_SQL_TEXTS === '1' ? new Map() : null;
  const flush = () => {
    writeFileSync(file, JSON.stringify(counts));
    if (texts)
      writeFileSync(
        `${file}.texts`,
        [...texts]
          .sort((a, b) => b[1] - a[1])
          .map(([t, n]) => `${n}\t${t}`)
          .join('\n'),
      );
  };
  setInterval(flush, 500).unref();
  process.on('exit', flush);
}
