import type { TestContext } from './context.js';
import { bearer } from './fixtures.js';
import type { RegisteredTenant } from './tenants.js';

/**
 * Request bodies for POST /v1/documents with consistent arithmetic. Prices are chosen so the
 * figures are easy to check by hand.
 */
export function invoiceBody(overrides: Record<string, unknown> = {}) {
  return {
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
        auxiliaryCode: 'AUX-2',
        description: 'Libro técnico',
        quantity: '1',
        unitPrice: '20.00',
        taxes: [{ code: '2', rateCode: '0', rate: '0', taxableBase: '20.00', taxAmount: '0.00' }],
      },
    ],
    payments: [{ method: '20', total: '123.50', term: '30', termUnit: 'dias' }],
    additionalInfo: [{ name: 'Pedido', value: 'PO-7781' }],
    ...overrides,
  };
}

/** Total 123.50 = 90.00 + 13.50 + 20.00 */
export const INVOICE_TOTAL = '123.50';

export function creditNoteBody(
  original: { number: string; issueDate: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    documentType: '04',
    buyer: { idType: '05', id: '1710034065', name: 'María José Peñafiel', email: 'maria@example.com' },
    originalDocument: { documentType: '01', number: original.number, issueDate: original.issueDate },
    motivo: 'Devolución parcial',
    items: [
      {
        mainCode: 'SKU-001',
        description: 'Servicio de consultoría',
        quantity: '1',
        unitPrice: '50.00',
        taxes: [{ code: '2', rateCode: '4', rate: '15.00', taxableBase: '50.00', taxAmount: '7.50' }],
      },
    ],
    ...overrides,
  };
}

export function docHeaders(
  tenant: Pick<RegisteredTenant, 'apiKey' | 'issuerId'>,
  key = tenant.apiKey,
  extra: Record<string, string> = {},
) {
  return { ...bearer(key), 'x-issuer-id': tenant.issuerId, ...extra };
}

export async function createDocument(
  ctx: TestContext,
  tenant: RegisteredTenant,
  body: object = invoiceBody(),
  extra: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: docHeaders(tenant, tenant.apiKey, extra),
    payload: body,
  });
}
