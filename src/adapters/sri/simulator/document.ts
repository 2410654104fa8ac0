import type { XmlDocument, XmlElement } from 'libxml2-wasm';
import { readTypedAmounts, type TaxAmount, type TypedAmounts } from './typed-document.js';

export type { TaxAmount } from './typed-document.js';

/**
 * The fields the simulator's checks read from a submitted document, taken from a document that
 * already passed the schema (so every required element exists). Amounts stay decimal strings.
 */

export interface DocumentAmounts {
  kind: 'factura' | 'notaCredito' | 'liquidacionCompra';
  lines: { precioTotalSinImpuesto: string; taxes: TaxAmount[] }[];
  totalSinImpuestos: string;
  totalTaxes: TaxAmount[];
  /** importeTotal (factura) or valorModificacion (notaCredito). */
  total: string;
  /** propina and the export charges; they add to the factura total. */
  charges: string[];
  compensaciones: string[];
}

export interface SubmittedDocument {
  accessKey: string;
  ambiente: string;
  tipoEmision: string;
  ruc: string;
  codDoc: string;
  estab: string;
  ptoEmi: string;
  secuencial: string;
  /** dd/mm/aaaa */
  fechaEmision: string;
  /** Value of campoAdicional nombre="simulador" (any case), trimmed; null when absent. */
  simulatorDirective: string | null;
  amounts: DocumentAmounts | TypedAmounts;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

export function readSubmittedDocument(doc: XmlDocument): SubmittedDocument {
  const root = doc.root;
  const text = (xpath: string, from: XmlElement = root) => from.get(xpath)?.content.trim() ?? '';
  const directive = root.get(
    `infoAdicional/campoAdicional[translate(@nombre, '${UPPER}', '${LOWER}') = 'simulador']`,
  );
  const info = INFO_ELEMENT[root.name] ?? 'infoFactura';
  const accessKey = text('infoTributaria/claveAcceso');
  return {
    accessKey,
    ambiente: text('infoTributaria/ambiente'),
    tipoEmision: text('infoTributaria/tipoEmision'),
    ruc: text('infoTributaria/ruc'),
    codDoc: text('infoTributaria/codDoc'),
    estab: text('infoTributaria/estab'),
    ptoEmi: text('infoTributaria/ptoEmi'),
    secuencial: text('infoTributaria/secuencial'),
    // A guía has no fechaEmision: its issue date is the one in its access key (REFERENCE-TYPES.md §5).
    fechaEmision:
      root.name === 'guiaRemision'
        ? `${accessKey.slice(0, 2)}/${accessKey.slice(2, 4)}/${accessKey.slice(4, 8)}`
        : text(`${info}/fechaEmision`),
    simulatorDirective: directive ? directive.content.trim() : null,
    amounts: readTypedAmounts(root, readTax) ?? readItemAmounts(root, info, text),
  };
}

/** The root element → its info block. */
const INFO_ELEMENT: Record<string, string> = {
  factura: 'infoFactura',
  notaCredito: 'infoNotaCredito',
  liquidacionCompra: 'infoLiquidacionCompra',
  notaDebito: 'infoNotaDebito',
  comprobanteRetencion: 'infoCompRetencion',
  guiaRemision: 'infoGuiaRemision',
};

/** Documents with detalles and totalConImpuestos: factura, notaCredito, liquidacionCompra. */
function readItemAmounts(
  root: XmlElement,
  info: string,
  text: (xpath: string, from?: XmlElement) => string,
): DocumentAmounts {
  const kind =
    root.name === 'notaCredito'
      ? 'notaCredito'
      : root.name === 'liquidacionCompra'
        ? 'liquidacionCompra'
        : 'factura';
  return {
    kind,
    lines: (root.find('detalles/detalle') as XmlElement[]).map((line) => ({
      precioTotalSinImpuesto: text('precioTotalSinImpuesto', line),
      taxes: (line.find('impuestos/impuesto') as XmlElement[]).map(readTax),
    })),
    totalSinImpuestos: text(`${info}/totalSinImpuestos`),
    totalTaxes: (root.find(`${info}/totalConImpuestos/totalImpuesto`) as XmlElement[]).map(readTax),
    total: text(kind === 'notaCredito' ? `${info}/valorModificacion` : `${info}/importeTotal`),
    charges:
      kind === 'factura'
        ? ['propina', 'fleteInternacional', 'seguroInternacional', 'gastosAduaneros', 'gastosTransporteOtros']
            .map((name) => text(`${info}/${name}`))
            .filter((v) => v !== '')
        : [],
    compensaciones: (root.find(`${info}/compensaciones/compensacion/valor`) as XmlElement[]).map((v) =>
      v.content.trim(),
    ),
  };
}

function readTax(el: XmlElement): TaxAmount {
  const text = (name: string) => {
    const v = el.get(name)?.content.trim();
    return v === undefined || v === '' ? null : v;
  };
  return {
    codigo: text('codigo') ?? '',
    codigoPorcentaje: text('codigoPorcentaje') ?? '',
    tarifa: text('tarifa'),
    baseImponible: text('baseImponible') ?? '0',
    valor: text('valor') ?? '0',
    descuentoAdicional: text('descuentoAdicional'),
  };
}
