import { useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { ActionForm } from '../components/action-form';
import { TableHead, TableRegion } from '../components/table-region';
import {
  Alert,
  Badge,
  Button,
  Card,
  CheckField,
  ConfirmDialog,
  FormError,
  Loading,
  Modal,
  PageHeader,
  ShownOnce,
  TextField,
} from '../components/ui';
import { formatDateTime } from '../format';
import { useAction, useLoad } from '../hooks';
import { type T, useLang, useT } from '../i18n';
import { label } from '../labels';

const EVENT_TYPES = [
  'DOCUMENT_AUTHORIZED',
  'CERT_EXPIRING',
  'CERT_EXPIRED',
  'SRI_SUBMISSION_FAILED',
  'EMAIL_DELIVERY_FAILED',
  'QUOTA_WARNING',
];

export function WebhooksPage() {
  const t = useT();
  const list = useLoad(() => api<Answer<'/v1/webhooks', 'get'>>('GET', '/v1/webhooks'), []);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const endpointId = selected ?? list.data?.endpoints[0]?.id ?? null;
  const [deleting, setDeleting] = useState<{ id: string; url: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const remove = useAction(async (id: string) => {
    await api('DELETE', `/v1/webhooks/${id}`);
    setDone(t(`Webhook eliminado: ${deleting?.url ?? ''}`, `Webhook deleted: ${deleting?.url ?? ''}`));
    setDeleting(null);
    setSelected(null);
    await list.reload();
  });
  const full = list.data ? list.data.limit.used >= list.data.limit.max : false;
  return (
    <>
      <PageHeader title={t('Avisos (webhooks)', 'Webhooks')}>
        <Button onClick={() => setCreating(true)} disabled={full}>
          {t('Nuevo webhook', 'New webhook')}
        </Button>
      </PageHeader>
      <p className="muted">
        {t(
          'Recibe cada notificación por POST firmado (X-Service-Signature, HMAC-SHA256).',
          'Receive every notification as a signed POST (X-Service-Signature, HMAC-SHA256).',
        )}
        {list.data && ` ${t('Usados', 'Used')}: ${list.data.limit.used}/${list.data.limit.max}.`}
      </p>
      {full && (
        <Alert kind="warning">
          {t(
            `Tu plan permite ${list.data?.limit.max} webhooks y ya los usas todos: elimina uno o cambia de plan.`,
            `Your plan allows ${list.data?.limit.max} webhooks and all are in use: delete one or change plan.`,
          )}
        </Alert>
      )}
      {done && <Alert kind="success">{done}</Alert>}
      {!list.data ? (
        list.error ? (
          <FormError error={list.error} />
        ) : (
          <Loading />
        )
      ) : list.data.endpoints.length === 0 ? (
        <Alert>{t('Aún no hay webhooks.', 'No webhooks yet.')}</Alert>
      ) : (
        <ul className="endpoint-list">
          {list.data.endpoints.map((e) => (
            <li key={e.id} className={e.id === endpointId ? 'selected' : undefined}>
              <button
                type="button"
                className="linkish mono"
                onClick={() => setSelected(e.id)}
                aria-pressed={e.id === endpointId}
              >
                {e.url}
              </button>
              <span className="muted">
                {e.eventTypes.length
                  ? e.eventTypes.map((x) => label(t, 'eventType', x)).join(', ')
                  : t('Todos los eventos', 'All events')}
              </span>
              <Button
                variant="link"
                onClick={() => {
                  remove.setError(null);
                  setDeleting({ id: e.id, url: e.url });
                }}
                aria-label={t(`Eliminar ${e.url}`, `Delete ${e.url}`)}
              >
                {t('Eliminar', 'Delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('Eliminar webhook', 'Delete webhook')}
          confirmLabel={t('Eliminar', 'Delete')}
          variant="danger"
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => void remove.run(deleting.id)}
          onClose={() => setDeleting(null)}
        >
          <p>
            {t(
              `Se eliminará ${deleting.url} con su historial de entregas; no recibirá más eventos. No se puede deshacer.`,
              `${deleting.url} will be deleted with its delivery log; it will receive no more events. This cannot be undone.`,
            )}
          </p>
        </ConfirmDialog>
      )}
      {endpointId && <Deliveries key={endpointId} endpointId={endpointId} />}
      {creating && (
        <CreateWebhookModal onClose={() => setCreating(false)} onCreated={() => void list.reload()} />
      )}
    </>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const t = useT();
  const { lang } = useLang();
  const log = useLoad(
    () =>
      api<Answer<'/v1/webhooks/{id}/deliveries', 'get'>>(
        'GET',
        `/v1/webhooks/${endpointId}/deliveries?limit=20`,
      ),
    [endpointId],
  );
  const test = useAction(async () => {
    await api('POST', `/v1/webhooks/${endpointId}/test`);
    await log.reload();
  });
  return (
    <Card title={t('Entregas', 'Deliveries')}>
      <div className="row">
        <Button variant="secondary" busy={test.busy} onClick={() => void test.run()}>
          {t('Enviar evento de prueba', 'Send test event')}
        </Button>
        <Button variant="link" onClick={() => void log.reload()}>
          {t('Actualizar', 'Refresh')}
        </Button>
      </div>
      <FormError error={test.error} />
      {log.data && (
        <TableRegion label={t('Entregas', 'Deliveries')}>
          <table className="table" aria-label={t('Entregas', 'Deliveries')}>
            <TableHead
              columns={[
                t('Fecha', 'Date'),
                t('Evento', 'Event'),
                t('Estado', 'Status'),
                [t('Intentos', 'Attempts'), 'num'],
                t('Último resultado', 'Last result'),
              ]}
            />
            <tbody>
              {log.data.deliveries.map((d) => {
                const last = d.attempts[d.attempts.length - 1];
                return (
                  <tr key={d.id}>
                    <td>{formatDateTime(d.createdAt, lang)}</td>
                    <td>{label(t, 'eventType', d.event)}</td>
                    <td>
                      <Badge value={label(t, 'deliveryStatus', d.status)} tone={d.status.toLowerCase()} />
                    </td>
                    <td className="num">{d.attemptCount}</td>
                    <td className="muted">
                      {last
                        ? last.statusCode
                          ? `HTTP ${last.statusCode}`
                          : connectionError(t, last.error)
                        : connectionError(t, d.lastError)}
                    </td>
                  </tr>
                );
              })}
              {log.data.deliveries.length === 0 && (
                <tr>
                  <td colSpan={5} className="muted">
                    {t('Sin entregas todavía.', 'No deliveries yet.')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </TableRegion>
      )}
    </Card>
  );
}

function CreateWebhookModal({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const t = useT();
  const [secret, setSecret] = useState<string | null>(null);
  const create = useAction(async (form: FormData) => {
    const res = await api<Answer<'/v1/webhooks', 'post'>>('POST', '/v1/webhooks', {
      body: { url: String(form.get('url') ?? '').trim(), eventTypes: form.getAll('eventTypes').map(String) },
    });
    setSecret(res.secret);
    onCreated();
  });
  return (
    <Modal title={t('Nuevo webhook', 'New webhook')} onClose={onClose}>
      {secret ? (
        <>
          <ShownOnce label={t('Secreto de firma', 'Signing secret')} value={secret} />
          <Button onClick={onClose}>{t('Listo', 'Done')}</Button>
        </>
      ) : (
        <ActionForm action={create} fields={['url']} submitLabel={t('Crear webhook', 'Create webhook')}>
          <TextField
            label="URL (HTTPS)"
            name="url"
            type="url"
            placeholder="https://"
            required
            error={create.error}
          />
          <fieldset>
            <legend>{t('Eventos (ninguno = todos)', 'Events (none = all)')}</legend>
            <div className="grid2 tight">
              {EVENT_TYPES.map((ev) => (
                <CheckField key={ev} name="eventTypes" value={ev} label={label(t, 'eventType', ev)} />
              ))}
            </div>
          </fieldset>
        </ActionForm>
      )}
    </Modal>
  );
}

/** A delivery that got no HTTP answer: said in words, the network error as a tooltip. */
function connectionError(t: T, error: string | null | undefined) {
  if (!error) return '—';
  return <span title={error}>{t('Sin respuesta del servidor', 'No answer from the server')}</span>;
}
