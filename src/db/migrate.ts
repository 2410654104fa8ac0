import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';
import type pg from 'pg';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Forward-only SQL migrations: every `migrations/*.sql` not yet recorded in
 * `schema_migrations` is applied in file-name order, each in its own transaction, under an
 * advisory lock so that several processes starting together apply each file once.
 * graphile-worker's own schema is installed first (jobs are enqueued from SQL).
 */
export async function migrate(pool: pg.Pool, log: (m: string) => void = () => {}): Promise<string[]> {
  await runWorkerMigrations({ pgPool: pool, logger: silentLogger() });
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock(727001)');
    await client.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await client.query('select name from schema_migrations')).rows.map((r) => r.name));
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sqlText = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(sqlText);
        await client.query('insert into schema_migrations (name) values ($1)', [file]);
        await client.query('commit');
      } catch (e) {
        await client.query('rollback');
        throw new Error(`migration ${file} failed: ${(e as Error).message}`);
      }
      applied.push(file);
      log(`applied migration ${file}`);
    }
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
  return applied;
}

/** graphile-worker's migration chatter is not useful to users. */
export function silentLogger(): Logger {
  return new Logger(() => () => {});
}
