/**
 * Authenticated request throughput on a cheap endpoint (GET /v1/tenants/me): the cost of the
 * auth hook (key hash lookup joined with the tenant), usage counting, and the response.
 * The service runs in its own process (API only); the load comes from this process.
 */
import { makeCertificate } from '../test/helpers/certificates.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { formatLoad, runLoad } from './lib/load.js';
import { startServer } from './lib/server.js';

const server = await startServer({ args: ['--api'] });
try {
  const { payload, headers } = await multipart(registrationFields(makeCertificate()));
  const reg = await fetch(`${server.url}/v1/register`, { method: 'POST', body: payload, headers });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { apiKey } = (await reg.json()) as { apiKey: string };
  const auth = { authorization: `Bearer ${apiKey}` };
  console.log(
    `# auth bench: GET /v1/tenants/me, API process alone, ${process.platform} node ${process.version}`,
  );
  await runLoad({ url: `${server.url}/v1/tenants/me`, headers: auth, concurrency: 16, seconds: 2 }); // warm-up
  for (const c of [1, 16, 64]) {
    const r = await runLoad({
      url: `${server.url}/v1/tenants/me`,
      headers: auth,
      concurrency: c,
      seconds: 5,
    });
    console.log(formatLoad(`tenants/me concurrency ${c}`, r));
  }
  const h = await runLoad({ url: `${server.url}/healthz`, concurrency: 16, seconds: 5 });
  console.log(formatLoad('healthz (no auth) concurrency 16', h));
  const u = await runLoad({
    url: `${server.url}/v1/tenants/me`,
    headers: { authorization: `Bearer eik_test_${'x'.repeat(40)}` },
    concurrency: 16,
    seconds: 3,
    expectStatus: 401,
  });
  console.log(formatLoad('unknown key (401) concurrency 16', u));
} finally {
  await server.stop();
}
