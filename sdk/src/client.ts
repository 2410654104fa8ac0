import { type ClientOptions, HttpCore } from './http.js';
import { purchasesResource } from './purchases.js';
import { reportsResource } from './reports.js';
import {
  customersResource,
  documentsResource,
  exportsResource,
  issuersResource,
  keysResource,
  notificationsResource,
  productsResource,
  tenantsResource,
  webhooksResource,
} from './resources.js';

/**
 * The einvoice-ec API client. Typed from the OpenAPI document; retries 429 (after Retry-After),
 * 5xx and lost answers when the call is safe to repeat; throws EinvoiceApiError subclasses that
 * carry the problem document.
 *
 * ```ts
 * const client = new EinvoiceClient({ apiKey: process.env.EINVOICE_API_KEY!, issuerId });
 * const doc = await client.documents.create({ documentType: '01', … });
 * ```
 */
export class EinvoiceClient {
  readonly documents: ReturnType<typeof documentsResource>;
  readonly exports: ReturnType<typeof exportsResource>;
  readonly keys: ReturnType<typeof keysResource>;
  readonly issuers: ReturnType<typeof issuersResource>;
  readonly webhooks: ReturnType<typeof webhooksResource>;
  readonly notifications: ReturnType<typeof notificationsResource>;
  readonly tenants: ReturnType<typeof tenantsResource>;
  readonly customers: ReturnType<typeof customersResource>;
  readonly products: ReturnType<typeof productsResource>;
  readonly purchases: ReturnType<typeof purchasesResource>;
  readonly reports: ReturnType<typeof reportsResource>;
  /** Any other route: `client.http.request({ method, path, … })`. */
  readonly http: HttpCore;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.http = new HttpCore(options);
    this.documents = documentsResource(this.http);
    this.exports = exportsResource(this.http);
    this.keys = keysResource(this.http);
    this.issuers = issuersResource(this.http);
    this.webhooks = webhooksResource(this.http);
    this.notifications = notificationsResource(this.http);
    this.tenants = tenantsResource(this.http);
    this.customers = customersResource(this.http);
    this.products = productsResource(this.http);
    this.purchases = purchasesResource(this.http);
    this.reports = reportsResource(this.http);
  }
}
