import { api, apiBlob, saveBlob } from '../../api';
import { rateNamer, useDocumentCatalogs } from '../../components/catalog-options';
import { Alert, Badge, Button, Card, FormError, Loading, PageHeader } from '../../components/ui';
import { formatDateTime } from '../../format';
import { useAction, useLoad } from '../../hooks';
import { useT } from '../../i18n';
import { label } from '../../labels';
import { Link, navigate } from '../../router';
import { useCanIssue } from '../../session';
import { typeLabel } from '../document-status';
import { purchaseLabel, sriTone } from './purchase-labels';
import { PurchaseTaxes, Retentions } from './purchase-parts';
import type { PurchaseDetail } from './purchase-types';

/** Types a retention is issued on (docs/purchases.md): a supplier's invoice or debit note. */
const WITHHELD = new Set(['01', '05']);

/**
 * One received document: the supplier, its tax groups and payments, its state at the SRI (an
 * ANULADO one says so), the retentions issued on it and what remains, the XML as received and the
 * RIDE, and "Emitir retención", which opens the withholding form prefilled from this purchase.
 */
export function PurchaseDetailPage({ id }: { id: string }) {
  const t = useT();
  const canIssue = useCanIssue();
  const catalogs = useDocumentCatalogs();
  const load = useLoad(() => api<{ purchase: PurchaseDetail }>('GET', `/v1/purchases/${id}`), [id]);
  const download = useAction(async (kind: 'ride' | 'xml') => {
    const p = load.data!.purchase;
    const blob = await apiBlob(`/v1/purchases/${id}/${kind}`);
    saveBlob(blob, `${kind === 'ride' ? 'RIDE' : 'XML'}-${p.number}.${kind === 'ride' ? 'pdf' : 'xml'}`);
  });
  if (!load.data) return load.error ? <FormError error={load.error} /> : <Loading />;
  const p = load.data.purchase;
  const voided = p.sri.status === 'ANULADO';
  const canWithhold = WITHHELD.has(p.documentType) && !voided && canIssue('07');
  return (
    <>
      <PageHeader title={`${typeLabel(t, p.documentType)} ${p.number}`}>
        <Link href="/app/purchases">← {t('Compras', 'Purchases')}</Link>
      </PageHeader>
      <div className="row wrap">
        <Badge value={purchaseLabel(t, 'sriStatus', p.sri.status)} tone={sriTone(p.sri.status)} />
        <span className="muted">
          {t('Consultado en el SRI', 'Checked with the SRI')} {formatDateTime(p.sri.checkedAt ?? p.createdAt)}
        </span>
      </div>
      {voided && (
        <Alert kind="warning">
          {t(
            `El proveedor anuló este comprobante en el SRI (${formatDateTime(p.sri.voidedAt)}): no cuenta como compra.`,
            `The supplier voided this document at the SRI (${formatDateTime(p.sri.voidedAt)}): it does not count as a purchase.`,
          )}
          {p.retentions.length > 0 &&
            ` ${t('Revisa las retenciones emitidas sobre él.', 'Review the retentions issued on it.')}`}
        </Alert>
      )}
      <div className="toolbar">
        {canWithhold && (
          <Button onClick={() => navigate(`/app/documents/new-withholding?purchase=${p.id}`)}>
            {t('Emitir retención', 'Issue withholding receipt')}
          </Button>
        )}
        <Button variant="secondary" busy={download.busy} onClick={() => void download.run('ride')}>
          {t('Descargar RIDE (PDF)', 'Download RIDE (PDF)')}
        </Button>
        <Button variant="secondary" busy={download.busy} onClick={() => void download.run('xml')}>
          {t('Descargar XML', 'Download XML')}
        </Button>
      </div>
      <FormError error={download.error} />
      <div className="cards">
        <Card title={t('Proveedor', 'Supplier')}>
          <dl className="kv">
            <dt>RUC</dt>
            <dd className="mono">{p.supplier.ruc}</dd>
            <dt>{t('Razón social', 'Business name')}</dt>
            <dd>{p.supplier.name}</dd>
            <dt>{t('Nombre comercial', 'Trade name')}</dt>
            <dd>{p.supplier.tradeName ?? '—'}</dd>
          </dl>
        </Card>
        <Card title={t('Comprobante', 'Document')}>
          <dl className="kv">
            <dt>{t('Fecha de emisión', 'Issue date')}</dt>
            <dd>{p.issueDate}</dd>
            <dt>{t('Autorizado', 'Authorized')}</dt>
            <dd>{formatDateTime(p.authorizationDate)}</dd>
            <dt>{t('Clave de acceso', 'Access key')}</dt>
            <dd className="mono small">{p.accessKey}</dd>
            <dt>{t('Dirigido a', 'Addressed to')}</dt>
            <dd className="mono">{p.receiver.id}</dd>
            <dt>{t('Ambiente', 'Environment')}</dt>
            <dd>{label(t, 'environment', p.environment)}</dd>
            <dt>{t('Ingresó por', 'Added by')}</dt>
            <dd>{purchaseLabel(t, 'source', p.source)}</dd>
            {p.originalDocument && (
              <>
                <dt>{t('Documento modificado', 'Modified document')}</dt>
                <dd>
                  {typeLabel(t, p.originalDocument.documentType)} {p.originalDocument.number} (
                  {p.originalDocument.issueDate})
                </dd>
              </>
            )}
          </dl>
        </Card>
      </div>
      <PurchaseTaxes purchase={p} rateName={rateNamer(t, catalogs)} catalogs={catalogs} />
      <Retentions purchase={p} />
    </>
  );
}
