import { eq } from 'drizzle-orm';
import type { ReceivedDocument, ReceivedItem, TaxGroup } from '../../adapters/sri/index.js';
import type { Executor } from '../../db/pool.js';
import { tenants } from '../../db/tables.js';
import { ecuadorTimestamp, isoToDdMmYyyy } from '../../shared/clock.js';
import type { IssuerSnapshot, DocumentModel as RideDocument, TaxLine } from '../../shared/document-model.js';
import { dec, fixed } from '../../shared/money.js';
import { readReceived } from './purchase-fields.js';
import { rateOf, receivedRideView } from './purchase-ride-views.js';
import type { PurchaseRow } from './purchases.tables.js';

/**
 * The RIDE of a purchase, drawn on demand by our RIDE renderer from the authorized XML kept as
 * received (read by the SRI adapter's parseReceivedDocument): the supplier's header, its lines and
 * totals, ANULADO stamped when the SRI voided it. Nothing is stored.
 */

/** Loaded on the first RIDE a process draws, as the delivery module does (some 15 MB). */
let renderer: Promise<typeof import('../../adapters/ride/ride.js').renderRide> | undefined;
function rideRenderer() {
  renderer ??= import('../../adapters/ride/ride.js').then((m) => m.renderRide);
  return renderer;
}

const money = (v: string | null) => fixed(dec(v ?? '0'));

function issuerOf(doc: ReceivedDocument): IssuerSnapshot {
  const d = doc.details.issuer;
  return {
    ruc: doc.supplier.ruc,
    businessName: doc.supplier.name,
    tradeName: doc.supplier.tradeName,
    mainAddress: doc.supplier.address ?? '',
    branchAddress: d.branchAddress,
    branchCode: doc.establishment,
    issuePointCode: doc.emissionPoint,
    requiredAccounting: d.requiredAccounting,
    specialTaxpayer: d.specialTaxpayer,
    retentionAgentResolution: d.retentionAgentResolution,
    rimpeRegime: d.rimpeRegime,
  };
}

function taxLine(t: TaxGroup, items: ReceivedItem[]): TaxLine {
  return {
    code: t.taxCode,
    rateCode: t.rateCode,
    rate: rateOf(t, items),
    taxableBase: money(t.base),
    amount: money(t.amount),
  };
}

/** An invoice or credit note as the invoice layout takes it. */
function rideDocument(doc: ReceivedDocument & { type: '01' | '04' }): RideDocument {
  const items = doc.details.items;
  const m = doc.modifiedDocument;
  return {
    documentType: doc.type,
    environment: doc.environment,
    accessKey: doc.accessKey,
    sequential: doc.sequential,
    issueDate: isoToDdMmYyyy(doc.issueDate),
    issuer: issuerOf(doc),
    buyer: {
      idType: doc.recipient.idType ?? '',
      id: doc.recipient.id,
      name: doc.recipient.name ?? '',
      email: '',
      address: doc.details.recipientAddress,
      phone: null,
    },
    items: items.map((i) => ({
      mainCode: i.mainCode ?? '',
      auxiliaryCode: i.auxiliaryCode,
      description: i.description,
      quantity: i.quantity,
      unitPrice: i.unitPrice ?? '0',
      discount: money(i.discount),
      subtotal: money(i.subtotal),
      additionalDetails: i.additionalDetails,
      taxes: i.taxes.map((t) => taxLine(t, items)),
    })),
    totals: {
      totalWithoutTaxes: money(doc.subtotal),
      totalDiscount: money(doc.discount),
      taxTotals: doc.taxes.map((t) => taxLine(t, items)),
      tip: money(doc.tip),
      total: money(doc.total),
    },
    payments: doc.payments.map((p) => ({ ...p, total: money(p.amount) })),
    creditNote:
      doc.type === '04' && m
        ? {
            originalDocumentType: m.type,
            originalNumber: m.number,
            originalIssueDate: m.issueDate ? isoToDdMmYyyy(m.issueDate) : '',
            reason: doc.reason ?? '',
          }
        : null,
    additionalInfo: doc.details.additionalInfo,
  };
}

const isInvoiceLayout = (d: ReceivedDocument): d is ReceivedDocument & { type: '01' | '04' } =>
  d.type === '01' || d.type === '04';

export async function purchaseRidePdf(db: Executor, p: PurchaseRow): Promise<Buffer> {
  const doc = readReceived(p.xml, 'xml');
  const [tenant] = await db
    .select({ language: tenants.language })
    .from(tenants)
    .where(eq(tenants.id, p.tenantId));
  const common = {
    status: p.sriStatus === 'ANULADO' ? ('VOIDED' as const) : ('AUTHORIZED' as const),
    authorization: p.authorizationDate
      ? { number: p.authorizationNumber, date: ecuadorTimestamp(p.authorizationDate) }
      : null,
    language: tenant?.language ?? 'es',
  };
  const renderRide = await rideRenderer();
  if (isInvoiceLayout(doc)) return renderRide({ model: rideDocument(doc), ...common });
  return renderRide({
    view: receivedRideView(doc as ReceivedDocument & { type: '03' | '05' | '06' | '07' }, issuerOf(doc)),
    ...common,
  });
}

/** FACTURA-001-001-000000123.pdf, as our own documents' RIDEs are named. */
const FILE_KINDS: Record<string, string> = {
  '01': 'FACTURA',
  '03': 'LIQUIDACION-COMPRA',
  '04': 'NOTA-CREDITO',
  '05': 'NOTA-DEBITO',
  '06': 'GUIA-REMISION',
  '07': 'COMPROBANTE-RETENCION',
};
export const purchaseRideFilename = (p: PurchaseRow) => `${FILE_KINDS[p.documentType]}-${p.number}.pdf`;
