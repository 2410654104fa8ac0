import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';

/**
 * One PostgreSQL for the whole run: DATABASE_URL's server when set, else an embedded one in a
 * temporary directory. A template database gets every migration once; each test file clones it
 * (CREATE DATABASE ... TEMPLATE), so files run in parallel on isolated, migrated databases.
 */
/** Unique per run: two runs on one server (CI and a developer, or a test's child run) never collide. */
const TEMPLATE_DB = `einvoice_test_template_${process.pid}_${Date.now().toString(36)}`;

export default async function setup(project: TestProject) {
  let stop = async () => {};
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    adminUrl = u.toString();
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-test-pg-'));
    chmodSync(dir, 0o755); // the postgres user must reach its data directory
    const port = 20000 + Math.floor(Math.random() * 20000);
    // A test server throws its data away: no flush to disk at commit, CREATE DATABASE or DROP
    // DATABASE (dropping a file's database waited 3.4 s on fsync at load 25, 0.24 s without).
    const embedded = await startEmbeddedPostgres({
      dataDir: dir,
      port,
      database: 'postgres',
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 2 });
  // As src/db/pool.ts (graphile-worker 0.17 warns about a pool without them).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await migrate(pool);
  await pool.end();
  await admin.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE_DB);
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${TEMPLATE_DB} with (force)`).catch(() => {});
    await c.end();
    await stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
