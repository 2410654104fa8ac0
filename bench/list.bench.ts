/**
 * GET /v1/documents at 1,000,000 documents of one issuer: p50/p95 of every filter and sort of the
 * spec (interface.md "List query parameters"), page 1, a mid page, the last pages and, where the
 * code has it, the keyset cursor; beside each, the time its statements took in the database
 * (EXPLAIN ANALYZE's execution time, apart from HTTP and the machine's load), and the plans of
 * those that took 5 ms or more there.
 *
 * The documents are made in SQL (generate_series) as copies of one real signed invoice (model,
 * XML and all, so the heap has its real width), with a realistic mix: six types with their own
 * gapless sequentials, statuses mostly AUTHORIZED, issue dates over two years, 2,000 buyer names;
 * plus 20,000 documents of each of two other tenants and 10,000 production documents of the same
 * issuer, which the list must not show. VACUUM ANALYZE afterwards (what autovacuum does).
 *
 *   npx tsx bench/list.bench.ts            # 1,000,000 documents
 *   DOCS=200000 npx tsx bench/list.bench.ts
 *   LIST_BENCH_DATA=/tmp/list-bench npx tsx bench/list.bench.ts   # keep the seeded database there:
 *                                          # the next run with the same directory skips the seed
 *   ONLY='mid page|a year ago' ...         # time only the queries whose name matches
 *
 * The timed requests go over HTTP to the real API process (`src/main.ts --api`); the plans come
 * from replaying each request in an in-process app on the same database, with `pg` wrapped to
 * record its statements. `floor` is GET /healthz on the same machine at the same time: on a
 * shared, loaded machine the HTTP figures cannot go below it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { createFileMailer } from '../src/adapters/mail/mailer.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { createDatabase } from '../src/db/pool.js';
import { createDeps } from '../src/deps.js';
import { ecuadorDate, systemClock } from '../src/shared/clock.js';
import { makeCertificate } from '../test/helpers/certificates.js';
import { invoiceBody } from '../test/helpers/documents.js';
import { registrationFields } from '../test/helpers/fixtures.js';
import { multipart } from '../test/helpers/multipart.js';
import { startServer } from './lib/server.js';

const DOCS = Number(process.env.DOCS ?? 1_000_000);
const SLOW_MS = 20;
/** Plans are printed for the requests whose statements took this long in the database. */
const SQL_PLAN_MS = 5;
const KEEP = process.env.LIST_BENCH_DATA;
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : null;

const server = await startServer({
  keepDataDir: KEEP,
  args: ['--api'],
  env: {
    SRI_SIMULATOR: 'false',
    SRI_TEST_URL: 'http://127.0.0.1:9',
    SRI_PRODUCTION_URL: 'http://127.0.0.1:9',
  },
});

async function register(): Promise<{ apiKey: string; issuerId: string; h: Record<string, string> }> {
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
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  return { apiKey: r.apiKey, issuerId: r.issuer.id, h };
}

const FIRST = [
  'María',
  'José',
  'Luis',
  'Ana',
  'Carlos',
  'Rosa',
  'Jorge',
  'Carmen',
  'Juan',
  'Elena',
  'Pedro',
  'Lucía',
  'Diego',
  'Sofía',
  'Andrés',
  'Paola',
  'Fernando',
  'Gabriela',
  'Ricardo',
  'Verónica',
  'Miguel',
  'Daniela',
  'Javier',
  'Patricia',
  'Santiago',
  'Mónica',
  'Pablo',
  'Cristina',
  'Esteban',
  'Natalia',
  'Héctor',
  'Silvia',
  'Raúl',
  'Isabel',
  'Marco',
  'Adriana',
  'Iván',
  'Lorena',
  'Óscar',
  'Teresa',
];
const LAST = [
  'Peñafiel',
  'Álvarez',
  'Benítez',
  'Cevallos',
  'Dávila',
  'Espinoza',
  'Freire',
  'Guerrero',
  'Herrera',
  'Intriago',
  'Jaramillo',
  'Loor',
  'Mendoza',
  'Naranjo',
  'Ortega',
  'Paredes',
  'Quiñónez',
  'Rivadeneira',
  'Salazar',
  'Torres',
  'Úbeda',
  'Vásquez',
  'Yánez',
  'Zambrano',
  'Andrade',
  'Bravo',
  'Castillo',
  'Delgado',
  'Estrada',
  'Flores',
  'García',
  'Hidalgo',
  'Izurieta',
  'Jácome',
  'León',
  'Moreno',
  'Núñez',
  'Ordóñez',
  'Proaño',
  'Ruiz',
  'Sánchez',
  'Tapia',
  'Utreras',
  'Vera',
  'Villacís',
  'Zurita',
  'Aguirre',
  'Borja',
  'Carrión',
  'Durán',
];
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * `n` copies of the issuer's first document (numbered `offset + 1 ..`), in `environment`, made in one
 * statement. Six types in fixed shares, each with its own gapless sequential; created_at spread
 * evenly over the 730 days before now (issue_date its Ecuador day); statuses by a hash of g.
 */
function seedSql(prefix: string, n: number, environment: string): string {
  return `insert into documents
    select gen_random_uuid(), d.tenant_id, d.issuer_id, '${environment}', t.type,
      '${prefix}' || lpad(g::text, ${49 - prefix.length}, '0'),
      (g / 100) * t.width + (g % 100 - t.start) + 1,
      ((now() - interval '730 days' + (g::float8 / ${n}) * interval '730 days') at time zone 'America/Guayaquil')::date,
      case when h < 930 then 'AUTHORIZED' when h < 950 then 'VOIDED' when h < 965 then 'NOT_AUTHORIZED'
           when h < 980 then 'RETURNED' when h < 990 then 'RECEIVED' else 'SIGNED' end,
      d.buyer_id_type, lpad((g % 9973)::text, 10, '1'),
      (${sqlArray(FIRST)})[1 + (g * 31) % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g * 17) % ${LAST.length}]
        || case when g % 3 = 0 then ' ' || (${sqlArray(LAST)})[1 + (g * 7) % ${LAST.length}] else '' end,
      d.buyer_email, round((h * 13.37)::numeric, 2), d.model, d.request, null, d.request_hash, d.signed_xml,
      d.signed_at, d.cert_fingerprint, d.original_document_type, d.original_number,
      case when h < 950 then lpad(g::text, 49, '3') end,
      case when h < 950 then now() - interval '730 days' + (g::float8 / ${n}) * interval '730 days' end,
      null, null, null, 'SENT', null,
      now() - interval '730 days' + (g::float8 / ${n}) * interval '730 days', now()
    from documents d,
      generate_series($1::bigint, $2::bigint - 1) g,
      lateral (select (g * 7919) % 1000 as h) hh,
      lateral (select * from (values ('01', 0, 70), ('04', 70, 8), ('07', 78, 10), ('03', 88, 5), ('05', 93, 3), ('06', 96, 4))
                 v(type, start, width) where g % 100 >= v.start and g % 100 < v.start + v.width) t
    where d.id = (select id from documents where issuer_id = $3 order by created_at limit 1)`;
}

interface Sample {
  name: string;
  query: string;
  p50: number;
  p95: number;
  n: number;
  total: number;
  rows: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const password = readFileSync(path.join(server.dataDir, 'pg.password'), 'utf8').trim();
const dbUrl = `postgresql://postgres:${password}@127.0.0.1:${Number(new URL(server.url).port) + 3000}/einvoice`;
const db = new pg.Client({ connectionString: dbUrl });

try {
  // A kept database (LIST_BENCH_DATA) remembers its issuers and keys; else register and seed.
  const statePath = path.join(server.dataDir, 'list-bench.json');
  const kept = KEEP && existsSync(statePath);
  const main = kept
    ? (JSON.parse(readFileSync(statePath, 'utf8')) as Awaited<ReturnType<typeof register>>)
    : await register();
  await db.connect();
  console.log(`# list bench: GET /v1/documents over ${DOCS.toLocaleString('en')} documents of one issuer`);
  console.log(`# node ${process.version}, ${(await db.query('select version()')).rows[0].version}`);
  if (!kept) {
    const others = [await register(), await register()];
    const t0 = performance.now();
    const CHUNK = 100_000;
    for (let from = 1; from <= DOCS; from += CHUNK) {
      await db.query(seedSql('7', DOCS, 'sandbox'), [from, Math.min(DOCS + 1, from + CHUNK), main.issuerId]);
    }
    await db.query(seedSql('6', 10_000, 'production'), [1, 10_001, main.issuerId]);
    for (const [i, o] of others.entries()) {
      await db.query(seedSql(String(i + 4), 20_000, 'sandbox'), [1, 20_001, o.issuerId]);
    }
    const seeded = performance.now();
    // The seed's counter deltas into the summary tables, as the periodic job does (migration 0910):
    // the reads below then see a service whose fold has run, not a million unfolded deltas.
    await db.query('select document_counts_fold()');
    await db.query('vacuum analyze documents');
    console.log(
      `seeded in ${((seeded - t0) / 1000).toFixed(0)} s, vacuum analyze ${((performance.now() - seeded) / 1000).toFixed(0)} s`,
    );
    if (KEEP) writeFileSync(statePath, JSON.stringify(main));
  } else {
    console.log(`# the database seeded before in ${KEEP}`);
  }
  const size = (
    await db.query(
      `select pg_size_pretty(pg_relation_size('documents')) heap, pg_size_pretty(pg_indexes_size('documents')) idx,
              (select count(*) from documents) n`,
    )
  ).rows[0];
  console.log(`${size.n} rows, heap ${size.heap}, indexes ${size.idx}`);

  const get = async (query: string) => {
    const res = await fetch(`${server.url}/v1/documents${query}`, { headers: main.h });
    const body = (await res.json()) as {
      data: unknown[];
      pagination: { total: number };
      nextCursor?: string | null;
    };
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const total = (await get('')).pagination.total;
  const lastPage = Math.ceil(total / 10);
  const today = new Date();
  const monthAgo = (months: number) => {
    const d = new Date(today);
    d.setUTCMonth(d.getUTCMonth() - months);
    return d;
  };
  const range = (fromMonths: number, toMonths: number) =>
    `from=${ecuadorDate(monthAgo(fromMonths))}&to=${ecuadorDate(monthAgo(toMonths))}`;

  const queries: [string, string][] = [
    ['default, page 1', ''],
    ['default, page 2', '?page=2'],
    ['default, mid page', `?page=${Math.floor(lastPage / 2)}`],
    ['default, page 99,999', '?page=99999'],
    ['default, last page', `?page=${lastPage}`],
    ['limit 100', '?limit=100'],
    ['status AUTHORIZED', '?status=AUTHORIZED'],
    ['status SIGNED', '?status=SIGNED'],
    ['status NOT_AUTHORIZED, page 500', '?status=NOT_AUTHORIZED&page=500'],
    ['documentType 01', '?documentType=01'],
    ['documentType 06', '?documentType=06'],
    ['documentType 05, page 1000', '?documentType=05&page=1000'],
    ['from/to last month', `?${range(1, 0)}`],
    ['from/to a month a year ago', `?${range(13, 12)}`],
    ['from/to a year', `?${range(12, 0)}`],
    ['from only, last 7 days', `?from=${ecuadorDate(new Date(today.getTime() - 7 * 86_400_000))}`],
    ['to only, before a year ago', `?to=${ecuadorDate(monthAgo(12))}`],
    ['status + type + month', `?status=AUTHORIZED&documentType=04&${range(13, 12)}`],
    ['sequential, 9 digits', '?sequential=000123456'],
    ['sequential, 5 digits', '?sequential=12345'],
    ['sequential, 3 digits', '?sequential=999'],
    ['buyerName, surname', '?buyerName=pe%C3%B1afiel'],
    ['buyerName, full name', '?buyerName=Mar%C3%ADa%20Pe%C3%B1afiel'],
    ['buyerName, no match', '?buyerName=izurieta%20vera'],
  ];
  for (const sortBy of ['sequential', 'buyerName', 'issueDate', 'status']) {
    for (const dir of ['asc', 'desc']) {
      queries.push([`sortBy ${sortBy} ${dir}`, `?sortBy=${sortBy}&sortDir=${dir}`]);
    }
    queries.push([`sortBy ${sortBy} asc, page 99,999`, `?sortBy=${sortBy}&sortDir=asc&page=99999`]);
    queries.push([
      `sortBy ${sortBy} desc, mid page`,
      `?sortBy=${sortBy}&sortDir=desc&page=${Math.floor(lastPage / 2)}`,
    ]);
  }
  queries.push([
    'status AUTHORIZED, mid page',
    `?status=AUTHORIZED&page=${Math.floor((lastPage * 0.93) / 2)}`,
  ]);
  queries.push(['documentType 01, mid page', `?documentType=01&page=${Math.floor((lastPage * 0.7) / 2)}`]);
  queries.push([
    'sortBy buyerName + status NOT_AUTHORIZED',
    '?sortBy=buyerName&sortDir=asc&status=NOT_AUTHORIZED',
  ]);
  queries.push(['sortBy issueDate + month a year ago', `?sortBy=issueDate&sortDir=asc&${range(13, 12)}`]);

  // The keyset cursor (when the code has it): the cursor of the mid page and of a deep sorted page.
  const probe = await get(`?page=${Math.floor(lastPage / 2)}`);
  if (probe.nextCursor !== undefined) {
    queries.push(['cursor, after the mid page', `?cursor=${probe.nextCursor}`]);
    const sorted = await get(`?sortBy=buyerName&sortDir=asc&page=${Math.floor(lastPage * 0.77)}`);
    queries.push([
      'cursor, buyerName asc, 77% deep',
      `?sortBy=buyerName&sortDir=asc&cursor=${sorted.nextCursor}`,
    ]);
    const status = await get(`?sortBy=status&sortDir=desc&page=${Math.floor(lastPage * 0.55)}`);
    queries.push([
      'cursor, status desc, 55% deep',
      `?sortBy=status&sortDir=desc&cursor=${status.nextCursor}`,
    ]);
  }

  const time = async (name: string, url: string, headers: Record<string, string>) => {
    const times: number[] = [];
    const once = async () => {
      const t = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
      times.push(performance.now() - t);
      return body;
    };
    await once(); // warm
    times.length = 0;
    let body = await once();
    const began = performance.now();
    while (times.length < 40 && (times.length < 5 || performance.now() - began < 8000)) body = await once();
    times.sort((a, b) => a - b);
    return { name, p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, body };
  };
  // The floor: an answer with no database work, on this machine as loaded as it is now.
  const floor = await time('floor: GET /healthz', `${server.url}/healthz`, {});

  const results: (Sample & { sqlMs: number; plans: string[] })[] = [];
  for (const [name, query] of queries.filter(([name]) => !ONLY || ONLY.test(name))) {
    const r = await time(name, `${server.url}/v1/documents${query}`, main.h);
    const body = r.body as { data: unknown[]; pagination: { total: number } };
    results.push({ ...r, query, total: body.pagination.total, rows: body.data.length, sqlMs: 0, plans: [] });
  }

  // Replay each request in-process, recording its statements, and EXPLAIN (ANALYZE) them: the
  // database's own time, apart from HTTP and the machine's load.
  const recorded: { text: string; values: unknown[] }[] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: wrapping pg's overloaded query
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string' && /^\s*(select|with)\b/i.test(text) && /"?document/.test(text))
      recorded.push({ text, values: (Array.isArray(values) ? values : config?.values) ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: server.dataDir,
    DATABASE_URL: dbUrl,
    SRI_SIMULATOR: 'false',
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT: '100000000',
    SRI_TEST_URL: 'http://127.0.0.1:9',
    SRI_PRODUCTION_URL: 'http://127.0.0.1:9',
  });
  const database = createDatabase(dbUrl, 4);
  const deps = createDeps({
    config,
    database,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    mailer: createFileMailer(path.join(server.dataDir, 'mail')),
  });
  const app = await buildApp(deps);
  await app.ready();
  for (const r of results) {
    recorded.length = 0;
    await app.inject({ method: 'GET', url: `/v1/documents${r.query}`, headers: main.h });
    for (const st of recorded.filter((x) => !/api_keys|tenants|issuers/.test(x.text))) {
      const plan = await db.query(`explain (analyze, buffers) ${st.text}`, st.values as unknown[]);
      const lines = plan.rows.map((row) => row['QUERY PLAN'] as string);
      r.sqlMs += Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? 0);
      r.plans.push(
        `-- ${st.text.replace(/\s+/g, ' ')}\n-- params ${JSON.stringify(st.values)}\n${lines.map((l) => `   ${l}`).join('\n')}`,
      );
    }
  }
  await app.close();
  await deps.usage.stop();
  await deps.mailer.close();
  deps.sri.close();
  await database.close();
  pg.Client.prototype.query = original;

  console.log(
    `\nload average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} on ${availableParallelism()} cores; ` +
      `${floor.name}: p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms`,
  );
  console.log(
    `${'query'.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'sql ms'.padStart(8)}  runs  total / rows`,
  );
  for (const s of results) {
    console.log(
      `${s.name.padEnd(44)} ${s.p50.toFixed(1).padStart(8)} ${s.p95.toFixed(1).padStart(8)} ${s.sqlMs.toFixed(1).padStart(8)}  ${String(s.n).padStart(4)}  ${s.total} / ${s.rows}`,
    );
  }
  const fast = results.filter((r) => r.p95 < SLOW_MS).length;
  const fastSql = results.filter((r) => r.sqlMs < SLOW_MS).length;
  console.log(
    `\n${fast} of ${results.length} with p95 < ${SLOW_MS} ms over HTTP; ${fastSql} of ${results.length} with SQL < ${SLOW_MS} ms`,
  );
  for (const r of results.filter((x) => x.sqlMs >= SQL_PLAN_MS || x.p95 >= 10 * SLOW_MS)) {
    console.log(
      `\n## ${r.name} (${r.query || 'no query'}): p95 ${r.p95.toFixed(1)} ms, SQL ${r.sqlMs.toFixed(1)} ms`,
    );
    for (const p of r.plans) console.log(p);
  }
} finally {
  await db.end().catch(() => {});
  await server.stop();
}
