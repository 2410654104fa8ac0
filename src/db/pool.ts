import { createHash } from 'node:crypto';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { FusingClient } from './fused-transaction.js';

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
  /** false: no named prepared statements (PgBouncer before 1.21 in transaction mode). */
  preparedStatements: boolean;
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

/**
 * A pg client that sends every statement unnamed: Drizzle's `.prepare(name)` and `{ name }` query
 * configs become plain extended-protocol queries, which PgBouncer 1.18 in transaction mode carries
 * (a named statement prepared on one server connection is unknown on the next). Streams and other
 * submittables pass through untouched.
 */
class UnnamedStatementClient extends FusingClient {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this only forwards them.
  override query(config: any, ...rest: any[]): any {
    if (config && typeof config === 'object' && typeof config.submit !== 'function' && config.name) {
      const { name: _name, ...unnamed } = config;
      return (super.query as (...a: unknown[]) => unknown)(unnamed, ...rest);
    }
    return (super.query as (...a: unknown[]) => unknown)(config, ...rest);
  }
}

/** Statements named per connection at most (each holds its parsed form and plan in its backend). */
const MAX_NAMED_PER_CONNECTION = 300;
/** Longer texts (a statement with hundreds of rows of values, say) are sent unnamed. */
const MAX_NAMED_TEXT = 16_384;
const names = new Map<string, string>();
/** Marks a query config that must go out unnamed. */
const UNNAMED = Symbol('unnamed');
const LIKE = /\b(?:i?like)\b/i;

/**
 * The pool as `readDb` uses it: every query goes out unnamed (planned with its values each run).
 * Transactions (`connect()`) and everything else are the pool's own.
 */
function unnamedQueries(pool: pg.Pool): pg.Pool {
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query')
        // biome-ignore lint/suspicious/noExplicitAny: forwards pg's overloads.
        return (config: any, ...rest: any[]) => {
          if (config && typeof config.submit === 'function')
            return (target.query as (...a: unknown[]) => unknown)(config, ...rest);
          const marked =
            typeof config === 'string'
              ? { text: config, values: Array.isArray(rest[0]) ? rest.shift() : undefined }
              : { ...config };
          marked[UNNAMED] = true;
          return (target.query as (...a: unknown[]) => unknown)(marked, ...rest);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The statement's name: a hash of its text, so that the same text gets the same name anywhere. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= 4 * MAX_NAMED_PER_CONNECTION) names.clear();
    name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A pg client that sends every statement with parameters as a named prepared statement, named by
 * its text: the first run on a connection parses it, later runs only bind and execute, so the
 * server parses and analyses each text once per connection and, after five runs, keeps a generic
 * plan when it costs no more than planning each run (issue 16: parsing and planning were most of
 * PostgreSQL's CPU in the end-to-end bench; docs/pipeline-performance.md).
 * Not named, so planned with their values on every run as before: statements with a LIKE pattern
 * (whose best plan depends on the pattern: the list's buyer-name search took 1-2 s at a million
 * documents under a generic plan instead of 3-6 ms), and those of `readDb` (lists, stats,
 * exports: filters over skewed columns), marked by `unnamedQueries`. Drizzle builds most statements without a name,
 * and raw `sql` statements never have one. Statements without parameters (`begin`, `commit`)
 * stay on the simple protocol; a connection names at most MAX_NAMED_PER_CONNECTION texts and sends
 * the rest unnamed, so texts that embed values cannot fill a backend's memory.
 */
class AutoPreparedClient extends FusingClient {
  private named = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this only forwards them.
  override query(config: any, ...rest: any[]): any {
    if (typeof config === 'string' && Array.isArray(rest[0]) && rest[0].length > 0)
      return this.query({ text: config, values: rest[0] }, ...rest.slice(1));
    if (
      config &&
      typeof config === 'object' &&
      typeof config.submit !== 'function' &&
      !config.name &&
      typeof config.text === 'string' &&
      config.text.length <= MAX_NAMED_TEXT &&
      !config[UNNAMED] &&
      !LIKE.test(config.text)
    ) {
      const values = config.values ?? rest[0];
      if (Array.isArray(values) && values.length > 0) {
        const name = statementName(config.text);
        if (this.named.has(name) || this.named.size < MAX_NAMED_PER_CONNECTION) {
          this.named.add(name);
          return (super.query as (...a: unknown[]) => unknown)({ ...config, name }, ...rest);
        }
      }
    }
    return (super.query as (...a: unknown[]) => unknown)(config, ...rest);
  }
}

function newPool(url: string, max: number, preparedStatements: boolean): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    Client: preparedStatements ? AutoPreparedClient : UnnamedStatementClient,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  // Nor a checked-out one between two statements (its next query fails instead). graphile-worker
  // 0.17 warns at start-up about a pool without this handler.
  pool.on('connect', (client) => client.on('error', () => {}));
  // A transaction's unsent `begin` never outlives its checkout (src/db/fused-transaction.ts).
  pool.on('release', (_err, client) => {
    if (client instanceof FusingClient) client.resetFusion();
  });
  return pool;
}

export function createDatabase(url: string, maxOrOptions: number | DatabaseOptions = 20): Database {
  const opts = typeof maxOrOptions === 'number' ? { max: maxOrOptions } : maxOrOptions;
  const preparedStatements = opts.preparedStatements ?? true;
  const pool = newPool(url, opts.max ?? 20, preparedStatements);
  const readPool = opts.readUrl ? newPool(opts.readUrl, opts.max ?? 20, preparedStatements) : pool;
  const sessionUrl = opts.sessionUrl ?? url;
  const sessionPool = opts.sessionUrl ? newPool(opts.sessionUrl, opts.sessionMax ?? 5, true) : pool;
  const db = drizzle(pool);
  return {
    pool,
    db,
    readPool,
    readDb: drizzle(unnamedQueries(readPool)),
    sessionPool,
    sessionUrl,
    preparedStatements,
    async close() {
      await Promise.all([...new Set([pool, readPool, sessionPool])].map((p) => p.end()));
    },
  };
}

/** Runs `fn` in a transaction; commit on return, rollback on throw. */
export function withTransaction<T>(db: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Executor));
}

/**
 * Runs `fn` in a transaction whose last statement `fn` tells apart (`last` before sending it):
 * that statement carries the `commit` in its own round trip (src/db/fused-transaction.ts). Inside
 * a transaction already (a savepoint), or on a client that cannot, `last` does nothing.
 */
export function withLastStatementCommit<T>(
  db: Executor,
  fn: (tx: Executor, last: () => void) => Promise<T>,
): Promise<T> {
  const nested = db instanceof PgTransaction;
  return withTransaction(db, (tx) =>
    fn(tx, () => {
      const client = nested
        ? undefined
        : (tx as unknown as { session?: { client?: unknown } }).session?.client;
      if (client instanceof FusingClient) client.commitWithNextStatement();
    }),
  );
}

/** PostgreSQL's unique_violation (23505), raised by pg or wrapped by Drizzle. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23505' || err.cause?.code === '23505';
}
