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
    },
  ],
  pagination: { total: 2, page: 1, limit: 10 },
};
