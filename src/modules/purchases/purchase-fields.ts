import { child, children, childText, type XmlNode } from '../../adapters/sri/xml-text.js';
import { ddMmYyyyToIso, parseDdMmYyyy } from '../../shared/clock.js';
import { D, fixed } from '../../shared/money.js';
import type {
  OriginalDocument,
  PurchasePayment,
  PurchaseTax,
  PurchaseType,
  ReceivedWithholding,
} from './purchases.tables.js';
import { DOCUMENT_ROOTS } from './received-document.js';

/** What a purchase record keeps of a received signed document (REFERENCE-PURCHASES §4.2). */
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

const INFO: Record<PurchaseType, string> = {
  '01': 'infoFactura',
  '03': 'infoLiquidacionCompra',
  '04': 'infoNotaCredito',
  '05': 'infoNotaDebito',
  '06': 'infoGuiaRemision',
  '07': 'infoCompRetencion',
};

const text = (n: XmlNode | null, name: string) => (n ? (childText(n, name)?.trim() ?? null) : null);
/** Amounts as the issuer wrote them, normalized to two decimals (13.2 in the XSD). */
const amount = (value: string | null): string | null => {
  if (value === null || value === '') return null;
  try {
    return fixed(new D(value));
  } catch {
    return null;
  }
};
const isoDate = (value: string | null): string | null =>
  value && parseDdMmYyyy(value) ? ddMmYyyyToIso(value) : null;

function taxesOf(parent: XmlNode | null, group: string, item: string): PurchaseTax[] {
  const list = parent ? child(parent, group) : null;
  return (list ? children(list, item) : []).map((t) => ({
    code: text(t, 'codigo') ?? '',
    rateCode: text(t, 'codigoPorcentaje') ?? '',
    rate: text(t, 'tarifa'),
    taxableBase: amount(text(t, 'baseImponible')) ?? '0.00',
    amount: amount(text(t, 'valor')) ?? '0.00',
  }));
}

function paymentsOf(info: XmlNode | null): PurchasePayment[] {
  const list = info ? child(info, 'pagos') : null;
  return (list ? children(list, 'pago') : []).map((p) => ({
    method: text(p, 'formaPago') ?? '',
    total: amount(text(p, 'total')) ?? '0.00',
    term: text(p, 'plazo'),
    termUnit: text(p, 'unidadTiempo'),
  }));
}

function withholdingLine(
  r: XmlNode,
  support: ReceivedWithholding['supportingDocument'],
): ReceivedWithholding {
  return {
    code: text(r, 'codigo') ?? '',
    withholdingCode: text(r, 'codigoRetencion') ?? '',
    taxableBase: amount(text(r, 'baseImponible')) ?? '0.00',
    rate: text(r, 'porcentajeRetener') ?? '',
    amount: amount(text(r, 'valorRetenido')) ?? '0.00',
    supportingDocument: support,
  };
}

/** 2.0.0: docsSustento/docSustento/retenciones; 1.0.0: impuestos/impuesto with its own support. */
function withholdingsOf(doc: XmlNode): ReceivedWithholding[] {
  const docs = child(doc, 'docsSustento');
  if (docs) {
    return children(docs, 'docSustento').flatMap((d) => {
      const support = {
        documentType: text(d, 'codDocSustento') ?? '',
        number: text(d, 'numDocSustento'),
        issueDate: isoDate(text(d, 'fechaEmisionDocSustento')),
      };
      const list = child(d, 'retenciones');
      return (list ? children(list, 'retencion') : []).map((r) => withholdingLine(r, support));
    });
  }
  const list = child(doc, 'impuestos');
  return (list ? children(list, 'impuesto') : []).map((r) =>
    withholdingLine(r, {
      documentType: text(r, 'codDocSustento') ?? '',
      number: text(r, 'numDocSustento'),
      issueDate: isoDate(text(r, 'fechaEmisionDocSustento')),
    }),
  );
}

function receiversOf(type: PurchaseType, doc: XmlNode, info: XmlNode | null) {
  if (type === '06') {
    const list = child(doc, 'destinatarios');
    return (list ? children(list, 'destinatario') : []).map((d) => ({
      id: text(d, 'identificacionDestinatario') ?? '',
      idType: null,
    }));
  }
  const [idField, typeField] =
    type === '07'
      ? ['identificacionSujetoRetenido', 'tipoIdentificacionSujetoRetenido']
      : type === '03'
        ? ['identificacionProveedor', 'tipoIdentificacionProveedor']
        : ['identificacionComprador', 'tipoIdentificacionComprador'];
  const id = text(info, idField);
  return id ? [{ id, idType: text(info, typeField) }] : [];
}

/** The purchase fields of a signed document; null for a root that is not a document type. */
export function purchaseFieldsOf(root: string, doc: XmlNode): PurchaseFields | null {
  const type = DOCUMENT_ROOTS[root] as PurchaseType | undefined;
  if (!type) return null;
  const tributaria = child(doc, 'infoTributaria');
  const info = child(doc, INFO[type]);
  const accessKey = text(tributaria, 'claveAcceso') ?? '';
  const taxes =
    type === '05'
      ? taxesOf(info, 'impuestos', 'impuesto')
      : taxesOf(info, 'totalConImpuestos', 'totalImpuesto');
  const iva = taxes.filter((t) => t.code === '2').reduce((s, t) => s.plus(t.amount), new D(0));
  const codModified = text(info, 'codDocModificado');
  const keyDate = `${accessKey.slice(0, 2)}/${accessKey.slice(2, 4)}/${accessKey.slice(4, 8)}`;
  return {
    documentType: type,
    accessKey,
    supplierRuc: text(tributaria, 'ruc') ?? '',
    supplierName: text(tributaria, 'razonSocial') ?? '',
    supplierTradeName: text(tributaria, 'nombreComercial'),
    number: `${text(tributaria, 'estab') ?? ''}-${text(tributaria, 'ptoEmi') ?? ''}-${text(tributaria, 'secuencial') ?? ''}`,
    // A guía has no fechaEmision; its key's date is the issue date (REFERENCE §5).
    issueDate: isoDate(text(info, 'fechaEmision')) ?? isoDate(keyDate) ?? '1970-01-01',
    receivers: receiversOf(type, doc, info),
    totalWithoutTaxes: type === '06' || type === '07' ? null : amount(text(info, 'totalSinImpuestos')),
    iva: type === '06' || type === '07' ? null : fixed(iva),
    total:
      type === '04'
        ? amount(text(info, 'valorModificacion'))
        : type === '05'
          ? amount(text(info, 'valorTotal'))
          : amount(text(info, 'importeTotal')),
    taxes,
    payments: paymentsOf(info),
    originalDocument:
      codModified !== null
        ? {
            documentType: codModified,
            number: text(info, 'numDocModificado') ?? '',
            issueDate: isoDate(text(info, 'fechaEmisionDocSustento')) ?? '',
          }
        : null,
    withholdings: type === '07' ? withholdingsOf(doc) : [],
  };
}
