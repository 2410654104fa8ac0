import { TableHead } from '../../components/table-region';
import { Badge } from '../../components/ui';
import { money } from '../../format';
import { useT } from '../../i18n';
import { Link } from '../../router';
import { typeLabel } from '../document-status';
import { purchaseLabel, sriTone } from './purchase-labels';
import type { PurchaseSummary } from './purchase-types';

/**
 * Purchases as an accountant reads them: type and number, supplier, date, total, SRI state. A
 * table on a wide screen; at phone width the same purchases as cards (the documents list's rule).
 */
export function PurchaseRows({ rows, empty }: { rows: PurchaseSummary[]; empty: string }) {
  const t = useT();
  const href = (p: PurchaseSummary) => `/app/purchases/${p.id}`;
  const total = (p: PurchaseSummary) => (p.documentType === '06' ? '—' : money(p.total));
  const status = (p: PurchaseSummary) => (
    <Badge value={purchaseLabel(t, 'sriStatus', p.sri.status)} tone={sriTone(p.sri.status)} />
  );
  return (
    <>
      <div className="table-wrap hide-sm">
        <table className="table purchases">
          <TableHead
            columns={[
              t('Número', 'Number'),
              t('Tipo', 'Type'),
              t('Proveedor', 'Supplier'),
              t('Fecha', 'Date'),
              [t('Total', 'Total'), 'num'],
              t('Estado en el SRI', 'SRI status'),
            ]}
          />
          <tbody>
            {rows.map((p) => (
              <tr key={p.id}>
                <td className="nowrap">
                  <Link href={href(p)}>{p.number}</Link>
                </td>
                <td>{typeLabel(t, p.documentType)}</td>
                <td>
                  {p.supplier.name}
                  <div className="muted small mono">{p.supplier.ruc}</div>
                </td>
                <td className="nowrap">{p.issueDate}</td>
                <td className="num">{total(p)}</td>
                <td>{status(p)}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <ul className="doc-cards show-sm" aria-label={t('Compras', 'Purchases')}>
        {rows.map((p) => (
          <li key={p.id} className="doc-card purchase-card">
            <div className="doc-card-head">
              <Link href={href(p)} className="btn link">
                {typeLabel(t, p.documentType)} {p.number}
              </Link>
              {status(p)}
            </div>
            <div>
              {p.supplier.name} <span className="muted mono">{p.supplier.ruc}</span>
            </div>
            <div className="doc-card-foot">
              <span className="muted">{p.issueDate}</span>
              <strong>{total(p)}</strong>
            </div>
          </li>
        ))}
        {rows.length === 0 && <li className="muted">{empty}</li>}
      </ul>
    </>
  );
}
