import type { HttpCore } from './http.js';
import type { QueryOf, RequestBody, ResponseBody } from './types.js';

const enc = encodeURIComponent;

/**
 * Reports: the ATS (Anexo Transaccional Simplificado) built by a background job from the account's
 * sales and purchases (docs/ats.md), and the sustento choices it uses.
 */
export function reportsResource(core: HttpCore) {
  return {
    ats: {
      /** Starts the annex of a month (or a RIMPE semester); the one in flight for that period if any. */
      create: (body: RequestBody<'createAtsReport'>) =>
        core.request<ResponseBody<'createAtsReport'>>({
          method: 'POST',
          path: '/v1/reports/ats',
          body,
          retrySafe: true,
        }),
      get: (id: string) =>
        core.request<ResponseBody<'getAtsReport'>>({ method: 'GET', path: `/v1/reports/ats/${enc(id)}` }),
      list: (query: QueryOf<'listAtsReports'> = {}) =>
        core.request<ResponseBody<'listAtsReports'>>({ method: 'GET', path: '/v1/reports/ats', query }),
      /** ATmmaaaa.zip, or with `part: 'xml'` the bare XML; 409 ATS_NOT_READY unless DONE. */
      download: (id: string, opts: { part?: 'zip' | 'xml' } = {}) =>
        core.request<Uint8Array>({
          method: 'GET',
          path: `/v1/reports/ats/${enc(id)}/download`,
          query: { part: opts.part ?? 'zip' },
          as: 'bytes',
        }),
      /** A purchase's codSustento (null clears it). */
      setPurchaseSustento: (purchaseId: string, sustento: string | null) =>
        core.request<ResponseBody<'setPurchaseSustento'>>({
          method: 'PUT',
          path: `/v1/purchases/${enc(purchaseId)}/sustento`,
          body: { sustento },
          retrySafe: true,
        }),
      /** A supplier's default codSustento; 404 NOT_FOUND when none is set. */
      getSupplierDefaults: (ruc: string) =>
        core.request<ResponseBody<'getSupplierAtsDefaults'>>({
          method: 'GET',
          path: `/v1/suppliers/${enc(ruc)}/ats-defaults`,
        }),
      /** A supplier's default codSustento (null clears it). */
      setSupplierDefaults: (ruc: string, sustento: string | null) =>
        core.request<ResponseBody<'setSupplierAtsDefaults'>>({
          method: 'PUT',
          path: `/v1/suppliers/${enc(ruc)}/ats-defaults`,
          body: { sustento },
          retrySafe: true,
        }),
    },
  };
}
