import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';

// DATE columns come back as 'YYYY-MM-DD' strings, NUMERIC as strings (decimal.js parses them), int8 as numbers.
pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(20, (v: string) => Number(v));

type Db = NodePgDatabase<Record<string, never>>;
/** A database handle or a transaction: repositories accept either. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Record<string, never>>;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function createDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool);
  return {
    pool,
    db,
    close: () => pool.end(),
  };
}

/** Runs `fn` in a transaction; commit on return, rollback on throw. */
export function withTransaction<T>(db: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Executor));
}
