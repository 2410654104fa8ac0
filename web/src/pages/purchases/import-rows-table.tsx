import { TableHead, TableRegion } from '../../components/table-region';
import { Badge } from '../../components/ui';
import { money } from '../../format';
import { useT } from '../../i18n';
import { Link } from '../../router';
import { outcomeTone, purchaseLabel } from './purchase-labels';

/** A TXT row as the preview (supplier, number, total) or the import (the purchase it became) gives it. */
interface Row {
  line: number;
  accessKey: string;
  status: string;
  error: { code: string | null; detail: string | null } | null;
  supplierName?: string;
  supplierRuc?: string;
  number?: string;
  total?: string | null;
  purchaseId?: string | null;
}

/** estab-ptoEmi-secuencial, read from the access key (digits 25 to 39). */
const numberOf = (k: string) => `${k.slice(24, 27)}-${k.slice(27, 30)}-${k.slice(30, 39)}`;

/** How many rows each outcome has, in the order a person checks them. */
export function RowCounts({ counts }: { counts: Record<string, number> }) {
  const t = useT();
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${purchaseLabel(t, 'rowStatus', status)}: ${n}`);
  return <output className="import-summary block">{parts.join(' · ')}</output>;
}

/** The file's rows with their outcome: a table that scrolls inside its own region on a phone. */
export function ImportRowsTable({ rows, label }: { rows: Row[]; label: string }) {
  const t = useT();
  return (
    <TableRegion label={label} className="import-preview">
      <table className="table compact" aria-label={label}>
        <TableHead
          columns={[
            [t('Línea', 'Line'), 'num'],
            t('Resultado', 'Result'),
            t('Comprobante', 'Document'),
            t('Proveedor', 'Supplier'),
            [t('Total', 'Total'), 'num'],
          ]}
        />
        <tbody>
          {rows.map((r) => (
            <tr key={r.line} data-status={r.status}>
              <td className="num">{r.line}</td>
              <td>
                <Badge value={purchaseLabel(t, 'rowStatus', r.status)} tone={outcomeTone(r.status)} />
                {r.error?.detail && (
                  <div className="small muted" title={r.error.code ?? undefined}>
                    {r.error.code && purchaseLabel(t, 'refusal', r.error.code) !== r.error.code
                      ? purchaseLabel(t, 'refusal', r.error.code)
                      : r.error.detail}
                  </div>
                )}
              </td>
              <td className="nowrap">
                {r.purchaseId ? (
                  <Link href={`/app/purchases/${r.purchaseId}`}>{r.number ?? numberOf(r.accessKey)}</Link>
                ) : (
                  (r.number ?? <span className="mono small">{r.accessKey}</span>)
                )}
              </td>
              <td>
                {r.supplierName}
                {r.supplierRuc && <div className="muted small mono">{r.supplierRuc}</div>}
              </td>
              <td className="num">{r.total === undefined ? '' : money(r.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
