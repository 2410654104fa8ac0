import { api } from '../api';
import type { Answer } from '../api-models';
import { Alert, Button, Card, FormError, Loading, PageHeader } from '../components/ui';
import { currentMonth, money } from '../format';
import { useAction, useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { label } from '../labels';
import { Link } from '../router';
import { useCanIssue, useSession } from '../session';
import { DocumentRows } from './document-rows';
import { STATUS_ORDER, statusLabel } from './document-status';

export function DashboardPage() {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const canIssue = useCanIssue();
  const month = currentMonth();
  const stats = useLoad(
    () =>
      s.issuerId
        ? api<Answer<'/v1/documents/stats', 'get'>>(
            'GET',
            `/v1/documents/stats?from=${month.from}&to=${month.to}`,
            {
              issuer: s.issuerId,
            },
          )
        : Promise.resolve(null),
    [s.issuerId],
  );
  const recent = useLoad(
    () =>
      s.issuerId
        ? api<Answer<'/v1/documents', 'get'>>('GET', '/v1/documents?limit=5', { issuer: s.issuerId })
        : Promise.resolve(null),
    [s.issuerId],
  );
  const agreements = useLoad(
    () => api<Answer<'/v1/tenants/agreements', 'get'>>('GET', '/v1/tenants/agreements'),
    [],
  );
  const resend = useAction(() =>
    api('POST', '/v1/resend-verification', { body: { email: s.tenant?.email } }),
  );
  const tenant = s.tenant;
  if (!tenant) return <Loading />;
  const used = tenant.documentCount;
  const quota = tenant.documentQuota;
  const pct = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  const max = Math.max(1, ...STATUS_ORDER.map((k) => stats.data?.byStatus[k] ?? 0));
  return (
    <>
      <PageHeader title={t('Resumen del mes', 'This month')}>
        {canIssue('01') && (
          <Link className="btn primary" href="/app/documents/new">
            {t('Nueva factura', 'New invoice')}
          </Link>
        )}
      </PageHeader>
      {s.session && !s.session.emailVerified && (
        <Alert kind="warning">
          {t('Tu correo no está verificado.', 'Your email is not verified.')}{' '}
          <Button variant="link" busy={resend.busy} onClick={() => void resend.run()}>
            {t('Reenviar el enlace', 'Resend the link')}
          </Button>
        </Alert>
      )}
      {agreements.data?.agreements.needsAcceptance && (
        <Alert kind="warning">
          {t('Tienes acuerdos por aceptar.', 'You have agreements to accept.')}{' '}
          <Link href="/app/billing">{t('Leer y aceptar', 'Read and accept')}</Link>
        </Alert>
      )}
      {tenant.sandbox && (
        <Alert>
          {t('Estás en el ambiente de pruebas del SRI.', "You are in the SRI's test environment.")}{' '}
          <Link href="/app/production">{t('Pasar a producción', 'Go to production')}</Link>
        </Alert>
      )}
      <div className="cards">
        <Card title={t('Cupo del plan', 'Plan quota')} className="quota">
          <p className="big">
            {used} <span className="muted">/ {quota}</span>
          </p>
          <div className="meter" title={`${pct} %`}>
            <div
              className={`fill${pct >= 100 ? ' full' : pct >= 80 ? ' warn' : ''}`}
              style={{ width: `${pct}%` }}
            />
          </div>
          <p className="muted">
            {t(
              `Plan ${label(t, 'tier', tenant.subscriptionTier)}: comprobantes de producción de este período.`,
              `${label(t, 'tier', tenant.subscriptionTier)} plan: production documents this period.`,
            )}
          </p>
        </Card>
        <Card title={t('Totales', 'Totals')}>
          {stats.data ? (
            <dl className="totals">
              <dt>{t('Facturado', 'Invoiced')}</dt>
              <dd>{money(stats.data.amounts.invoiced, lang)}</dd>
              <dt>{t('Notas de crédito', 'Credited')}</dt>
              <dd>{money(stats.data.amounts.credited, lang)}</dd>
              <dt>{t('Neto', 'Net')}</dt>
              <dd className="strong">{money(stats.data.amounts.net, lang)}</dd>
              <dt>{t('En trámite', 'In progress')}</dt>
              <dd>{money(stats.data.amounts.pending, lang)}</dd>
            </dl>
          ) : stats.loading ? (
            <Loading />
          ) : (
            <FormError error={stats.error} />
          )}
        </Card>
      </div>
      <Card
        title={t(
          `Comprobantes por estado (${month.from} – ${month.to})`,
          `Documents by status (${month.from} – ${month.to})`,
        )}
      >
        {stats.data ? (
          <ul className="status-bars" aria-label={t('Comprobantes por estado', 'Documents by status')}>
            {STATUS_ORDER.map((k) => {
              const n = stats.data?.byStatus[k] ?? 0;
              return (
                <li key={k}>
                  <span className="label">{statusLabel(t, k)}</span>
                  <span className="track">
                    <span className={`fill st-${k.toLowerCase()}`} style={{ width: `${(n / max) * 100}%` }} />
                  </span>
                  <span className="n" data-status={k}>
                    {n}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          !stats.loading && <FormError error={stats.error} />
        )}
      </Card>
      <Card title={t('Últimos comprobantes', 'Latest documents')}>
        {recent.data ? (
          <DocumentRows
            docs={recent.data.data}
            empty={t('Aún no has emitido comprobantes.', 'You have not issued any documents yet.')}
          />
        ) : recent.loading ? (
          <Loading />
        ) : (
          <FormError error={recent.error} />
        )}
        <Link href="/app/documents">{t('Ver todos los comprobantes', 'See all documents')}</Link>
      </Card>
    </>
  );
}
