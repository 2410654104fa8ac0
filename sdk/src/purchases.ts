import type { HttpCore } from './http.js';
import type { QueryOf, RequestBody, ResponseBody } from './types.js';

const enc = encodeURIComponent;

/** A file to upload: its text, its bytes or a Blob. */
export type PurchaseFile = string | Uint8Array | Blob;

function fileForm(file: PurchaseFile, name: string, type: string): FormData {
  const form = new FormData();
  const blob =
    file instanceof Blob
      ? file
      : new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type });
  form.append('file', blob, name);
  return form;
}

/**
 * Purchases: the documents the account receives, confirmed with the SRI (docs/purchases.md).
 * Each entry is idempotent on the access key.
 */
export function purchasesResource(core: HttpCore) {
  return {
    /** 1 to 500 access keys, each fetched from the SRI; every key answers on its own. */
    addByKeys: (accessKeys: RequestBody<'addPurchasesByKey'>['accessKeys']) =>
      core.request<ResponseBody<'addPurchasesByKey'>>({
        method: 'POST',
        path: '/v1/purchases',
        body: { accessKeys },
        retrySafe: true,
      }),
    /** A supplier's XML (autorizacion wrapper or bare signed document). */
    addXml: (xml: PurchaseFile) =>
      core.request<ResponseBody<'addPurchaseXml'>>({
        method: 'POST',
        path: '/v1/purchases/xml',
        form: fileForm(xml, 'comprobante.xml', 'application/xml'),
        retrySafe: true,
      }),
    /** The portal's "Comprobantes recibidos" TXT: a preview with `dryRun`, else an import job. */
    async importTxt(txt: PurchaseFile, opts: { dryRun?: boolean } = {}) {
      return core.request<ResponseBody<'importPurchasesTxt'>>({
        method: 'POST',
        path: '/v1/purchase-imports',
        query: { dryRun: opts.dryRun ?? false },
        form: fileForm(txt, 'Recibidos.txt', 'text/plain'),
      });
    },
    async importStatus(id: string) {
      const path = `/v1/purchase-imports/${enc(id)}`;
      return (await core.request<ResponseBody<'getPurchaseImport'>>({ method: 'GET', path })).import;
    },
    list: (query: QueryOf<'listPurchases'> = {}) =>
      core.request<ResponseBody<'listPurchases'>>({ method: 'GET', path: '/v1/purchases', query }),
    async get(id: string) {
      const path = `/v1/purchases/${enc(id)}`;
      return (await core.request<ResponseBody<'getPurchase'>>({ method: 'GET', path })).purchase;
    },
    /** The authorized XML as received. */
    xml: (id: string) =>
      core.request<string>({
        method: 'GET',
        path: `/v1/purchases/${enc(id)}/xml`,
        headers: { accept: 'application/xml' },
        as: 'text',
      }),
    /** Every purchase the filters select, as CSV text. */
    exportCsv: (query: QueryOf<'exportPurchases'> = {}) =>
      core.request<string>({
        method: 'GET',
        path: '/v1/purchases/export',
        query,
        headers: { accept: 'text/csv' },
        as: 'text',
      }),
    /** A 07 body prefilled from the purchase: complete it and pass it to `documents.create`. */
    retentionDraft: (id: string) =>
      core.request<ResponseBody<'getPurchaseRetentionDraft'>>({
        method: 'GET',
        path: `/v1/purchases/${enc(id)}/retention`,
      }),
  };
}
