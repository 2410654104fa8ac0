import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulo11CheckDigit } from '../../src/adapters/sri/simulator/access-key.js';
import { ecuadorDate } from '../../src/shared/clock.js';

/**
 * Unsigned tax documents for the simulator tests, written directly in canonical XML (C14N 1.0:
 * attributes in order, no empty-element tags, no declaration) so the test signer can hash the
 * string itself and stays independent of the simulator's canonicalizer.
 */

/** Real tax authority documents, copied into the repository (test/fixtures/sri/README.md names their sources). */
export const SAMPLES_DIR = path.resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../fixtures/sri/samples',
);
export const REAL_SIGNED_INVOICE = path.join(
  SAMPLES_DIR,
  'factura_v1.1.0_real_0810202301019047913700120021000000699911921739517.extracted.xml',
);
export const REAL_AUTH_RESPONSE = path.join(
  SAMPLES_DIR,
  'soap_autorizacionComprobanteResponse_real_1802202207139170166700120010010000811680009918810.xml',
);

const escapeText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A canonical element: el('a', {x: '1'}, 'text') or el('a', {}, [el(...), ...]). */
function el(name: string, attrs: Record<string, string>, content: string | string[]): string {
  const attrText = Object.keys(attrs)
    .sort()
    .map((k) => ` ${k}="${attrs[k]!.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}"`)
    .join('');
  const inner = Array.isArray(content) ? content.join('') : escapeText(content);
  return `<${name}${attrText}>${inner}</${name}>`;
}
const e = (name: string, content: string | string[]) => el(name, {}, content);

let sequence = Math.floor(Math.random() * 1_000_000);

export interface DocumentOptions {
  ambiente?: '1' | '2';
  ruc?: string;
  estab?: string;
  ptoEmi?: string;
  secuencial?: string;
  numericCode?: string;
  /** Issue date as an instant; its Ecuador calendar date is written. Default: now. */
  issuedAt?: Date;
  /** Value of campoAdicional nombre="simulador". */
  directive?: string;
  razonSocial?: string;
  /** Overrides the computed importeTotal / valorModificacion (arithmetic errors). */
  total?: string;
  /** Overrides the access key written in the document. */
  accessKey?: string;
}

export interface BuiltDocument {
  xml: string;
  accessKey: string;
  secuencial: string;
}

export function accessKeyFor(fields: {
  date: string;
  codDoc: string;
  ruc: string;
  ambiente: string;
  estab: string;
  ptoEmi: string;
  secuencial: string;
  numericCode: string;
}): string {
  const first48 = `${fields.date.replaceAll('/', '')}${fields.codDoc}${fields.ruc}${fields.ambiente}${fields.estab}${fields.ptoEmi}${fields.secuencial}${fields.numericCode}1`;
  return `${first48}${modulo11CheckDigit(first48)}`;
}

function infoTributaria(
  codDoc: string,
  o: DocumentOptions,
  date: string,
): { xml: string; key: string; sec: string } {
  const ambiente = o.ambiente ?? '1';
  const ruc = o.ruc ?? '1790011674001';
  const estab = o.estab ?? '001';
  const ptoEmi = o.ptoEmi ?? '001';
  const secuencial = o.secuencial ?? String(++sequence % 1_000_000_000).padStart(9, '0');
  const numericCode = o.numericCode ?? '12345678';
  const key =
    o.accessKey ?? accessKeyFor({ date, codDoc, ruc, ambiente, estab, ptoEmi, secuencial, numericCode });
  const xml = e('infoTributaria', [
    e('ambiente', ambiente),
    e('tipoEmision', '1'),
    e('razonSocial', o.razonSocial ?? 'EMPRESA DE PRUEBAS S.A.'),
    e('nombreComercial', 'PRUEBAS'),
    e('ruc', ruc),
    e('claveAcceso', key),
    e('codDoc', codDoc),
    e('estab', estab),
    e('ptoEmi', ptoEmi),
    e('secuencial', secuencial),
    e('dirMatriz', 'Av. Amazonas N23-45, Quito'),
  ]);
  return { xml, key, sec: secuencial };
}

function infoAdicional(o: DocumentOptions): string {
  const fields = [el('campoAdicional', { nombre: 'email' }, 'comprador@example.com')];
  if (o.directive !== undefined) fields.push(el('campoAdicional', { nombre: 'Simulador' }, o.directive));
  return e('infoAdicional', fields);
}

/** Two lines at IVA 15%: 2 × 10.00 and 1 × 5.50 → base 25.50, IVA 3.83, total 29.33. */
export function buildInvoice(o: DocumentOptions = {}): BuiltDocument {
  const date = ecuadorDate(o.issuedAt ?? new Date());
  const it = infoTributaria('01', o, date);
  const line = (code: string, qty: string, price: string, base: string, iva: string) =>
    e('detalle', [
      e('codigoPrincipal', code),
      e('descripcion', `Producto ${code}`),
      e('cantidad', qty),
      e('precioUnitario', price),
      e('descuento', '0.00'),
      e('precioTotalSinImpuesto', base),
      e('impuestos', [
        e('impuesto', [
          e('codigo', '2'),
          e('codigoPorcentaje', '4'),
          e('tarifa', '15.00'),
          e('baseImponible', base),
          e('valor', iva),
        ]),
      ]),
    ]);
  const total = o.total ?? '29.33';
  const xml = el('factura', { id: 'comprobante', version: '1.1.0' }, [
    it.xml,
    e('infoFactura', [
      e('fechaEmision', date),
      e('obligadoContabilidad', 'SI'),
      e('tipoIdentificacionComprador', '05'),
      e('razonSocialComprador', 'JUAN PÉREZ'),
      e('identificacionComprador', '1710034065'),
      e('totalSinImpuestos', '25.50'),
      e('totalDescuento', '0.00'),
      e('totalConImpuestos', [
        e('totalImpuesto', [
          e('codigo', '2'),
          e('codigoPorcentaje', '4'),
          e('baseImponible', '25.50'),
          e('valor', '3.83'),
        ]),
      ]),
      e('propina', '0.00'),
      e('importeTotal', total),
      e('moneda', 'DOLAR'),
      e('pagos', [e('pago', [e('formaPago', '01'), e('total', total)])]),
    ]),
    e('detalles', [line('A1', '2', '10.00', '20.00', '3.00'), line('B2', '1', '5.50', '5.50', '0.83')]),
    infoAdicional(o),
  ]);
  return { xml, accessKey: it.key, secuencial: it.sec };
}

/** One line of 100.00 at IVA 15% → valorModificacion 115.00. */
export function buildCreditNote(o: DocumentOptions = {}): BuiltDocument {
  const date = ecuadorDate(o.issuedAt ?? new Date());
  const it = infoTributaria('04', o, date);
  const tax = [e('codigo', '2'), e('codigoPorcentaje', '4')];
  const xml = el('notaCredito', { id: 'comprobante', version: '1.1.0' }, [
    it.xml,
    e('infoNotaCredito', [
      e('fechaEmision', date),
      e('tipoIdentificacionComprador', '05'),
      e('razonSocialComprador', 'JUAN PÉREZ'),
      e('identificacionComprador', '1710034065'),
      e('obligadoContabilidad', 'SI'),
      e('codDocModificado', '01'),
      e('numDocModificado', '001-001-000000012'),
      e('fechaEmisionDocSustento', date),
      e('totalSinImpuestos', '100.00'),
      e('valorModificacion', o.total ?? '115.00'),
      e('moneda', 'DOLAR'),
      e('totalConImpuestos', [
        e('totalImpuesto', [...tax, e('baseImponible', '100.00'), e('valor', '15.00')]),
      ]),
      e('motivo', 'DEVOLUCIÓN'),
    ]),
    e('detalles', [
      e('detalle', [
        e('codigoInterno', 'A1'),
        e('descripcion', 'Producto devuelto'),
        e('cantidad', '1'),
        e('precioUnitario', '100.00'),
        e('descuento', '0.00'),
        e('precioTotalSinImpuesto', '100.00'),
        e('impuestos', [
          e('impuesto', [...tax, e('tarifa', '15.00'), e('baseImponible', '100.00'), e('valor', '15.00')]),
        ]),
      ]),
    ]),
    infoAdicional(o),
  ]);
  return { xml, accessKey: it.key, secuencial: it.sec };
}
