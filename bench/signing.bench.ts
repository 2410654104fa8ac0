import { sign } from 'node:crypto';
import { readP12 } from '../src/adapters/signing/p12.js';
import { signDocumentXml } from '../src/adapters/signing/xades.js';
import { buildAccessKey } from '../src/modules/documents/access-key.js';
import { computeDocumentContent } from '../src/modules/documents/types/common/sales-compute.js';
import type { InvoiceInput } from '../src/modules/documents/types/common/sales-input.js';
import { aggregateTotals, computeLine } from '../src/modules/documents/types/common/tax-lines.js';
import { debitNoteType } from '../src/modules/documents/types/debit-note/index.js';
import type { DocumentHeader, DocumentTypeDefinition } from '../src/modules/documents/types/definition.js';
import { buildInvoiceXml } from '../src/modules/documents/types/invoice/xml.js';
import { purchaseSettlementType } from '../src/modules/documents/types/purchase-settlement/index.js';
import { waybillType } from '../src/modules/documents/types/waybill/index.js';
import { withholdingType } from '../src/modules/documents/types/withholding/index.js';
import { ecuadorDate } from '../src/shared/clock.js';
import type { DocumentModel } from '../src/shared/document-model.js';
import { dec } from '../src/shared/money.js';
import { makeCertificate } from '../test/helpers/certificates.js';

/**
 * XAdES signing throughput against the RSA operation it cannot avoid: raw crypto.sign RSA-SHA1 over
 * a SignedInfo-sized buffer, signDocumentXml on a realistic 10-item invoice, and buildInvoiceXml.
 * Same process, same 2048-bit key, calls alternated one by one so that load from other processes
 * and CPU frequency changes hit both alike; medians resist preemption outliers, means are shown too.
 * Target: signing / raw >= 0.85. Run: npx tsx bench/signing.bench.ts
 */
const WARMUP_MS = 500;
const MEASURE_MS = 6000;

const now = new Date();
/** The invoice's request body, kept to time compute + build + sign against the other types. */
let invoiceInput: InvoiceInput;
const issued = makeCertificate();
const cert = readP12(issued.p12, issued.password, now);
const model = tenItemInvoice(ecuadorDate(now));
const xml = buildInvoiceXml(model, model);
const signedInfo = canonicalSignedInfo(signDocumentXml(xml, cert, now));

function tenItemInvoice(today: string): DocumentModel {
  const items = Array.from({ length: 10 }, (_, i) => {
    const quantity = String(i + 1);
    const unitPrice = dec('12.5').plus(dec('3.75').times(i)).toFixed(2);
    const iva15 = { code: '2', rateCode: '4', rate: '15' };
    const line = computeLine({ quantity: dec(quantity), unitPrice: dec(unitPrice), discount: dec(0) }, [
      iva15,
    ]);
    const tax = line.taxes[0]!;
    return {
      mainCode: `SKU-${1000 + i}`,
      auxiliaryCode: `AUX-${i}`,
      description: `Producto de prueba número ${i + 1}, presentación de 500 g (Ñandú & Cía.)`,
      quantity,
      unitPrice,
      additionalDetails: [{ name: 'Lote', value: `L-${i}` }],
      taxes: [{ ...iva15, taxableBase: tax.taxableBase, taxAmount: tax.amount }],
      subtotal: line.subtotal,
      discount: '0.00',
      figures: line,
    };
  });
  const total = aggregateTotals(
    items.map((i) => ({ subtotal: i.subtotal, discount: i.discount, taxes: i.figures.taxes })),
    '0.00',
  ).total;
  invoiceInput = {
    documentType: '01',
    buyer: {
      idType: '04',
      id: '1790016919001',
      name: 'CORPORACION FAVORITA C.A.',
      email: 'compras@example.ec',
    },
    items: items.map(({ subtotal: _s, discount: _d, figures: _f, ...item }) => item),
    payments: [{ method: '20', total, term: '30', termUnit: 'dias' }],
    additionalInfo: [{ name: 'Vendedor', value: 'María José' }],
  } as InvoiceInput;
  const content = computeDocumentContent(invoiceInput, { today });
  const issuer = {
    ruc: '1790011674001',
    businessName: 'COMERCIALIZADORA DE PRUEBAS S.A.',
    tradeName: 'PRUEBAS',
    mainAddress: 'Av. 10 de Agosto N36-125, Quito',
    branchAddress: 'Calle Sucre 3-45, Cuenca',
    branchCode: '002',
    issuePointCode: '015',
    requiredAccounting: true,
    specialTaxpayer: '5368',
    retentionAgentResolution: null,
    rimpeRegime: null,
  };
  const sequential = '000000123';
  const accessKey = buildAccessKey({
    issueDate: content.issueDate,
    documentType: '01',
    ruc: issuer.ruc,
    environment: 'sandbox',
    branchCode: issuer.branchCode,
    issuePointCode: issuer.issuePointCode,
    sequential,
    numericCode: '12345678',
    emissionType: '1',
  });
  return { ...content, documentType: '01', environment: 'sandbox', accessKey, sequential, issuer };
}

function canonicalSignedInfo(signed: string): Buffer {
  const element = /<ds:SignedInfo [\s\S]*<\/ds:SignedInfo>/.exec(signed)![0];
  const inContext = element.replace(
    '<ds:SignedInfo ',
    '<ds:SignedInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:etsi="http://uri.etsi.org/01903/v1.3.2#" ',
  );
  return Buffer.from(inContext, 'utf8');
}

/**
 * Runs `a` and `b` alternately for about `ms` milliseconds, timing each call and swapping which goes
 * first on every pair, so that whatever else the machine does hits both alike. Returns each one's
 * per-call times in nanoseconds.
 */
function alternate(a: () => unknown, b: () => unknown, ms: number): [number[], number[]] {
  const timesA: number[] = [];
  const timesB: number[] = [];
  const timed = (op: () => unknown, into: number[]) => {
    const start = process.hrtime.bigint();
    op();
    into.push(Number(process.hrtime.bigint() - start));
  };
  const until = process.hrtime.bigint() + BigInt(ms) * 1_000_000n;
  for (let pair = 0; process.hrtime.bigint() < until; pair++) {
    if (pair % 2 === 0) {
      timed(a, timesA);
      timed(b, timesB);
    } else {
      timed(b, timesB);
      timed(a, timesA);
    }
  }
  return [timesA, timesB];
}

const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[xs.length >> 1]!;
const perSecond = (ns: number) => 1e9 / ns;
const mean = (xs: number[]) => xs.reduce((p, q) => p + q, 0) / xs.length;
const fmt = (n: number) => n.toFixed(0).padStart(7);

const raw = () => sign('RSA-SHA1', signedInfo, cert.privateKey);
const xades = () => signDocumentXml(xml, cert, now);
const build = () => buildInvoiceXml(model, model);

alternate(raw, xades, WARMUP_MS);
const [rawTimes, signTimes] = alternate(raw, xades, MEASURE_MS);
const [buildTimes] = alternate(build, () => undefined, MEASURE_MS / 4);
const rawMedian = perSecond(median(rawTimes));
const signMedian = perSecond(median(signTimes));
const rawMean = perSecond(mean(rawTimes));
const signMean = perSecond(mean(signTimes));

console.log(
  `signing bench: Node ${process.version}, RSA 2048, raw and XAdES calls alternated for ${MEASURE_MS} ms`,
);
console.log(
  `  invoice: 10 items, ${Buffer.byteLength(xml)} bytes unsigned; canonical SignedInfo ${signedInfo.length} bytes`,
);
console.log('                                               median     mean  (calls/s)');
console.log(
  `  raw crypto.sign RSA-SHA1, SignedInfo-sized  ${fmt(rawMedian)}  ${fmt(rawMean)}   (${rawTimes.length} calls)`,
);
console.log(
  `  signDocumentXml, XAdES-BES                  ${fmt(signMedian)}  ${fmt(signMean)}   (${signTimes.length} calls)`,
);
console.log(
  `  buildInvoiceXml, factura 1.1.0              ${fmt(perSecond(median(buildTimes)))}  ${fmt(perSecond(mean(buildTimes)))}`,
);
console.log(
  `  ratio signing / raw: ${(signMedian / rawMedian).toFixed(3)} (medians), ${(signMean / rawMean).toFixed(3)} (means); target >= 0.85`,
);

/**
 * Per document type: compute + build + sign of the type's schema example (the 03 example with its
 * line repeated to 10, like the invoice; the guía with 10 goods), alternated call by call with the
 * 10-item invoice's compute + build + sign. The ratio is the type's throughput relative to the invoice's.
 */
const TYPE_MS = 1500;
const invoicePipeline = () => {
  const content = computeDocumentContent(invoiceInput, { today: model.issueDate });
  return signDocumentXml(buildInvoiceXml(model, content), cert, now);
};
type AnyType = DocumentTypeDefinition<never, unknown>;
const exampleOf = (t: { bodySchema: unknown }) =>
  structuredClone((t.bodySchema as { examples: Record<string, unknown>[] }).examples[0]!);
const settlement = exampleOf(purchaseSettlementType);
const settlementItem = (settlement.items as unknown[])[0];
settlement.items = Array.from({ length: 10 }, () => settlementItem);
settlement.payments = [{ method: '20', total: '50320.00' }];
const waybill = exampleOf(waybillType);
const recipient = (waybill.recipients as { items: unknown[] }[])[0]!;
recipient.items = Array.from({ length: 10 }, () => recipient.items[0]);
const typeCases: [string, AnyType, Record<string, unknown>][] = [
  ['07 retención 2.0.0 (1 doc, 2 lines)', withholdingType as unknown as AnyType, exampleOf(withholdingType)],
  ['05 nota de débito 1.0.0 (1 reason)', debitNoteType as unknown as AnyType, exampleOf(debitNoteType)],
  ['03 liquidación 1.1.0 (10 items)', purchaseSettlementType as unknown as AnyType, settlement],
  ['06 guía 1.1.0 (10 goods)', waybillType as unknown as AnyType, waybill],
];
console.log(`  per type, compute + build + sign vs the invoice's, alternated ${TYPE_MS} ms each:`);
console.log('                                               median calls/s   type / invoice');
for (const [name, type, body] of typeCases) {
  const today = body.issueDate as string;
  const header: DocumentHeader = {
    documentType: type.code,
    environment: 'sandbox',
    accessKey: buildAccessKey({
      issueDate: today,
      documentType: type.code,
      ruc: model.issuer.ruc,
      environment: 'sandbox',
      branchCode: model.issuer.branchCode,
      issuePointCode: model.issuer.issuePointCode,
      sequential: '000000123',
      numericCode: '12345678',
      emissionType: '1',
    }),
    sequential: '000000123',
    issueDate: today,
    issuer: model.issuer,
  };
  const pipeline = () => {
    const content = type.compute(body as never, { today, environment: 'sandbox', issuer: model.issuer });
    return signDocumentXml(type.buildXml(header, content), cert, now);
  };
  alternate(pipeline, invoicePipeline, WARMUP_MS / 2);
  const [typeTimes, invoiceTimes] = alternate(pipeline, invoicePipeline, TYPE_MS);
  const typeRate = perSecond(median(typeTimes));
  const invoiceRate = perSecond(median(invoiceTimes));
  console.log(
    `  ${name.padEnd(44)} ${fmt(typeRate)}        ${(typeRate / invoiceRate).toFixed(3)} (invoice ${invoiceRate.toFixed(0)}/s)`,
  );
}
