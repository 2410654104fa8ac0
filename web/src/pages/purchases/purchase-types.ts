import type { Answer } from '../../api-models';

/** The purchases API's records as the pages read them (the generated sdk/src/schema.d.ts). */
export type PurchaseList = Answer<'/v1/purchases', 'get'>;
export type PurchaseSummary = PurchaseList['data'][number];
export type PurchaseDetail = Answer<'/v1/purchases/{id}', 'get'>['purchase'];
export type KeysAnswer = Answer<'/v1/purchases', 'post'>;
export type XmlAnswer = Answer<'/v1/purchases/xml', 'post'>;
export type ImportPreview = Answer<'/v1/purchase-imports', 'post'>;
export type PurchaseImport = Answer<'/v1/purchase-imports/{id}', 'get'>['import'];
