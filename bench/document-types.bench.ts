/**
 * POST /v1/documents throughput per document type through the one pipeline (route validation,
 * compute, sequential, XML, XAdES-BES, insert and queued submission), against PostgreSQL, API
 * process alone. Types take turns in short rounds, each round starting with another type, so that
 * drift of a shared machine falls on all of them alike; each type's figure is compared with the invoice's.
 */
import { ecuadorDate } from '../src/shared/clock.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { TYPE_CASES } from '../test/helpers/document-types.js';
import { invoiceBody } from '../test/helpers/documents.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { runLoad } from './lib/load.js';
import { startServer } from './lib/server.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 8;

const server = await startServer({
  args: ['--api'],
  env: {
    SRI_SIMULATOR: 'false',
    SRI_TEST_URL: 'http://127.0.0.1:9',
    SRI_PRODUCTION_URL: 'http://127.0.0.1:9',
  },
});
try {
  const fields = registrationFields(makeCertificate(), {
    documentTypes: ['01', '03', '04', '05', '06', '07'],
  });
  const { payload, headers } = await multipart(fields);
  const reg = await fetch(`${server.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const r = (await reg.json()) as { apiKey: string; issuer: { id: string } };
  const h = {
    authorization: `Bearer ${r.apiKey}`,
    'x-issuer-id': r.issuer.id,
    'content-type': 'application/json',
  };
  const today = ecuadorDate(new Date());
  const bodies: [string, string][] = [
    ['01', JSON.stringify(invoiceBody())],
    ...TYPE_CASES.map((c): [string, string] => [c.code, JSON.stringify(c.body(today))]),
  ];
  const load = (body: string, seconds: number) =>
    runLoad({
      url: `${server.url}/v1/documents`,
      method: 'POST',
      headers: h,
      body,
      concurrency: CONCURRENCY,
      seconds,
      expectStatus: 201,
    });
  console.log(
    `# document types bench: POST /v1/documents, concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${SECONDS} s per type, node ${process.version}`,
  );
  for (const [, body] of bodies) await load(body, 1); // warm-up, every type's code path
  const totals = new Map<string, { requests: number; seconds: number; errors: number; p95: number[] }>();
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with another type: no type always runs first (or last) in a round.
    const order = bodies.map((_, i) => bodies[(i + round) % bodies.length]!);
    for (const [code, body] of order) {
      const res = await load(body, SECONDS);
      const t = totals.get(code) ?? { requests: 0, seconds: 0, errors: 0, p95: [] };
      t.requests += res.requests;
      t.seconds += res.seconds;
      t.errors += res.errors;
      t.p95.push(res.p95);
      totals.set(code, t);
    }
  }
  const rps = (code: string) => {
    const t = totals.get(code)!;
    return t.requests / t.seconds;
  };
  const invoice = rps('01');
  for (const [code] of bodies) {
    const t = totals.get(code)!;
    const ratio = rps(code) / invoice;
    const p95 = [...t.p95].sort((a, b) => a - b)[Math.floor(t.p95.length / 2)]!;
    console.log(
      `type ${code}: ${rps(code).toFixed(1)} docs/s, median p95 ${p95.toFixed(1)} ms, ${(ratio * 100).toFixed(1)} % of the invoice's${t.errors ? `, ${t.errors} errors` : ''}`,
    );
  }
} finally {
  await server.stop();
}
