/**
 * Webhook latency: from the commit of a DOCUMENT_AUTHORIZED notification (documentAuthorized in
 * its own transaction) to the signed webhook arriving at a local HTTPS receiver, with the real
 * worker (graphile-worker, LISTEN/NOTIFY) running in this process. 200 documents per scenario; the
 * movable clock advances 5 s of business time per document, so the 60-second aggregation window
 * rolls over every 12 documents: new rows and in-place updates both fire.
 *
 *   npx tsx bench/webhooks.bench.ts          (DATABASE_URL, or an embedded PostgreSQL in a temp dir)
 *
 * The receiver's certificate comes from a test CA that Node must trust through
 * NODE_EXTRA_CA_CERTS, read only at process start: the script re-executes itself with it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';
import { createDatabase, withTransaction } from '../src/db/pool.js';
import { createDeps } from '../src/deps.js';
import { decodeEml } from '../src/mail-last-cli.js';
import { verifyWebhookSignature } from '../src/modules/webhooks/verify-signature.js';
import { MovableClock } from '../src/shared/clock.js';
import { startWorker } from '../src/worker.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { writeTestTls } from '../test/helpers/tls.js';

const DOCUMENTS = 200;
const BUSINESS_MS_PER_DOCUMENT = 5_000;

if (!process.env.WEBHOOK_BENCH_TLS_DIR) {
  const dir = mkdtempSync(path.join(tmpdir(), 'einvoice-bench-tls-'));
  const files = writeTestTls(dir);
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  const bundle = path.join(dir, 'ca-bundle.pem');
  const extra = previous && existsSync(previous) ? `${readFileSync(previous, 'utf8')}\n` : '';
  writeFileSync(bundle, `${extra}${readFileSync(files.caFile, 'utf8')}`);
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: bundle, WEBHOOK_BENCH_TLS_DIR: dir },
  });
  rmSync(dir, { recursive: true, force: true });
  process.exit(child.status ?? 1);
}

const tlsDir = process.env.WEBHOOK_BENCH_TLS_DIR;
const dataDir = mkdtempSync(path.join(tmpdir(), 'einvoice-bench-webhooks-'));
chmodSync(dataDir, 0o755);
const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir,
      port: 40000 + Math.floor(Math.random() * 5000),
      database: 'bench',
    });
const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
const database = createDatabase(databaseUrl, 30);
await migrate(database.pool);
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  MASTER_KEY: randomBytes(32).toString('hex'),
  WEBHOOK_ALLOW_PRIVATE: 'true',
  REGISTRATION_RATE_LIMIT: '100000',
  API_RATE_LIMIT: '100000000',
  SRI_SIMULATOR: 'false',
  LOG_LEVEL: 'silent',
});
const log = pino({ level: 'silent' });
const clock = new MovableClock();
const deps = createDeps({ config, database, clock, log });
const app = await buildApp(deps);

// The receiver: records the arrival of each deliveryId and checks its signature.
let secret = '';
const arrivals = new Map<string, number>();
let badSignatures = 0;
const server = createServer(
  {
    cert: readFileSync(path.join(tlsDir, 'server-cert.pem')),
    key: readFileSync(path.join(tlsDir, 'server-key.pem')),
  },
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const ok = verifyWebhookSignature({
        secret,
        rawBody,
        signatureHeader: req.headers['x-service-signature'] as string,
        timestampHeader: req.headers['x-service-timestamp'] as string,
        now: clock.now(),
      });
      if (!ok) badSignatures += 1;
      arrivals.set(JSON.parse(rawBody).deliveryId, at);
      res.writeHead(204).end();
    });
  },
);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

const worker = await startWorker({
  pool: database.pool,
  jobs: deps.jobs,
  concurrency: config.workerConcurrency,
  log,
  heartbeat: config.workerHeartbeat,
});

try {
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await app.inject({ method: 'POST', url: '/v1/register', payload, headers });
  const { tenant, issuer, apiKey } = reg.json();
  // The verification email as the worker sent it to the file sink (the outbox keeps the token sealed).
  const token = await verificationTokenFromSink(path.join(dataDir, 'mail'));
  await app.inject({ method: 'POST', url: '/v1/verify-email', payload: { token } });
  const created = await app.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: { authorization: `Bearer ${apiKey}` },
    payload: { url: `https://localhost:${port}/hook`, eventTypes: ['DOCUMENT_AUTHORIZED'] },
  });
  if (created.statusCode !== 201) throw new Error(`webhook registration failed: ${created.body}`);
  secret = created.json().secret;

  console.log(
    `# webhooks bench: DOCUMENT_AUTHORIZED commit -> signed HTTPS webhook received; worker concurrency ${config.workerConcurrency}; ${process.platform} node ${process.version}`,
  );
  let sequential = 0;
  for (const [label, gapMs] of [
    ['paced, 25 ms apart', 25],
    ['burst, back to back', 0],
  ] as const) {
    const committedAt = new Map<string, number>();
    let rowsCreated = 0;
    for (let i = 0; i < DOCUMENTS; i++) {
      sequential += 1;
      const seq = String(sequential).padStart(9, '0');
      const accessKey = `211120260117900116740011001001${seq}1234567817`;
      const result = await withTransaction(deps.db, (tx) =>
        deps.notifications.documentAuthorized(
          tx,
          {
            tenantId: tenant.id,
            issuerId: issuer.id,
            document: {
              accessKey,
              sequential: seq,
              buyerName: `Cliente ${seq}`,
              buyerId: '1710034065',
              total: '11.50',
              issueDate: '21/11/2026',
              authorizationNumber: accessKey,
            },
          },
          clock.now(),
        ),
      );
      const at = performance.now();
      for (const id of result.deliveryIds) committedAt.set(id, at);
      if (result.created) rowsCreated += 1;
      clock.advance(BUSINESS_MS_PER_DOCUMENT);
      if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    }
    const deadline = Date.now() + 60_000;
    while ([...committedAt.keys()].some((id) => !arrivals.has(id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const latencies = [...committedAt]
      .filter(([id]) => arrivals.has(id))
      .map(([id, at]) => arrivals.get(id)! - at)
      .sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
    console.log(
      `${label}: ${DOCUMENTS} documents -> ${rowsCreated} notification rows + ${DOCUMENTS - rowsCreated} in-place updates; ` +
        `${latencies.length}/${committedAt.size} webhooks received, bad signatures ${badSignatures}; ` +
        `latency ms p50 ${pct(50).toFixed(1)} p95 ${pct(95).toFixed(1)} p99 ${pct(99).toFixed(1)} max ${latencies.at(-1)!.toFixed(1)}`,
    );
  }
} finally {
  await worker.stop();
  await app.close();
  await deps.usage.stop();
  await deps.mailer.close();
  server.close();
  await database.close();
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function verificationTokenFromSink(dir: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    for (const f of existsSync(dir) ? readdirSync(dir) : []) {
      const match = /token=([0-9a-f]{64})/.exec(decodeEml(readFileSync(path.join(dir, f), 'utf8')).text);
      if (match) return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no verification email in ${dir}`);
}
