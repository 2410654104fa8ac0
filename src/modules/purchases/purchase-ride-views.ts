import type { RideView, ViewField, ViewLabelKey, ViewTotal, ViewValue } from '../../adapters/ride/view.js';
import type { ReceivedDocument, ReceivedItem, TaxGroup } from '../../adapters/sri/index.js';
import { isoToDdMmYyyy } from '../../shared/clock.js';
import type { IssuerSnapshot } from '../../shared/document-model.js';
import { dec, fixed } from '../../shared/money.js';

/**
 * The RIDE view of a received 03, 05, 06 or 07, from the SRI adapter's reading of its XML: the
 * same sections our own documents of those types print (src/modules/documents/types/…/ride.ts).
 */

const TYPE_LABEL: Record<string, ViewLabelKey> = {
  '01': 'invoice',
  '03': 'purchaseSettlement',
  '04': 'creditNote',
  '05': 'debitNote',
};
const typeLabel = (code: string): ViewValue => ({ label: TYPE_LABEL[code] ?? 'otherDocument' });
const TAX_LABEL: Record<string, ViewLabelKey> = { '1': 'renta', '2': 'iva', '6': 'isd' };
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

function vatTotals(doc: ReceivedDocument): ViewTotal[] {
  const items = doc.details.items;
  const vat = doc.taxes.filter((t) => t.taxCode === '2');
  const pct = (t: TaxGroup) => `${Number(rateOf(t, items))}%`;
  const out: ViewTotal[] = vat.map((t) => ({ label: 'subtotalRate', suffix: pct(t), value: money(t.base) }));
  out.push({ label: 'subtotalWithoutTaxes', value: money(doc.subtotal) });
  if (doc.discount !== null) out.push({ label: 'totalDiscount', value: money(doc.discount) });
  for (const t of vat) {
    if (dec(rateOf(t, items)).gt(0)) out.push({ label: 'vatRate', suffix: pct(t), value: money(t.amount) });
  }
  out.push({ label: 'total', value: money(doc.total), grand: true });
  return out;
}

const describe = (i: ReceivedItem) =>
  i.additionalDetails.length
    ? `${i.description} (${i.additionalDetails.map((d) => `${d.name}: ${d.value}`).join('; ')})`
    : i.description;

function party(doc: ReceivedDocument): ViewField[] {
  const address = doc.details.recipientAddress;
  return [
    { label: 'name', value: doc.recipient.name ?? '', wide: true },
    { label: 'identification', value: doc.recipient.id },
    { label: 'issueDate', value: ddmm(doc.issueDate) },
    ...(address ? [{ label: 'address' as const, value: address, wide: true }] : []),
  ];
}

function body(doc: ReceivedDocument): Pick<RideView, 'party' | 'sections' | 'totals'> {
  if (doc.type === '03') {
    return {
      party: party(doc),
      sections: [
        {
          title: null,
          fields: [],
          table: {
            columns: [
              { label: 'mainCode', width: 62, align: 'left' },
              { label: 'auxiliaryCode', width: 62, align: 'left' },
              { label: 'quantity', width: 48, align: 'right' },
              { label: 'description', width: 0, align: 'left' },
              { label: 'unitPrice', width: 60, align: 'right' },
              { label: 'discount', width: 50, align: 'right' },
              { label: 'lineTotal', width: 58, align: 'right' },
            ],
            rows: doc.details.items.map((i) => [
              i.mainCode ?? '',
              i.auxiliaryCode ?? '',
              i.quantity,
              describe(i),
              i.unitPrice ?? '',
              money(i.discount),
              money(i.subtotal),
            ]),
          },
        },
      ],
      totals: vatTotals(doc),
    };
  }
  if (doc.type === '05') {
    const m = doc.modifiedDocument;
    return {
      party: [
        ...party(doc),
        ...(m
          ? [
              { label: 'modifiedDocument' as const, value: typeLabel(m.type) },
              { label: 'documentNumber' as const, value: m.number },
              { label: 'modifiedDocumentDate' as const, value: ddmm(m.issueDate) },
            ]
          : []),
      ],
      sections: [
        {
          title: null,
          fields: [],
          table: {
            columns: [
              { label: 'reason', width: 0, align: 'left' },
              { label: 'value', width: 80, align: 'right' },
            ],
            rows: doc.details.debitReasons.map((r) => [r.reason, money(r.amount)]),
          },
        },
      ],
      totals: vatTotals(doc),
    };
  }
  if (doc.type === '06') return waybill(doc);
  return withholding(doc);
}

function waybill(doc: ReceivedDocument): Pick<RideView, 'party' | 'sections' | 'totals'> {
  const w = doc.details.waybill!;
  return {
    party: [
      { label: 'carrierName', value: w.carrierName, wide: true },
      { label: 'carrierId', value: w.carrierId },
      { label: 'plate', value: w.plate },
      { label: 'departure', value: w.departureAddress, wide: true },
      { label: 'transportStart', value: w.transportStart },
      { label: 'transportEnd', value: w.transportEnd },
      { label: 'issueDate', value: ddmm(doc.issueDate) },
    ],
    sections: w.recipients.map((r) => {
      const fields: ViewField[] = [];
      const s = r.supportingDocument;
      if (s) {
        fields.push({ label: 'supportingDocument', value: typeLabel(s.type) });
        fields.push({ label: 'documentNumber', value: s.number });
        fields.push({ label: 'supportingDocumentDate', value: s.issueDate ?? '' });
        if (s.authorizationNumber)
          fields.push({ label: 'authorizationNumber', value: s.authorizationNumber });
      }
      fields.push({ label: 'transferReason', value: r.transferReason, wide: true });
      fields.push({ label: 'destination', value: r.address, wide: true });
      fields.push({ label: 'recipientId', value: r.id });
      if (r.customsDocument) fields.push({ label: 'customsDocument', value: r.customsDocument });
      if (r.destinationBranchCode)
        fields.push({ label: 'destinationBranch', value: r.destinationBranchCode });
      if (r.route) fields.push({ label: 'route', value: r.route, wide: true });
      return {
        title: { label: 'recipient', value: r.name },
        fields,
        table: {
          columns: [
            { label: 'quantity', width: 60, align: 'right' },
            { label: 'description', width: 0, align: 'left' },
            { label: 'mainCode', width: 80, align: 'left' },
            { label: 'auxiliaryCode', width: 80, align: 'left' },
          ],
          rows: r.items.map((i) => [i.quantity, describe(i), i.mainCode ?? '', i.auxiliaryCode ?? '']),
        },
      };
    }),
    totals: [],
  };
}

function withholding(doc: ReceivedDocument): Pick<RideView, 'party' | 'sections' | 'totals'> {
  const period = doc.retention?.fiscalPeriod ?? '';
  const docs = doc.retention?.supportingDocuments ?? [];
  const lines = docs.flatMap((s) => s.lines.map((l) => ({ s, l })));
  return {
    party: [
      { label: 'name', value: doc.recipient.name ?? '', wide: true },
      { label: 'identification', value: doc.recipient.id },
      { label: 'issueDate', value: ddmm(doc.issueDate) },
      { label: 'fiscalPeriod', value: period },
    ],
    sections: [
      {
        title: null,
        fields: [],
        table: {
          columns: [
            { label: 'voucher', width: 62, align: 'left' },
            { label: 'number', width: 0, align: 'left' },
            { label: 'voucherDate', width: 50, align: 'left' },
            { label: 'fiscalPeriodColumn', width: 44, align: 'left' },
            { label: 'withholdingBase', width: 66, align: 'right' },
            { label: 'tax', width: 60, align: 'left' },
            { label: 'withholdingCode', width: 36, align: 'left' },
            { label: 'withholdingRate', width: 50, align: 'right' },
            { label: 'withheldValue', width: 56, align: 'right' },
          ],
          rows: lines.map(({ s, l }) => [
            typeLabel(s.type),
            s.number,
            ddmm(s.issueDate),
            period,
            money(l.base),
            TAX_LABEL[l.taxCode] ? { label: TAX_LABEL[l.taxCode]! } : l.taxCode,
            l.retentionCode,
            `${l.rate}%`,
            money(l.amount),
          ]),
        },
      },
    ],
    totals: [
      {
        label: 'totalWithheld',
        value: fixed(lines.reduce((a, { l }) => a.plus(dec(l.amount)), dec(0))),
        grand: true,
      },
    ],
  };
}

export function receivedRideView(
  doc: ReceivedDocument & { type: '03' | '05' | '06' | '07' },
  issuer: IssuerSnapshot,
): RideView {
  const payments = doc.payments.map((p) => ({
    method: p.method,
    total: money(p.amount),
    term: p.term,
    termUnit: p.termUnit,
  }));
  return {
    documentType: doc.type,
    environment: doc.environment,
    accessKey: doc.accessKey,
    sequential: doc.sequential,
    issueDate: ddmm(doc.issueDate),
    issuer,
    ...body(doc),
    additionalInfo: doc.details.additionalInfo,
    ...(doc.type === '03' || doc.type === '05' ? { payments } : {}),
  };
}
