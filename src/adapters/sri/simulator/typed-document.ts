import type { XmlElement } from 'libxml2-wasm';

/** One tax of a line or of the totals, as the XML gives it. */
export interface TaxAmount {
  codigo: string;
  codigoPorcentaje: string;
  /** Line taxes always carry it; a totalImpuesto may not. */
  tarifa: string | null;
  baseImponible: string;
  valor: string;
  descuentoAdicional: string | null;
}

/**
 * The figures of the document types without item lines (REFERENCE-TYPES.md): each retención
 * supporting document, the nota de débito's reasons and taxes; a guía carries no amounts.
 */
export interface WithholdingAmounts {
  kind: 'comprobanteRetencion';
  docs: {
    totalSinImpuestos: string;
    importeTotal: string;
    taxes: { baseImponible: string; tarifa: string; valorImpuesto: string }[];
    retenciones: {
      codigo: string;
      baseImponible: string;
      porcentajeRetener: string;
      valorRetenido: string;
    }[];
    pagos: string[];
  }[];
}

export interface DebitNoteAmounts {
  kind: 'notaDebito';
  motivos: string[];
  totalSinImpuestos: string;
  impuestos: TaxAmount[];
  compensaciones: string[];
  valorTotal: string;
  pagos: string[];
}

export type TypedAmounts = WithholdingAmounts | DebitNoteAmounts | { kind: 'guiaRemision' };

const textOf = (from: XmlElement, xpath: string) => from.get(xpath)?.content.trim() ?? '';
const all = (from: XmlElement, xpath: string) => from.find(xpath) as XmlElement[];

export function readTypedAmounts(
  root: XmlElement,
  readTax: (el: XmlElement) => TaxAmount,
): TypedAmounts | null {
  switch (root.name) {
    case 'guiaRemision':
      return { kind: 'guiaRemision' };
    case 'comprobanteRetencion':
      return {
        kind: 'comprobanteRetencion',
        docs: all(root, 'docsSustento/docSustento').map((doc) => ({
          totalSinImpuestos: textOf(doc, 'totalSinImpuestos'),
          importeTotal: textOf(doc, 'importeTotal'),
          taxes: all(doc, 'impuestosDocSustento/impuestoDocSustento').map((t) => ({
            baseImponible: textOf(t, 'baseImponible'),
            tarifa: textOf(t, 'tarifa'),
            valorImpuesto: textOf(t, 'valorImpuesto'),
          })),
          retenciones: all(doc, 'retenciones/retencion').map((r) => ({
            codigo: textOf(r, 'codigo'),
            baseImponible: textOf(r, 'baseImponible'),
            porcentajeRetener: textOf(r, 'porcentajeRetener'),
            valorRetenido: textOf(r, 'valorRetenido'),
          })),
          pagos: all(doc, 'pagos/pago/total').map((p) => p.content.trim()),
        })),
      };
    case 'notaDebito':
      return {
        kind: 'notaDebito',
        motivos: all(root, 'motivos/motivo/valor').map((v) => v.content.trim()),
        totalSinImpuestos: textOf(root, 'infoNotaDebito/totalSinImpuestos'),
        impuestos: all(root, 'infoNotaDebito/impuestos/impuesto').map(readTax),
        compensaciones: all(root, 'infoNotaDebito/compensaciones/compensacion/valor').map((v) =>
          v.content.trim(),
        ),
        valorTotal: textOf(root, 'infoNotaDebito/valorTotal'),
        pagos: all(root, 'infoNotaDebito/pagos/pago/total').map((p) => p.content.trim()),
      };
    default:
      return null;
  }
}
