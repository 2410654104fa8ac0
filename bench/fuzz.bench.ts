/**
 * The hostile-request fuzz of test/http/fuzz.test.ts, longer and over real HTTP: the service in its
 * own process (API only, embedded PostgreSQL), requests sent with fetch. Prints the requests sent,
 * the status mix, the operations that answered 2xx/3xx and the rate; exits 1 on any 5xx or error
 * that is not a problem document (printing the request).
 *
 *   npx tsx bench/fuzz.bench.ts                 # 20,000 requests, a random seed
 *   FUZZ_RUNS=100000 FUZZ_SEED=42 npx tsx bench/fuzz.bench.ts
 */
import fc from 'fast-check';
import { makeCertificate } from '../test/helpers/certificates.js';
import { invoiceBody } from '../test/helpers/documents.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import {
  anyRequest,
  contractBreach,
  describeRequest,
  type FuzzContext,
  type FuzzRequest,
  operationsOf,
} from '../test/helpers/fuzz.js';
import { multipart } from '../test/helpers/multipart.js';
import { startServer } from './lib/server.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const ADMIN_TOKEN = 'fuzz-bench-operator-token-0123456789';

const server = await startServer({ args: ['--api'], env: { ADMIN_TOKEN } });
try {
  const cert = makeCertificate();
  const fields = registrationFields(cert);
  const { payload, headers } = await multipart(fields);
  const reg = await fetch(`${server.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const registered = (await reg.json()) as { apiKey: string; tenant: { id: string }; issuer: { id: string } };
  // Operator routes act on another account, so suspending it leaves the fuzzed key working.
  const second = await multipart(registrationFields(makeCertificate()));
  const other = await fetch(`${server.url}/v1/register`, {
    method: 'POST',
    body: second.payload,
    headers: second.headers,
  });
  const otherTenantId = ((await other.json()) as { tenant: { id: string } }).tenant.id;
  const doc = await (await fetch(`${server.url}/v1/openapi.json`)).json();
  const ops = operationsOf(doc as never);
  const form = Object.fromEntries(
    Object.entries(fields).flatMap(([k, v]) =>
      v === undefined ? [] : Array.isArray(v) ? [[k, v[0]!]] : [[k, typeof v === 'string' ? v : v.file]],
    ),
  ) as Record<string, string | Buffer>;
  const ctx: FuzzContext = {
    apiKey: registered.apiKey,
    issuerId: registered.issuer.id,
    tenantId: otherTenantId,
    adminToken: ADMIN_TOKEN,
    jsonSeeds: {
      'POST /v1/documents': invoiceBody(),
      'POST /v1/webhooks': { url: 'https://example.com/hook' },
    },
    formSeeds: { 'POST /v1/register': form, 'POST /v1/issuers': form },
  };

  console.log(
    `# fuzz bench: ${ops.length} operations of /v1/openapi.json, ${RUNS} requests, seed ${SEED}, ` +
      `${process.platform} node ${process.version}`,
  );
  const statuses = new Map<number, number>();
  const reached = new Set<string>();
  let unsendable = 0;
  const started = performance.now();
  const samples = fc.sample(anyRequest(ops, ctx), { seed: SEED, numRuns: RUNS });
  let breaches = 0;
  for (const req of samples) {
    let res: Response;
    try {
      res = await send(req);
    } catch {
      // fetch refuses what HTTP cannot carry (control characters in a header): never sent.
      unsendable++;
      continue;
    }
    const body = await res.text();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status < 400) reached.add(req.operation);
    const breach = contractBreach(res.status, res.headers.get('content-type') ?? undefined, body);
    if (breach) {
      breaches++;
      console.log(`BREACH ${breach}\n  request: ${describeRequest(req)}`);
      if (breaches >= 5) break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
  console.log(`requests sent          ${sent} (${unsendable} refused by the HTTP client itself)`);
  console.log(
    `rate                   ${(sent / seconds).toFixed(0)} requests/s over ${seconds.toFixed(1)} s`,
  );
  console.log(
    `statuses               ${[...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
  );
  console.log(`operations with a 2xx  ${reached.size} of ${ops.length}`);
  console.log(`5xx or non-problem     ${breaches}`);
  if (breaches > 0) process.exitCode = 1;
} finally {
  await server.stop();
}

/**
 * HTTP carries header values as bytes: the UTF-8 of a value is sent as is (latin1 to the client),
 * and control characters, which no HTTP parser lets through (app.inject in the test sends those),
 * are left out.
 */
function onTheWire(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [
      k,
      [...Buffer.from(v, 'utf8').toString('latin1')]
        .filter((c) => c === '\t' || (c >= ' ' && c !== '\u007f'))
        .join(''),
    ]),
  );
}

function send(req: FuzzRequest): Promise<Response> {
  return fetch(`${server.url}${req.url}`, {
    method: req.method,
    headers: onTheWire(req.headers),
    ...(req.payload !== undefined && req.method !== 'GET' ? { body: req.payload } : {}),
    redirect: 'manual',
  });
}
