import { ddMmYyyyToIso, parseDdMmYyyy } from '../../shared/clock.js';
import type {
  DocumentReference,
  Payment,
  RetentionLine,
  SupportingDocument,
  TaxGroup,
} from './received-model.js';
import { child, children, childText, type XmlNode } from './xml-text.js';

/** The repeated parts of a received document, read field by field with a path for each refusal. */

export type ReceivedDocumentErrorCode =
  | 'MALFORMED_XML'
  | 'NOT_A_DOCUMENT'
  | 'NOT_AUTHORIZED'
  | 'UNSUPPORTED_VERSION'
  | 'MISSING_FIELD'
  | 'INVALID_FIELD'
  | 'INVALID_ACCESS_KEY'
  | 'ACCESS_KEY_MISMATCH';

/** Why a received XML cannot be read; `path` names the element when one is at fault. */
export class ReceivedDocumentError extends Error {
  override readonly name = 'ReceivedDocumentError';
  constructor(
    readonly code: ReceivedDocumentErrorCode,
    message: string,
    readonly path: string | null = null,
  ) {
    super(message);
  }
}

/** A cursor over one element that knows its path, for error messages. */
export class Section {
  constructor(
    readonly node: XmlNode,
    readonly path: string,
  ) {}

  optional(name: string): string | null {
    const v = childText(this.node, name)?.trim() ?? '';
    return v === '' ? null : v;
  }

  required(name: string): string {
    const v = this.optional(name);
    if (v === null)
      throw new ReceivedDocumentError(
        'MISSING_FIELD',
        `${this.path}/${name} is missing`,
        `${this.path}/${name}`,
      );
    return v;
  }

  amount(name: string): string {
    return this.checkAmount(name, this.required(name));
  }

  optionalAmount(name: string): string | null {
    const v = this.optional(name);
    return v === null ? null : this.checkAmount(name, v);
  }

  date(name: string): string {
    return this.checkDate(name, this.required(name));
  }

  optionalDate(name: string): string | null {
    const v = this.optional(name);
    return v === null ? null : this.checkDate(name, v);
  }

  sub(name: string): Section | null {
    const c = child(this.node, name);
    return c === null ? null : new Section(c, `${this.path}/${name}`);
  }

  all(list: string, item: string): Section[] {
    const parent = child(this.node, list);
    if (parent === null) return [];
    return children(parent, item).map((n, i) => new Section(n, `${this.path}/${list}/${item}[${i + 1}]`));
  }

  private checkAmount(name: string, v: string): string {
    // Written by Java serializers: no sign, no exponent, maybe no leading digit (".31").
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(v)) {
      throw new ReceivedDocumentError(
        'INVALID_FIELD',
        `${this.path}/${name} is not an amount: "${v}"`,
        `${this.path}/${name}`,
      );
    }
    return v;
  }

  private checkDate(name: string, v: string): string {
    if (parseDdMmYyyy(v) === null) {
      throw new ReceivedDocumentError(
        'INVALID_FIELD',
        `${this.path}/${name} is not a dd/mm/yyyy date: "${v}"`,
        `${this.path}/${name}`,
      );
    }
    return ddMmYyyyToIso(v);
  }
}

/** totalConImpuestos/totalImpuesto (01, 03, 04), impuestos/impuesto (05), impuestosDocSustento (07 2.0.0). */
export function taxGroups(
  s: Section,
  list: string,
  item: string,
  codeName = 'codigo',
  amountName = 'valor',
): TaxGroup[] {
  return s.all(list, item).map((t) => ({
    taxCode: t.required(codeName),
    rateCode: t.required('codigoPorcentaje'),
    rate: t.optionalAmount('tarifa'),
    base: t.amount('baseImponible'),
    amount: t.amount(amountName),
  }));
}

export function payments(s: Section): Payment[] {
  return s.all('pagos', 'pago').map((p) => ({
    method: p.required('formaPago'),
    amount: p.amount('total'),
    term: p.optional('plazo'),
    termUnit: p.optional('unidadTiempo'),
  }));
}

/** 001001000000428 → 001-001-000000428; a number already written with dashes stays. */
function documentNumber(value: string): string {
  const m = /^(\d{3})-?(\d{3})-?(\d{9})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : value;
}

export function modifiedDocument(info: Section): DocumentReference {
  return {
    type: info.required('codDocModificado'),
    number: documentNumber(info.required('numDocModificado')),
    issueDate: info.optionalDate('fechaEmisionDocSustento'),
  };
}

function retentionLine(r: Section): RetentionLine {
  return {
    taxCode: r.required('codigo'),
    retentionCode: r.required('codigoRetencion'),
    base: r.amount('baseImponible'),
    rate: r.amount('porcentajeRetener'),
    amount: r.amount('valorRetenido'),
  };
}

/** 2.0.0: docsSustento/docSustento, each with its taxes and retenciones. */
export function supportingDocumentsV2(root: Section): SupportingDocument[] {
  return root.all('docsSustento', 'docSustento').map((d) => ({
    type: d.required('codDocSustento'),
    number: documentNumber(d.required('numDocSustento')),
    issueDate: d.optionalDate('fechaEmisionDocSustento'),
    supportCode: d.optional('codSustento'),
    authorizationNumber: d.optional('numAutDocSustento'),
    subtotal: d.optionalAmount('totalSinImpuestos'),
    total: d.optionalAmount('importeTotal'),
    taxes: taxGroups(
      d,
      'impuestosDocSustento',
      'impuestoDocSustento',
      'codImpuestoDocSustento',
      'valorImpuesto',
    ),
    lines: d.all('retenciones', 'retencion').map(retentionLine),
  }));
}

/** 1.0.0: impuestos/impuesto, each line naming its supporting document; grouped here by document. */
export function supportingDocumentsV1(root: Section): SupportingDocument[] {
  const byDocument = new Map<string, SupportingDocument>();
  for (const line of root.all('impuestos', 'impuesto')) {
    const type = line.required('codDocSustento');
    const number = documentNumber(line.optional('numDocSustento') ?? '');
    const issueDate = line.optionalDate('fechaEmisionDocSustento');
    const key = `${type}|${number}|${issueDate}`;
    let doc = byDocument.get(key);
    if (!doc) {
      doc = {
        type,
        number,
        issueDate,
        supportCode: null,
        authorizationNumber: null,
        subtotal: null,
        total: null,
        taxes: [],
        lines: [],
      };
      byDocument.set(key, doc);
    }
    doc.lines.push(retentionLine(line));
  }
  return [...byDocument.values()];
}
