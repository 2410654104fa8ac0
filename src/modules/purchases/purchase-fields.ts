import {
  parseReceivedDocument,
  type ReceivedDocument,
  ReceivedDocumentError,
} from '../../adapters/sri/index.js';
import { AppError } from '../../shared/errors.js';
import { dec, fixed, sum } from '../../shared/money.js';
import type {
  OriginalDocument,
  PurchasePayment,
  PurchaseTax,
  PurchaseType,
  ReceivedWithholding,
} from './purchases.tables.js';

/**
 * What a purchase record keeps of a received document. The XML is read by the SRI adapter's
 * parseReceivedDocument (the one reader of REFERENCE-PURCHASES §4); this only maps its model to
 * the record's columns, amounts normalized to two decimals (13.2 in the XSD).
 */
export interface PurchaseFields {
  documentType: PurchaseType;
  accessKey: string;
  supplierRuc: string;
  supplierName: string;
  supplierTradeName: string | null;
  number: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** The identifications the document is addressed to, with their id type when it states one. */
  receivers: { id: string; idType: string | null }[];
  totalWithoutTaxes: string | null;
  iva: string | null;
  total: string | null;
  taxes: PurchaseTax[];
  payments: PurchasePayment[];
  originalDocument: OriginalDocument | null;
  withholdings: ReceivedWithholding[];
}

const money = (v: string | null) => (v === null ? null : fixed(dec(v)));

/**
 * Reads a received XML (any shape of §4.1) or refuses it: an unreadable key is ACCESS_KEY_INVALID
 * at `path`, anything else PURCHASE_XML_INVALID naming the element at fault.
 */
export function readReceived(text: string, path = 'file'): ReceivedDocument {
  try {
    return parseReceivedDocument(text);
  } catch (e) {
    if (!(e instanceof ReceivedDocumentError)) throw e;
    const at = e.path ? `${path}.${e.path.replaceAll('/', '.')}` : path;
    const code = e.code === 'INVALID_ACCESS_KEY' ? 'ACCESS_KEY_INVALID' : 'PURCHASE_XML_INVALID';
    throw new AppError(code, e.message, { errors: [{ path: at, message: e.message }] });
  }
}

export function purchaseFieldsOf(doc: ReceivedDocument): PurchaseFields {
  const amounts = doc.type !== '06' && doc.type !== '07';
  const iva = sum(doc.taxes.filter((t) => t.taxCode === '2').map((t) => dec(t.amount)));
  const m = doc.modifiedDocument;
  return {
    documentType: doc.type,
    accessKey: doc.accessKey,
    supplierRuc: doc.supplier.ruc,
    supplierName: doc.supplier.name,
    supplierTradeName: doc.supplier.tradeName,
    number: doc.number,
    issueDate: doc.issueDate,
    receivers:
      doc.type === '06'
        ? doc.recipientIds.map((id) => ({ id, idType: null }))
        : [{ id: doc.recipient.id, idType: doc.recipient.idType }],
    totalWithoutTaxes: amounts ? money(doc.subtotal) : null,
    iva: amounts ? fixed(iva) : null,
    total: money(doc.total),
    taxes: doc.taxes.map((t) => ({
      code: t.taxCode,
      rateCode: t.rateCode,
      rate: t.rate,
      taxableBase: fixed(dec(t.base)),
      amount: fixed(dec(t.amount)),
    })),
    payments: doc.payments.map((p) => ({
      method: p.method,
      total: fixed(dec(p.amount)),
      term: p.term,
      termUnit: p.termUnit,
    })),
    originalDocument: m ? { documentType: m.type, number: m.number, issueDate: m.issueDate ?? '' } : null,
    withholdings: (doc.retention?.supportingDocuments ?? []).flatMap((s) =>
      s.lines.map((l) => ({
        code: l.taxCode,
        withholdingCode: l.retentionCode,
        taxableBase: fixed(dec(l.base)),
        rate: l.rate,
        amount: fixed(dec(l.amount)),
        supportingDocument: { documentType: s.type, number: s.number, issueDate: s.issueDate },
      })),
    ),
  };
}
