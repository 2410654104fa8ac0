import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Executor } from '../../db/pool.js';
import type { Environment } from '../../shared/scope.js';
import type { AtsPurchase, AtsSale } from './ats.model.js';
import { type AtsSummary, buildAts } from './ats-build.js';
import { periodBounds } from './ats-checks.js';
import { checkProblem, schemaProblem, splitElement } from './ats-problems.js';
import { countReceived, purchasesOf, WITHHELD_TYPES } from './ats-purchase-source.js';
import type { AtsReportProblem, AtsReportSummary, AtsTarget } from './ats-report.model.js';
import { targetOf } from './ats-report.model.js';
import { validateAtsSchema as validateFile } from './ats-schema.js';
import { type AtsQuery, countOwn, rucIssuers, salesOf } from './ats-sources.js';
import { RateTotals } from './ats-summary.js';

/** At most this many schema messages are kept: past the first few they repeat one cause. */
const MAX_SCHEMA_PROBLEMS = 20;

export interface BuildInput {
  db: Executor;
  tenantId: string;
  environment: Environment;
  issuer: { id: string; ruc: string; businessName: string };
  year: number;
  month: number;
  semester: boolean;
  xmlFile: string;
  progress: (values: { done?: number; total?: number }) => Promise<void>;
}

/** Writes through a file stream, waiting when its buffer is full (the file may be tens of MB). */
function fileWriter(path: string) {
  const out = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => {});
  return {
    async write(chunk: string) {
      if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
    },
    async close() {
      out.end();
      await Promise.race([once(out, 'finish'), failed]);
    },
  };
}

/**
 * Builds ATmmaaaa.xml from the database into `xmlFile`, checking each row as it is written and the
 * whole file against the schema; returns the summary and the problems (docs/ats.md).
 */
export async function buildReportFile(input: BuildInput) {
  const { db, issuer } = input;
  const { issuerIds, establishments } = await rucIssuers(db, input.tenantId, issuer.ruc);
  const bounds = periodBounds(input.year, input.month, input.semester);
  const q: AtsQuery = {
    db,
    tenantId: input.tenantId,
    environment: input.environment,
    ruc: issuer.ruc,
    issuerIds,
    ...bounds,
  };
  const total =
    (await countOwn(q, ['01', '04', '05'])) + (await countReceived(q)) + (await countOwn(q, ['03']));
  let done = 0;
  await input.progress({ total, done });
  const onBatch = async (n: number) => {
    done += n;
    await input.progress({ done });
  };

  const problems: AtsReportProblem[] = [];
  const targets: AtsTarget[] = [];
  const compras = new RateTotals();
  const ventas = new RateTotals();
  const counts = { withoutRetention: 0, assumed: 0 };
  async function* purchases(): AsyncGenerator<AtsPurchase> {
    for await (const s of purchasesOf(q, onBatch)) {
      targets.push(s.target);
      compras.add(s.purchase.taxes, s.purchase.documentType);
      const row = `compras/detalleCompras`;
      const name = `${s.purchase.establishment}-${s.purchase.point}-${s.purchase.sequential}`;
      if (s.sustentoSource === 'ASSUMED') {
        counts.assumed += 1;
        problems.push({
          severity: 'WARNING',
          code: 'SUSTENTO_ASSUMED',
          element: `${row}/codSustento`,
          target: s.target,
          es: `codSustento: la compra ${name} no tiene sustento tributario; se asumió ${s.purchase.supportCode}. Indíquelo en la compra o como predeterminado del proveedor`,
          en: `codSustento: purchase ${name} has no sustento code; ${s.purchase.supportCode} was assumed. Set it on the purchase or as the supplier's default`,
        });
      }
      if (WITHHELD_TYPES.has(s.purchase.documentType) && !s.purchase.retention) {
        counts.withoutRetention += 1;
        problems.push({
          severity: 'WARNING',
          code: 'PURCHASE_WITHOUT_RETENTION',
          element: `${row}/autRetencion1`,
          target: s.target,
          es: `autRetencion1: la compra ${name} no tiene una retención autorizada emitida por usted`,
          en: `autRetencion1: purchase ${name} has no authorized retention issued by you`,
        });
      }
      yield s.purchase;
    }
  }
  async function* sales(): AsyncGenerator<AtsSale> {
    for await (const sale of salesOf(q, onBatch)) {
      ventas.add(sale.taxes, sale.documentType);
      yield sale;
    }
  }

  const header = {
    ruc: issuer.ruc,
    legalName: issuer.businessName,
    period: { year: input.year, month: input.month, semester: input.semester },
    establishments,
    totalVentasReading: 'physical' as const,
  };
  const out = fileWriter(input.xmlFile);
  let built: AtsSummary;
  try {
    built = await buildAts(header, { purchases: purchases(), sales: sales(), voided: [] }, (c) =>
      out.write(c),
    );
  } finally {
    await out.close();
  }
  const issuerTarget = targetOf('issuer', issuer.id);
  for (const p of built.problems) {
    const { section, row } = splitElement(p.element);
    const target =
      section === 'compras' && row !== null
        ? (targets[row - 1] ?? null)
        : section === 'ventas'
          ? null
          : issuerTarget;
    problems.push(checkProblem(p, target));
  }
  const schema = validateFile(await readFile(input.xmlFile));
  problems.push(...schema.slice(0, MAX_SCHEMA_PROBLEMS).map((m) => schemaProblem(m, null)));

  const summary: AtsReportSummary = {
    compras: {
      count: built.purchases.rows,
      withoutRetention: counts.withoutRetention,
      assumedSustento: counts.assumed,
      byRate: compras.list(),
      retainedVat: built.purchases.vatWithheld,
      retainedIncomeTax: built.purchases.incomeTaxWithheld,
      total: compras.total(),
    },
    ventas: {
      rows: built.sales.rows,
      documents: built.sales.documents,
      byRate: ventas.list(),
      total: ventas.total(),
    },
    ventasEstablecimiento: built.sales.establishments.map((e) => ({ establishment: e.code, total: e.total })),
    anulados: { count: built.voided },
    header: {
      numEstabRuc: String(establishments.length).padStart(3, '0'),
      totalVentas: built.sales.totalVentas,
    },
  };
  return { summary, problems };
}
