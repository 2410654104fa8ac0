import type { HttpCore } from './http.js';
import type {
  CreateDocumentBody,
  DocumentListQuery,
  DocumentPage,
  DocumentSummary,
  QueryOf,
  RequestBody,
  ResponseBody,
} from './types.js';

const enc = encodeURIComponent;

export interface IssuerOption {
  /** X-Issuer-Id for this call; default the client's `issuerId`. */
  issuerId?: string;
}

function issuerHeader(core: HttpCore, opts?: IssuerOption): Record<string, string> {
  const id = opts?.issuerId ?? core.issuerId;
  if (!id) throw new TypeError('issuerId is required: pass it to the client or to the call');
  return { 'x-issuer-id': id };
}

/**
 * The pages of a document list: `for await (const page of list)` requests each page when reached;
 * `first()` is one request; `items()` yields every document one by one.
 */
export class DocumentList implements AsyncIterable<DocumentPage> {
  constructor(
    private readonly fetchPage: (page: number) => Promise<DocumentPage>,
    private readonly firstPage: number,
  ) {}

  first(): Promise<DocumentPage> {
    return this.fetchPage(this.firstPage);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<DocumentPage> {
    for (let page = this.firstPage; ; page++) {
      const result = await this.fetchPage(page);
      if (result.data.length === 0) return;
      yield result;
      const { total, limit } = result.pagination;
      if (page * limit >= total) return;
    }
  }

  async *items(): AsyncIterableIterator<DocumentSummary> {
    for await (const page of this) yield* page.data;
  }
}

export interface CreateOptions extends IssuerOption {
  /** Default: a random UUID, reused by every retry of this call. */
  idempotencyKey?: string;
}

export function documentsResource(core: HttpCore) {
  return {
    /**
     * Issues a document (any type the API accepts). An Idempotency-Key is sent always (a fresh UUID
     * unless given), so a retry after a lost answer returns the same document instead of a second one.
     */
    async create(body: CreateDocumentBody, opts: CreateOptions = {}) {
      const res = await core.request<ResponseBody<'createDocument'>>({
        method: 'POST',
        path: '/v1/documents',
        body,
        headers: {
          ...issuerHeader(core, opts),
          'idempotency-key': opts.idempotencyKey ?? crypto.randomUUID(),
        },
        retrySafe: true,
      });
      return res.document;
    },
    list(query: DocumentListQuery = {}, opts: IssuerOption = {}): DocumentList {
      const headers = issuerHeader(core, opts);
      return new DocumentList(
        (page) =>
          core.request<DocumentPage>({
            method: 'GET',
            path: '/v1/documents',
            query: { ...query, page },
            headers,
          }),
        query.page ?? 1,
      );
    },
    async get(accessKey: string, opts: IssuerOption = {}) {
      const res = await core.request<ResponseBody<'getDocument'>>({
        method: 'GET',
        path: `/v1/documents/${enc(accessKey)}`,
        headers: issuerHeader(core, opts),
      });
      return res.document;
    },
    /** The RIDE, a PDF. */
    ride(accessKey: string, opts: IssuerOption = {}): Promise<Uint8Array> {
      return core.request({
        method: 'GET',
        path: `/v1/documents/${enc(accessKey)}/ride`,
        headers: { ...issuerHeader(core, opts), accept: 'application/pdf' },
        as: 'bytes',
      });
    },
    /** The signed (or authorized) XML. */
    xml(accessKey: string, opts: IssuerOption = {}): Promise<string> {
      return core.request({
        method: 'GET',
        path: `/v1/documents/${enc(accessKey)}/xml`,
        headers: { ...issuerHeader(core, opts), accept: 'application/xml' },
        as: 'text',
      });
    },
    /**
     * Records that an AUTHORIZED document was voided with the tax authority (the SRI voids on its
     * portal; the API records it). A partial correction is a credit note: `create` with documentType 04.
     */
    async void(accessKey: string, body: RequestBody<'voidDocument'>, opts: IssuerOption = {}) {
      return core.request<ResponseBody<'voidDocument'>>({
        method: 'POST',
        path: `/v1/documents/${enc(accessKey)}/void`,
        body,
        headers: issuerHeader(core, opts),
      });
    },
    creditNotes(accessKey: string, opts: IssuerOption = {}) {
      return core.request<ResponseBody<'listDocumentCreditNotes'>>({
        method: 'GET',
        path: `/v1/documents/${enc(accessKey)}/credit-notes`,
        headers: issuerHeader(core, opts),
      });
    },
    events(accessKey: string, opts: IssuerOption = {}) {
      return core.request<ResponseBody<'listDocumentEvents'>>({
        method: 'GET',
        path: `/v1/documents/${enc(accessKey)}/events`,
        headers: issuerHeader(core, opts),
      });
    },
    resendEmail(accessKey: string, body: RequestBody<'resendDocumentEmail'> = {}, opts: IssuerOption = {}) {
      return core.request<ResponseBody<'resendDocumentEmail'>>({
        method: 'POST',
        path: `/v1/documents/${enc(accessKey)}/email-retry`,
        body,
        headers: issuerHeader(core, opts),
      });
    },
    stats(query: QueryOf<'getDocumentStats'>, opts: IssuerOption = {}) {
      return core.request<ResponseBody<'getDocumentStats'>>({
        method: 'GET',
        path: '/v1/documents/stats',
        query,
        headers: issuerHeader(core, opts),
      });
    },
    /**
     * Dry run: what `create` would do with this body (computed lines, tax groups, totals and every
     * problem at once), without allocating a sequential or signing. `taxableBase`/`taxAmount` may be
     * left out: `correctedBody` is then the body to send. Always 200 for a body of any shape.
     */
    validate(body: Record<string, unknown>, opts: IssuerOption = {}) {
      return core.request<ResponseBody<'validateDocument'>>({
        method: 'POST',
        path: '/v1/documents/validate',
        body,
        headers: issuerHeader(core, opts),
        retrySafe: true,
      });
    },
    /** A public, expiring link for the buyer (the URL is shown once); replaces the previous one. */
    share(accessKey: string, body: RequestBody<'createDocumentShareLink'> = {}, opts: IssuerOption = {}) {
      return core.request<ResponseBody<'createDocumentShareLink'>>({
        method: 'POST',
        path: `/v1/documents/${enc(accessKey)}/share`,
        body,
        headers: issuerHeader(core, opts),
      });
    },
    /** Ends the document's public link at once; `revoked` is 0 or 1. */
    revokeShare(accessKey: string, opts: IssuerOption = {}) {
      return core.request<ResponseBody<'revokeDocumentShareLink'>>({
        method: 'DELETE',
        path: `/v1/documents/${enc(accessKey)}/share`,
        headers: issuerHeader(core, opts),
      });
    },
    /** Every document matching the list's filters as CSV text (`;` between fields, CRLF; the BOM the file carries for spreadsheets is dropped by decoding). */
    exportCsv(query: Omit<QueryOf<'exportDocumentsCsv'>, 'format'> = {}, opts: IssuerOption = {}) {
      return core.request<string>({
        method: 'GET',
        path: '/v1/documents/export',
        query: { ...query, format: 'csv' },
        headers: { ...issuerHeader(core, opts), accept: 'text/csv' },
        as: 'text',
      });
    },
  };
}

export type DocumentExport = ResponseBody<'getDocumentExport'>['export'];

export interface WaitOptions extends IssuerOption {
  /** Give up after this many ms (default 5 minutes). */
  timeoutMs?: number;
  /** Between polls (default 1 s). */
  intervalMs?: number;
}

/** ZIP exports of the XML or RIDE files of a date range: start, follow, download. */
export function exportsResource(core: HttpCore) {
  const get = async (id: string, opts: IssuerOption = {}): Promise<DocumentExport> =>
    (
      await core.request<ResponseBody<'getDocumentExport'>>({
        method: 'GET',
        path: `/v1/exports/${enc(id)}`,
        headers: issuerHeader(core, opts),
      })
    ).export;
  return {
    async create(
      body: RequestBody<'createDocumentExport'>,
      opts: IssuerOption = {},
    ): Promise<DocumentExport> {
      const res = await core.request<ResponseBody<'createDocumentExport'>>({
        method: 'POST',
        path: '/v1/exports',
        body,
        headers: issuerHeader(core, opts),
      });
      return res.export;
    },
    get,
    /** Polls until the export is DONE (returns it) or FAILED (throws); a timeout throws too. */
    async waitUntilDone(id: string, opts: WaitOptions = {}): Promise<DocumentExport> {
      const deadline = Date.now() + (opts.timeoutMs ?? 300_000);
      for (;;) {
        const current = await get(id, opts);
        if (current.status === 'DONE') return current;
        if (current.status === 'FAILED')
          throw new Error(`export ${id} failed: ${current.error ?? 'unknown'}`);
        if (Date.now() >= deadline) throw new Error(`export ${id} not done in time (${current.status})`);
        await new Promise((r) => setTimeout(r, opts.intervalMs ?? 1000));
      }
    },
    /** The finished ZIP (409 CONFLICT until DONE). */
    download(id: string, opts: IssuerOption = {}): Promise<Uint8Array> {
      return core.request({
        method: 'GET',
        path: `/v1/exports/${enc(id)}/download`,
        headers: { ...issuerHeader(core, opts), accept: 'application/zip' },
        as: 'bytes',
      });
    },
  };
}

export function keysResource(core: HttpCore) {
  return {
    list: () => core.request<ResponseBody<'listKeys'>>({ method: 'GET', path: '/v1/keys' }),
    create: (body: RequestBody<'createKey'> = {}) =>
      core.request<ResponseBody<'createKey'>>({ method: 'POST', path: '/v1/keys', body }),
    revoke: (id: string) =>
      core.request<ResponseBody<'revokeKey'>>({ method: 'DELETE', path: `/v1/keys/${enc(id)}` }),
    usage: (id: string, query: QueryOf<'getKeyUsage'> = {}) =>
      core.request<ResponseBody<'getKeyUsage'>>({ method: 'GET', path: `/v1/keys/${enc(id)}/usage`, query }),
  };
}

export function issuersResource(core: HttpCore) {
  return {
    list: () => core.request<ResponseBody<'listIssuers'>>({ method: 'GET', path: '/v1/issuers' }),
    get: (id: string) =>
      core.request<ResponseBody<'getIssuer'>>({ method: 'GET', path: `/v1/issuers/${enc(id)}` }),
    /** A branch or issue point; `cert` (a P12 as a Blob) unless `sourceIssuerId` lends its certificate. */
    create: (fields: Record<string, string | string[] | boolean | Blob | undefined>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        if (v === undefined) continue;
        if (Array.isArray(v)) for (const x of v) form.append(k, x);
        else if (v instanceof Blob) form.append(k, v, k === 'cert' ? 'cert.p12' : k);
        else form.append(k, String(v));
      }
      return core.request<ResponseBody<'createIssuer'>>({ method: 'POST', path: '/v1/issuers', form });
    },
    documentTypes: (id: string) =>
      core.request<ResponseBody<'getIssuerDocumentTypes'>>({
        method: 'GET',
        path: `/v1/issuers/${enc(id)}/document-types`,
      }),
    setDocumentTypes: (id: string, body: RequestBody<'setIssuerDocumentTypes'>) =>
      core.request<ResponseBody<'setIssuerDocumentTypes'>>({
        method: 'PUT',
        path: `/v1/issuers/${enc(id)}/document-types`,
        body,
      }),
    sequentials: (id: string) =>
      core.request<ResponseBody<'listIssuerSequentials'>>({
        method: 'GET',
        path: `/v1/issuers/${enc(id)}/sequentials`,
      }),
    setCanIssue: (id: string, canIssue: boolean) =>
      core.request<ResponseBody<'setIssuerCanIssue'>>({
        method: 'PATCH',
        path: `/v1/issuers/${enc(id)}/can-issue`,
        body: { canIssue },
      }),
  };
}

export function webhooksResource(core: HttpCore) {
  return {
    list: () => core.request<ResponseBody<'listWebhooks'>>({ method: 'GET', path: '/v1/webhooks' }),
    create: (body: RequestBody<'createWebhook'>) =>
      core.request<ResponseBody<'createWebhook'>>({ method: 'POST', path: '/v1/webhooks', body }),
    get: (id: string) =>
      core.request<ResponseBody<'getWebhook'>>({ method: 'GET', path: `/v1/webhooks/${enc(id)}` }),
    update: (id: string, body: RequestBody<'updateWebhook'>) =>
      core.request<ResponseBody<'updateWebhook'>>({ method: 'PATCH', path: `/v1/webhooks/${enc(id)}`, body }),
    delete: (id: string) =>
      core.request<ResponseBody<'deleteWebhook'>>({ method: 'DELETE', path: `/v1/webhooks/${enc(id)}` }),
    deliveries: (id: string, query: QueryOf<'listWebhookDeliveries'> = {}) =>
      core.request<ResponseBody<'listWebhookDeliveries'>>({
        method: 'GET',
        path: `/v1/webhooks/${enc(id)}/deliveries`,
        query,
      }),
    retryDelivery: (id: string, deliveryId: string) =>
      core.request<ResponseBody<'retryWebhookDelivery'>>({
        method: 'POST',
        path: `/v1/webhooks/${enc(id)}/deliveries/${enc(deliveryId)}/retry`,
      }),
    /** Sends a signed WEBHOOK_TEST event to the endpoint. */
    test: (id: string) =>
      core.request<ResponseBody<'testWebhook'>>({ method: 'POST', path: `/v1/webhooks/${enc(id)}/test` }),
  };
}

export function notificationsResource(core: HttpCore) {
  return {
    list: (query: QueryOf<'listNotifications'> = {}) =>
      core.request<ResponseBody<'listNotifications'>>({ method: 'GET', path: '/v1/notifications', query }),
    markRead: (id: string) =>
      core.request<ResponseBody<'markNotificationRead'>>({
        method: 'POST',
        path: `/v1/notifications/${enc(id)}/read`,
      }),
    preferences: () =>
      core.request<ResponseBody<'getNotificationPreferences'>>({
        method: 'GET',
        path: '/v1/notifications/preferences',
      }),
    updatePreferences: (body: RequestBody<'updateNotificationPreferences'>) =>
      core.request<ResponseBody<'updateNotificationPreferences'>>({
        method: 'PATCH',
        path: '/v1/notifications/preferences',
        body,
      }),
  };
}

export function tenantsResource(core: HttpCore) {
  return {
    me: async () =>
      (await core.request<ResponseBody<'getTenant'>>({ method: 'GET', path: '/v1/tenants/me' })).tenant,
    events: () =>
      core.request<ResponseBody<'listTenantEvents'>>({ method: 'GET', path: '/v1/tenants/events' }),
  };
}

/** A CSV file for an import: its text, or bytes / a Blob as read from disk or a file input. */
export type CsvFile = string | Uint8Array | Blob;

function csvForm(file: CsvFile): FormData {
  const form = new FormData();
  const blob =
    file instanceof Blob
      ? file
      : new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type: 'text/csv' });
  form.append('file', blob, 'import.csv');
  return form;
}

/** Saved customers of the account (no issuer, both environments): docs/customers-products.md. */
export function customersResource(core: HttpCore) {
  return {
    list: (query: QueryOf<'listCustomers'> = {}) =>
      core.request<ResponseBody<'listCustomers'>>({ method: 'GET', path: '/v1/customers', query }),
    async create(body: RequestBody<'createCustomer'>) {
      return (
        await core.request<ResponseBody<'createCustomer'>>({ method: 'POST', path: '/v1/customers', body })
      ).customer;
    },
    async get(id: string) {
      return (
        await core.request<ResponseBody<'getCustomer'>>({ method: 'GET', path: `/v1/customers/${enc(id)}` })
      ).customer;
    },
    async update(id: string, body: RequestBody<'updateCustomer'>) {
      const path = `/v1/customers/${enc(id)}`;
      return (await core.request<ResponseBody<'updateCustomer'>>({ method: 'PATCH', path, body })).customer;
    },
    async delete(id: string): Promise<void> {
      await core.request({ method: 'DELETE', path: `/v1/customers/${enc(id)}`, as: 'text' });
    },
    /** Checks every row; with `dryRun` saves nothing (the preview), else saves the valid rows. */
    async import(file: CsvFile, opts: { dryRun?: boolean } = {}) {
      const res = await core.request<ResponseBody<'importCustomers'>>({
        method: 'POST',
        path: '/v1/customers/import',
        query: { dryRun: opts.dryRun ?? false },
        form: csvForm(file),
      });
      return res.data;
    },
  };
}

/** Saved products and services of the account: docs/customers-products.md. */
export function productsResource(core: HttpCore) {
  return {
    list: (query: QueryOf<'listProducts'> = {}) =>
      core.request<ResponseBody<'listProducts'>>({ method: 'GET', path: '/v1/products', query }),
    async create(body: RequestBody<'createProduct'>) {
      return (
        await core.request<ResponseBody<'createProduct'>>({ method: 'POST', path: '/v1/products', body })
      ).product;
    },
    async get(id: string) {
      return (
        await core.request<ResponseBody<'getProduct'>>({ method: 'GET', path: `/v1/products/${enc(id)}` })
      ).product;
    },
    async update(id: string, body: RequestBody<'updateProduct'>) {
      const path = `/v1/products/${enc(id)}`;
      return (await core.request<ResponseBody<'updateProduct'>>({ method: 'PATCH', path, body })).product;
    },
    async delete(id: string): Promise<void> {
      await core.request({ method: 'DELETE', path: `/v1/products/${enc(id)}`, as: 'text' });
    },
    /** Checks every row; with `dryRun` saves nothing (the preview), else saves the valid rows. */
    async import(file: CsvFile, opts: { dryRun?: boolean } = {}) {
      const res = await core.request<ResponseBody<'importProducts'>>({
        method: 'POST',
        path: '/v1/products/import',
        query: { dryRun: opts.dryRun ?? false },
        form: csvForm(file),
      });
      return res.data;
    },
  };
}
