import { D, type Dec, dec, sum } from '../../shared/money.js';
import type { AtsPurchase, AtsTax } from './ats.model.js';
import {
  purchaseIdType,
  TAX_ICE,
  TAX_VAT,
  VAT_EXEMPT,
  VAT_NOT_SUBJECT,
  VAT_WITHHOLDING_ELEMENTS,
  VAT_ZERO,
} from './ats-catalogs.js';
import { annexAmount, annexDate, annexId, annexName } from './ats-text.js';
import { type AtsNode, block, leaf } from './ats-tree.js';

/** The bases and taxes of one document by the annex's buckets (REFERENCE-ATS §2.2 rows 14-19). */
export interface TaxBuckets {
  notSubject: Dec;
  zero: Dec;
  taxed: Dec;
  exempt: Dec;
  ice: Dec;
  vat: Dec;
}

export function bucketTaxes(taxes: readonly AtsTax[]): TaxBuckets {
  const b: TaxBuckets = {
    notSubject: new D(0),
    zero: new D(0),
    taxed: new D(0),
    exempt: new D(0),
    ice: new D(0),
    vat: new D(0),
  };
  for (const t of taxes) {
    if (t.taxCode === TAX_ICE) b.ice = b.ice.plus(dec(t.amount));
    if (t.taxCode !== TAX_VAT) continue;
    if (t.rateCode === VAT_ZERO) b.zero = b.zero.plus(dec(t.base));
    else if (t.rateCode === VAT_NOT_SUBJECT) b.notSubject = b.notSubject.plus(dec(t.base));
    else if (t.rateCode === VAT_EXEMPT) b.exempt = b.exempt.plus(dec(t.base));
    else {
      b.taxed = b.taxed.plus(dec(t.base));
      b.vat = b.vat.plus(dec(t.amount));
    }
  }
  return b;
}

/** Sustento, supplier and document: the first thirteen elements of a compras row. */
function identification(p: AtsPurchase): AtsNode[] {
  const idType = purchaseIdType(p.supplierIdType) ?? p.supplierIdType;
  const nodes = [
    leaf('codSustento', p.supportCode),
    leaf('tpIdProv', idType),
    leaf('idProv', annexId(p.supplierId)),
    leaf('tipoComprobante', p.documentType),
  ];
  if (idType === '03') {
    nodes.push(leaf('tipoProv', p.supplierKind ?? '02'), leaf('denoProv', annexName(p.supplierName)));
  }
  nodes.push(
    leaf('parteRel', p.relatedParty ? 'SI' : 'NO'),
    leaf('fechaRegistro', annexDate(p.bookedOn)),
    leaf('establecimiento', p.establishment),
    leaf('puntoEmision', p.point),
    leaf('secuencial', p.sequential),
    leaf('fechaEmision', annexDate(p.issueDate)),
    leaf('autorizacion', p.authorization),
  );
  return nodes;
}

function withholdings(p: AtsPurchase): AtsNode[] {
  const lines = p.retention?.lines ?? [];
  return VAT_WITHHOLDING_ELEMENTS.map(({ code, element }) =>
    leaf(
      element,
      annexAmount(sum(lines.filter((l) => l.taxCode === '2' && l.code === code).map((l) => dec(l.amount)))),
    ),
  );
}

/** Resident suppliers only (REFERENCE-ATS §4.6): foreign payments are not issued from here yet. */
const LOCAL_PAYMENT = block('pagoExterior', [
  leaf('pagoLocExt', '01'),
  leaf('paisEfecPago', 'NA'),
  leaf('aplicConvDobTrib', 'NA'),
  leaf('pagExtSujRetNorLeg', 'NA'),
]);

function incomeTax(p: AtsPurchase): AtsNode[] {
  const lines = (p.retention?.lines ?? []).filter((l) => l.taxCode === '1');
  if (lines.length === 0) return [];
  return [
    block(
      'air',
      lines.map((l) =>
        block('detalleAir', [
          leaf('codRetAir', l.code),
          leaf('baseImpAir', annexAmount(dec(l.base))),
          leaf('porcentajeAir', annexAmount(dec(l.rate))),
          leaf('valRetAir', annexAmount(dec(l.amount))),
        ]),
      ),
    ),
  ];
}

function retentionDocument(p: AtsPurchase): AtsNode[] {
  const r = p.retention;
  if (!r) return [];
  return [
    leaf('estabRetencion1', r.establishment),
    leaf('ptoEmiRetencion1', r.point),
    leaf('secRetencion1', r.sequential),
    leaf('autRetencion1', r.authorization),
    leaf('fechaEmiRet1', annexDate(r.issueDate)),
  ];
}

function modifiedDocument(p: AtsPurchase): AtsNode[] {
  const m = p.modified;
  if (!m) return [];
  return [
    leaf('docModificado', m.documentType),
    leaf('estabModificado', m.establishment),
    leaf('ptoEmiModificado', m.point),
    leaf('secModificado', m.sequential),
    leaf('autModificado', m.authorization),
  ];
}

/** One `detalleCompras` row, in the schema's order (REFERENCE-ATS §2.2). */
export function purchaseRow(p: AtsPurchase): AtsNode {
  const b = bucketTaxes(p.taxes);
  const forms = [...new Set(p.paymentForms)].sort();
  return block('detalleCompras', [
    ...identification(p),
    leaf('baseNoGraIva', annexAmount(b.notSubject)),
    leaf('baseImponible', annexAmount(b.zero)),
    leaf('baseImpGrav', annexAmount(b.taxed)),
    leaf('baseImpExe', annexAmount(b.exempt)),
    leaf('montoIce', annexAmount(b.ice)),
    leaf('montoIva', annexAmount(b.vat)),
    ...withholdings(p),
    LOCAL_PAYMENT,
    ...(forms.length > 0
      ? [
          block(
            'formasDePago',
            forms.map((f) => leaf('formaPago', f)),
          ),
        ]
      : []),
    ...incomeTax(p),
    ...retentionDocument(p),
    ...modifiedDocument(p),
  ]);
}
