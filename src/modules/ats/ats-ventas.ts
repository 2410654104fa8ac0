import { D, type Dec, dec } from '../../shared/money.js';
import type { AtsSale, TotalVentasReading } from './ats.model.js';
import { saleIdType } from './ats-catalogs.js';
import { bucketTaxes } from './ats-compras.js';
import { annexAmount, annexId, annexName } from './ats-text.js';
import { type AtsNode, block, leaf } from './ats-tree.js';

/**
 * The ventas block: a month's sales documents grouped by client id type, id, document type and
 * emission type (REFERENCE-ATS §5.1), with the totals the header and ventasEstablecimiento need.
 * Memory grows with the number of groups (clients), not of documents.
 */

/** Invoices are reported as 18; credit and debit notes keep 04 and 05 (Tabla 4). */
const SALE_DOCUMENT_TYPE: Record<AtsSale['documentType'], string> = { '01': '18', '04': '04', '05': '05' };
const TYPE_ORDER = ['18', '04', '05'];

interface SaleGroup {
  idType: string;
  id: string;
  documentType: string;
  emission: 'E' | 'F';
  name: string;
  kind?: '01' | '02';
  relatedParty: boolean;
  count: number;
  notSubject: Dec;
  zero: Dec;
  taxed: Dec;
  vat: Dec;
  ice: Dec;
  withheldVat: Dec;
  withheldIncomeTax: Dec;
  forms: Set<string>;
}

export class SalesAggregate {
  private readonly groups = new Map<string, SaleGroup>();
  /** Net bases per establishment of the sales `totalVentas` covers (credit notes subtracted). */
  private readonly perEstablishment = new Map<string, Dec>();
  /** Σ of the three bases over the covered rows, credit notes added (REFERENCE-ATS §5.2). */
  private covered = new D(0);
  documents = 0;

  constructor(private readonly reading: TotalVentasReading) {}

  add(sale: AtsSale): void {
    const idType = saleIdType(sale.buyerIdType) ?? sale.buyerIdType;
    const id = annexId(sale.buyerId);
    const documentType = SALE_DOCUMENT_TYPE[sale.documentType];
    const key = `${idType}|${id}|${documentType}|${sale.emission}`;
    let g = this.groups.get(key);
    if (!g) {
      g = {
        idType,
        id,
        documentType,
        emission: sale.emission,
        name: sale.buyerName,
        kind: sale.buyerKind,
        relatedParty: sale.relatedParty ?? false,
        count: 0,
        notSubject: new D(0),
        zero: new D(0),
        taxed: new D(0),
        vat: new D(0),
        ice: new D(0),
        withheldVat: new D(0),
        withheldIncomeTax: new D(0),
        forms: new Set(),
      };
      this.groups.set(key, g);
    }
    const b = bucketTaxes(sale.taxes);
    // Ventas has no exempt column: exempt sales go with the not-subject base (docs/ats.md).
    const notSubject = b.notSubject.plus(b.exempt);
    g.count += 1;
    g.notSubject = g.notSubject.plus(notSubject);
    g.zero = g.zero.plus(b.zero);
    g.taxed = g.taxed.plus(b.taxed);
    g.vat = g.vat.plus(b.vat);
    g.ice = g.ice.plus(b.ice);
    g.withheldVat = g.withheldVat.plus(dec(sale.withheldVat ?? '0'));
    g.withheldIncomeTax = g.withheldIncomeTax.plus(dec(sale.withheldIncomeTax ?? '0'));
    for (const f of sale.paymentForms) g.forms.add(f);
    this.documents += 1;
    if (this.reading === 'physical' && sale.emission !== 'F') return;
    const bases = notSubject.plus(b.zero).plus(b.taxed);
    this.covered = this.covered.plus(bases);
    const signed = sale.documentType === '04' ? bases.negated() : bases;
    this.perEstablishment.set(
      sale.establishment,
      (this.perEstablishment.get(sale.establishment) ?? new D(0)).plus(signed),
    );
  }

  totalVentas(): Dec {
    return this.covered;
  }

  establishmentSales(code: string): Dec {
    return this.perEstablishment.get(code) ?? new D(0);
  }

  /** The rows in a stable order: id type, id, then invoices before credit and debit notes. */
  rows(): AtsNode[] {
    const sorted = [...this.groups.values()].sort(
      (a, b) =>
        a.idType.localeCompare(b.idType) ||
        a.id.localeCompare(b.id) ||
        TYPE_ORDER.indexOf(a.documentType) - TYPE_ORDER.indexOf(b.documentType) ||
        a.emission.localeCompare(b.emission),
    );
    return sorted.map(saleRow);
  }
}

function saleRow(g: SaleGroup): AtsNode {
  const nodes: AtsNode[] = [leaf('tpIdCliente', g.idType), leaf('idCliente', g.id)];
  // parteRelVtas for RUC, cédula and passport clients; tipoCliente and denoCli for passports only.
  if (['04', '05', '06'].includes(g.idType)) nodes.push(leaf('parteRelVtas', g.relatedParty ? 'SI' : 'NO'));
  if (g.idType === '06') nodes.push(leaf('tipoCliente', g.kind ?? '01'), leaf('denoCli', annexName(g.name)));
  nodes.push(
    leaf('tipoComprobante', g.documentType),
    leaf('tipoEmision', g.emission),
    leaf('numeroComprobantes', String(g.count)),
    leaf('baseNoGraIva', annexAmount(g.notSubject)),
    leaf('baseImponible', annexAmount(g.zero)),
    leaf('baseImpGrav', annexAmount(g.taxed)),
    leaf('montoIva', annexAmount(g.vat)),
    leaf('montoIce', annexAmount(g.ice)),
    leaf('valorRetIva', annexAmount(g.withheldVat)),
    leaf('valorRetRenta', annexAmount(g.withheldIncomeTax)),
  );
  // Credit notes carry no collection forms (REFERENCE-ATS §5.1).
  if (g.documentType !== '04' && g.forms.size > 0) {
    nodes.push(
      block(
        'formasDePago',
        [...g.forms].sort().map((f) => leaf('formaPago', f)),
      ),
    );
  }
  return block('detalleVentas', nodes);
}
