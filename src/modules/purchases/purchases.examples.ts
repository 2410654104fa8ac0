/** OpenAPI examples of the purchases routes (src/openapi-examples.ts gathers them by operationId). */
const one = (summary: string, value: unknown) => ({ default: { summary, value } });

const KEY = '0810202301019047913700120021000000699911921739517';

const SUMMARY = {
  id: '01a21eaf-527f-7000-b2d9-d253f6c93051',
  accessKey: KEY,
  environment: 'production',
  documentType: '01',
  source: 'KEY',
  supplier: {
    ruc: '0190479137001',
    name: 'GRUPO DE SERVICIOS TURISTICOS Y ALIMENTICIOS G.P.',
    tradeName: 'GRUPO DE SERVICIOS TURISTICOS',
  },
  receiver: { id: '0102581709', issuerId: '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e91' },
  number: '002-100-000069991',
  issueDate: '08/10/2023',
  authorizationNumber: KEY,
  authorizationDate: '2023-10-08T17:55:46.000Z',
  totalWithoutTaxes: '10.49',
  iva: '1.26',
  total: '11.75',
  sri: {
    status: 'AUTORIZADO',
    checkedAt: '2026-11-27T15:00:00.000Z',
    followedUntil: '2023-11-08T05:00:00.000Z',
    voidedAt: null,
  },
  createdAt: '2026-11-27T15:00:00.000Z',
  rideUrl: '/v1/purchases/01a21eaf-527f-7000-b2d9-d253f6c93051/ride',
  xmlUrl: '/v1/purchases/01a21eaf-527f-7000-b2d9-d253f6c93051/xml',
};

const DETAIL = {
  ...SUMMARY,
  taxes: [{ code: '2', rateCode: '2', rate: '12.00', taxableBase: '10.49', amount: '1.26' }],
  payments: [{ method: '01', total: '11.75', term: null, termUnit: null }],
  originalDocument: null,
  withholdings: [],
  retentions: [],
  remaining: { renta: '10.49', iva: '1.26' },
};

const TXT =
  'RUC_EMISOR\tRAZON_SOCIAL_EMISOR\tTIPO_COMPROBANTE\tSERIE_COMPROBANTE\tCLAVE_ACCESO\tFECHA_AUTORIZACION\tFECHA_EMISION\tIDENTIFICACION_RECEPTOR\tVALOR_SIN_IMPUESTOS\tIVA\tIMPORTE_TOTAL\tNUMERO_DOCUMENTO_MODIFICADO\r\n' +
  `0190479137001\tGRUPO DE SERVICIOS TURISTICOS Y ALIMENTICIOS G.P.\tFactura\t002-100-000069991\t${KEY}\t08/10/2023 12:55:46\t08/10/2023\t0102581709\t10.49\t1.26\t11.75\t\r\n`;

export const PURCHASE_EXAMPLES = {
  addPurchasesByKey: {
    request: one('Two keys: one added, one the SRI does not know', {
      accessKeys: [KEY, '1501202604179200003300120010010000009871234567811'],
    }),
    responses: {
      200: one('Each key on its own', {
        ok: true,
        data: [
          { accessKey: KEY, status: 'CREATED', purchase: SUMMARY, error: null },
          {
            accessKey: '1501202604179200003300120010010000009871234567811',
            status: 'REFUSED',
            purchase: null,
            error: {
              code: 'PURCHASE_UNKNOWN_AT_SRI',
              detail:
                'The SRI has no authorized document with access key 1501202604179200003300120010010000009871234567811 (numeroComprobantes 0)',
            },
          },
        ],
        created: 1,
        existing: 0,
        refused: 1,
      }),
    },
  },
  addPurchaseXml: {
    request: one('The portal download (autorizacion wrapper) as the body', '<autorizacion>…</autorizacion>'),
    responses: { 201: one('Added', { ok: true, status: 'CREATED', purchase: DETAIL }) },
  },
  importPurchasesTxt: {
    request: one('The portal report as downloaded (tabs, CRLF)', TXT),
    responses: {
      200: one('dryRun=true: what each row would become', {
        ok: true,
        dryRun: true,
        rows: [
          {
            line: 2,
            accessKey: KEY,
            status: 'NEW',
            error: null,
            supplierRuc: '0190479137001',
            supplierName: 'GRUPO DE SERVICIOS TURISTICOS Y ALIMENTICIOS G.P.',
            number: '002-100-000069991',
            total: '11.75',
          },
        ],
        counts: { NEW: 1 },
      }),
    },
  },
  getPurchase: { responses: { 200: one('An invoice received', { ok: true, purchase: DETAIL }) } },
  listPurchases: {
    responses: {
      200: one('The first page', {
        ok: true,
        data: [SUMMARY],
        totals: { count: 1, totalWithoutTaxes: '10.49', iva: '1.26', total: '11.75' },
        nextCursor: null,
      }),
    },
  },
};
