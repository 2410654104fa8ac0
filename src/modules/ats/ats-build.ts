import { D, type Dec } from '../../shared/money.js';
import type { AtsHeader, AtsSources, AtsVoided } from './ats.model.js';
import { type AtsProblem, checkAtsHeader, checkRow, periodBounds } from './ats-checks.js';
import { purchaseRow } from './ats-compras.js';
import { annexAmount, annexName } from './ats-text.js';
import { type AtsNode, block, leaf, writeNode } from './ats-tree.js';
import { SalesAggregate } from './ats-ventas.js';

/**
 * Builds one ATS file (REFERENCE-ATS §2) and writes it through `write` as it goes: the sales are
 * aggregated first (the header's totalVentas needs them; memory grows with the clients), then the
 * purchases are streamed one row at a time, so a month of 10,000 purchases is never held whole.
 * Every row is checked as it is written; the problems come back with the summary and a file with
 * problems must not be offered for upload.
 */
export interface AtsSummary {
  purchases: { rows: number; bases: string; vat: string; vatWithheld: string; incomeTaxWithheld: string };
  sales: {
    documents: number;
    rows: number;
    totalVentas: string;
    establishments: { code: string; total: string }[];
  };
  voided: number;
  problems: AtsProblem[];
}

export type AtsWrite = (chunk: string) => void | Promise<void>;

/** Contiguous runs of voided sequentials of one type, series and authorization (REFERENCE-ATS §6). */
function voidedRows(voided: readonly AtsVoided[]): AtsNode[] {
  const sorted = [...voided].sort(
    (a, b) =>
      a.documentType.localeCompare(b.documentType) ||
      a.establishment.localeCompare(b.establishment) ||
      a.point.localeCompare(b.point) ||
      a.sequential - b.sequential,
  );
  const runs: { first: AtsVoided; last: number }[] = [];
  for (const v of sorted) {
    const run = runs.at(-1);
    const same =
      run &&
      run.first.documentType === v.documentType &&
      run.first.establishment === v.establishment &&
      run.first.point === v.point;
    if (run && same && run.first.authorization === v.authorization && v.sequential === run.last + 1)
      run.last = v.sequential;
    else runs.push({ first: v, last: v.sequential });
  }
  return runs.map(({ first, last }) =>
    block('detalleAnulados', [
      leaf('tipoComprobante', first.documentType),
      leaf('establecimiento', first.establishment),
      leaf('puntoEmision', first.point),
      leaf('secuencialInicio', String(first.sequential)),
      leaf('secuencialFin', String(last)),
      leaf('autorizacion', first.authorization),
    ]),
  );
}

function headerNodes(h: AtsHeader, totalVentas: Dec): AtsNode[] {
  const nodes = [
    leaf('TipoIDInformante', 'R'),
    leaf('IdInformante', h.ruc),
    leaf('razonSocial', annexName(h.legalName)),
    leaf('Anio', String(h.period.year)),
    leaf('Mes', String(h.period.month).padStart(2, '0')),
  ];
  if (h.period.semester) nodes.push(leaf('regimenMicroempresa', 'SI'));
  nodes.push(
    leaf('numEstabRuc', String(h.establishments.length).padStart(3, '0')),
    leaf('totalVentas', annexAmount(totalVentas)),
    leaf('codigoOperativo', 'IVA'),
  );
  return nodes;
}

export async function buildAts(header: AtsHeader, sources: AtsSources, write: AtsWrite): Promise<AtsSummary> {
  const { period } = header;
  const bounds = periodBounds(period.year, period.month, period.semester ?? false);
  const problems: AtsProblem[] = [];
  const sales = new SalesAggregate(header.totalVentasReading);
  for await (const sale of sources.sales) sales.add(sale);

  await write('<?xml version="1.0" encoding="UTF-8"?>\n<iva>\n');
  const head = block('iva', headerNodes(header, sales.totalVentas()));
  for (const node of head.children ?? []) {
    problems.push(...checkRow(node, `iva/${node.name}`, bounds));
    await write(writeNode(node, 1));
  }
  problems.push(...checkAtsHeader(head));

  const purchases = {
    rows: 0,
    bases: new D(0),
    vat: new D(0),
    vatWithheld: new D(0),
    incomeTaxWithheld: new D(0),
  };
  for await (const purchase of sources.purchases) {
    const row = purchaseRow(purchase);
    if (purchases.rows === 0) await write('    <compras>\n');
    purchases.rows += 1;
    problems.push(...checkRow(row, `iva/compras/detalleCompras[${purchases.rows}]`, bounds));
    for (const t of purchase.taxes) {
      if (t.taxCode !== '2') continue;
      purchases.bases = purchases.bases.plus(t.base);
      purchases.vat = purchases.vat.plus(t.amount);
    }
    for (const l of purchase.retention?.lines ?? []) {
      if (l.taxCode === '2') purchases.vatWithheld = purchases.vatWithheld.plus(l.amount);
      else purchases.incomeTaxWithheld = purchases.incomeTaxWithheld.plus(l.amount);
    }
    await write(writeNode(row, 2));
  }
  if (purchases.rows > 0) await write('    </compras>\n');

  const saleRows = sales.rows();
  await writeBlock('ventas', saleRows, write, problems, bounds);
  const perEstablishment = header.establishments.map((code) =>
    block('ventaEst', [
      leaf('codEstab', code),
      leaf('ventasEstab', annexAmount(sales.establishmentSales(code))),
    ]),
  );
  await writeBlock('ventasEstablecimiento', perEstablishment, write, problems, bounds);
  const voided: AtsVoided[] = [];
  for await (const v of sources.voided) voided.push(v);
  const voidedNodes = voidedRows(voided);
  await writeBlock('anulados', voidedNodes, write, problems, bounds);
  await write('</iva>\n');

  return {
    purchases: {
      rows: purchases.rows,
      bases: annexAmount(purchases.bases),
      vat: annexAmount(purchases.vat),
      vatWithheld: annexAmount(purchases.vatWithheld),
      incomeTaxWithheld: annexAmount(purchases.incomeTaxWithheld),
    },
    sales: {
      documents: sales.documents,
      rows: saleRows.length,
      totalVentas: annexAmount(sales.totalVentas()),
      establishments: header.establishments.map((code) => ({
        code,
        total: annexAmount(sales.establishmentSales(code)),
      })),
    },
    voided: voidedNodes.length,
    problems,
  };
}

async function writeBlock(
  name: string,
  rows: AtsNode[],
  write: AtsWrite,
  problems: AtsProblem[],
  bounds: { first: string; last: string },
): Promise<void> {
  // An empty wrapper does not validate (ventaEst and the detalle rows have minOccurs 1).
  if (rows.length === 0) return;
  await write(`    <${name}>\n`);
  rows.forEach((row, i) => {
    problems.push(...checkRow(row, `iva/${name}/${row.name}[${i + 1}]`, bounds));
  });
  for (const row of rows) await write(writeNode(row, 2));
  await write(`    </${name}>\n`);
}
