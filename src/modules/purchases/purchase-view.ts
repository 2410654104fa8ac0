import { isoToDdMmYyyy } from '../../shared/clock.js';
import type { PurchaseRow } from './purchases.tables.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The list's summary of a purchase (PurchaseSummarySchema). */
export function toPurchaseSummary(p: PurchaseRow) {
  return {
    id: p.id,
    accessKey: p.accessKey,
    environment: p.environment,
    documentType: p.documentType,
    source: p.source,
    supplier: { ruc: p.supplierRuc, name: p.supplierName, tradeName: p.supplierTradeName },
    receiver: { id: p.receiverId, issuerId: p.issuerId },
    number: p.number,
    issueDate: isoToDdMmYyyy(p.issueDate),
    authorizationNumber: p.authorizationNumber,
    authorizationDate: iso(p.authorizationDate),
    totalWithoutTaxes: p.totalWithoutTaxes,
    iva: p.iva,
    total: p.total,
    sri: {
      status: p.sriStatus,
      checkedAt: iso(p.sriCheckedAt),
      followedUntil: p.checkUntil.toISOString(),
      voidedAt: iso(p.voidedAt),
    },
    createdAt: p.createdAt.toISOString(),
    rideUrl: `/v1/purchases/${p.id}/ride`,
    xmlUrl: `/v1/purchases/${p.id}/xml`,
  };
}

export type PurchaseSummary = ReturnType<typeof toPurchaseSummary>;
