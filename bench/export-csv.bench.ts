/**
 * GET /v1/documents/export?format=csv: rows per second and the API process's resident memory
 * while it streams 1,000, 20,000 and 100,000 documents. The claim is "memory stays flat": the
 * peak RSS above the idle baseline should not grow with the number of rows (the cursor holds
 * one batch of 500). Rows are copies of one real signed invoice (model, XML and all), made in SQL.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { makeCertificate } from '../test/helpers/certificates.js';
import { invoiceBody } from '../test/helpers/documents.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { startServer } from './lib/server.js';

const server = await startServer({
  args: ['--api'],
  env: {
    SRI_SIMULATOR: 'false',
    SRI_TEST_URL: 'http://127.0.0.1:9',
    SRI_PRODUCTION_URL: 'http://127.0.0.1:9',
  },
});

/** VmRSS of the server process, in MiB (Linux /proc). */
function rssMiB(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

try {
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await fetch(`${server.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const r = (await reg.json()) as { apiKey: string; issuer: { id: string } };
  const h = { authorization: `Bearer ${r.apiKey}`, 'x-issuer-id': r.issuer.id };
  const created = await fetch(`${server.url}/v1/documents`, {
    method: 'POST',
    headers: { ...h, 'content-type': 'application/json' },
    body: JSON.stringify(invoiceBody()),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status}`);

  const password = readFileSync(path.join(server.dataDir, 'pg.password'), 'utf8').trim();
  const port = Number(new URL(server.url).port) + 3000;
  const db = new pg.Client({
    connectionString: `postgresql://postgres:${password}@127.0.0.1:${port}/einvoice`,
  });
  await db.connect();
  let rows = 1;
  async function growTo(n: number) {
    // Copies of the first document: a new id, access key and sequential each.
    await db.query(
      `insert into documents
       select gen_random_uuid(), tenant_id, issuer_id, environment, document_type,
              lpad((1000000 + g)::text, 49, '9'), sequential + g, issue_date, status, buyer_id_type, buyer_id,
              buyer_name || ' ' || g, buyer_email, total, model, request, null, request_hash, signed_xml,
              signed_at, cert_fingerprint, original_document_type, original_number, authorization_number,
              authorization_date, authorized_xml, void_reason, voided_at, email_status, email_sent_at,
              created_at + g * interval '1 millisecond', updated_at
       from documents d, generate_series($1::int, $2::int - 1) g
       where d.sequential = 1`,
      [rows, n],
    );
    rows = n;
  }

  console.log(`# export-csv bench: streamed CSV, API process alone, node ${process.version}`);
  await new Promise((res) => setTimeout(res, 1000));
  const baseline = rssMiB();
  console.log(`idle RSS after start and one document: ${baseline.toFixed(1)} MiB`);
  for (const n of [1_000, 20_000, 100_000]) {
    await growTo(n);
    let peak = rssMiB();
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMiB());
    }, 10);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/v1/documents/export?format=csv`, { headers: h });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (lines !== n + 1) throw new Error(`expected ${n + 1} lines, got ${lines}`);
    console.log(
      `${String(n).padStart(7)} rows: ${(bytes / 1048576).toFixed(1).padStart(6)} MiB CSV in ${seconds.toFixed(2)} s (${Math.round(n / seconds)} rows/s); peak RSS ${peak.toFixed(1)} MiB (+${(peak - baseline).toFixed(1)} over idle)`,
    );
  }
  await db.end();
} finally {
  await server.stop();
}
