/**
 * Debian's PgBouncer in front of a database, for running the benches through it (docs/scaling.md):
 * prints the environment the service needs, then waits for Ctrl-C.
 *   npx tsx bench/pgbouncer.ts postgres://user:password@127.0.0.1:5432/einvoice
 *   # in another terminal: export the three lines it prints, then e.g.
 *   npx tsx bench/e2e.bench.ts --api 2 --workers 2
 */
import { startPgBouncer } from '../test/helpers/pgbouncer.js';

const target = process.argv[2] ?? process.env.DATABASE_URL;
if (!target) {
  process.stderr.write('usage: npx tsx bench/pgbouncer.ts <postgres URL of the database>\n');
  process.exit(2);
}
const bouncer = await startPgBouncer(target);
console.log(`export DATABASE_URL=${bouncer.url}`);
console.log(`export DATABASE_LISTEN_URL=${bouncer.sessionUrl}`);
console.log('export DATABASE_PREPARED_STATEMENTS=false');
console.log(
  '# PgBouncer is running (transaction mode; session mode for DATABASE_LISTEN_URL). Ctrl-C stops it.',
);
const stop = async () => {
  const pools = await bouncer.show('stats').catch(() => []);
  for (const p of pools)
    console.log(`# ${p.database}: ${p.total_xact_count} transactions, ${p.total_query_count} queries`);
  await bouncer.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
await new Promise(() => {});
