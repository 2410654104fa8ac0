import pg from 'pg';

/**
 * A transaction's `begin` and `commit` in the round trip of the statement next to them
 * (docs/pipeline-performance.md, "Sixth pass"). On the machine of issue 16 every round trip to
 * PostgreSQL costs both processes a cross-CPU wake-up (~100 µs of the client's CPU and as much of
 * the server's), and a transaction's `begin` and `commit` were two of every five.
 *
 * The extended query protocol lets one Sync carry several statements: `Parse/Bind/Execute(begin)`,
 * then the statement's own `Parse/Bind/Describe/Execute`, (then `Parse/Bind/Execute(commit)`),
 * then `Sync`. PostgreSQL runs them in order; an explicit `begin` turns the implicit block into a
 * transaction that the Sync does not end, and an error skips everything up to the Sync, so a
 * failed statement never reaches the `commit` and leaves the transaction aborted, exactly as when
 * each went alone (the caller's `rollback` then ends it).
 *
 * - `begin` (without a `;`) is not sent when asked for: the client answers it at once and keeps it
 *   for the transaction's first statement. A statement that cannot carry it (no parameters, which
 *   may be several statements in one text; a named statement this connection has not parsed yet,
 *   whose ParseComplete the `begin`'s would be taken for; a stream) has the `begin` sent alone
 *   first, as before. A `commit` or `rollback` right after an unsent `begin` sends nothing (nothing
 *   was opened). The client's release to the pool forgets an unsent `begin`.
 * - `commit` travels with a statement only when the code that sends that statement says it is the
 *   transaction's last (`commitWithNextStatement`, used by the write batch's final statement); the
 *   `commit` that Drizzle sends after it is then answered at once. When the statement fails, its
 *   error is the query's and Drizzle's `rollback` goes out as usual; when the `commit` fails, the
 *   query fails with the commit's error (the transaction did not commit), and the `rollback` that
 *   follows is a harmless no-op for PostgreSQL.
 */

/** What `pg`'s protocol connection offers a submittable (pg 8; not in @types/pg). */
interface ProtocolConnection {
  parse(query: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
  parsedStatements: Record<string, string>;
}

/** `pg`'s Query with the internals this file overrides (pg 8.16, lib/query.js). */
interface QueryInternals {
  portal: string;
  prepare(connection: ProtocolConnection): void;
  _getRows(connection: ProtocolConnection, rows?: number): void;
  handleCommandComplete(msg: { text?: string }, connection: ProtocolConnection): void;
}

const PgQuery = pg.Query as unknown as new (config: object, values?: unknown[]) => QueryInternals;

/** Sends `text` (no parameters) through the extended protocol, unnamed, without a Sync. */
function sendAlone(connection: ProtocolConnection, text: string): void {
  connection.parse({ text, name: '' });
  connection.bind({ portal: '', statement: '' });
  connection.execute({ portal: '', rows: 0 });
}

/** A statement with the transaction's `begin` before it and/or its `commit` after it. */
class FusedQuery extends PgQuery {
  /** Read by the statement counters (bench/lib/count-sql.mjs, test/helpers/statements.ts). */
  readonly fusedBegin: string | null;
  readonly fusedCommit: boolean;
  private beginPending: boolean;
  private ownCompleted = false;

  constructor(config: object, values: unknown[] | undefined, begin: string | null, commit: boolean) {
    super({ ...config, queryMode: 'extended' }, values);
    this.fusedBegin = begin;
    this.fusedCommit = commit;
    this.beginPending = begin !== null;
  }

  override prepare(connection: ProtocolConnection): void {
    if (this.fusedBegin !== null) sendAlone(connection, this.fusedBegin);
    super.prepare(connection);
  }

  override _getRows(connection: ProtocolConnection, rows?: number): void {
    if (!this.fusedCommit || rows) {
      super._getRows(connection, rows);
      return;
    }
    connection.execute({ portal: this.portal });
    sendAlone(connection, 'commit');
    connection.sync();
  }

  override handleCommandComplete(msg: { text?: string }, connection: ProtocolConnection): void {
    // The first completion is the `begin`'s; with a commit, the statement's own is followed by
    // the commit's (COMMIT, or ROLLBACK when the transaction had failed).
    if (this.beginPending) {
      this.beginPending = false;
      return;
    }
    if (this.fusedCommit && this.ownCompleted) return;
    this.ownCompleted = true;
    super.handleCommandComplete(msg, connection);
  }
}

const BEGIN = /^\s*(?:begin|start\s+transaction)\b[^;]*$/i;
const END = /^\s*(commit|rollback)\s*;?\s*$/i;

/** What a `begin` or `commit` answered without a round trip resolves to. */
function answered(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, fields: [], rows: [] };
}

/**
 * The client every pool of the service uses (through its subclasses in pool.ts): `begin` and,
 * when asked, `commit` ride with the statement next to them.
 */
export class FusingClient extends pg.Client {
  /** The text of a `begin` answered but not sent yet. */
  private unsentBegin: string | null = null;
  private commitWithNext = false;
  /** The last statement took the `commit` with it: Drizzle's `commit` is answered at once. */
  private committed = false;

  /** The next statement with parameters on this client is its transaction's last: send the `commit` with it. */
  commitWithNextStatement(): void {
    this.commitWithNext = true;
  }

  /** Forgets what a transaction left (the pool's `release`). */
  resetFusion(): void {
    this.unsentBegin = null;
    this.commitWithNext = false;
    this.committed = false;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this only forwards them.
  override query(config: any, ...rest: any[]): any {
    const forward = (...args: unknown[]) => (super.query as (...a: unknown[]) => unknown)(...args);
    const text: string | undefined =
      typeof config === 'string' ? config : typeof config?.text === 'string' ? config.text : undefined;
    // A plain query: text, no stream or cursor, answered by a promise.
    const plain =
      text !== undefined &&
      typeof config?.submit !== 'function' &&
      !rest.some((r) => typeof r === 'function');
    if (!plain) return this.forwardAfterBegin(forward, config, ...rest);
    const values: unknown[] | undefined = Array.isArray(config?.values)
      ? config.values
      : Array.isArray(rest[0])
        ? rest[0]
        : undefined;
    const end = !values?.length ? END.exec(text)?.[1]?.toUpperCase() : undefined;

    if (this.committed) {
      this.committed = false;
      if (end === 'COMMIT') return Promise.resolve(answered('COMMIT'));
    }
    if (!values?.length && BEGIN.test(text) && this.unsentBegin === null) {
      this.unsentBegin = text;
      return Promise.resolve(answered('BEGIN'));
    }
    if (end && this.unsentBegin !== null) {
      this.unsentBegin = null;
      this.commitWithNext = false;
      return Promise.resolve(answered(end));
    }
    const withCommit = this.commitWithNext && !!values?.length && !config?.rows;
    this.commitWithNext = false;
    // A named statement not parsed on this connection yet cannot follow a `begin` in one round
    // trip: pg takes the first ParseComplete for the statement's.
    const withBegin =
      this.unsentBegin !== null &&
      !!values?.length &&
      !config?.rows &&
      (!config?.name || this.isParsed(config.name));
    if (!withBegin && !withCommit) return this.forwardAfterBegin(forward, config, ...rest);
    const begin = withBegin ? this.unsentBegin : null;
    if (withBegin) this.unsentBegin = null;
    else this.sendUnsentBegin(forward);
    const query = new FusedQuery(typeof config === 'string' ? { text } : config, values, begin, withCommit);
    return new Promise((resolve, reject) => {
      (query as unknown as { callback: (err: Error | null, res?: unknown) => void }).callback = (
        err,
        res,
      ) => {
        if (err) return reject(err);
        if (withCommit) this.committed = true;
        resolve(res);
      };
      forward(query);
    });
  }

  private forwardAfterBegin(forward: (...args: unknown[]) => unknown, ...args: unknown[]): unknown {
    this.committed = false;
    this.commitWithNext = false;
    this.sendUnsentBegin(forward);
    return forward(...args);
  }

  /**
   * The unsent `begin` goes alone, ahead of what follows (pg sends queued queries in order). Its
   * failure means a broken connection, which the next statement's own error reports.
   */
  private sendUnsentBegin(forward: (...args: unknown[]) => unknown): void {
    if (this.unsentBegin === null) return;
    const begin = this.unsentBegin;
    this.unsentBegin = null;
    (forward(begin) as Promise<unknown>).catch(() => {});
  }

  private isParsed(name: string): boolean {
    const connection = (this as unknown as { connection?: ProtocolConnection }).connection;
    return connection?.parsedStatements[name] !== undefined;
  }
}
