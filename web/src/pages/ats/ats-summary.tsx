import { TableHead, TableRegion } from '../../components/table-region';
import { Badge } from '../../components/ui';
import { money } from '../../format';
import { type T, useT } from '../../i18n';
import { Link } from '../../router';
import type { AtsProblem, AtsSummary, RateTotal } from './ats-types';

/** A rate group as the owner's books name it. */
function rateName(t: T, rate: string): string {
  if (rate === 'NO_OBJECT') return t('No objeto de IVA', 'Not subject to VAT');
  if (rate === 'EXEMPT') return t('Exento de IVA', 'VAT exempt');
  return `IVA ${rate} %`;
}

function RateTable({ label, rows }: { label: string; rows: RateTotal[] }) {
  const t = useT();
  return (
    <TableRegion label={label}>
      <table className="table compact" aria-label={label}>
        <TableHead
          columns={[t('Grupo', 'Group'), [t('Base imponible', 'Taxable base'), 'num'], ['IVA', 'num']]}
        />
        <tbody>
          {rows.map((r) => (
            <tr key={r.rate}>
              <td>{rateName(t, r.rate)}</td>
              <td className="num">{money(r.base)}</td>
              <td className="num">{money(r.tax)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** What the file says, section by section, to check against the books before uploading it. */
export function AtsSummaryView({ summary: s }: { summary: AtsSummary }) {
  const t = useT();
  return (
    <div className="cards ats-summary">
      <section aria-label={t('Compras', 'Purchases')}>
        <h3>{t('Compras', 'Purchases')}</h3>
        <dl className="totals">
          <dt>{t('Comprobantes', 'Documents')}</dt>
          <dd>{s.compras.count}</dd>
          <dt>{t('Sin retención', 'Without retention')}</dt>
          <dd>{s.compras.withoutRetention}</dd>
          <dt>{t('Sustento asumido', 'Tax support assumed')}</dt>
          <dd>{s.compras.assumedSustento}</dd>
          <dt>{t('IVA retenido', 'VAT withheld')}</dt>
          <dd>{money(s.compras.retainedVat)}</dd>
          <dt>{t('Renta retenida', 'Income tax withheld')}</dt>
          <dd>{money(s.compras.retainedIncomeTax)}</dd>
          <dt>{t('Total', 'Total')}</dt>
          <dd>
            <strong>{money(s.compras.total)}</strong>
          </dd>
        </dl>
        <RateTable label={t('Compras por tarifa', 'Purchases by rate')} rows={s.compras.byRate} />
      </section>
      <section aria-label={t('Ventas', 'Sales')}>
        <h3>{t('Ventas', 'Sales')}</h3>
        <dl className="totals">
          <dt>{t('Comprobantes', 'Documents')}</dt>
          <dd>{s.ventas.documents}</dd>
          <dt>{t('Filas por cliente', 'Rows per client')}</dt>
          <dd>{s.ventas.rows}</dd>
          <dt>{t('Anulados', 'Voided')}</dt>
          <dd>{s.anulados.count}</dd>
          <dt>{t('Total', 'Total')}</dt>
          <dd>
            <strong>{money(s.ventas.total)}</strong>
          </dd>
        </dl>
        <RateTable label={t('Ventas por tarifa', 'Sales by rate')} rows={s.ventas.byRate} />
        <h4>{t('Ventas por establecimiento', 'Sales per establishment')}</h4>
        <dl className="totals">
          {s.ventasEstablecimiento.flatMap((e) => [
            <dt key={`dt-${e.establishment}`}>{e.establishment}</dt>,
            <dd key={`dd-${e.establishment}`}>{money(e.total)}</dd>,
          ])}
          <dt>{t('Establecimientos del RUC', 'Establishments of the RUC')}</dt>
          <dd>{Number(s.header.numEstabRuc)}</dd>
          <dt>{t('Total de ventas (cabecera)', 'Total sales (header)')}</dt>
          <dd>{money(s.header.totalVentas)}</dd>
        </dl>
      </section>
    </div>
  );
}

/** Errors (the file is refused until they are fixed) and warnings, each with a link to fix it. */
export function AtsProblems({ problems }: { problems: AtsProblem[] }) {
  const t = useT();
  if (problems.length === 0) return null;
  const errors = problems.filter((p) => p.severity === 'ERROR').length;
  return (
    <section aria-label={t('Problemas', 'Problems')} className="ats-problems">
      <h3>
        {t(
          `Problemas: ${errors} errores, ${problems.length - errors} avisos`,
          `Problems: ${errors} errors, ${problems.length - errors} warnings`,
        )}
      </h3>
      <ul className="doc-cards">
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same code may repeat for different elements
          <li key={i} className="doc-card" data-severity={p.severity}>
            <div className="doc-card-head">
              <span>{p.message}</span>
              <Badge
                value={p.severity === 'ERROR' ? t('Error', 'Error') : t('Aviso', 'Warning')}
                tone={p.severity === 'ERROR' ? 'error' : 'warning'}
              />
            </div>
            {p.element && <code className="small">{p.element}</code>}
            {p.target && (
              <Link href={p.target.webPath} className="btn link">
                {t('Corregir', 'Fix it')} →
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
