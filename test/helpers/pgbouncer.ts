import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';
import { waitFor } from './wait.js';

/**
 * Debian's PgBouncer (1.18; `.ci/run` installs it) in front of one database, started with a
 * generated configuration on a free port. Two entries: `url` in transaction mode (what the service's
 * pools use) and `sessionUrl` in session mode (DATABASE_LISTEN_URL: LISTEN, session locks).
 * As root it runs as `postgres`: PgBouncer refuses to run as root.
 */
export interface PgBouncer {
  url: string;
  sessionUrl: string;
  /** SHOW <what> on PgBouncer's admin console (e.g. 'pools', 'stats'). */
  show(what: string): Promise<Record<string, unknown>[]>;
  log(): string;
  /** PgBouncer's process id (its pidfile), null before it wrote it or after it stopped. */
  pid(): number | null;
  stop(): Promise<void>;
}

const BINARY = '/usr/sbin/pgbouncer';

export async function startPgBouncer(
  databaseUrl: string,
  opts: { sessionPoolSize?: number } = {},
): Promise<PgBouncer> {
  if (!existsSync(BINARY)) throw new Error('pgbouncer is missing: apt-get install pgbouncer (see .ci/run)');
  const target = new URL(databaseUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-pgbouncer-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const dbname = target.pathname.slice(1);
  const server = `host=${target.hostname} port=${target.port || 5432} dbname=${dbname} user=${user} password=${password}`;
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n"pgbouncer" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `einvoice = ${server}`,
      // A session holds its server connection while it is open: worker processes keep
      // WORKER_CONCURRENCY + 3 of them (docs/scaling.md, "Connection budget").
      `einvoice_session = ${server} pool_mode=session pool_size=${opts.sessionPoolSize ?? 40}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'admin_users = pgbouncer',
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 500',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(dir, uid, -1);
    for (const f of ['userlist.txt', 'pgbouncer.ini']) chownSync(path.join(dir, f), uid, -1);
  }
  const ini = path.join(dir, 'pgbouncer.ini');
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', BINARY, ini], { stdio: 'ignore' })
    : spawn(BINARY, [ini], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/einvoice`;
  const log = () => {
    try {
      return readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '';
    }
  };
  let refusal = '';
  await waitFor(
    'pgbouncer to accept connections',
    async () => {
      if (child.exitCode !== null)
        throw new Error(`pgbouncer exited (${child.exitCode}): ${refusal}\n${log()}`);
      const c = new pg.Client({ connectionString: url });
      c.on('error', () => {});
      try {
        await c.connect();
        await c.query('select 1');
        return true;
      } catch (e) {
        refusal = (e as Error).message;
        return false;
      } finally {
        await c.end().catch(() => {});
      }
    },
    { timeoutMs: 15_000, intervalMs: 100, detail: () => `${refusal}\n${log()}` },
  );
  return {
    url,
    sessionUrl: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/einvoice_session`,
    async show(what) {
      const c = new pg.Client({ connectionString: `postgres://pgbouncer@127.0.0.1:${port}/pgbouncer` });
      await c.connect();
      try {
        // Without parameters pg sends a simple query, the only kind the admin console speaks.
        return (await c.query(`show ${what}`)).rows;
      } finally {
        await c.end();
      }
    },
    log,
    pid() {
      const pidFile = path.join(dir, 'pgbouncer.pid');
      return existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : null;
    },
    async stop() {
      const pidFile = path.join(dir, 'pgbouncer.pid');
      if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
      else child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
