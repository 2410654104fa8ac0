import type { DocumentTypeDefinition } from '../definition.js';
import { computePurchaseSettlement, type PurchaseSettlementContent } from './compute.js';
import { purchaseSettlementRideView } from './ride.js';
import { PurchaseSettlementBody } from './schema.js';
import { buildPurchaseSettlementXml, PURCHASE_SETTLEMENT_ROOT, PURCHASE_SETTLEMENT_VERSION } from './xml.js';

/** 03 liquidación de compra 1.1.0: the buyer documents a purchase from a seller without a RUC. */
export const purchaseSettlementType: DocumentTypeDefinition<
  typeof PurchaseSettlementBody,
  PurchaseSettlementContent
> = {
  code: '03',
  rootElement: PURCHASE_SETTLEMENT_ROOT,
  schemaVersion: PURCHASE_SETTLEMENT_VERSION,
  bodySchema: PurchaseSettlementBody,
  compute: computePurchaseSettlement,
  buildXml: buildPurchaseSettlementXml,
  ride: (header, content) => ({ view: purchaseSettlementRideView(header, content) }),
  summary: (content) => ({
    counterpartIdType: content.supplier.idType,
    counterpartId: content.supplier.id,
    counterpartName: content.supplier.name,
    emails: [content.supplier.email],
    total: content.totals.total,
    original: null,
  }),
};
