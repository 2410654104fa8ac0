/**
 * The request log's two costs in PostgreSQL (docs/request-log.md):
 * - writing: rows/s of the recorder's multi-row INSERT (one JSON parameter per batch of 500),
 *   against one INSERT per row, the way a naive hook would write;
 * - pruning: deleting a day's rows in batches of PRUNE_BATCH (what the daily job does), against
 *   dropping the day's partition of a table partitioned by day (the alternative).
 * On its own embedded PostgreSQL, migrated as the service is.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { createDatabase } from '../src/db/pool.js';
import { createRequestLogService, RequestLogRecorder } from '../src/modules/request-log/index.js';
import type { RequestLogEntry } from '../src/modules/request-log/request-log.recorder.js';
import { PRUNE_BATCH } from '../src/modules/request-log/request-log.service.js';
import { freePort } from '../test/helpers/ports.js';

const ROWS_PER_DAY = Number(process.env.ROWS_PER_DAY ?? 200_000);
const WRITE_ROWS = 50_000;
const DAY = 24 * 3600 * 1000;

const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-request-log-'));
chmodSync(dir, 0o755);
const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'einvoice' });
const database = createDatabase(embedded.url, 4);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
console.log(
  `# request-log bench: node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`,
);
try {
  await migrate(database.pool, () => {});
  const entry = (i: number, at: Date): RequestLogEntry => ({
    keyId: '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e90',
    tenantId: '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e91',
    environment: 'sandbox',
    method: i % 7 === 0 ? 'POST' : 'GET',
    path: i % 7 === 0 ? '/v1/documents' : '/v1/tenants/me',
    status: i % 13 === 0 ? 400 : 200,
    code: i % 13 === 0 ? 'VALIDATION_FAILED' : null,
    requestId: `0193c1b2-6f1a-4f5f-a211-${String(i).padStart(12, '0')}`,
    durationMs: 3,
    at,
  });

  // On the request path: what the onResponse hook adds (one object appended to the buffer).
  const sink = new RequestLogRecorder(database.db, { batchSize: Number.MAX_SAFE_INTEGER, maxBuffered: 1e7 });
  const at = new Date();
  const calls = 200_000;
  let t0 = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) sink.record(entry(i, at));
  const perCall = (ms(t0) * 1000) / calls;
  console.log(`record() on the request path          ${perCall.toFixed(2)} µs per request (${calls} calls)`);

  // Writing.
  const recorder = new RequestLogRecorder(database.db, { batchSize: 500, maxBuffered: WRITE_ROWS * 2 });
  const now = new Date();
  for (let i = 0; i < WRITE_ROWS; i++) recorder.record(entry(i, now));
  t0 = process.hrtime.bigint();
  await recorder.flush();
  const batched = ms(t0);
  t0 = process.hrtime.bigint();
  const single = 2000;
  for (let i = 0; i < single; i++) {
    const e = entry(i, now);
    await database.db.execute(sql`insert into api_request_log
      (key_id, tenant_id, environment, method, path, status, code, request_id, duration_ms, created_at)
      values (${e.keyId}, ${e.tenantId}, ${e.environment}, ${e.method}, ${e.path}, ${e.status}, ${e.code}, ${e.requestId}, ${e.durationMs}, ${e.at})`);
  }
  const perRow = ms(t0);
  console.log(
    `write, batches of 500 (recorder)      ${Math.round(WRITE_ROWS / (batched / 1000))} rows/s   (${WRITE_ROWS} rows in ${batched.toFixed(0)} ms)`,
  );
  console.log(
    `write, one INSERT per row             ${Math.round(single / (perRow / 1000))} rows/s   (${single} rows in ${perRow.toFixed(0)} ms)`,
  );

  // Pruning: 8 days of rows, the oldest day goes.
  await database.pool.query('truncate api_request_log');
  const start = new Date(Date.now() - 8 * DAY);
  // The partitioned copy has no identity column (not allowed before PostgreSQL 17): ids given.
  const fill = (table: string, withId = false) =>
    database.pool.query(
      `insert into ${table} (${withId ? 'id, ' : ''}key_id, tenant_id, environment, method, path, status, request_id, duration_ms, created_at)
       select ${withId ? 'g, ' : ''}'0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e90', '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e91', 'sandbox', 'GET',
              '/v1/tenants/me', 200, 'r' || g, 3, $1::timestamptz + (interval '1 millisecond' * (g::float8 * $2 / $3))
       from generate_series(0, $3::int * 8 - 1) g`,
      [start, DAY, ROWS_PER_DAY],
    );
  await fill('api_request_log');
  await database.pool.query('vacuum analyze api_request_log');
  const service = createRequestLogService({ db: database.db, clock: { now: () => new Date() } });
  t0 = process.hrtime.bigint();
  const deleted = await service.prune(new Date(start.getTime() + 8 * DAY));
  const pruneMs = ms(t0);
  console.log(
    `prune, delete in batches of ${PRUNE_BATCH}     ${deleted} rows (one day of 8) in ${pruneMs.toFixed(0)} ms  (${Math.round(deleted / (pruneMs / 1000))} rows/s)`,
  );

  await database.pool.query(`
    create table request_log_by_day (like api_request_log) partition by range (created_at)`);
  for (let d = 0; d < 9; d++) {
    const from = new Date(start.getTime() + d * DAY).toISOString();
    const to = new Date(start.getTime() + (d + 1) * DAY).toISOString();
    await database.pool.query(
      `create table request_log_day_${d} partition of request_log_by_day for values from ('${from}') to ('${to}')`,
    );
  }
  await database.pool.query('create index on request_log_by_day (key_id, id desc)');
  await fill('request_log_by_day', true);
  t0 = process.hrtime.bigint();
  await database.pool.query('drop table request_log_day_0');
  console.log(`prune, drop the day's partition       in ${ms(t0).toFixed(1)} ms`);
} finally {
  await database.close();
  await embedded.stop();
  rmSync(dir, { recursive: true, force: true });
}
