import { generateKeyPairSync, sign } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AtsPurchase, type AtsSale, buildAts, validateAtsSchema } from '../src/modules/ats/index.js';

/**
 * The ATS of a big month: 100,000 sales to 5,000 clients and 10,000 purchases, streamed from
 * generators (as rows come from the database) into a file, then validated against the schema.
 * Prints wall time, the peak RSS while building and while validating, and the build time as a
 * multiple of one RSA-2048 signature measured in the same run (this machine's speed varies).
 * Run: npx tsx bench/ats.bench.ts [sales] [purchases]
 */
const SALES = Number(process.argv[2] ?? 100_000);
const PURCHASES = Number(process.argv[3] ?? 10_000);

function rsaSignatureMs(): number {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(500, 7);
  for (let i = 0; i < 50; i++) sign('sha1', data, privateKey);
  const n = 400;
  const start = performance.now();
  for (let i = 0; i < n; i++) sign('sha1', data, privateKey);
  return (performance.now() - start) / n;
}

async function* sales(): AsyncGenerator<AtsSale> {
  for (let i = 0; i < SALES; i++) {
    const base = 10 + (i % 997);
    yield {
      buyerIdType: i % 10 === 0 ? '07' : '04',
      buyerId: i % 10 === 0 ? '9999999999999' : `17${String(i % 5000).padStart(8, '0')}001`,
      buyerName: 'Cliente',
      documentType: i % 50 === 0 ? '04' : '01',
      emission: 'E',
      establishment: i % 3 === 0 ? '002' : '001',
      taxes: [{ taxCode: '2', rateCode: '4', base: `${base}.00`, amount: (base * 0.15).toFixed(2) }],
      paymentForms: ['20'],
    };
  }
}

async function* purchases(): AsyncGenerator<AtsPurchase> {
  for (let i = 0; i < PURCHASES; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    yield {
      supportCode: '01',
      supplierIdType: '04',
      supplierId: '0992000058001',
      supplierName: 'Proveedor',
      documentType: '01',
      relatedParty: false,
      bookedOn: `2026-03-${day}`,
      establishment: '001',
      point: '001',
      sequential: String(i + 1).padStart(9, '0'),
      issueDate: `2026-03-${day}`,
      authorization: `${day}032026010992000058001200100100${String(i).padStart(9, '0')}12345678`,
      taxes: [{ taxCode: '2', rateCode: '4', base: '100.00', amount: '15.00' }],
      paymentForms: ['20'],
      retention: {
        establishment: '001',
        point: '001',
        sequential: String(i + 1).padStart(9, '0'),
        authorization: `${day}032026071792000017001200100100${String(i).padStart(9, '0')}12345678`,
        issueDate: `2026-03-${day}`,
        lines: [
          { taxCode: '2', code: '1', base: '15.00', rate: '30.00', amount: '4.50' },
          { taxCode: '1', code: '312', base: '100.00', rate: '2.00', amount: '2.00' },
        ],
      },
    };
  }
}

/** The process's peak resident memory so far (the kernel's high-water mark), in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

const rsa = rsaSignatureMs();
const dir = mkdtempSync(path.join(tmpdir(), 'ats-bench-'));
const file = path.join(dir, 'AT032026.xml');
const baseRss = process.memoryUsage().rss;
const out = createWriteStream(file);
const started = performance.now();
const summary = await buildAts(
  {
    ruc: '1792000017001',
    legalName: 'COMERCIAL DEMO ANDINA SA',
    period: { year: 2026, month: 3 },
    establishments: ['001', '002'],
    totalVentasReading: 'physical',
  },
  { purchases: purchases(), sales: sales(), voided: [] },
  async (chunk) => {
    if (!out.write(chunk)) await once(out, 'drain');
  },
);
out.end();
await once(out, 'finish');
const buildMs = performance.now() - started;
const buildPeak = peakRss();
const vStart = performance.now();
const schemaProblems = validateAtsSchema(readFileSync(file));
const validateMs = performance.now() - vStart;
console.log(
  `ATS of ${SALES} sales and ${PURCHASES} purchases: ${(statSync(file).size / 1e6).toFixed(1)} MB, ${summary.sales.rows} ventas rows, ${summary.problems.length} problems, schema ${schemaProblems.length ? schemaProblems[0] : 'valid'}`,
);
console.log(
  `build:    ${buildMs.toFixed(0)} ms (${(buildMs / rsa).toFixed(0)} RSA-2048 signatures of ${rsa.toFixed(2)} ms), peak RSS ${mb(buildPeak)} MB (${mb(baseRss)} MB before it)`,
);
console.log(
  `validate: ${validateMs.toFixed(0)} ms, peak RSS ${mb(peakRss())} MB (the file parsed whole by libxml2)`,
);
rmSync(dir, { recursive: true, force: true });
