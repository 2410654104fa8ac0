/**
 * Request examples of POST /v1/documents (and the rebuild route), one per document type: bodies the
 * service accepts as they are (test/http/openapi-examples.test.ts posts each and expects 201). The
 * OpenAPI document shows them on the create-document body; a new document type adds its entry here.
 * Figures are exact: the service checks every taxableBase, taxAmount and payment total.
 */
export interface DocumentExample {
  summary: string;
  value: Record<string, unknown>;
}

export const DOCUMENT_EXAMPLES: Record<string, DocumentExample> = {
  '01': {
    summary: 'Invoice (01): 2 × 50.00 less 10.00 at IVA 15% plus a book at IVA 0%',
    value: {
      documentType: '01',
      buyer: {
        idType: '05',
        id: '1710034065',
        name: 'María José Peñafiel',
        email: 'maria@example.com',
        address: 'Av. Colón E4-12, Quito',
      },
      items: [
        {
          mainCode: 'SKU-001',
          description: 'Servicio de consultoría',
          quantity: '2',
          unitPrice: '50.00',
          discount: '10.00',
          taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: '90.00', taxAmount: '13.50' }],
        },
        {
          mainCode: 'SKU-002',
          description: 'Libro técnico',
          quantity: '1',
          unitPrice: '20.00',
          taxes: [{ code: '2', rateCode: '0', rate: '0', taxableBase: '20.00', taxAmount: '0.00' }],
        },
      ],
      payments: [{ method: '20', total: '123.50', term: '30', termUnit: 'dias' }],
      additionalInfo: [{ name: 'Pedido', value: 'PO-7781' }],
    },
  },
  '04': {
    summary: 'Credit note (04): one consulting hour returned from invoice 001-001-000000123',
    value: {
      documentType: '04',
      buyer: { idType: '05', id: '1710034065', name: 'María José Peñafiel', email: 'maria@example.com' },
      originalDocument: { documentType: '01', number: '001-001-000000123', issueDate: '02/01/2026' },
      motivo: 'Devolución parcial',
      items: [
        {
          mainCode: 'SKU-001',
          description: 'Servicio de consultoría',
          quantity: '1',
          unitPrice: '50.00',
          taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: '50.00', taxAmount: '7.50' }],
        },
      ],
    },
  },
  '03': {
    summary: 'Purchase settlement (03): rice bought from a farmer without a RUC, IVA 0%',
    value: {
      documentType: '03',
      supplier: {
        idType: '05',
        id: '0914250881',
        name: 'Eddie Soriano Salas',
        email: 'proveedor@example.com',
        address: 'Km 18 vía a Samborondón',
      },
      items: [
        {
          mainCode: 'ACASC',
          description: 'Arroz en cáscara, grano largo (quintal)',
          quantity: '136',
          unitPrice: '37.00',
          taxes: [{ code: '2', rateCode: '0', rate: '0', taxableBase: '5032.00', taxAmount: '0.00' }],
        },
      ],
      payments: [{ method: '20', total: '5032.00', term: '0', termUnit: 'dias' }],
    },
  },
  '05': {
    summary: 'Debit note (05): late-payment interest on invoice 001-001-000000123',
    value: {
      documentType: '05',
      buyer: { idType: '05', id: '1710034065', name: 'María José Peñafiel', email: 'maria@example.com' },
      originalDocument: { documentType: '01', number: '001-001-000000123', issueDate: '02/01/2026' },
      reasons: [{ reason: 'Interés por mora', amount: '10.00' }],
      taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: '10.00', taxAmount: '1.50' }],
      payments: [{ method: '20', total: '11.50', term: '5', termUnit: 'dias' }],
    },
  },
  '06': {
    summary: 'Waybill (06): goods of invoice 001-001-000000123 carried today to one recipient',
    value: {
      documentType: '06',
      departureAddress: 'Av. Eloy Alfaro 34 y Av. Libertad, Quito',
      carrier: {
        idType: '04',
        id: '1796875790001',
        name: 'Transportes Andinos S.A.',
        licensePlate: 'PCL0827',
      },
      recipients: [
        {
          id: '1710034065',
          name: 'María José Peñafiel',
          address: 'Av. Colón E4-12, Quito',
          email: 'maria@example.com',
          transferReason: 'Venta',
          route: 'Quito norte - Quito centro',
          supportingDocument: {
            documentType: '01',
            number: '001-001-000000123',
            authorizationNumber: '0201202601179001167400110010010000001231234567811',
            issueDate: '02/01/2026',
          },
          items: [{ mainCode: 'SKU-002', description: 'Libro técnico', quantity: '10' }],
        },
      ],
    },
  },
  '07': {
    summary: 'Withholding receipt (07): IVA 10% and income tax 2% on a supplier invoice',
    value: {
      documentType: '07',
      subject: {
        idType: '04',
        id: '1791774582001',
        name: 'Compubussines Cía. Ltda.',
        email: 'proveedor@example.com',
        subjectType: null,
        relatedParty: false,
      },
      supportingDocuments: [
        {
          supportCode: '01',
          documentType: '01',
          number: '089-001-000003681',
          issueDate: '02/01/2026',
          authorizationNumber: '0201202601179177458200120890010000036818564643513',
          paymentResidence: '01',
          foreignPayment: null,
          totalWithoutTaxes: '129.57',
          total: '149.01',
          taxes: [{ code: '2', rateCode: '4', rate: '15', taxableBase: '129.57', taxAmount: '19.44' }],
          withholdings: [
            { code: '2', withholdingCode: '9', taxableBase: '19.44', rate: '10.00', amount: '1.94' },
            { code: '1', withholdingCode: '312', taxableBase: '129.57', rate: '2.00', amount: '2.59' },
          ],
          payments: [{ method: '20', total: '149.01' }],
        },
      ],
    },
  },
};

/** The answer to the invoice above (201). */
export const CREATED_DOCUMENT_EXAMPLE = {
  ok: true,
  document: {
    accessKey: '2411202601179001167400110010010000001231234567811',
    documentType: '01',
    sequential: '000000123',
    status: 'SIGNED',
    issueDate: '24/11/2026',
    total: '123.50',
    email: { status: 'PENDING' },
    rideUrl: '/v1/documents/2411202601179001167400110010010000001231234567811/ride',
    xmlUrl: '/v1/documents/2411202601179001167400110010010000001231234567811/xml',
  },
};

/** A page of GET /v1/documents. */
export const DOCUMENT_LIST_EXAMPLE = {
  ok: true,
  data: [
    {
      accessKey: '2511202604179001167400110010010000001231234567815',
      documentType: '04',
      sequential: '000000123',
      status: 'SIGNED',
      issueDate: '25/11/2026',
      total: '57.50',
      email: { status: 'PENDING', sentAt: null },
      rideUrl: '/v1/documents/2511202604179001167400110010010000001231234567815/ride',
      xmlUrl: '/v1/documents/2511202604179001167400110010010000001231234567815/xml',
      number: '001-001-000000123',
      buyer: { idType: '05', id: '1710034065', name: 'María José Peñafiel' },
    },
    {
      accessKey: '2411202601179001167400110010010000001231234567811',
      documentType: '01',
      sequential: '000000123',
      status: 'AUTHORIZED',
      issueDate: '24/11/2026',
      total: '123.50',
      authorizationNumber: '2411202601179001167400110010010000001231234567811',
      authorizationDate: '2026-11-24T15:04:05.000Z',
      email: { status: 'SENT', sentAt: '2026-11-24T15:04:09.000Z' },
      rideUrl: '/v1/documents/2411202601179001167400110010010000001231234567811/ride',
      xmlUrl: '/v1/documents/2411202601179001167400110010010000001231234567811/xml',
      number: '001-001-000000123',
      buyer: { idType: '05', id: '1710034065', name: 'María José Peñafiel' },
    },
  ],
  pagination: { total: 2, page: 1, limit: 10 },
  nextCursor: null,
};

/** GET /v1/documents/{accessKey}: the invoice above, signed (the answer of the service, ids made stable). */
export const DOCUMENT_DETAIL_EXAMPLE = {
  ok: true,
  document: {
    accessKey: '2411202601179001167400110010010000001231234567811',
    documentType: '01',
    sequential: '000000123',
    status: 'SIGNED',
    issueDate: '24/11/2026',
    total: '123.50',
    email: { status: 'PENDING', sentAt: null },
    rideUrl: '/v1/documents/2411202601179001167400110010010000001231234567811/ride',
    xmlUrl: '/v1/documents/2411202601179001167400110010010000001231234567811/xml',
    environment: 'sandbox',
    issuerId: '0193a4f2-8d3b-4f7e-a1c6-2b9e5d7f3a10',
    number: '001-001-000000123',
    buyer: {
      idType: '05',
      id: '1710034065',
      name: 'María José Peñafiel',
      email: 'maria@example.com',
      address: 'Av. Colón E4-12, Quito',
      phone: null,
    },
    items: [
      {
        mainCode: 'SKU-001',
        auxiliaryCode: null,
        description: 'Servicio de consultoría',
        quantity: '2',
        unitPrice: '50.00',
        discount: '10.00',
        subtotal: '90.00',
        additionalDetails: [],
        taxes: [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '90.00', amount: '13.50' }],
      },
      {
        mainCode: 'SKU-002',
        auxiliaryCode: null,
        description: 'Libro técnico',
        quantity: '1',
        unitPrice: '20.00',
        discount: '0.00',
        subtotal: '20.00',
        additionalDetails: [],
        taxes: [{ code: '2', rateCode: '0', rate: '0.00', taxableBase: '20.00', amount: '0.00' }],
      },
    ],
    totals: {
      totalWithoutTaxes: '110.00',
      totalDiscount: '10.00',
      taxTotals: [
        { code: '2', rateCode: '0', rate: '0.00', taxableBase: '20.00', amount: '0.00' },
        { code: '2', rateCode: '4', rate: '15.00', taxableBase: '90.00', amount: '13.50' },
      ],
      tip: '0.00',
      total: '123.50',
    },
    payments: [{ method: '20', total: '123.50', term: '30', termUnit: 'dias' }],
    originalDocument: null,
    motivo: null,
    additionalInfo: [{ name: 'Pedido', value: 'PO-7781' }],
    voidReason: null,
    voidedAt: null,
    voidWindow: { lastDay: '07/12/2026', open: true, blockedBy: null },
    certFingerprint:
      '39:31:9B:F3:10:9E:7D:59:5F:55:25:38:70:CA:80:5F:8B:B7:0F:53:56:AC:64:EE:82:8E:CB:4B:CD:1C:AE:37',
    signedAt: '2026-11-24T15:04:02.000Z',
    createdAt: '2026-11-24T15:04:02.000Z',
    updatedAt: '2026-11-24T15:04:02.000Z',
  },
};

const invoiceExample = DOCUMENT_EXAMPLES['01']!.value as {
  items: { taxes: Record<string, string>[] }[];
  payments: unknown[];
};

/** POST /v1/documents/validate: the invoice above with its tax figures left out, for the service to state. */
export const DRY_RUN_REQUEST_EXAMPLE = {
  ...invoiceExample,
  items: invoiceExample.items.map((item) => ({
    ...item,
    taxes: item.taxes.map(({ taxableBase: _b, taxAmount: _a, ...tax }) => tax),
  })),
};

const detail = DOCUMENT_DETAIL_EXAMPLE.document;
const figure = (path: string, expected: string) => ({
  code: 'VALIDATION_FAILED',
  path,
  message: `is required; the computed value is ${expected}`,
  expected,
});

/** Its answer: every figure to send, the computed document, and the body to send. */
export const DRY_RUN_RESPONSE_EXAMPLE = {
  ok: true,
  valid: false,
  errors: [
    figure('items[0].taxes[0].taxableBase', '90.00'),
    figure('items[0].taxes[0].taxAmount', '13.50'),
    figure('items[1].taxes[0].taxableBase', '20.00'),
    figure('items[1].taxes[0].taxAmount', '0.00'),
  ],
  warnings: [],
  document: {
    documentType: '01',
    issueDate: detail.issueDate,
    buyer: detail.buyer,
    items: detail.items,
    totals: detail.totals,
    payments: detail.payments,
    creditNote: null,
    additionalInfo: detail.additionalInfo,
  },
  correctedBody: invoiceExample,
};
