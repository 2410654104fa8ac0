/**
 * POST /v1/documents throughput and latency at several concurrencies, against PostgreSQL:
 * validation, totals, sequential allocation, XML, XAdES-BES signing and the insert with its
 * queued submission, all in one transaction. The API runs alone in its own process (no worker),
 * so documents stay SIGNED and the figure is the API's own.
 */
import { makeCertificate } from '../test/helpers/certificates.js';
import { invoiceBody } from '../test/helpers/documents.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { formatLoad, runLoad } from './lib/load.js';
import { startServer } from './lib/server.js';

const server = await startServer({
  args: ['--api'],
  env: {
    SRI_SIMULATOR: 'false',
    SRI_TEST_URL: 'http://127.0.0.1:9',
    SRI_PRODUCTION_URL: 'http://127.0.0.1:9',
  },
});
try {
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await fetch(`${server.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const r = (await reg.json()) as { apiKey: string; issuer: { id: string } };
  const h = {
    authorization: `Bearer ${r.apiKey}`,
    'x-issuer-id': r.issuer.id,
    'content-type': 'application/json',
  };
  const body = JSON.stringify(invoiceBody());
  console.log(
    `# documents bench: POST /v1/documents (2-item invoice, signed), API process alone, node ${process.version}`,
  );
  await runLoad({
    url: `${server.url}/v1/documents`,
    method: 'POST',
    headers: h,
    body,
    concurrency: 8,
    seconds: 3,
    expectStatus: 201,
  }); // warm-up
  for (const c of [1, 4, 16, 32]) {
    const res = await runLoad({
      url: `${server.url}/v1/documents`,
      method: 'POST',
      headers: h,
      body,
      concurrency: c,
      seconds: 6,
      expectStatus: 201,
    });
    console.log(formatLoad(`create concurrency ${c}`, res));
  }
  const list = await runLoad({
    url: `${server.url}/v1/documents?limit=10`,
    headers: h,
    concurrency: 16,
    seconds: 4,
  });
  console.log(formatLoad('list (10 per page) concurrency 16', list));
  const count = await fetch(`${server.url}/v1/documents?limit=1`, { headers: h });
  console.log(
    `documents in the issuer after the run: ${((await count.json()) as { pagination: { total: number } }).pagination.total}`,
  );
} finally {
  await server.stop();
}
