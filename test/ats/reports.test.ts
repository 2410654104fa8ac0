import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ecuadorDate, ecuadorMonthStart, ecuadorParts } from '../../src/shared/clock.js';
import { creditNoteBody, docHeaders, invoiceBody } from '../helpers/documents.js';
import type { RegisteredTenant } from '../helpers/tenants.js';
import { addKeys, issueTo, supplierTenant } from '../purchases/support.js';
import { type Lifecycle, settle, startLifecycle } from '../submission/support.js';
import { atsApi, blocks, issued, unzipAndValidate, values, voided } from './report-support.js';

/**
 * Issue 28: a month of real documents (sales to three clients, one a final consumer, a credit
 * note, a voided invoice; two purchases imported from another tenant's invoices, one withheld)
 * through POST /v1/reports/ats to a zip whose XML passes xmllint against the SRI's schema and whose
 * figures are the ones computed here from the documents' own amounts.
 */
let lc: Lifecycle;
let us: RegisteredTenant;
let supplier: RegisteredTenant;
let purchaseIds: string[] = [];
let period: { year: number; month: number };
let api: ReturnType<typeof atsApi>;

const CLIENT_RUC = '1790011674001';

beforeAll(async () => {
  lc = await startLifecycle({}, 200);
  // The 2nd of the running month at 10:00 (Ecuador): settle moves the clock on by days, and every
  // document of this month must stay in it, whatever the date the tests run.
  lc.ctx.clock.set(new Date(ecuadorMonthStart(lc.ctx.clock.now()).getTime() + (24 + 10) * 3_600_000));
  const p = ecuadorParts(lc.ctx.clock.now());
  period = { year: p.year, month: p.month };
  api = atsApi(lc.ctx);
  us = await supplierTenant(lc.ctx);
  supplier = await supplierTenant(lc.ctx);
  const today = ecuadorDate(lc.ctx.clock.now());

  // Sales: an invoice to a cédula, its credit note, one to a RUC, one to a final consumer, one voided.
  const toCedula = await issued(lc.ctx, us, invoiceBody());
  await issued(
    lc.ctx,
    us,
    invoiceBody({ buyer: { idType: '04', id: CLIENT_RUC, name: 'Cliente SA', email: 'c@example.com' } }),
  );
  await issued(
    lc.ctx,
    us,
    invoiceBody({
      buyer: { idType: '07', id: '9999999999999', name: 'CONSUMIDOR FINAL', email: 'cf@example.com' },
      items: [
        {
          mainCode: 'SKU-002',
          description: 'Libro técnico',
          quantity: '1',
          unitPrice: '20.00',
          taxes: [{ code: '2', rateCode: '0', rate: '0', taxableBase: '20.00', taxAmount: '0.00' }],
        },
      ],
      payments: [{ method: '01', total: '20.00' }],
    }),
  );
  const toVoid = await issued(lc.ctx, us, invoiceBody());
  const number = `${toCedula.slice(24, 27)}-${toCedula.slice(27, 30)}-${toCedula.slice(30, 39)}`;
  await settle(lc.ctx);
  await issued(lc.ctx, us, creditNoteBody({ number, issueDate: today }));
  // Purchases: two invoices of another tenant, added by key.
  const keys = [await issueTo(lc.ctx, supplier, '01', us.ruc), await issueTo(lc.ctx, supplier, '01', us.ruc)];
  await settle(lc.ctx);
  await voided(lc.ctx, us, toVoid);
  const added = await addKeys(lc.ctx, us.apiKey, keys);
  expect(added.statusCode, added.body).toBe(200);
  purchaseIds = added.json().data.map((r: { purchase: { id: string } }) => r.purchase.id);
  // Our retention on the first: IVA 10 % of 13.50 (code 9) and income tax 1 % of 110.00 (343).
  const draft = (await api.get(us, `/v1/purchases/${purchaseIds[0]}/retention`)).json();
  draft.body.subject.email = 'proveedor@example.com';
  draft.body.supportingDocuments[0].withholdings = [
    { code: '2', withholdingCode: '9', taxableBase: '13.50', rate: '10.00', amount: '1.35' },
    { code: '1', withholdingCode: '343', taxableBase: '110.00', rate: '1.00', amount: '1.10' },
  ];
  const retention = await lc.ctx.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: docHeaders(us),
    payload: draft.body,
  });
  expect(retention.statusCode, retention.body).toBe(201);
  await settle(lc.ctx);
}, 180_000);
afterAll(async () => lc?.close());

describe('POST /v1/reports/ats', () => {
  let reportId: string;

  it('queues the annex (202), answers the one in flight again (200), 409 until it is built', async () => {
    const first = await api.post(us, { issuerId: us.issuerId, ...period });
    expect(first.statusCode, first.body).toBe(202);
    const report = first.json();
    reportId = report.id;
    const mm = String(period.month).padStart(2, '0');
    expect(report).toMatchObject({
      issuerId: us.issuerId,
      ruc: us.ruc,
      period: { ...period, semester: null },
      fileName: `AT${mm}${period.year}.zip`,
      status: 'QUEUED',
      summary: null,
      problems: [],
      download: null,
      error: null,
    });
    expect(report.createdAt).toMatch(/-05:00$/);
    const again = await api.post(us, { issuerId: us.issuerId, ...period });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(reportId);
    const early = await api.get(us, `/v1/reports/ats/${reportId}/download`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ATS_NOT_READY');
  });

  it('builds it: DONE, the figures of the documents, warnings with their links', async () => {
    await lc.ctx.drainJobs();
    const res = await api.get(us, `/v1/reports/ats/${reportId}`);
    const report = res.json();
    expect(report.status, res.body).toBe('DONE');
    expect(report.progress.done).toBe(report.progress.total);
    // 5 sales documents (4 authorized + the credit note), 2 purchases.
    expect(report.progress.total).toBe(6);
    // Sales, computed from the bodies above: 0 % = 20 + 20 + 20; 15 % = 90 + 90 − 50, IVA 13.50 × 2 − 7.50.
    expect(report.summary.ventas).toEqual({
      rows: 4,
      documents: 4,
      byRate: [
        { rate: '0', base: '60.00', tax: '0.00' },
        { rate: '15', base: '130.00', tax: '19.50' },
      ],
      total: '209.50',
    });
    // Purchases: two invoices of 90 @ 15 % + 20 @ 0 %; one withheld 1.35 IVA and 1.10 income tax.
    expect(report.summary.compras).toEqual({
      count: 2,
      withoutRetention: 1,
      assumedSustento: 1,
      byRate: [
        { rate: '0', base: '40.00', tax: '0.00' },
        { rate: '15', base: '180.00', tax: '27.00' },
      ],
      retainedVat: '1.35',
      retainedIncomeTax: '1.10',
      total: '247.00',
    });
    expect(report.summary.header).toEqual({ numEstabRuc: '001', totalVentas: '0.00' });
    expect(report.summary.anulados).toEqual({ count: 0 });
    const target = { kind: 'purchase', id: purchaseIds[1], webPath: `/app/purchases/${purchaseIds[1]}` };
    expect(report.problems).toEqual([
      expect.objectContaining({
        severity: 'WARNING',
        code: 'SUSTENTO_ASSUMED',
        element: 'compras/detalleCompras/codSustento',
        target,
      }),
      expect.objectContaining({ severity: 'WARNING', code: 'PURCHASE_WITHOUT_RETENTION', target }),
    ]);
    const es = (await api.get(us, `/v1/reports/ats/${reportId}`, 'es')).json();
    expect(es.problems[0].message).toContain('se asumió 01');
    expect(report.download.url).toBe(`/v1/reports/ats/${reportId}/download`);
  });

  it('downloads a zip whose XML validates with xmllint and states the same figures', async () => {
    const res = await api.get(us, `/v1/reports/ats/${reportId}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const report = (await api.get(us, `/v1/reports/ats/${reportId}`)).json();
    expect(res.rawPayload.length).toBe(report.download.size);
    const mm = String(period.month).padStart(2, '0');
    expect(res.headers['content-disposition']).toContain(`AT${mm}${period.year}.zip`);
    const { xml } = unzipAndValidate(res.rawPayload, `AT${mm}${period.year}.xml`);
    expect(values(xml, 'IdInformante')).toEqual([us.ruc]);
    expect(values(xml, 'Mes')).toEqual([mm]);
    const compras = blocks(xml, 'detalleCompras');
    expect(compras).toHaveLength(2);
    const withheld = compras.find((c) => c.includes('<valRetBien10>1.35</valRetBien10>'))!;
    expect(values(withheld, 'codSustento')).toEqual(['01']);
    expect(values(withheld, 'codRetAir')).toEqual(['343']);
    expect(values(withheld, 'valRetAir')).toEqual(['1.10']);
    expect(values(withheld, 'baseImpGrav')).toEqual(['90.00']);
    expect(values(withheld, 'baseImponible')).toEqual(['20.00']);
    expect(values(withheld, 'tpIdProv')).toEqual(['01']);
    expect(values(withheld, 'idProv')).toEqual([supplier.ruc]);
    expect(values(withheld, 'estabRetencion1')).toEqual(['001']);
    const ventas = blocks(xml, 'detalleVentas');
    expect(ventas).toHaveLength(4);
    const cedula = ventas.filter((v) => v.includes('<idCliente>1710034065</idCliente>'));
    // The voided invoice to the same client is not a sale: one invoice, and its credit note apart.
    expect(
      cedula.map((v) => [
        values(v, 'tipoComprobante')[0],
        values(v, 'numeroComprobantes')[0],
        values(v, 'baseImpGrav')[0],
      ]),
    ).toEqual([
      ['18', '1', '90.00'],
      ['04', '1', '50.00'],
    ]);
    const consumer = ventas.find((v) => v.includes('<tpIdCliente>07</tpIdCliente>'))!;
    expect(values(consumer, 'baseImponible')).toEqual(['20.00']);
    expect(blocks(xml, 'anulados')).toEqual([]);
    const bare = await api.get(us, `/v1/reports/ats/${reportId}/download?part=xml`);
    expect(bare.body).toBe(xml);
  });

  it('uses the sustento set on the purchase, then none is assumed', async () => {
    const put = await api.put(us, `/v1/purchases/${purchaseIds[1]}/sustento`, { sustento: '02' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ purchaseId: purchaseIds[1], sustento: '02' });
    const bad = await api.put(us, `/v1/purchases/${purchaseIds[1]}/sustento`, { sustento: '10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('sustento');
    const created = (await api.post(us, { issuerId: us.issuerId, ...period })).json();
    await lc.ctx.drainJobs();
    const report = (await api.get(us, `/v1/reports/ats/${created.id}`)).json();
    expect(report.status).toBe('DONE');
    expect(report.summary.compras.assumedSustento).toBe(0);
    expect(report.problems.map((p: { code: string }) => p.code)).toEqual(['PURCHASE_WITHOUT_RETENTION']);
    const list = (await api.get(us, `/v1/reports/ats?issuerId=${us.issuerId}&limit=1`)).json();
    expect(list.data.map((r: { id: string }) => r.id)).toEqual([created.id]);
    const next = (await api.get(us, `/v1/reports/ats?limit=1&cursor=${list.nextCursor}`)).json();
    expect(next.data.map((r: { id: string }) => r.id)).toEqual([reportId]);
    expect(next.nextCursor).toBeNull();
  });
});

describe('what is refused', () => {
  it('another tenant gets 404 for the report, its download and the issuer', async () => {
    const [report] = (await api.get(us, '/v1/reports/ats')).json().data;
    for (const url of [`/v1/reports/ats/${report.id}`, `/v1/reports/ats/${report.id}/download`])
      expect((await api.get(supplier, url)).statusCode).toBe(404);
    expect((await api.get(supplier, '/v1/reports/ats')).json().data).toEqual([]);
    const foreign = await api.post(supplier, { issuerId: us.issuerId, ...period });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ISSUER_NOT_FOUND');
    const sustento = await api.put(supplier, `/v1/purchases/${purchaseIds[0]}/sustento`, { sustento: '01' });
    expect(sustento.statusCode).toBe(404);
  });

  it('400 VALIDATION_FAILED at the field: month and semester, a semester of a non-RIMPE issuer, the future', async () => {
    const bad = async (payload: Record<string, unknown>, path: string) => {
      const res = await api.post(us, { issuerId: us.issuerId, ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().errors[0].path).toBe(path);
    };
    await bad({ year: period.year, month: 1, semester: 1 }, 'semester');
    await bad({ year: period.year - 1, semester: 1 }, 'semester');
    await bad({ year: period.year }, 'month');
    // A year ahead: the running month, even after the clock moved on by days (month 1 of next
    // year is not future once a December run's clock reaches January).
    await bad({ year: period.year + 1, month: period.month }, 'month');
  });

  it('REFUSED: a received credit note whose invoice is not among the purchases, named with its link', async () => {
    const other = await supplierTenant(lc.ctx);
    const seller = await supplierTenant(lc.ctx);
    await issueTo(lc.ctx, seller, '01', other.ruc);
    await settle(lc.ctx);
    const note = await issueTo(lc.ctx, seller, '04', other.ruc);
    // settle moves the clock on (to the jobs it runs): the note's own month is the period.
    const { year, month } = ecuadorParts(lc.ctx.clock.now());
    await settle(lc.ctx);
    const added = (await addKeys(lc.ctx, other.apiKey, [note])).json();
    const purchaseId = added.data[0].purchase.id;
    const created = (await api.post(other, { issuerId: other.issuerId, year, month })).json();
    await lc.ctx.drainJobs();
    const report = (await api.get(other, `/v1/reports/ats/${created.id}`)).json();
    expect(report.status, JSON.stringify(report)).toBe('REFUSED');
    expect(report.download).toBeNull();
    expect(report.summary.compras.count).toBe(1);
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        severity: 'ERROR',
        code: 'MODIFIED_DOCUMENT_UNKNOWN',
        element: 'compras/detalleCompras/docModificado',
        target: { kind: 'purchase', id: purchaseId, webPath: `/app/purchases/${purchaseId}` },
      }),
    );
    const download = await api.get(other, `/v1/reports/ats/${created.id}/download`);
    expect(download.statusCode).toBe(409);
    expect(download.json().code).toBe('ATS_NOT_READY');
  }, 60_000);
});
