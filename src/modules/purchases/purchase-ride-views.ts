import type { RideView } from '../../adapters/ride/view.js';
import type { ReceivedDocument, ReceivedItem, TaxGroup } from '../../adapters/sri/index.js';
import { isoToDdMmYyyy } from '../../shared/clock.js';
import type { IssuerSnapshot, Payment, TaxLine } from '../../shared/document-model.js';
import { dec, fixed } from '../../shared/money.js';
import {
  debitNoteRideView,
  purchaseSettlementRideView,
  waybillRideView,
  withholdingRideView,
} from '../documents/index.js';

/**
 * The RIDE view of a received 03, 05, 06 or 07: the SRI adapter's reading of its XML mapped onto
 * the fields our own documents of the type show, drawn by the type's own view
 * (src/modules/documents/types/…/ride.ts), so both print the same sections.
 */

const ddmm = (iso: string | null) => (iso ? isoToDdMmYyyy(iso) : '');
const money = (v: string | null) => fixed(dec(v ?? '0'));

/** The rate of a tax group: its tarifa, else the tarifa an item states for the same code and rate code. */
export function rateOf(t: TaxGroup, items: ReceivedItem[]): string {
  if (t.rate !== null) return t.rate;
  const same = items
    .flatMap((i) => i.taxes)
    .find((x) => x.taxCode === t.taxCode && x.rateCode === t.rateCode);
  return same?.rate ?? '0';
}

/** The IVA groups as the views' totals read them. */
function vatGroups(doc: ReceivedDocument): TaxLine[] {
  return doc.taxes
    .filter((t) => t.taxCode === '2')
    .map((t) => ({
      code: t.taxCode,
      rateCode: t.rateCode,
      rate: rateOf(t, doc.details.items),
      taxableBase: money(t.base),
      amount: money(t.amount),
    }));
}

function payments(doc: ReceivedDocument): Payment[] {
  return doc.payments.map((p) => ({
    method: p.method,
    total: money(p.amount),
    term: p.term,
    termUnit: p.termUnit,
  }));
}

const counterpart = (doc: ReceivedDocument) => ({
  id: doc.recipient.id,
  name: doc.recipient.name ?? '',
  address: doc.details.recipientAddress,
});

function purchaseSettlement(doc: ReceivedDocument, header: Header): RideView {
  return purchaseSettlementRideView(header, {
    supplier: counterpart(doc),
    items: doc.details.items.map((i) => ({
      ...i,
      mainCode: i.mainCode ?? '',
      unitPrice: i.unitPrice ?? '',
      discount: money(i.discount),
      subtotal: money(i.subtotal),
    })),
    totals: {
      taxTotals: vatGroups(doc),
      totalWithoutTaxes: money(doc.subtotal),
      totalDiscount: doc.discount === null ? null : money(doc.discount),
      total: money(doc.total),
    },
    payments: payments(doc),
    additionalInfo: doc.details.additionalInfo,
  });
}

function debitNote(doc: ReceivedDocument, header: Header): RideView {
  const m = doc.modifiedDocument;
  return debitNoteRideView(header, {
    buyer: counterpart(doc),
    originalDocument: m ? { documentType: m.type, number: m.number, issueDate: ddmm(m.issueDate) } : null,
    reasons: doc.details.debitReasons.map((r) => ({ reason: r.reason, amount: money(r.amount) })),
    totalWithoutTaxes: money(doc.subtotal),
    totalDiscount: doc.discount === null ? null : money(doc.discount),
    taxes: vatGroups(doc),
    total: money(doc.total),
    payments: payments(doc),
    additionalInfo: doc.details.additionalInfo,
  });
}

function waybill(doc: ReceivedDocument, header: Header): RideView {
  const w = doc.details.waybill!;
  return waybillRideView(header, {
    departureAddress: w.departureAddress,
    transportStartDate: w.transportStart,
    transportEndDate: w.transportEnd,
    carrier: { id: w.carrierId, name: w.carrierName, licensePlate: w.plate },
    recipients: w.recipients.map((r) => {
      const s = r.supportingDocument;
      return {
        ...r,
        supportingDocument: s && {
          documentType: s.type,
          number: s.number,
          issueDate: s.issueDate ?? '',
          authorizationNumber: s.authorizationNumber || null,
        },
      };
    }),
    additionalInfo: doc.details.additionalInfo,
  });
}

function withholding(doc: ReceivedDocument, header: Header): RideView {
  const docs = doc.retention?.supportingDocuments ?? [];
  const lines = docs.flatMap((s) => s.lines);
  return withholdingRideView(header, {
    fiscalPeriod: doc.retention?.fiscalPeriod ?? '',
    subject: { id: doc.recipient.id, name: doc.recipient.name ?? '' },
    supportingDocuments: docs.map((s) => ({
      documentType: s.type,
      number: s.number,
      issueDate: ddmm(s.issueDate),
      withholdings: s.lines.map((l) => ({
        code: l.taxCode,
        withholdingCode: l.retentionCode,
        taxableBase: money(l.base),
        rate: l.rate,
        amount: money(l.amount),
      })),
    })),
    totalWithheld: fixed(lines.reduce((a, l) => a.plus(dec(l.amount)), dec(0))),
    additionalInfo: doc.details.additionalInfo,
  });
}

type Header = Parameters<typeof withholdingRideView>[0];
const VIEWS = { '03': purchaseSettlement, '05': debitNote, '06': waybill, '07': withholding } as const;

export function receivedRideView(
  doc: ReceivedDocument & { type: '03' | '05' | '06' | '07' },
  issuer: IssuerSnapshot,
): RideView {
  const header: Header = {
    environment: doc.environment,
    accessKey: doc.accessKey,
    sequential: doc.sequential,
    issueDate: ddmm(doc.issueDate),
    issuer,
  };
  return VIEWS[doc.type](doc, header);
}
