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
import {
  authorizationFor,
  buildDocument,
  ICE_10,
  IRBPNR,
  IVA_0,
  IVA_5,
  IVA_15,
  IVA_EXEMPT,
  item,
  logo,
  manyItems,
} from '../test/ride/fixtures.js';

const outDir = path.resolve(process.argv[2] ?? 'docs');
const work = mkdtempSync(path.join(tmpdir(), 'ride-samples-'));
mkdirSync(outDir, { recursive: true });

const invoice = buildDocument({
  items: [
    item({
      mainCode: 'CEM-50KG',
      auxiliaryCode: '7861234500012',
      description: 'Cemento Portland tipo GU, saco de 50 kg',
      quantity: '40',
      unitPrice: '8.150000',
      discount: '6.00',
      taxes: [IVA_5],
      details: [{ name: 'Lote', value: 'L-2024-118' }],
    }),
    item({
      mainCode: 'TAL-DRL-18V',
      description: 'Taladro percutor inalámbrico 18 V con 2 baterías, cargador rápido y maletín',
      quantity: '2',
      unitPrice: '129.990000',
      discount: '10.00',
      taxes: [IVA_15],
      details: [
        { name: 'Garantía', value: '12 meses' },
        { name: 'Serie', value: 'SN-88412, SN-88413' },
      ],
    }),
    item({
      mainCode: 'BEB-ENR-473',
      description: 'Bebida energizante lata 473 ml (caja x 24)',
      quantity: '3',
      unitPrice: '21.600000',
      taxes: [ICE_10, IVA_15],
    }),
    item({
      mainCode: 'AGU-500-PET',
      description: 'Agua sin gas botella PET 500 ml',
      quantity: '48',
      unitPrice: '0.350000',
      taxes: [IRBPNR, IVA_15],
    }),
    item({
      mainCode: 'LIB-TEC-01',
      description: 'Libro técnico «Instalaciones eléctricas residenciales»',
      quantity: '1',
      unitPrice: '35.000000',
      taxes: [IVA_0],
    }),
    item({
      mainCode: 'SRV-CAP',
      description: 'Capacitación en seguridad industrial (4 horas)',
      quantity: '1',
      unitPrice: '120.000000',
      taxes: [IVA_EXEMPT],
    }),
  ],
  tip: '0.00',
  additionalInfo: [
    { name: 'Email', value: 'compras@pena-munoz.ec' },
    { name: 'Teléfono', value: '(07) 283-4455' },
    { name: 'Vendedor', value: 'María José Ñáñez' },
    { name: 'Observación', value: 'Entrega en bodega principal; horario de recepción de 08h00 a 16h00.' },
  ],
  payments: [],
});
invoice.payments = [
  { method: '19', total: '300.00', term: '0', termUnit: 'dias' },
  { method: '20', total: invoiceRest(invoice.totals.total, '300.00'), term: '30', termUnit: 'dias' },
];

function invoiceRest(total: string, paid: string): string {
  return (Math.round(Number(total) * 100 - Number(paid) * 100) / 100).toFixed(2);
}

const creditNote = buildDocument({
  documentType: '04',
  sequential: '000000045',
  items: [
    item({
      mainCode: 'TAL-DRL-18V',
      description: 'Taladro percutor inalámbrico 18 V (devolución)',
      quantity: '1',
      unitPrice: '129.990000',
      discount: '5.00',
      taxes: [IVA_15],
    }),
    item({
      mainCode: 'CEM-50KG',
      description: 'Cemento Portland tipo GU, saco de 50 kg (sacos rotos)',
      quantity: '5',
      unitPrice: '8.150000',
      taxes: [IVA_5],
    }),
  ],
});

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
