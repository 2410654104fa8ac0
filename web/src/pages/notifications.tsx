import { useState } from 'react';
import { api } from '../api';
import type { Answer, NotificationPreference } from '../api-models';
import { TableHead, TableRegion } from '../components/table-region';
import { Badge, Button, Card, CheckField, FormError, Loading, PageHeader } from '../components/ui';
import { formatDateTime } from '../format';
import { useAction, useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { label } from '../labels';

export function NotificationsPage() {
  const t = useT();
  const { lang } = useLang();
  const list = useLoad(() => api<Answer<'/v1/notifications', 'get'>>('GET', '/v1/notifications'), []);
  const prefs = useLoad(
    () => api<Answer<'/v1/notifications/preferences', 'get'>>('GET', '/v1/notifications/preferences'),
    [],
  );
  const read = useAction(async (id: string) => {
    await api('POST', `/v1/notifications/${id}/read`);
    await list.reload();
  });
  // The box follows the click at once; the saved value replaces it, or the old one comes back on error.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const toggle = useAction(async (p: NotificationPreference) => {
    const key = `${p.type}:${p.channel}`;
    setPending((x) => ({ ...x, [key]: !p.enabled }));
    try {
      await api('PATCH', '/v1/notifications/preferences', {
        body: { preferences: [{ ...p, enabled: !p.enabled }] },
      });
      await prefs.reload();
    } finally {
      setPending(({ [key]: _, ...rest }) => rest);
    }
  });
  const types = [...new Set(prefs.data?.preferences.map((p) => p.type) ?? [])];
  return (
    <>
      <PageHeader title={t('Notificaciones', 'Notifications')} />
      <Card>
        {!list.data ? (
          list.error ? (
            <FormError error={list.error} />
          ) : (
            <Loading />
          )
        ) : list.data.notifications.length === 0 ? (
          <p className="muted">{t('Nada por ahora.', 'Nothing yet.')}</p>
        ) : (
          <ul className="notifications">
            {list.data.notifications.map((n) => (
              <li key={n.id} className={n.readAt ? 'read' : 'unread'}>
                <div className="row between">
                  <strong>{label(t, 'notificationType', n.type)}</strong>
                  <Badge value={label(t, 'severity', n.severity)} tone={n.severity.toLowerCase()} />
                </div>
                {/* Written by the service in the account's language of that day, maybe not the page's. */}
                <div lang={n.language}>
                  <p>
                    <strong>{n.title}</strong>
                  </p>
                  <p>{n.message}</p>
                </div>
                <div className="row between">
                  <small className="muted">{formatDateTime(n.createdAt, lang)}</small>
                  {!n.readAt && (
                    <Button variant="link" onClick={() => void read.run(n.id)}>
                      {t('Marcar como leída', 'Mark as read')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <FormError error={read.error} />
      </Card>
      <Card title={t('Preferencias', 'Preferences')}>
        {prefs.data && (
          <TableRegion label={t('Preferencias', 'Preferences')}>
            <table className="table compact">
              <TableHead columns={[t('Tipo', 'Type'), t('En la app', 'In app'), t('Correo', 'Email')]} />
              <tbody>
                {types.map((type) => (
                  <tr key={type}>
                    <td>{label(t, 'notificationType', type)}</td>
                    {['IN_APP', 'EMAIL'].map((channel) => {
                      const p = prefs.data?.preferences.find((x) => x.type === type && x.channel === channel);
                      return (
                        <td key={channel}>
                          {p ? (
                            <CheckField
                              name={`${type}-${channel}`}
                              label={
                                <span className="sr-only">{`${label(t, 'notificationType', type)}: ${label(t, 'notificationChannel', channel)}`}</span>
                              }
                              checked={pending[`${p.type}:${p.channel}`] ?? p.enabled}
                              onChange={() => void toggle.run(p)}
                            />
                          ) : (
                            '—'
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
        <FormError error={toggle.error ?? prefs.error} />
      </Card>
    </>
  );
}
