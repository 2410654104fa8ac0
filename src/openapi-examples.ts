import type { OperationExamples } from './http/openapi.js';
import { ATS_EXAMPLES } from './modules/ats/ats.examples.js';
import {
  CREATED_DOCUMENT_EXAMPLE,
  DOCUMENT_DETAIL_EXAMPLE,
  DOCUMENT_EXAMPLES,
  DOCUMENT_LIST_EXAMPLE,
  DRY_RUN_REQUEST_EXAMPLE,
  DRY_RUN_RESPONSE_EXAMPLE,
} from './modules/documents/documents.examples.js';
import { PURCHASE_EXAMPLES } from './modules/purchases/purchases.examples.js';

/**
 * Examples of the OpenAPI document, by operationId: request bodies (every one; each is checked against
 * its schema, and the JSON ones are posted by test/http/openapi-examples.test.ts, which expects the
 * documented status) and the main responses. Multipart examples hold the text fields only: files
 * (`cert`, `logo`, `file`) are sent beside them.
 */
/** Stands for a file part of a multipart example: the test sends a real file in its place. */
export const FILE_PART = '(file)';

const one = (summary: string, value: unknown) => ({ default: { summary, value } });

const documentRequests = Object.fromEntries(
  Object.entries(DOCUMENT_EXAMPLES).map(([type, example]) => [`type${type}`, example]),
);

const TENANT = {
  id: '0193a4f2-7c1e-4b6a-9d2e-5f8a1c3b7e90',
  email: 'owner@example.com',
  subscriptionTier: 'FREE',
  status: 'ACTIVE',
  suspensionReasonCode: null,
  documentCount: 12,
  documentQuota: 50,
  extraSeats: 0,
  pendingExtraSeats: null,
  sandbox: true,
  agreementAcceptedAt: '2026-11-02T14:30:00.000Z',
  agreementVersion: '1.0',
};

const VALIDATION_PROBLEM = {
  type: 'http://localhost:3000/docs/errors/bad-request',
  title: 'Bad Request',
  status: 400,
  code: 'VALIDATION_FAILED',
  detail: 'The document has 2 errors',
  instance: '/v1/documents',
  errors: [
    { path: 'items[0].taxes[0].taxAmount', message: 'must be 13.50 (15% of 90.00)' },
    { path: 'payments', message: 'must add up to the total 123.50' },
  ],
};

const CUSTOMER = {
  id: '0193a4f8-2b4c-7d5e-8f6a-1b2c3d4e5f60',
  idType: '04',
  identification: '1790011674001',
  name: 'Distribuidora Andina S.A.',
  email: 'compras@andina.example',
  phone: '+593 2 255 0000',
  address: 'Av. 10 de Agosto N20-30, Quito',
  createdAt: '2026-11-25T15:00:00.000Z',
  updatedAt: '2026-11-25T15:00:00.000Z',
};

const PRODUCT = {
  id: '0193a4f8-3c5d-7e6f-9a0b-2c3d4e5f6a71',
  mainCode: 'CAF-001',
  auxiliaryCode: null,
  description: 'Café de altura 500 g',
  unitPrice: '8.75',
  taxes: [{ code: '2', rateCode: '4' }],
  additionalDetails: [{ name: 'Origen', value: 'Loja' }],
  createdAt: '2026-11-25T15:00:00.000Z',
  updatedAt: '2026-11-25T15:00:00.000Z',
};

/** Customers and products (docs/customers-products.md). */
const CATALOG_ENTRY_EXAMPLES: Record<string, OperationExamples> = {
  createCustomer: {
    request: one('A company, by its RUC', {
      idType: '04',
      identification: '1790011674001',
      name: 'Distribuidora Andina S.A.',
      email: 'compras@andina.example',
      phone: '+593 2 255 0000',
      address: 'Av. 10 de Agosto N20-30, Quito',
    }),
    responses: { 201: one('The saved customer', { ok: true, customer: CUSTOMER }) },
  },
  listCustomers: {
    responses: {
      200: one('Customers whose name contains "andina"', {
        ok: true,
        data: [CUSTOMER],
        pagination: { total: 1, page: 1, limit: 10 },
      }),
    },
  },
  updateCustomer: {
    request: one('A new email; the phone cleared', { email: 'facturas@andina.example', phone: null }),
  },
  importCustomers: {
    request: one(
      'Spanish headers, `;` between fields',
      'tipoIdentificacion;identificacion;nombre;correo\r\nRUC;0990004196001;Comercial del Pacífico S.A.;ventas@pacifico.example\r\n05;123;Cédula corta;\r\n',
    ),
    responses: {
      200: one('A preview (dryRun=true): one row valid, one with an error', {
        ok: true,
        data: {
          rows: [
            {
              line: 2,
              status: 'valid',
              errors: [],
              value: {
                idType: '04',
                identification: '0990004196001',
                name: 'Comercial del Pacífico S.A.',
                email: 'ventas@pacifico.example',
                phone: null,
                address: null,
              },
            },
            {
              line: 3,
              status: 'invalid',
              errors: [
                { field: 'identification', code: 'INVALID_FORMAT', message: 'a cédula (05) is 10 digits' },
              ],
              value: {
                idType: '05',
                identification: '123',
                name: 'Cédula corta',
                email: '',
                phone: '',
                address: '',
              },
            },
          ],
          valid: 1,
          invalid: 1,
          duplicate: 0,
        },
      }),
    },
  },
  createProduct: {
    request: one('A product with IVA 15%', {
      mainCode: 'CAF-001',
      description: 'Café de altura 500 g',
      unitPrice: '8.75',
      taxes: [{ code: '2', rateCode: '4' }],
      additionalDetails: [{ name: 'Origen', value: 'Loja' }],
    }),
    responses: { 201: one('The saved product', { ok: true, product: PRODUCT }) },
  },
  listProducts: {
    responses: {
      200: one('Products whose description contains "café"', {
        ok: true,
        data: [PRODUCT],
        pagination: { total: 1, page: 1, limit: 10 },
      }),
    },
  },
  updateProduct: { request: one('A new price', { unitPrice: '9.25' }) },
  importProducts: {
    request: one(
      'Spanish headers, decimal comma, IVA as a percentage',
      'codigo;descripcion;precio;iva\r\nAGU-500;Agua sin gas 500 ml;0,45;15%\r\nSRV-01;Consulta médica;30.00;exento\r\n',
    ),
  },
};

export const OPENAPI_EXAMPLES: Record<string, OperationExamples> = {
  ...CATALOG_ENTRY_EXAMPLES,
  ...PURCHASE_EXAMPLES,
  ...ATS_EXAMPLES,
  validateDocument: {
    request: one('An invoice without its tax figures: the service states them', DRY_RUN_REQUEST_EXAMPLE),
    responses: {
      200: one(
        'Not valid as it is: the four figures to send, the computed invoice',
        DRY_RUN_RESPONSE_EXAMPLE,
      ),
    },
  },
  createDocumentShareLink: {
    request: one('A link for the buyer, valid a week', { expiresIn: 604800 }),
    responses: {
      201: one('The public link, shown once', {
        ok: true,
        url: 'http://localhost:3000/v1/shared/7Qm3KxV9pL2rT8wZcN4bY6hJ1dF5gS0aE3uR9iO2kMn',
        expiresAt: '2026-12-01T15:04:05.000Z',
      }),
    },
  },
  createDocumentExport: {
    request: one("November's authorized XML, for the accountant", {
      from: '01/11/2026',
      to: '30/11/2026',
      kind: 'xml',
    }),
    responses: {
      202: one('Queued; follow it with GET /v1/exports/{id}', {
        ok: true,
        export: {
          id: '0193a4f2-9e4c-7a1b-8c2d-3e4f5a6b7c8d',
          kind: 'xml',
          from: '01/11/2026',
          to: '30/11/2026',
          status: 'QUEUED',
          progress: { done: 0, total: 0, percent: 0 },
          sizeBytes: null,
          downloadUrl: null,
          error: null,
          createdAt: '2026-12-01T15:04:05.000Z',
          finishedAt: null,
        },
      }),
    },
  },
  createDocument: {
    request: documentRequests,
    responses: {
      201: one('The invoice, signed and queued for the tax authority', CREATED_DOCUMENT_EXAMPLE),
      400: one('Figures that do not add up', VALIDATION_PROBLEM),
    },
  },
  rebuildDocument: { request: documentRequests },
  getDocument: { responses: { 200: one('A signed invoice', DOCUMENT_DETAIL_EXAMPLE) } },
  listIssuers: {
    responses: {
      200: one('One issuer: branch 001, issue point 001', {
        ok: true,
        issuers: [
          {
            id: '0193a4f2-8d3b-4f7e-a1c6-2b9e5d7f3a10',
            ruc: '1790011674001',
            businessName: 'Mi Empresa S.A.',
            tradeName: null,
            branchCode: '001',
            issuePointCode: '001',
            branchAddress: 'Av. Amazonas N23-45 y Colón, Quito',
            certFingerprint:
              '39:31:9B:F3:10:9E:7D:59:5F:55:25:38:70:CA:80:5F:8B:B7:0F:53:56:AC:64:EE:82:8E:CB:4B:CD:1C:AE:37',
            certExpiry: '2028-11-24T08:28:50.000Z',
            canIssue: true,
          },
        ],
      }),
    },
  },
  listKeyRequests: {
    responses: {
      200: one('A failed request, then a success', {
        ok: true,
        requests: [
          {
            id: '48213',
            method: 'GET',
            path: '/v1/tenants/me',
            status: 200,
            code: null,
            requestId: '0193c1b2-7a10-4c0e-9b1d-2f6e8a4d5c31',
            durationMs: 4,
            environment: 'sandbox',
            createdAt: '2026-11-25T15:02:11.482Z',
          },
          {
            id: '48207',
            method: 'POST',
            path: '/v1/documents',
            status: 400,
            code: 'VALIDATION_FAILED',
            requestId: '0193c1b2-6f1a-4f5f-a211-6754cf95cc1d',
            durationMs: 12,
            environment: 'sandbox',
            createdAt: '2026-11-25T15:01:58.107Z',
          },
        ],
        nextCursor: '48207',
      }),
    },
  },
  listDocuments: { responses: { 200: one('A page of two documents', DOCUMENT_LIST_EXAMPLE) } },
  getTenant: { responses: { 200: one('A sandbox account on the free plan', { ok: true, tenant: TENANT }) } },
  verifyEmail: {
    request: one('The token from the email link', {
      token: '9f2b5c1e8a7d4f3b6c0e1a2d5b8c7f4e3a6d9b0c1e2f5a8d7c4b3e6f9a0d1c2b',
    }),
  },
  resendVerification: { request: one('The account email', { email: 'owner@example.com' }) },
  setTenantLanguage: { request: one('Spanish emails and RIDEs', { language: 'es' }) },
  startSession: { request: one('Email a sign-in code', { email: 'owner@example.com' }) },
  verifySession: { request: one('The 6-digit code', { email: 'owner@example.com', code: '482913' }) },
  createKey: {
    request: one('A key that only issues and reads documents', {
      label: 'ERP integration',
      environment: 'sandbox',
      scopes: ['documents:write', 'documents:read'],
    }),
    responses: {
      201: one('The token, shown once', {
        ok: true,
        apiKey: 'eik_test_3Jd8s0qkWm2ZrT5vYb7nXa9cLf4gHe6p',
        scopes: ['documents:write', 'documents:read'],
        id: '0193a4f5-1d2c-4e8b-a7f6-3c9e0b5d2a14',
        environment: 'sandbox',
        label: 'ERP integration',
      }),
    },
  },
  registerTenant: {
    request: one('The P12 certificate as a file part, and text fields', {
      cert: FILE_PART,
      certPassword: 'prueba123',
      email: 'owner@example.com',
      ruc: '1790011674001',
      businessName: 'Mi Empresa S.A.',
      mainAddress: 'Av. Amazonas N23-45 y Colón, Quito',
      branchCode: '001',
      issuePointCode: '001',
      emissionType: '1',
      requiredAccounting: true,
      documentTypes: ['01', '04'],
    }),
  },
  recoverTenant: {
    request: one('The P12 certificate as a file part, and text fields', {
      cert: FILE_PART,
      certPassword: 'prueba123',
      email: 'owner@example.com',
    }),
  },
  createIssuer: {
    request: one('A second issue point of the same branch, the P12 as a file part', {
      branchCode: '001',
      issuePointCode: '002',
      cert: FILE_PART,
      certPassword: 'prueba123',
      documentTypes: ['01', '04'],
    }),
  },
  setIssuerDocumentTypes: { request: one('Invoices and credit notes', { documentTypes: ['01', '04'] }) },
  setIssuerLogo: { request: one('The logo as a file part (PNG, JPEG or GIF)', { logo: FILE_PART }) },
  setIssuerSequential: {
    request: one('Continue after the last invoice of another system', {
      environment: 'sandbox',
      nextSequential: 1500,
    }),
  },
  setIssuerCanIssue: { request: one('Pause document creation', { canIssue: false }) },
  renewIssuerCertificate: {
    request: one('The new P12 as a file part, and its password', {
      cert: FILE_PART,
      certPassword: 'prueba123',
    }),
  },
  resendDocumentEmail: { request: one('To another address', { email: 'contabilidad@example.com' }) },
  updateNotificationPreferences: {
    request: one('No quota warnings by email', {
      preferences: [{ type: 'QUOTA_WARNING', channel: 'EMAIL', enabled: false }],
    }),
  },
  createWebhook: {
    request: one('Authorized documents only', {
      url: 'https://erp.example.com/hooks/einvoice',
      eventTypes: ['DOCUMENT_AUTHORIZED'],
    }),
    responses: {
      201: one('The endpoint and its signing secret, shown once', {
        ok: true,
        endpoint: {
          id: '0193a4f7-9b3e-4c2d-8e1f-6a5b4c3d2e1f',
          url: 'https://erp.example.com/hooks/einvoice',
          eventTypes: ['DOCUMENT_AUTHORIZED'],
          active: true,
          createdAt: '2026-11-24T15:00:00.000Z',
          updatedAt: '2026-11-24T15:00:00.000Z',
        },
        secret: 'whsec_MfKQ9r8GKYqXTwQe7PZSaHqqAsFdbeFz0qL9dZ2lqoc=',
      }),
    },
  },
  updateWebhook: {
    request: one('Also failed submissions', {
      eventTypes: ['DOCUMENT_AUTHORIZED', 'SRI_SUBMISSION_FAILED'],
    }),
  },
  voidDocument: {
    request: one('After voiding it on the tax authority’s portal', {
      confirmedSriVoid: true,
      reason: 'Anulada en el portal del SRI: error en el comprador',
    }),
  },
  acceptAgreements: { request: one('The published TERMS version', { termsVersion: '1.0' }) },
  createSubscription: { request: one('Starter, monthly', { tier: 'STARTER', billingInterval: 'MONTHLY' }) },
  changeSubscriptionTier: { request: one('Up to Growth', { tier: 'GROWTH', billingInterval: 'MONTHLY' }) },
  uploadPaymentProof: {
    request: one('The transfer receipt as a file part (PDF, PNG or JPEG)', { file: FILE_PART }),
  },
  promoteTenant: { request: one('Go to production on the free plan', { tier: 'FREE' }) },
  adminRejectPayment: {
    request: one('The amount differs', { reasonCode: 'AMOUNT_MISMATCH', note: 'Transferred 10.00 less' }),
  },
  adminRefundPayment: { request: one('Refund', { note: 'Refunded by bank transfer' }) },
  adminSuspendTenant: { request: one('Unpaid', { reasonCode: 'UNPAID_BALANCE', note: 'Two months unpaid' }) },
  adminReinstateTenant: { request: one('Paid', { note: 'Balance settled' }) },
  adminPublishAgreement: {
    request: one('A new TERMS version', {
      documentType: 'TERMS',
      version: '1.1',
      content: '# Términos del servicio\n\nVersión 1.1 …',
    }),
  },
  adminAnnouncePriceChange: {
    request: one('Starter monthly at 12.00 from 2027', {
      tier: 'STARTER',
      billingInterval: 'MONTHLY',
      price: '12.00',
      effectiveAt: '2027-03-01T05:00:00.000Z',
    }),
  },
  adminAddHoliday: {
    request: one('A day moved by decree', { date: '07/12/2026', name: 'Feriado por decreto' }),
  },
};
