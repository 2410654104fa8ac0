import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { waitFor } from './wait.js';

/** A fresh, migrated database cloned from the run's template; dropped by `drop()`. */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Cloning needs the template free of connections: retry while another file is cloning it.
  let refusal = '';
  await waitFor(
    `database ${name} cloned`,
    () =>
      admin.query(`create database ${name} template ${template}`).then(
        () => true,
        (e: Error) => {
          refusal = e.message;
          return false;
        },
      ),
    { timeoutMs: 20_000, intervalMs: 100, detail: () => refusal },
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
