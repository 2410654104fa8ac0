import { dec, sum } from '../../shared/money.js';
import { readDetails } from './received-details.js';
import { accessKeyEnvironment, accessKeyProblem } from './received-key.js';
import type { Identification, ReceivedDocument, ReceivedDocumentType } from './received-model.js';
import {
  modifiedDocument,
  payments,
  ReceivedDocumentError,
  Section,
  supportingDocumentsV1,
  supportingDocumentsV2,
  taxGroups,
} from './received-sections.js';
import {
  child,
  childText,
  decodeXmlBytes,
  findFirst,
  parseXml,
  rootElement,
  type XmlNode,
} from './xml-text.js';

/**
 * Reads a received document in any shape the reference lists (REFERENCE-PURCHASES §4.1): the
 * portal's `autorizacion` wrapper, a SOAP answer of autorizacionComprobante, or the bare signed
 * document, of the six types. Pure: no network, no signature check (verifyReceivedSignature), no
 * decision about whom it is addressed to. Throws ReceivedDocumentError.
 */

const ROOTS: Record<string, { type: ReceivedDocumentType; info: string; versions: string[] }> = {
  factura: { type: '01', info: 'infoFactura', versions: ['1.0.0', '1.1.0', '2.0.0', '2.1.0'] },
  liquidacionCompra: { type: '03', info: 'infoLiquidacionCompra', versions: ['1.0.0', '1.1.0'] },
  notaCredito: { type: '04', info: 'infoNotaCredito', versions: ['1.0.0', '1.1.0'] },
  notaDebito: { type: '05', info: 'infoNotaDebito', versions: ['1.0.0'] },
  guiaRemision: { type: '06', info: 'infoGuiaRemision', versions: ['1.0.0', '1.1.0'] },
  comprobanteRetencion: { type: '07', info: 'infoCompRetencion', versions: ['1.0.0', '2.0.0'] },
};

export function parseReceivedDocument(input: string | Uint8Array): ReceivedDocument {
  const outer = parse(typeof input === 'string' ? input : decode(input));
  const [name, element] = outer.root;
  if (ROOTS[name]) return readDocument(outer.text, name, element, null);
  const authorization =
    name === 'autorizacion' ? element : name === 'Envelope' ? pickAuthorized(element) : null;
  if (authorization === null || child(authorization, 'comprobante') === null) {
    throw new ReceivedDocumentError(
      'NOT_A_DOCUMENT',
      `<${name}> is not an SRI document nor an authorization holding one`,
    );
  }
  const wrapper = new Section(authorization, 'autorizacion');
  const status = wrapper.optional('estado') ?? '';
  if (status !== 'AUTORIZADO') {
    throw new ReceivedDocumentError(
      'NOT_AUTHORIZED',
      `The authorization says "${status}", not AUTORIZADO`,
      'autorizacion/estado',
    );
  }
  const inner = parse((childText(authorization, 'comprobante') ?? '').trim());
  if (!ROOTS[inner.root[0]]) {
    throw new ReceivedDocumentError(
      'NOT_A_DOCUMENT',
      `The comprobante holds <${inner.root[0]}>, not an SRI document`,
      'autorizacion/comprobante',
    );
  }
  return readDocument(inner.text, inner.root[0], inner.root[1], {
    status,
    number: wrapper.optional('numeroAutorizacion'),
    date: wrapper.optional('fechaAutorizacion'),
    environment: wrapper.optional('ambiente'),
  });
}

function decode(bytes: Uint8Array): string {
  try {
    return decodeXmlBytes(bytes);
  } catch (e) {
    throw new ReceivedDocumentError('MALFORMED_XML', `The file cannot be decoded: ${(e as Error).message}`);
  }
}

function parse(text: string): { text: string; root: [string, XmlNode] } {
  const trimmed = text.trim();
  let root: [string, XmlNode] | null;
  try {
    root = rootElement(parseXml(trimmed, { attributes: true }));
  } catch (e) {
    throw new ReceivedDocumentError('MALFORMED_XML', `The XML is not well-formed: ${(e as Error).message}`);
  }
  if (root === null) throw new ReceivedDocumentError('MALFORMED_XML', 'The XML has no root element');
  return { text: trimmed, root };
}

/** The AUTORIZADO entry of a SOAP answer (only one can be), else the first. */
function pickAuthorized(envelope: XmlNode): XmlNode | null {
  const list = findFirst(envelope, 'autorizaciones');
  const entries = list ? ((list.autorizacion as XmlNode[] | undefined) ?? []) : [];
  return entries.find((a) => childText(a, 'estado')?.trim() === 'AUTORIZADO') ?? entries[0] ?? null;
}

function readDocument(
  signedXml: string,
  rootName: string,
  element: XmlNode,
  authorization: ReceivedDocument['authorization'],
): ReceivedDocument {
  const spec = ROOTS[rootName]!;
  const version =
    new RegExp(`<${rootName}\\b[^>]*?\\bversion\\s*=\\s*["']([^"']*)["']`).exec(signedXml)?.[1] ?? null;
  if (version === null ? spec.type !== '03' : !spec.versions.includes(version)) {
    throw new ReceivedDocumentError(
      'UNSUPPORTED_VERSION',
      `${rootName} version ${version ?? '(none)'} is not one of ${spec.versions.join(', ')}`,
      `${rootName}/@version`,
    );
  }
  const root = new Section(element, rootName);
  const tax = root.sub('infoTributaria');
  const info = root.sub(spec.info);
  if (tax === null || info === null) {
    const missing = tax === null ? 'infoTributaria' : spec.info;
    throw new ReceivedDocumentError(
      'MISSING_FIELD',
      `${rootName}/${missing} is missing`,
      `${rootName}/${missing}`,
    );
  }
  const accessKey = tax.required('claveAcceso');
  const keyProblem = accessKeyProblem(accessKey);
  if (keyProblem !== null) {
    throw new ReceivedDocumentError(
      'INVALID_ACCESS_KEY',
      `The access key ${accessKey} is not valid (${keyProblem})`,
      `${tax.path}/claveAcceso`,
    );
  }
  const head = {
    ruc: tax.required('ruc'),
    codDoc: tax.required('codDoc'),
    ambiente: tax.required('ambiente'),
    establishment: tax.required('estab'),
    emissionPoint: tax.required('ptoEmi'),
    sequential: tax.required('secuencial'),
  };
  // A guía has no fechaEmision: its key's date stands for it.
  const issueDate =
    spec.type === '06'
      ? `${accessKey.slice(4, 8)}-${accessKey.slice(2, 4)}-${accessKey.slice(0, 2)}`
      : info.date('fechaEmision');
  checkKey(accessKey, spec.type, head, issueDate, tax.path);
  const body = typeBody(spec.type, version, root, info);
  const sumOf = (code: string) =>
    sum(body.taxes.filter((t) => t.taxCode === code).map((t) => dec(t.amount))).toFixed(2);
  return {
    type: spec.type,
    version,
    accessKey,
    environment: accessKeyEnvironment(accessKey),
    supplier: {
      ruc: head.ruc,
      name: tax.required('razonSocial'),
      tradeName: tax.optional('nombreComercial'),
      address: tax.optional('dirMatriz'),
    },
    establishment: head.establishment,
    emissionPoint: head.emissionPoint,
    sequential: head.sequential,
    number: `${head.establishment}-${head.emissionPoint}-${head.sequential}`,
    issueDate,
    ...body,
    iceTotal: sumOf('3'),
    irbpnrTotal: sumOf('5'),
    details: readDetails(root, tax, info),
    authorization,
    signedXml,
  };
}

/** The key's embedded fields against the document's own (REFERENCE-PURCHASES §4.3). */
function checkKey(
  key: string,
  type: ReceivedDocumentType,
  head: {
    ruc: string;
    codDoc: string;
    ambiente: string;
    establishment: string;
    emissionPoint: string;
    sequential: string;
  },
  issueDate: string,
  path: string,
): void {
  const [y, m, d] = issueDate.split('-');
  const checks: [string, string, string][] = [
    ['fechaEmision', key.slice(0, 8), `${d}${m}${y}`],
    ['codDoc', key.slice(8, 10), head.codDoc],
    ['codDoc', type, head.codDoc],
    ['ruc', key.slice(10, 23), head.ruc],
    ['ambiente', key.slice(23, 24), head.ambiente],
    ['estab', key.slice(24, 27), head.establishment],
    ['ptoEmi', key.slice(27, 30), head.emissionPoint],
    ['secuencial', key.slice(30, 39), head.sequential],
  ];
  for (const [field, inKey, inDoc] of checks) {
    if (inKey !== inDoc) {
      throw new ReceivedDocumentError(
        'ACCESS_KEY_MISMATCH',
        `The access key says ${field} ${inKey}, the document ${inDoc}`,
        `${path}/${field}`,
      );
    }
  }
}

type TypeBody = Pick<
  ReceivedDocument,
  | 'recipient'
  | 'recipientIds'
  | 'currency'
  | 'subtotal'
  | 'discount'
  | 'tip'
  | 'total'
  | 'taxes'
  | 'payments'
  | 'modifiedDocument'
  | 'reason'
  | 'retention'
>;

const NO_AMOUNTS = {
  currency: null,
  subtotal: null,
  discount: null,
  tip: null,
  total: null,
  taxes: [],
  payments: [],
};

function party(info: Section, idName: string, typeName: string | null, nameName: string): Identification {
  return {
    idType: typeName === null ? null : info.optional(typeName),
    id: info.required(idName),
    name: info.optional(nameName),
  };
}

function typeBody(
  type: ReceivedDocumentType,
  version: string | null,
  root: Section,
  info: Section,
): TypeBody {
  const none = { modifiedDocument: null, reason: null, retention: null };
  if (type === '06') {
    const recipients = root
      .all('destinatarios', 'destinatario')
      .map((r) => party(r, 'identificacionDestinatario', null, 'razonSocialDestinatario'));
    if (recipients.length === 0)
      throw new ReceivedDocumentError(
        'MISSING_FIELD',
        `${root.path}/destinatarios/destinatario is missing`,
        `${root.path}/destinatarios`,
      );
    return { ...NO_AMOUNTS, ...none, recipient: recipients[0]!, recipientIds: recipients.map((r) => r.id) };
  }
  if (type === '07') {
    const recipient = party(
      info,
      'identificacionSujetoRetenido',
      'tipoIdentificacionSujetoRetenido',
      'razonSocialSujetoRetenido',
    );
    const supportingDocuments =
      version === '2.0.0' ? supportingDocumentsV2(root) : supportingDocumentsV1(root);
    return {
      ...NO_AMOUNTS,
      ...none,
      recipient,
      recipientIds: [recipient.id],
      retention: { fiscalPeriod: info.required('periodoFiscal'), supportingDocuments },
    };
  }
  const recipient =
    type === '03'
      ? party(info, 'identificacionProveedor', 'tipoIdentificacionProveedor', 'razonSocialProveedor')
      : party(info, 'identificacionComprador', 'tipoIdentificacionComprador', 'razonSocialComprador');
  const common = {
    recipient,
    recipientIds: [recipient.id],
    currency: info.optional('moneda'),
    subtotal: info.amount('totalSinImpuestos'),
    discount: info.optionalAmount('totalDescuento'),
    tip: info.optionalAmount('propina'),
    payments: payments(info),
  };
  if (type === '05') {
    const reasons = root.all('motivos', 'motivo').map((m) => m.required('razon'));
    return {
      ...common,
      total: info.amount('valorTotal'),
      taxes: taxGroups(info, 'impuestos', 'impuesto'),
      modifiedDocument: modifiedDocument(info),
      reason: reasons.length === 0 ? null : reasons.join('; '),
      retention: null,
    };
  }
  const taxes = taxGroups(info, 'totalConImpuestos', 'totalImpuesto');
  if (type === '04') {
    return {
      ...common,
      total: info.amount('valorModificacion'),
      taxes,
      modifiedDocument: modifiedDocument(info),
      reason: info.optional('motivo'),
      retention: null,
    };
  }
  return { ...common, total: info.amount('importeTotal'), taxes, ...none };
}
