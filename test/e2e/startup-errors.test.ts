import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compiledEntry, serverCompiled } from '../helpers/compiled.js';
import { createTestDatabase } from '../helpers/database.js';
import { freePort, occupyPort } from '../helpers/ports.js';
import { waitForReady } from '../helpers/wait.js';

/**
 * Every start-up failure of `npm start` is one line on stderr naming the cause and what to set,
 * and a non-zero exit. Each case starts the real entry point (src/main.ts) in a child process.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'einvoice-startup-'));
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  await serverCompiled();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

interface Started {
  proc: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const { DATABASE_URL: _ignored, EMBEDDED_PG_PORT: _p, ...base } = process.env;
  let output = '';
  const proc = spawn(process.execPath, [compiledEntry('main')], {
    cwd: REPO,
    env: { ...base, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exit = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, output: () => output, exit };
}

/** Starts the service expecting it to fail: its exit code and the last line it printed. */
async function failure(env: Record<string, string>): Promise<{ code: number | null; line: string }> {
  const s = start(env);
  const timer = setTimeout(() => s.proc.kill('SIGKILL'), 60_000);
  const code = await s.exit;
  clearTimeout(timer);
  const lines = s
    .output()
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('{')); // pino's JSON lines are not the message
  return { code, line: lines.at(-1) ?? '' };
}

async function ports() {
  return { PORT: String(await freePort()), SRI_SIMULATOR_PORT: String(await freePort()) };
}

const dataDir = (name: string) => {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};

// Each case has its own ports, data directory and child process: they run at once (most of
// their time is a child waiting for a refused connection, a port or initdb).
describe.concurrent('npm start explains a start-up failure in one line and exits 1', () => {
  it('PORT taken', async () => {
    const held = await occupyPort();
    try {
      const r = await failure({
        ...(await ports()),
        PORT: String(held.port),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir('http'),
      });
      expect(r.line).toBe(
        `einvoice-ec could not start: PORT ${held.port} is already in use by another program: set PORT to a free port`,
      );
      expect(r.code).toBe(1);
    } finally {
      await held.close();
    }
  });

  it('SRI_SIMULATOR_PORT taken by a program that is not the simulator', async () => {
    const held = await occupyPort();
    try {
      const r = await failure({
        ...(await ports()),
        SRI_SIMULATOR_PORT: String(held.port),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir('sim'),
      });
      expect(r.line).toBe(
        `einvoice-ec could not start: SRI_SIMULATOR_PORT ${held.port} is already in use by another program: set SRI_SIMULATOR_PORT to a free port`,
      );
      expect(r.code).toBe(1);
    } finally {
      await held.close();
    }
  });

  it('EMBEDDED_PG_PORT set and taken', async () => {
    const held = await occupyPort();
    try {
      const r = await failure({
        ...(await ports()),
        EMBEDDED_PG_PORT: String(held.port),
        DATA_DIR: dataDir('pgport'),
      });
      expect(r.line).toBe(
        `einvoice-ec could not start: EMBEDDED_PG_PORT ${held.port} is already in use by another program: set EMBEDDED_PG_PORT to a free port (or DATABASE_URL to use your own PostgreSQL server)`,
      );
      expect(r.code).toBe(1);
    } finally {
      await held.close();
    }
  });

  it('the data directory held by another process', async () => {
    const dir = dataDir('held');
    mkdirSync(path.join(dir, 'pg'), { recursive: true });
    const holder = spawn('sleep', ['120'], { stdio: 'ignore' });
    const port = await freePort();
    try {
      // What PostgreSQL writes while it runs: pid, data directory, start time, port.
      writeFileSync(path.join(dir, 'pg', 'postmaster.pid'), `${holder.pid}\n${dir}/pg\n0\n${port}\n`);
      const r = await failure({ ...(await ports()), DATA_DIR: dir });
      expect(r.line).toBe(
        `einvoice-ec could not start: the embedded database in ${dir}/pg is held by another process (pid ${holder.pid}) that does not accept our connections on port ${port}: stop that process, or set DATA_DIR to another folder`,
      );
      expect(r.code).toBe(1);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('DATABASE_URL malformed', async () => {
    const r = await failure({
      ...(await ports()),
      DATABASE_URL: 'localhost:5432/einvoice',
      DATA_DIR: dataDir('bad'),
    });
    expect(r.line).toBe(
      'Configuration error: DATABASE_URL must be a URL like postgresql://user:password@localhost:5432/einvoice, got "localhost:5432/einvoice"',
    );
    expect(r.code).toBe(1);
  });

  it('DATABASE_READ_URL and DATABASE_LISTEN_URL: malformed, unreachable', async () => {
    const malformed = await failure({
      ...(await ports()),
      DATABASE_URL: database.url,
      DATABASE_READ_URL: 'replica:5432/einvoice',
      DATA_DIR: dataDir('read-malformed'),
    });
    expect(malformed.line).toBe(
      'Configuration error: DATABASE_READ_URL must be a URL like postgresql://user:password@localhost:5432/einvoice, got "replica:5432/einvoice"',
    );
    expect(malformed.code).toBe(1);
    for (const variable of ['DATABASE_READ_URL', 'DATABASE_LISTEN_URL']) {
      const closed = await freePort();
      const r = await failure({
        ...(await ports()),
        DATABASE_URL: database.url,
        [variable]: `postgres://einvoice:secret@127.0.0.1:${closed}/einvoice`,
        DATA_DIR: dataDir(`unreachable-${variable}`),
      });
      expect(r.line).toBe(
        `einvoice-ec could not start: cannot reach the database at 127.0.0.1:${closed} (connection refused): start PostgreSQL there, or correct ${variable}`,
      );
      expect(r.code).toBe(1);
    }
  });

  it('DATABASE_URL unreachable, unknown host, unknown database, wrong password', async () => {
    const closed = await freePort();
    const unreachable = await failure({
      ...(await ports()),
      DATABASE_URL: `postgres://einvoice:secret@127.0.0.1:${closed}/einvoice`,
      DATA_DIR: dataDir('unreachable'),
    });
    expect(unreachable.line).toBe(
      `einvoice-ec could not start: cannot reach the database at 127.0.0.1:${closed} (connection refused): start PostgreSQL there, or correct DATABASE_URL`,
    );
    expect(unreachable.code).toBe(1);

    const host = await failure({
      ...(await ports()),
      DATABASE_URL: 'postgres://einvoice:secret@no-such-host.invalid:5432/einvoice',
      DATA_DIR: dataDir('host'),
    });
    expect(host.line).toBe(
      'einvoice-ec could not start: the database host "no-such-host.invalid" is unknown: correct DATABASE_URL',
    );

    const admin = new URL(inject('pgAdminUrl'));
    const missing = new URL(admin);
    missing.pathname = '/no_such_database';
    const where = `${admin.hostname}:${admin.port || 5432}`;
    const db = await failure({
      ...(await ports()),
      DATABASE_URL: missing.toString(),
      DATA_DIR: dataDir('db'),
    });
    expect(db.line).toBe(
      `einvoice-ec could not start: database "no_such_database" does not exist on ${where}: create it (createdb no_such_database), or correct DATABASE_URL`,
    );
    expect(db.code).toBe(1);

    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query('drop role if exists startup_probe');
    await client.query("create role startup_probe login password 'the-right-one'");
    await client.end();
    const wrong = new URL(database.url);
    wrong.username = 'startup_probe';
    wrong.password = 'a-wrong-one';
    const auth = await failure({
      ...(await ports()),
      DATABASE_URL: wrong.toString(),
      DATA_DIR: dataDir('auth'),
    });
    expect(auth.line).toBe(
      `einvoice-ec could not start: the database at ${where} refused user "startup_probe" (password authentication failed for user "startup_probe"): correct the user and password in DATABASE_URL`,
    );
    expect(auth.code).toBe(1);
  });
});

describe('the default embedded PostgreSQL port taken', () => {
  it('picks a free port, remembers it in DATA_DIR, and serves', async () => {
    const dir = dataDir('auto-port');
    // 5433 is the default: hold it (if something else holds it already, that is the same case).
    const held = await occupyPort(5433).catch(() => null);
    const p = await ports();
    const s = start({ ...p, DATA_DIR: dir });
    try {
      await waitForReady(`http://127.0.0.1:${p.PORT}`, s.proc, s.output);
      const remembered = Number(readFileSync(path.join(dir, 'pg.port'), 'utf8'));
      expect(remembered).not.toBe(5433);
      expect(s.output()).toContain(
        `port 5433 is taken: the embedded PostgreSQL listens on ${remembered} instead`,
      );
    } finally {
      s.proc.kill('SIGTERM');
      const code = await s.exit;
      expect(code, s.output()).toBe(0);
      await held?.close();
    }
    expect(existsSync(path.join(dir, 'pg', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
