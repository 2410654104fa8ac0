/**
 * Preloaded by bench/e2e.bench.ts into the service's processes (`node --import tsx --import
 * ./bench/lib/count-sql.ts src/main.ts`) when it counts statements: wraps `pg.Client#query`,
 * which every query of the process goes through (Drizzle, graphile-worker, our own clients), and
 * writes the counts by kind to the file named by BENCH_COUNT_SQL every 500 ms and at exit.
 * Nothing in src/ knows about it.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_COUNT_SQL;

interface SqlCounts {
  total: number;
  /** begin / commit / rollback. */
  transactions: number;
  /** graphile-worker fetching a job (each call, whether it finds one or not). */
  jobFetches: number;
  /** graphile_worker.add_job / add_jobs calls. */
  jobAdds: number;
  /** graphile-worker recording job completions or failures. */
  jobCompletions: number;
  /** Everything else: our own statements. */
  app: number;
}

function kindOf(text: string): keyof Omit<SqlCounts, 'total'> {
  const head = text.trimStart().slice(0, 12).toLowerCase();
  if (head.startsWith('begin') || head.startsWith('commit') || head.startsWith('rollback'))
    return 'transactions';
  if (text.includes('get_job') || /with\s+j\s+as\s*\(\s*select/i.test(text)) return 'jobFetches';
  if (text.includes('add_job')) return 'jobAdds';
  if (text.includes('complete_job') || text.includes('fail_job') || text.includes('_private_jobs as jobs'))
    return 'jobCompletions';
  return 'app';
}

if (file) {
  let texts: Map<string, number> | null = null;
  const counts: SqlCounts = {
    total: 0,
    transactions: 0,
    jobFetches: 0,
    jobAdds: 0,
    jobCompletions: 0,
    app: 0,
  };
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function countedQuery(this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? '');
    counts.total++;
    counts[kindOf(text)]++;
    if (texts) {
      const key = text.replace(/\s+/g, ' ').slice(0, 110);
      texts.set(key, (texts.get(key) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  // BENCH_COUNT_SQL_TEXTS=1 also keeps a count per statement (its first 110 characters).
  texts = process.env.BENCH_COUNT_SQL_TEXTS === '1' ? new Map<string, number>() : null;
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
