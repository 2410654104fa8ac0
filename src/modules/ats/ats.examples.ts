/** OpenAPI examples of the ATS routes (src/openapi-examples.ts gathers them by operationId). */
const one = (summary: string, value: unknown) => ({ default: { summary, value } });

const ID = '019ac6a0-3c00-7000-8000-0000000000a1';
const PURCHASE = '01a21eaf-527f-7000-b2d9-d253f6c93051';

const DONE = {
  id: ID,
  issuerId: '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e91',
  ruc: '1790011674001',
  period: { year: 2026, month: 3, semester: null },
  fileName: 'AT032026.zip',
  status: 'DONE',
  progress: { done: 412, total: 412 },
  createdAt: '2026-04-02T09:15:00-05:00',
  finishedAt: '2026-04-02T09:15:04-05:00',
  expiresAt: '2026-05-29T00:00:00-05:00',
  error: null,
  summary: {
    compras: {
      count: 38,
      withoutRetention: 1,
      assumedSustento: 1,
      byRate: [
        { rate: '0', base: '120.00', tax: '0.00' },
        { rate: '15', base: '8450.30', tax: '1267.55' },
      ],
      retainedVat: '380.27',
      retainedIncomeTax: '169.01',
      total: '9837.85',
    },
    ventas: {
      rows: 21,
      documents: 374,
      byRate: [{ rate: '15', base: '25210.00', tax: '3781.50' }],
      total: '28991.50',
    },
    ventasEstablecimiento: [
      { establishment: '001', total: '0.00' },
      { establishment: '002', total: '0.00' },
    ],
    anulados: { count: 0 },
    header: { numEstabRuc: '002', totalVentas: '0.00' },
  },
  problems: [
    {
      severity: 'WARNING',
      code: 'SUSTENTO_ASSUMED',
      message:
        "codSustento: purchase 001-001-000004567 has no sustento code; 01 was assumed. Set it on the purchase or as the supplier's default",
      element: 'compras/detalleCompras/codSustento',
      target: { kind: 'purchase', id: PURCHASE, webPath: `/app/purchases/${PURCHASE}` },
    },
  ],
  download: { url: `/v1/reports/ats/${ID}/download`, size: 18432 },
};

const QUEUED = {
  ...DONE,
  status: 'QUEUED',
  progress: { done: 0, total: 0 },
  finishedAt: null,
  expiresAt: null,
  summary: null,
  problems: [],
  download: null,
};

export const ATS_EXAMPLES = {
  createAtsReport: {
    request: one('March 2026', { issuerId: DONE.issuerId, year: 2026, month: 3 }),
    responses: { 202: one('Queued', QUEUED), 200: one('The one already in flight', QUEUED) },
  },
  getAtsReport: { responses: { 200: one('Built, with a warning', DONE) } },
  listAtsReports: { responses: { 200: one('One page', { data: [DONE], nextCursor: null }) } },
  setPurchaseSustento: {
    request: one('Inventory, VAT credit', { sustento: '06' }),
    responses: { 200: one('Set', { purchaseId: PURCHASE, sustento: '06' }) },
  },
  getSupplierAtsDefaults: {
    responses: { 200: one('Cost or expense', { supplierRuc: '0190479137001', sustento: '02' }) },
  },
  setSupplierAtsDefaults: {
    request: one('Cost or expense', { sustento: '02' }),
    responses: { 200: one('Set', { supplierRuc: '0190479137001', sustento: '02' }) },
  },
};
