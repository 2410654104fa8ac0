import { useId, useState } from 'react';
import { api } from '../api';
import type { Answer, ApiKey } from '../api-models';
import { ActionForm } from '../components/action-form';
import { TableHead, TableRegion } from '../components/table-region';
import {
  Badge,
  BarChart,
  Button,
  Card,
  CheckField,
  FormError,
  Loading,
  Modal,
  PageHeader,
  SelectField,
  ShownOnce,
  TextField,
} from '../components/ui';
import { formatDateTime } from '../format';
import { useAction, useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { label as codeLabel } from '../labels';
import { Link } from '../router';
import { useSession } from '../session';
import { KeyRequestLog } from './key-request-log';

const SCOPES = [
  'documents:write',
  'documents:read',
  'issuers:read',
  'issuers:write',
  'keys:manage',
  'billing:manage',
  'webhooks:manage',
  'tenant:manage',
  'tenant:promote',
];

export function KeysPage() {
  const t = useT();
  const { lang } = useLang();
  const list = useLoad(() => api<Answer<'/v1/keys', 'get'>>('GET', '/v1/keys'), []);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keyId = selected ?? list.data?.keys[0]?.id ?? null;
  const usage = useLoad(
    () =>
      keyId
        ? api<Answer<'/v1/keys/{id}/usage', 'get'>>('GET', `/v1/keys/${keyId}/usage?days=30`)
        : Promise.resolve(null),
    [keyId],
  );
  const revoke = useAction(async (id: string) => {
    await api('DELETE', `/v1/keys/${id}`);
    setRevoking(null);
    if (selected === id) setSelected(null);
    await list.reload();
  });
  const limit = list.data?.limit;
  const chosen = list.data?.keys.find((k) => k.id === keyId);
  // The plan's limit is shown before the dialog that would hit it (decisions.md: FREE allows 0).
  // The first key is every plan's: with none active, a new one is always allowed.
  const atLimit = limit !== undefined && (list.data?.keys.length ?? 0) > 0 && limit.used >= limit.max;
  const limitId = useId();
  return (
    <>
      <PageHeader title={t('Claves de API', 'API keys')}>
        <Button
          onClick={() => setCreating(true)}
          disabled={atLimit}
          aria-describedby={limit ? limitId : undefined}
        >
          {t('Nueva clave', 'New key')}
        </Button>
      </PageHeader>
      <p className="muted">
        {t(
          'Una clave de API conecta tu propio sistema (o el de tu desarrollador) con el servicio; para emitir desde esta página no necesitas ninguna. Cada clave se muestra una sola vez, al crearla: guárdala en un lugar seguro. La clave creada al registrarte no se vuelve a mostrar; si la necesitas, revócala y crea una nueva.',
          "An API key connects your own system (or your developer's) to the service; issuing from this app needs none. Each key is shown once, when created: keep it somewhere safe. The key created at sign-up is not shown again; if you need it, revoke it and create a new one.",
        )}
      </p>
      {limit && <KeyLimit id={limitId} limit={limit} none={list.data?.keys.length === 0} />}
      {!list.data ? (
        list.error ? (
          <FormError error={list.error} />
        ) : (
          <Loading />
        )
      ) : (
        <TableRegion label={t('Claves', 'Keys')}>
          <table className="table">
            <TableHead
              columns={[
                t('Etiqueta', 'Label'),
                t('Ambiente', 'Environment'),
                t('Permisos', 'Scopes'),
                t('Último uso', 'Last used'),
                [t('Solicitudes', 'Requests'), 'num'],
              ]}
              actions
            />
            <tbody>
              {list.data.keys.map((k) => (
                <tr key={k.id} className={k.id === keyId ? 'selected' : undefined}>
                  <td>
                    <button
                      type="button"
                      className="linkish"
                      onClick={() => setSelected(k.id)}
                      aria-pressed={k.id === keyId}
                    >
                      {k.label ?? t('(sin etiqueta)', '(no label)')}
                    </button>
                  </td>
                  <td>
                    <Badge value={codeLabel(t, 'environment', k.environment)} tone={k.environment} />
                  </td>
                  <td className="scopes">
                    {k.scopes.length === SCOPES.length
                      ? t('Todos', 'All')
                      : k.scopes.map((x) => codeLabel(t, 'scope', x)).join(', ')}
                  </td>
                  <td>{formatDateTime(k.lastUsedAt, lang)}</td>
                  <td className="num">{k.requestCount}</td>
                  <td className="row">
                    <Button
                      variant="link"
                      onClick={() => setSelected(k.id)}
                      aria-label={t(
                        `Registro de solicitudes de ${k.label ?? k.id}`,
                        `Request log of ${k.label ?? k.id}`,
                      )}
                    >
                      {t('Registro de solicitudes', 'Request log')}
                    </Button>
                    <Button
                      variant="link"
                      onClick={() => setRevoking(k)}
                      aria-label={t(`Revocar ${k.label ?? k.id}`, `Revoke ${k.label ?? k.id}`)}
                    >
                      {t('Revocar', 'Revoke')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {chosen && (
        <Card
          title={t(
            `Uso de "${chosen.label ?? chosen.id.slice(0, 8)}" en 30 días`,
            `Usage of "${chosen.label ?? chosen.id.slice(0, 8)}" over 30 days`,
          )}
        >
          {usage.data ? (
            <BarChart
              data={usage.data.usage.map((u) => ({ x: u.date, y: u.requestCount }))}
              label={t(
                `${usage.data.usage.reduce((a, u) => a + u.requestCount, 0)} solicitudes en 30 días`,
                `${usage.data.usage.reduce((a, u) => a + u.requestCount, 0)} requests in 30 days`,
              )}
            />
          ) : (
            <Loading />
          )}
        </Card>
      )}
      {chosen && <KeyRequestLog keyId={chosen.id} keyName={chosen.label ?? chosen.id.slice(0, 8)} />}
      {creating && (
        <CreateKeyModal
          onClose={() => {
            setCreating(false);
            // A 402 in the dialog means the limit moved meanwhile: the button shows it now.
            void list.reload();
          }}
          onCreated={() => void list.reload()}
        />
      )}
      {revoking && (
        <Modal title={t('Revocar clave', 'Revoke key')} onClose={() => setRevoking(null)}>
          <p>
            {t(
              `La clave "${revoking.label ?? revoking.id}" dejará de funcionar de inmediato. Su historial de uso se conserva.`,
              `The key "${revoking.label ?? revoking.id}" stops working at once. Its usage history stays.`,
            )}
          </p>
          <FormError error={revoke.error} />
          <div className="row">
            <Button variant="danger" busy={revoke.busy} onClick={() => void revoke.run(revoking.id)}>
              {t('Revocar', 'Revoke')}
            </Button>
            <Button variant="link" onClick={() => setRevoking(null)}>
              {t('Cancelar', 'Cancel')}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** The plan's allowance of keys beyond the first, and what to do once it is used up. */
function KeyLimit({ id, limit, none }: { id: string; limit: { used: number; max: number }; none: boolean }) {
  const t = useT();
  const tier = useSession().tenant?.subscriptionTier ?? '';
  const plan = codeLabel(t, 'tier', tier);
  if (none)
    return (
      <p id={id} className="muted">
        {t(
          'No tienes claves activas: puedes crear tu clave principal.',
          'You have no active key: you can create your main key.',
        )}
      </p>
    );
  if (limit.used < limit.max)
    return (
      <p id={id} className="muted">
        {t(
          `Claves adicionales: ${limit.used} de ${limit.max} de tu plan ${plan}.`,
          `Additional keys: ${limit.used} of ${limit.max} in your ${plan} plan.`,
        )}
      </p>
    );
  return (
    <div id={id} className="alert info" data-testid="key-limit">
      {limit.max === 0
        ? t(
            `Tu plan ${plan} no incluye claves adicionales: usa tu clave principal o cambia de plan para crear más.`,
            `Your ${plan} plan includes no additional keys: use your main key, or change plans to create more.`,
          )
        : t(
            `Ya usas las ${limit.max} claves adicionales de tu plan ${plan}: revoca una o cambia de plan para crear otra.`,
            `You use all ${limit.max} additional keys of your ${plan} plan: revoke one, or change plans to create another.`,
          )}{' '}
      <Link href="/app/billing">{t('Ver planes', 'See plans')}</Link>
    </div>
  );
}

function CreateKeyModal({ onClose, onCreated }: { onClose(): void; onCreated(): void }) {
  const t = useT();
  const s = useSession();
  const [token, setToken] = useState<string | null>(null);
  const create = useAction(async (form: FormData) => {
    const scopes = form.getAll('scopes').map(String);
    const label = String(form.get('label') ?? '').trim();
    const res = await api<Answer<'/v1/keys', 'post'>>('POST', '/v1/keys', {
      body: { label: label || undefined, environment: form.get('environment'), scopes },
    });
    setToken(res.apiKey);
    onCreated();
  });
  return (
    <Modal title={t('Nueva clave de API', 'New API key')} onClose={onClose}>
      {token ? (
        <>
          <ShownOnce label={t('Tu nueva clave', 'Your new key')} value={token} />
          <Button onClick={onClose}>{t('Listo', 'Done')}</Button>
        </>
      ) : (
        <ActionForm
          // The limit gets its own message above, never the API's English detail.
          action={{ ...create, error: create.error?.code === 'API_KEY_LIMIT_REACHED' ? null : create.error }}
          fields={['label', 'environment']}
          submitLabel={t('Crear clave', 'Create key')}
        >
          {create.error?.code === 'API_KEY_LIMIT_REACHED' && (
            <div className="alert error" role="alert" data-code="API_KEY_LIMIT_REACHED">
              <strong>
                {t(
                  'Tu plan no permite más claves activas. Revoca una o cambia de plan.',
                  'Your plan allows no more active keys. Revoke one, or change plans.',
                )}
              </strong>
            </div>
          )}
          <TextField label={t('Etiqueta', 'Label')} name="label" maxLength={100} error={create.error} />
          <SelectField
            label={t('Ambiente', 'Environment')}
            name="environment"
            defaultValue={s.tenant?.sandbox ? 'sandbox' : 'production'}
            error={create.error}
            options={[
              ['sandbox', t('Pruebas', 'Sandbox')],
              ['production', t('Producción', 'Production')],
            ]}
          />
          <fieldset>
            <legend>{t('Permisos', 'Scopes')}</legend>
            <div className="grid2 tight">
              {SCOPES.map((sc) => (
                <CheckField
                  key={sc}
                  name="scopes"
                  value={sc}
                  defaultChecked={sc.startsWith('documents') || sc === 'issuers:read'}
                  label={<span title={sc}>{codeLabel(t, 'scope', sc)}</span>}
                />
              ))}
            </div>
          </fieldset>
        </ActionForm>
      )}
    </Modal>
  );
}
