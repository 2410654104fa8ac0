import { useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { Alert, Badge, Button, Card, CheckField, FormError, Loading } from '../components/ui';
import { useAction, useLoad } from '../hooks';
import { useT } from '../i18n';
import { label } from '../labels';
import { useSession } from '../session';

/** The agreements to read (each one's text, opened on demand) and one acceptance for all. */
export function AgreementsCard() {
  const t = useT();
  const s = useSession();
  const status = useLoad(
    () => api<Answer<'/v1/tenants/agreements', 'get'>>('GET', '/v1/tenants/agreements'),
    [],
  );
  const [open, setOpen] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const text = useLoad(
    () =>
      open
        ? api<Answer<'/v1/tenants/agreements/{type}', 'get'>>('GET', `/v1/tenants/agreements/${open}`)
        : Promise.resolve(null),
    [open],
  );
  const accept = useAction(async () => {
    const terms = status.data?.agreements.outdated.find((o) => o.documentType === 'TERMS');
    await api('POST', '/v1/tenants/agreements', {
      body: { termsVersion: terms?.currentVersion ?? s.tenant?.agreementVersion ?? '' },
    });
    await Promise.all([status.reload(), s.reload()]);
  });
  if (!status.data) return status.error ? <FormError error={status.error} /> : <Loading />;
  const a = status.data.agreements;
  if (!a.needsAcceptance)
    return (
      <Alert kind="success">
        {t(
          `Acuerdos aceptados (versión ${s.tenant?.agreementVersion ?? '—'}).`,
          `Agreements accepted (version ${s.tenant?.agreementVersion ?? '—'}).`,
        )}
      </Alert>
    );
  return (
    <Card title={t('Acuerdos', 'Agreements')}>
      <p>
        {t(
          'Lee y acepta los acuerdos para contratar un plan y pasar a producción.',
          'Read and accept the agreements to subscribe and go to production.',
        )}
      </p>
      <ul className="agreements">
        {a.outdated.map((o) => (
          <li key={o.documentType}>
            <Button
              variant="link"
              aria-expanded={open === o.documentType}
              onClick={() => setOpen(open === o.documentType ? null : o.documentType)}
            >
              {label(t, 'agreementType', o.documentType)} v{o.currentVersion}
            </Button>
            <Badge value={label(t, 'agreementStatus', o.status)} tone={o.status.toLowerCase()} />
          </li>
        ))}
      </ul>
      {open && (
        <div className="agreement-text">
          {text.data ? <pre>{text.data.agreement.content}</pre> : <Loading />}
        </div>
      )}
      <CheckField
        name="accept"
        label={t('Leí y acepto los acuerdos', 'I have read and accept the agreements')}
        checked={checked}
        onChange={(e) => setChecked(e.target.checked)}
      />
      <FormError error={accept.error} />
      <Button disabled={!checked} busy={accept.busy} onClick={() => void accept.run()}>
        {t('Aceptar acuerdos', 'Accept agreements')}
      </Button>
    </Card>
  );
}
