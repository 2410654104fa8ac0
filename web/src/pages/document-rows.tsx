import type { ReactNode } from 'react';
import type { Answer } from '../api-models';
import { Badge } from '../components/ui';
import { formatDateTime, money } from '../format';
import { useLang, useT } from '../i18n';
import { label } from '../labels';
import { Link } from '../router';
import { statusLabel, typeLabel } from './document-status';

type Summary = Answer<'/v1/documents', 'get'>['data'][number];

/**
 * Documents as people search them: full number, buyer name and id, total, status, date. A table
 * on a wide screen; at phone width the same documents as cards, so no badge or number is cut.
 * `sortHeader` (the list page) makes the column titles sort buttons.
 */
export function DocumentRows({
  docs,
  empty,
  sortHeader,
}: {
  docs: Summary[];
  empty: string;
  sortHeader?: (key: string, title: string) => ReactNode;
}) {
  const t = useT();
  const { lang } = useLang();
  const th = (key: string, title: string, className?: string) =>
    sortHeader ? sortHeader(key, title) : <th className={className}>{title}</th>;
  const total = (d: Summary) => (d.documentType === '06' ? '—' : money(d.total, lang));
  return (
    <>
      <div className="table-wrap hide-sm">
        <table className="table documents">
          <thead>
            <tr>
              {th('sequential', t('Número', 'Number'))}
              <th>{t('Tipo', 'Type')}</th>
              {th('buyerName', t('Cliente', 'Buyer'))}
              {th('issueDate', t('Fecha', 'Date'))}
              <th className="num">{t('Total', 'Total')}</th>
              {th('status', t('Estado', 'Status'))}
              <th>{t('Correo al cliente', 'Buyer email')}</th>
            </tr>
          </thead>
          <tbody>
            {docs.map((d) => (
              <tr key={d.accessKey}>
                <td className="nowrap">
                  <Link href={`/app/documents/${d.accessKey}`}>{d.number}</Link>
                </td>
                <td>{typeLabel(t, d.documentType)}</td>
                <td>
                  {d.buyer.name}
                  <div className="muted small mono">{d.buyer.id}</div>
                </td>
                <td className="nowrap">{d.issueDate}</td>
                <td className="num">{total(d)}</td>
                <td>
                  <Badge value={statusLabel(t, d.status)} tone={d.status.toLowerCase()} />
                </td>
                <td className="muted">{label(t, 'emailStatus', d.email?.status)}</td>
              </tr>
            ))}
            {docs.length === 0 && (
              <tr>
                <td colSpan={7} className="muted">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <ul className="doc-cards show-sm" aria-label={t('Comprobantes', 'Documents')}>
        {docs.map((d) => (
          <li key={d.accessKey} className="doc-card">
            <div className="doc-card-head">
              <Link href={`/app/documents/${d.accessKey}`}>
                {typeLabel(t, d.documentType)} {d.number}
              </Link>
              <Badge value={statusLabel(t, d.status)} tone={d.status.toLowerCase()} />
            </div>
            <div>
              {d.buyer.name} <span className="muted mono">{d.buyer.id}</span>
            </div>
            <div className="doc-card-foot">
              <span className="muted">
                {d.issueDate}
                {d.authorizationDate &&
                  ` · ${t('autorizado', 'authorized')} ${formatDateTime(d.authorizationDate)}`}
              </span>
              <strong>{total(d)}</strong>
            </div>
          </li>
        ))}
        {docs.length === 0 && <li className="muted">{empty}</li>}
      </ul>
    </>
  );
}
