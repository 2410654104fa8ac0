import { useState } from 'react';
import type { Answer } from '../api-models';
import { ActionForm } from '../components/action-form';
import { Alert, Button, Card, FormError, Loading, SelectField, TextField } from '../components/ui';
import { formatDateTime } from '../format';
import { useAction, useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { label, labelOptions } from '../labels';
import { admin } from './admin-api';

export function AgreementsTab() {
  const t = useT();
  const { lang } = useLang();
  const list = useLoad(() => admin<Answer<'/admin/v1/agreements', 'get'>>('GET', '/agreements'), []);
  const publish = useAction(async (form: FormData) => {
    await admin('POST', '/agreements', {
      documentType: form.get('documentType'),
      version: form.get('version'),
      content: form.get('content'),
    });
    await list.reload();
  });
  return (
    <>
      <Card title={t('Plantillas publicadas', 'Published templates')}>
        {!list.data ? (
          list.error ? (
            <FormError error={list.error} />
          ) : (
            <Loading />
          )
        ) : (
          <ul>
            {list.data.agreements.map((x) => (
              <li key={`${x.documentType}-${x.version}`}>
                <strong>{label(t, 'agreementType', x.documentType)}</strong> v{x.version}{' '}
                <span className="muted">{formatDateTime(x.publishedAt, lang)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('Publicar una versión', 'Publish a version')}>
        <ActionForm
          action={publish}
          fields={['documentType', 'version']}
          submitLabel={t('Publicar', 'Publish')}
        >
          <div className="grid2">
            <SelectField
              label={t('Documento', 'Document')}
              name="documentType"
              options={labelOptions(t, 'agreementType', ['TERMS', 'PRIVACY', 'DPA'])}
              error={publish.error}
            />
            <TextField label={t('Versión', 'Version')} name="version" required error={publish.error} />
          </div>
          <div className="field">
            <label>
              {t('Texto', 'Text')}
              <textarea name="content" rows={8} required />
            </label>
          </div>
        </ActionForm>
      </Card>
    </>
  );
}

export function PricesTab() {
  const t = useT();
  const [done, setDone] = useState(false);
  const announce = useAction(async (form: FormData) => {
    // effectiveAt as YYYY-MM-DD: midnight in Ecuador for the operator API.
    await admin('POST', '/prices', {
      tier: form.get('tier'),
      billingInterval: form.get('billingInterval'),
      price: form.get('price'),
      effectiveAt: form.get('effectiveAt'),
    });
    setDone(true);
  });
  return (
    <Card title={t('Anunciar un cambio de precio', 'Announce a price change')}>
      <p className="muted">
        {t(
          'Se notifica a los clientes con 30 días de aviso.',
          'Tenants are notified with 30 days of notice.',
        )}
      </p>
      {done && <Alert kind="success">{t('Anuncio publicado.', 'Announcement published.')}</Alert>}
      <ActionForm
        action={announce}
        fields={['tier', 'billingInterval', 'price', 'effectiveAt']}
        submitLabel={t('Anunciar', 'Announce')}
      >
        <div className="grid2">
          <SelectField
            label={t('Plan', 'Plan')}
            name="tier"
            options={labelOptions(t, 'tier', ['STARTER', 'GROWTH', 'BUSINESS'])}
            error={announce.error}
          />
          <SelectField
            label={t('Periodicidad', 'Interval')}
            name="billingInterval"
            options={labelOptions(t, 'billingInterval', ['MONTHLY', 'YEARLY'])}
            error={announce.error}
          />
          <TextField
            label={t('Nuevo precio (USD, sin IVA)', 'New price (USD, before VAT)')}
            name="price"
            inputMode="decimal"
            required
            error={announce.error}
          />
          <TextField
            label={t('Vigente desde', 'Effective from')}
            name="effectiveAt"
            type="date"
            required
            error={announce.error}
          />
        </div>
      </ActionForm>
    </Card>
  );
}

export function JobsTab() {
  const t = useT();
  const list = useLoad(() => admin<Answer<'/admin/v1/jobs', 'get'>>('GET', '/jobs'), []);
  const [ran, setRan] = useState<{ job: string; result: Record<string, number> } | null>(null);
  const run = useAction(async (name: string) => {
    setRan(
      await admin<{ job: string; result: Record<string, number> }>(
        'POST',
        `/jobs/${encodeURIComponent(name)}/run`,
        {},
      ),
    );
  });
  return (
    <Card title={t('Tareas programadas', 'Scheduled jobs')}>
      {ran && (
        <Alert kind="success">
          {t(`Tarea ${ran.job} ejecutada`, `Job ${ran.job} ran`)}:{' '}
          {Object.entries(ran.result)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ') || '—'}
        </Alert>
      )}
      {!list.data ? (
        list.error ? (
          <FormError error={list.error} />
        ) : (
          <Loading />
        )
      ) : (
        <ul className="jobs">
          {list.data.jobs.map((name) => {
            return (
              <li key={name}>
                <code>{name}</code>
                <Button variant="secondary" busy={run.busy} onClick={() => void run.run(name)}>
                  {t('Ejecutar ahora', 'Run now')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <FormError error={run.error} />
    </Card>
  );
}
