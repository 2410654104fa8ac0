/**
 * What the list's counter triggers cost the writers: time per statement of single-row inserts,
 * 10-row inserts, status updates (which move counters) and email-status updates (which move none),
 * on a table of 100,000 documents. Each statement commits on its own (synchronous_commit off, so
 * that the WAL flush does not hide the statements' work). Three rounds alternate the settings; the
 * best round of each is printed. The settings: no triggers; migration 0800's functions (an upsert
 * per counter table whose key moved, on the summary tables); and as they are now (0910: one
 * insert of deltas, folded later). The fold's own cost per delta is printed after.
 *
 *   npx tsx bench/list-counters.bench.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuilt } from '../scripts/ensure-built.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { invoiceBody } from '../test/helpers/documents.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { startServer } from './lib/server.js';

ensureServerBuilt((m) => console.error(m));
const server = await startServer({
  compiled: true,
  args: ['--api'],
  env: {
    SRI_SIMULATOR: 'false',
    SRI_TEST_URL: 'http://127.0.0.1:9',
    SRI_PRODUCTION_URL: 'http://127.0.0.1:9',
  },
});
const TRIGGERS = ['documents_count_inserts', 'documents_count_updates', 'documents_count_deletes'];
const migration = (name: string) => readFileSync(path.join('migrations', name), 'utf8');
const between = (text: string, from: string, to?: string) =>
  text.slice(text.indexOf(from), to === undefined ? undefined : text.indexOf(to));
const m0800 = migration('0800_document_count_row_updates.sql');
const m0910 = migration('0910_document_count_deltas.sql');
/** 0800's upserts, on the summary tables as 0910 renamed them. */
const AT_0800 = between(
  m0800,
  'create function document_counts_move()',
  'drop trigger documents_count_updates',
)
  .replace('create function', 'create or replace function')
  .replace(/insert into (document_\w+_counts|document_counts) as c/g, 'insert into $1_folded as c');
/** Now: 0910's functions (the deltas). */
const AT_0910 = between(
  m0910,
  'create or replace function document_counts_add()',
  'create function document_counts_fold()',
);
const fold = 'select document_counts_fold()';
const N = 2000;

try {
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await fetch(`${server.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const r = (await reg.json()) as { apiKey: string; issuer: { id: string } };
  const created = await fetch(`${server.url}/v1/documents`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${r.apiKey}`,
      'x-issuer-id': r.issuer.id,
      'content-type': 'application/json',
    },
    body: JSON.stringify(invoiceBody()),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status}`);
  const password = readFileSync(path.join(server.dataDir, 'pg.password'), 'utf8').trim();
  const db = new pg.Client({
    connectionString: `postgresql://postgres:${password}@127.0.0.1:${Number(new URL(server.url).port) + 3000}/einvoice`,
  });
  await db.connect();
  db.on('error', () => {}); // the server going away at the end
  // Commits without waiting for the WAL flush: what is left is the statements' own work.
  await db.query('set synchronous_commit = off');
  const template = (await db.query('select id from documents limit 1')).rows[0].id as string;
  const copy = (from: string, to: string) =>
    `insert into documents
       select gen_random_uuid(), tenant_id, issuer_id, environment, document_type,
              '6' || lpad(g::text, 48, '0'), sequential + g, issue_date, status, buyer_id_type, buyer_id,
              buyer_name, buyer_email, total, model, request, null, request_hash, signed_xml, signed_at,
              cert_fingerprint, original_document_type, original_number, authorization_number,
              authorization_date, authorized_xml, void_reason, voided_at, email_status, email_sent_at,
              created_at + g * interval '1 millisecond', updated_at
       from documents d, generate_series(${from}, ${to}) g
       where d.id = '${template}'`;
  await db.query(copy('1', '100000'));
  await db.query(fold);
  await db.query('vacuum analyze documents');
  let next = 100_001;
  const ids = (await db.query('select id from documents order by random() limit $1', [N])).rows.map(
    (row) => row.id as string,
  );

  const runs: Record<string, () => Promise<void>> = {
    'insert, 1 row': async () => {
      for (let i = 0; i < N; i++, next++) await db.query(copy(String(next), String(next)));
    },
    'insert, 10 rows': async () => {
      for (let i = 0; i < N / 10; i++, next += 10) await db.query(copy(String(next), String(next + 9)));
    },
    'update status, 1 row': async () => {
      for (const [i, id] of ids.entries()) {
        await db.query('update documents set status = $2 where id = $1', [
          id,
          i % 2 ? 'RECEIVED' : 'AUTHORIZED',
        ]);
      }
    },
    'update email status, 1 row': async () => {
      for (const [i, id] of ids.entries()) {
        await db.query('update documents set email_status = $2 where id = $1', [
          id,
          i % 2 ? 'SENT' : 'DELIVERED',
        ]);
      }
    },
  };
  const statements: Record<string, number> = {
    'insert, 1 row': N,
    'insert, 10 rows': N / 10,
    'update status, 1 row': N,
    'update email status, 1 row': N,
  };
  const best: Record<string, { on: number; off: number; before: number }> = {};
  let foldUs = Infinity;
  for (let round = 0; round < 3; round++) {
    for (const setting of ['off', 'before', 'on'] as const) {
      await db.query(setting === 'before' ? AT_0800 : AT_0910);
      await db.query(fold);
      await db.query('vacuum analyze documents');
      for (const t of TRIGGERS)
        await db.query(`alter table documents ${setting === 'off' ? 'disable' : 'enable'} trigger ${t}`);
      for (const [name, run] of Object.entries(runs)) {
        const t0 = performance.now();
        await run();
        const us = ((performance.now() - t0) * 1000) / statements[name]!;
        best[name] ??= { on: Infinity, off: Infinity, before: Infinity };
        const b = best[name]!;
        b[setting] = Math.min(b[setting], us);
      }
      if (setting === 'on') {
        // What the job does every minute: the deltas of this round (2,600 statements), grouped.
        const n = Number((await db.query('select count(*) as n from document_count_deltas')).rows[0].n);
        const t0 = performance.now();
        await db.query(fold);
        foldUs = Math.min(foldUs, ((performance.now() - t0) * 1000) / n);
      }
    }
  }
  await db.query(AT_0910);
  for (const t of TRIGGERS) await db.query(`alter table documents enable trigger ${t}`);
  console.log(
    `# list counters bench: µs per statement (autocommit), best of 3 rounds, node ${process.version}`,
  );
  console.log(
    `${'statement'.padEnd(28)} ${'no triggers'.padStart(12)} ${'0800'.padStart(12)} ${'0910'.padStart(8)} ${'0910 - 0800'.padStart(14)}`,
  );
  for (const [name, b] of Object.entries(best)) {
    console.log(
      `${name.padEnd(28)} ${b.off.toFixed(0).padStart(12)} ${b.before.toFixed(0).padStart(12)} ${b.on.toFixed(0).padStart(8)} ${`${(b.on - b.before).toFixed(0)}`.padStart(14)}`,
    );
  }
  console.log(`fold: ${foldUs.toFixed(1)} µs per delta (best of 3)`);
  await db.end();
} finally {
  await server.stop();
}
