import { type DocumentCatalogs, methodLabel, termUnitLabel } from '../../components/catalog-options';
import { TableHead, TableRegion } from '../../components/table-region';
import { Badge, Card } from '../../components/ui';
import { money } from '../../format';
import { useT } from '../../i18n';
import { Link } from '../../router';
import { statusLabel, typeLabel } from '../document-status';
import type { PurchaseDetail } from './purchase-types';

const TAX_NAMES: Record<string, [string, string]> = {
  '1': ['Renta', 'Income tax'],
  '2': ['IVA', 'VAT'],
  '3': ['ICE', 'ICE'],
  '5': ['IRBPNR', 'IRBPNR'],
  '6': ['ISD', 'ISD'],
};

/** Tax groups (base and amount per rate), totals and payments of a received document. */
export function PurchaseTaxes({
  purchase: p,
  rateName,
  catalogs,
}: {
  purchase: PurchaseDetail;
  rateName: (code: string, rateCode: string) => string;
  catalogs: DocumentCatalogs | null;
}) {
  const t = useT();
  const method = (code: string) => {
    const row = catalogs?.paymentMethods.find((m) => m.code === code);
    return row ? methodLabel(t, row) : code;
  };
  const unit = (code: string | null) => {
    const row = catalogs?.termUnits.find((u) => u.code === code);
    return row ? termUnitLabel(t, row).toLowerCase() : (code ?? '');
  };
  return (
    <Card title={t('Impuestos y totales', 'Taxes and totals')}>
      {p.taxes.length > 0 && (
        <TableRegion label={t('Impuestos', 'Taxes')}>
          <table className="table compact" aria-label={t('Impuestos', 'Taxes')}>
            <TableHead
              columns={[
                t('Impuesto', 'Tax'),
                [t('Base imponible', 'Taxable base'), 'num'],
                [t('Valor', 'Amount'), 'num'],
              ]}
            />
            <tbody>
              {p.taxes.map((x) => (
                <tr key={`${x.code}-${x.rateCode}`}>
                  <td>{rateName(x.code, x.rateCode)}</td>
                  <td className="num">{money(x.taxableBase)}</td>
                  <td className="num">{money(x.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <dl className="totals">
        <dt>{t('Subtotal sin impuestos', 'Subtotal before taxes')}</dt>
        <dd>{money(p.totalWithoutTaxes)}</dd>
        <dt>IVA</dt>
        <dd>{money(p.iva)}</dd>
        <dt>{t('Total', 'Total')}</dt>
        <dd data-testid="purchase-total">
          <strong>{money(p.total)}</strong>
        </dd>
      </dl>
      {p.payments.length > 0 && (
        <>
          <h3>{t('Formas de pago', 'Payments')}</h3>
          <ul>
            {p.payments.map((x, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: payments have no id; their order is the document's
              <li key={i}>
                {method(x.method)}: {money(x.total)}
                {x.term && ` · ${x.term} ${unit(x.termUnit)}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {p.withholdings.length > 0 && (
        <>
          <h3>{t('Lo que tu cliente te retuvo', 'What your client withheld')}</h3>
          <ul>
            {p.withholdings.map((w) => (
              <li key={`${w.code}-${w.withholdingCode}-${w.supportingDocument?.number ?? ''}`}>
                {t(...(TAX_NAMES[w.code] ?? [w.code, w.code]))} {w.withholdingCode} · {w.rate} % ·{' '}
                {t('base', 'base')} {money(w.taxableBase)} → <strong>{money(w.amount)}</strong>
                {w.supportingDocument?.number &&
                  ` (${typeLabel(t, w.supportingDocument.documentType)} ${w.supportingDocument.number})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** The retentions (07) the business issued on this purchase, and the bases not yet withheld. */
export function Retentions({ purchase: p }: { purchase: PurchaseDetail }) {
  const t = useT();
  if (!p.remaining && p.retentions.length === 0) return null;
  return (
    <Card title={t('Retenciones emitidas', 'Retentions issued')}>
      {p.retentions.length === 0 ? (
        <p className="muted">
          {t('Aún no emites una retención sobre esta compra.', 'No retention issued on it yet.')}
        </p>
      ) : (
        <ul className="doc-cards" aria-label={t('Retenciones emitidas', 'Retentions issued')}>
          {p.retentions.map((r) => (
            <li key={r.accessKey} className="doc-card">
              <div className="doc-card-head">
                <Link href={`/app/documents/${r.accessKey}`} className="btn link">
                  {typeLabel(t, '07')} {r.number}
                </Link>
                <Badge value={statusLabel(t, r.status)} tone={r.status.toLowerCase()} />
              </div>
              <div className="muted">
                {r.issueDate} ·{' '}
                {r.withholdings
                  .map(
                    (w) =>
                      `${t(...(TAX_NAMES[w.code] ?? [w.code, w.code]))} ${w.withholdingCode}: ${money(w.amount)}`,
                  )
                  .join(' · ')}
              </div>
              {r.flagged && (
                <Badge
                  value={t('La compra fue anulada en el SRI', 'The purchase was voided at the SRI')}
                  tone="warning"
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {p.remaining && (
        <dl className="totals" data-testid="remaining">
          <dt>{t('Falta retener: base de renta', 'Left to withhold: income tax base')}</dt>
          <dd>{money(p.remaining.renta)}</dd>
          <dt>{t('Falta retener: base de IVA', 'Left to withhold: VAT base')}</dt>
          <dd>{money(p.remaining.iva)}</dd>
        </dl>
      )}
    </Card>
  );
}
