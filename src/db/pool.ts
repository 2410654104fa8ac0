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
  /** The primary (DATABASE_URL): every write and every read that must see it. */
  pool: pg.Pool;
  db: Db;
  /**
   * Lists, stats and exports: a replica when DATABASE_READ_URL is set (a few hundred milliseconds
   * behind the primary at most), else the same pool as `db`.
   */
  readPool: pg.Pool;
  readDb: Db;
  /**
   * Session-level work that a transaction-mode PgBouncer cannot carry: LISTEN, session advisory
   * locks, migrations. DATABASE_LISTEN_URL (direct, or a session-mode pool) when set, else `pool`.
   */
  sessionPool: pg.Pool;
  /** The URL of `sessionPool`: dedicated LISTEN connections open their own client on it. */
  sessionUrl: string;
  /**
   * false: no named prepared statements (PgBouncer before 1.21 in transaction mode). The service
   * names a statement only through pg's `name` option (Drizzle's `.prepare(name)`), with the name
   * `statementName` gives: '' (unnamed) when this is false.
   */
  preparedStatements: boolean;
  statementName(name: string): string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Connections of the primary pool (DATABASE_POOL_SIZE). */
  max?: number;
  readUrl?: string | null;
  sessionUrl?: string | null;
  /** Connections of the session pool when it has its own URL. */
  sessionMax?: number;
  preparedStatements?: boolean;
}

function newPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  // Nor a checked-out one between two statements (its next query fails instead). graphile-worker
  // 0.17 warns at start-up about a pool without this handler.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function createDatabase(url: string, maxOrOptions: number | DatabaseOptions = 20): Database {
  const opts = typeof maxOrOptions === 'number' ? { max: maxOrOptions } : maxOrOptions;
  const preparedStatements = opts.preparedStatements ?? true;
  const pool = newPool(url, opts.max ?? 20);
  const readPool = opts.readUrl ? newPool(opts.readUrl, opts.max ?? 20) : pool;
  const sessionUrl = opts.sessionUrl ?? url;
  const sessionPool = opts.sessionUrl ? newPool(opts.sessionUrl, opts.sessionMax ?? 5) : pool;
  const db = drizzle(pool);
  return {
    pool,
    db,
    readPool,
    readDb: readPool === pool ? db : drizzle(readPool),
    sessionPool,
    sessionUrl,
    preparedStatements,
    statementName: (name) => (preparedStatements ? name : ''),
    async close() {
      await Promise.all([...new Set([pool, readPool, sessionPool])].map((p) => p.end()));
    },
  };
}

/** Runs `fn` in a transaction; commit on return, rollback on throw. */
export function withTransaction<T>(db: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Executor));
}

/** PostgreSQL's unique_violation (23505), raised by pg or wrapped by Drizzle. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
}
