import type { ReactNode } from 'react';
import { Alert, Loading, PageHeader } from '../components/ui';
import { useT } from '../i18n';
import { Link } from '../router';
import { useSession } from '../session';
import { typeLabel } from './document-status';

/**
 * A document form, shown only when the current issuer may issue its type: the server would refuse
 * the document anyway (DOCUMENT_TYPE_NOT_ENABLED), so the owner is sent to "Emisores" to enable it
 * instead of filling a form in vain.
 */
export function IssuableOnly({ type, children }: { type: string; children: ReactNode }) {
  const t = useT();
  const s = useSession();
  if (s.documentTypes === null) return <Loading />;
  if (s.documentTypes.includes(type)) return <>{children}</>;
  return (
    <>
      <PageHeader title={typeLabel(t, type)} />
      <Alert kind="info">
        {t(
          'Este emisor no tiene habilitado este tipo de comprobante. Puedes habilitarlo en ',
          'This issuer does not have this document type enabled. You can enable it in ',
        )}
        <Link href="/app/issuers">{t('Emisores', 'Issuers')}</Link>.
      </Alert>
    </>
  );
}
