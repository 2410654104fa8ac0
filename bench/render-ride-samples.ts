/**
 * Renders the sample RIDEs shown in docs/ (first page of each, as PNG) from the test fixtures:
 *   npx tsx bench/render-ride-samples.ts [outDir]
 * Needs pdftoppm (poppler-utils). The PDFs are kept in a temporary directory, printed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderRide, type SalesRideInput } from '../src/adapters/ride/ride.js';
import { buildAccessKey } from '../src/modules/documents/access-key.js';
import { debitNoteType } from '../src/modules/documents/types/debit-note/index.js';
import type { DocumentHeader, DocumentTypeDefinition } from '../src/modules/documents/types/definition.js';
import { purchaseSettlementType } from '../src/modules/documents/types/purchase-settlement/index.js';
import { waybillType } from '../src/modules/documents/types/waybill/index.js';
import { withholdingType } from '../src/modules/documents/types/withholding/index.js';
import { authorizationFor, buildDocument, logo, manyItems } from '../test/ride/fixtures.js';
import { richCreditNote, richInvoice } from '../test/ride/sample-documents.js';

const outDir = path.resolve(process.argv[2] ?? 'docs');
const work = mkdtempSync(path.join(tmpdir(), 'ride-samples-'));
mkdirSync(outDir, { recursive: true });

const invoice = richInvoice();
const creditNote = richCreditNote();

const samples: { name: string; input: SalesRideInput }[] = [
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

/** The newer types' RIDEs from their schema examples, issued by the rich invoice's issuer. */
type AnyType = DocumentTypeDefinition<never, unknown>;
const typeSamples: [string, AnyType][] = [
  ['ride-withholding', withholdingType as unknown as AnyType],
  ['ride-debit-note', debitNoteType as unknown as AnyType],
  ['ride-purchase-settlement', purchaseSettlementType as unknown as AnyType],
  ['ride-waybill', waybillType as unknown as AnyType],
];
const rendered: { name: string; render: () => Promise<Buffer> }[] = samples.map(({ name, input }) => ({
  name,
  render: () => renderRide(input),
}));
for (const [name, type] of typeSamples) {
  const body = (type.bodySchema as unknown as { examples: Record<string, unknown>[] }).examples[0]!;
  const today = body.issueDate as string;
  const issuer = invoice.issuer;
  const sequential = '000000457';
  const accessKey = buildAccessKey({
    issueDate: today,
    documentType: type.code,
    ruc: issuer.ruc,
    environment: 'production',
    branchCode: issuer.branchCode,
    issuePointCode: issuer.issuePointCode,
    sequential,
    numericCode: '12345678',
    emissionType: '1',
  });
  const header: DocumentHeader = {
    documentType: type.code,
    environment: 'production',
    accessKey,
    sequential,
    issueDate: today,
    issuer,
  };
  const content = type.compute(body as never, { today, environment: 'production', issuer });
  const view = type.ride(header, content).view!;
  const [d, m, y] = today.split('/');
  const authorization = { number: accessKey, date: `${y}-${m}-${d}T10:15:00-05:00` };
  rendered.push({
    name,
    render: () =>
      renderRide({ view, status: 'AUTHORIZED', authorization, language: 'es', logo: logo('png') }),
  });
}

for (const { name, render } of rendered) {
  const pdf = path.join(work, `${name}.pdf`);
  writeFileSync(pdf, await render());
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
