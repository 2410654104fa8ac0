import { useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { Alert, Button, Card, FormError, PageHeader, ShownOnce } from '../components/ui';
import { useAction, useLoad } from '../hooks';
import { useT } from '../i18n';
import { Link } from '../router';
import { useSession } from '../session';

/** Going to production: the checks, then the production key shown once. */
export function ProductionPage() {
  const t = useT();
  const s = useSession();
  const agreements = useLoad(
    () => api<Answer<'/v1/tenants/agreements', 'get'>>('GET', '/v1/tenants/agreements'),
    [],
  );
  const [key, setKey] = useState<string | null>(null);
  const promote = useAction(async () => {
    const res = await api<Answer<'/v1/tenants/promote', 'post'>>('POST', '/v1/tenants/promote', { body: {} });
    setKey(res.apiKey);
    // The session key belongs to the sandbox: swap it for one of production.
    await api('POST', '/v1/session/refresh');
    await s.reload();
  });
  const verified = !!s.session?.emailVerified;
  const accepted = agreements.data ? !agreements.data.agreements.needsAcceptance : false;
  if (key)
    return (
      <>
        <PageHeader title={t('Producción', 'Production')} />
        <Alert kind="success">
          {t(
            '¡Listo! Tus comprobantes ahora van al ambiente de producción del SRI.',
            "Done! Your documents now go to the SRI's production environment.",
          )}
        </Alert>
        <ShownOnce label={t('Tu clave de producción', 'Your production key')} value={key} />
        <Link className="btn primary" href="/app/documents/new">
          {t('Emitir una factura', 'Issue an invoice')}
        </Link>
      </>
    );
  return (
    <>
      <PageHeader title={t('Producción', 'Production')} />
      {!s.tenant?.sandbox ? (
        <Alert kind="success">
          {t('Tu cuenta ya está en producción.', 'Your account is in production.')}
        </Alert>
      ) : (
        <Card>
          <p>
            {t(
              'En producción tus comprobantes tienen validez tributaria y cuentan en el cupo de tu plan.',
              'In production your documents have tax validity and count against your plan quota.',
            )}
          </p>
          <ul className="checklist">
            <li className={verified ? 'ok' : 'todo'}>{t('Correo verificado', 'Email verified')}</li>
            <li className={accepted ? 'ok' : 'todo'}>
              {t('Acuerdos aceptados', 'Agreements accepted')}{' '}
              {!accepted && <Link href="/app/billing">{t('(aceptar)', '(accept)')}</Link>}
            </li>
          </ul>
          <FormError error={promote.error} />
          <Button busy={promote.busy} disabled={!verified || !accepted} onClick={() => void promote.run()}>
            {t('Pasar a producción', 'Go to production')}
          </Button>
        </Card>
      )}
    </>
  );
}
