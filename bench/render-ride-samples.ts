/**
 * Renders the sample RIDEs shown in docs/ (first page of each, as PNG) from the test fixtures:
 *   npx tsx bench/render-ride-samples.ts [outDir]
 * Needs pdftoppm (poppler-utils). The PDFs are kept in a temporary directory, printed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RideInput, renderRide } from '../src/adapters/ride/ride.js';
import { authorizationFor, buildDocument, logo, manyItems } from '../test/ride/fixtures.js';
import { richCreditNote, richInvoice } from '../test/ride/sample-documents.js';

const outDir = path.resolve(process.argv[2] ?? 'docs');
const work = mkdtempSync(path.join(tmpdir(), 'ride-samples-'));
mkdirSync(outDir, { recursive: true });

const invoice = richInvoice();
const creditNote = richCreditNote();

const samples: { name: string; input: RideInput }[] = [
  {
    name: 'ride-invoice',
    input: {
      model: invoice,
      status: 'AUTHORIZED',
      authorization: authorizationFor(invoice),
      language: 'es',
      logo: logo('png'),
    },
  },
  {
    name: 'ride-credit-note',
    input: {
      model: creditNote,
      status: 'AUTHORIZED',
      authorization: authorizationFor(creditNote),
      language: 'es',
      logo: logo('gif'),
    },
  },
  {
    name: 'ride-invoice-voided',
    input: {
      model: invoice,
      status: 'VOIDED',
      authorization: authorizationFor(invoice),
      language: 'es',
      logo: logo('jpeg'),
    },
  },
  {
    name: 'ride-invoice-en',
    input: {
      model: invoice,
      status: 'AUTHORIZED',
      authorization: authorizationFor(invoice),
      language: 'en',
      logo: logo('png'),
    },
  },
  {
    name: 'ride-invoice-draft',
    input: {
      model: buildDocument({ environment: 'sandbox', items: manyItems(8) }),
      status: 'SIGNED',
      authorization: null,
      language: 'es',
    },
  },
];

for (const { name, input } of samples) {
  const pdf = path.join(work, `${name}.pdf`);
  writeFileSync(pdf, await renderRide(input));
  execFileSync('pdftoppm', [
    '-r',
    '110',
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    path.join(work, name),
  ]);
  renameSync(path.join(work, `${name}.png`), path.join(outDir, `${name}.png`));
  console.log(`${path.join(outDir, `${name}.png`)}  (PDF: ${pdf})`);
}
