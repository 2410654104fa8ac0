import { type FormEvent, useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { TableHead, TableRegion } from '../components/table-region';
import { Button, Card, FormError, Loading, SelectField, TextField } from '../components/ui';
import { formatDateTime } from '../format';
import { useLoad } from '../hooks';
import { problemMessage, useLang, useT } from '../i18n';

type LogPage = Answer<'/v1/keys/{id}/requests', 'get'>;
type LoggedRequest = LogPage['requests'][number];

interface Filters {
  status: string;
  code: string;
  path: string;
  requestId: string;
}

const NO_FILTERS: Filters = { status: '', code: '', path: '', requestId: '' };

function queryOf(filters: Filters, cursor?: string): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) q.set(name, value.trim());
  if (cursor) q.set('cursor', cursor);
  q.set('limit', '50');
  return q.toString();
}

/**
 * The last 7 days of a key's requests (GET /v1/keys/{id}/requests), newest first: searchable by
 * status, error code, path and request id; failed requests stand out.
 */
export function KeyRequestLog({ keyId, keyName }: { keyId: string; keyName: string }) {
  const t = useT();
  const { lang } = useLang();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [more, setMore] = useState<{ rows: LoggedRequest[]; cursor: string | null } | null>(null);
  const page = useLoad(() => {
    setMore(null);
    return api<LogPage>('GET', `/v1/keys/${keyId}/requests?${queryOf(filters)}`);
  }, [keyId, filters]);
  const rows = [...(page.data?.requests ?? []), ...(more?.rows ?? [])];
  const cursor = more ? more.cursor : (page.data?.nextCursor ?? null);

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: keyof Filters) => String(form.get(name) ?? '');
    setFilters({
      status: value('status'),
      code: value('code').toUpperCase(),
      path: value('path'),
      requestId: value('requestId'),
    });
  };
  const loadMore = async () => {
    if (!cursor) return;
    const next = await api<LogPage>('GET', `/v1/keys/${keyId}/requests?${queryOf(filters, cursor)}`);
    setMore({ rows: [...(more?.rows ?? []), ...next.requests], cursor: next.nextCursor });
  };

  return (
    <Card title={t(`Registro de solicitudes de "${keyName}"`, `Request log of "${keyName}"`)}>
      <p className="muted">
        {t(
          'Las solicitudes de los últimos 7 días: método, ruta, estado, código de error e identificador de solicitud. Nunca se guardan cuerpos ni claves.',
          'Requests of the last 7 days: method, path, status, error code and request id. Bodies and keys are never stored.',
        )}
      </p>
      <form
        className="request-log-filters"
        onSubmit={search}
        aria-label={t('Buscar solicitudes', 'Search requests')}
      >
        <SelectField
          label={t('Estado', 'Status')}
          name="status"
          defaultValue={filters.status}
          options={[
            ['', t('Todos', 'All')],
            ['2xx', t('2xx correctas', '2xx succeeded')],
            ['4xx', t('4xx rechazadas', '4xx refused')],
            ['5xx', t('5xx errores del servicio', '5xx service errors')],
          ]}
        />
        <TextField
          label={t('Código de error', 'Error code')}
          name="code"
          defaultValue={filters.code}
          data-technical=""
          maxLength={64}
        />
        <TextField
          label={t('Ruta', 'Path')}
          name="path"
          defaultValue={filters.path}
          placeholder="/v1/documents"
          data-technical=""
          maxLength={300}
        />
        <TextField
          label={t('ID de solicitud', 'Request id')}
          name="requestId"
          defaultValue={filters.requestId}
          maxLength={128}
        />
        <Button type="submit" variant="secondary">
          {t('Buscar', 'Search')}
        </Button>
        <Button variant="link" onClick={() => void page.reload()}>
          {t('Actualizar', 'Refresh')}
        </Button>
      </form>
      <FormError error={page.error} />
      {!page.data ? (
        !page.error && <Loading />
      ) : (
        <TableRegion label={t('Solicitudes', 'Requests')}>
          <table className="table compact request-log" aria-label={t('Solicitudes', 'Requests')}>
            <TableHead
              columns={[
                t('Fecha', 'Date'),
                t('Método', 'Method'),
                t('Ruta', 'Path'),
                [t('Estado', 'Status'), 'num'],
                t('Código', 'Code'),
                t('ID de solicitud', 'Request id'),
                [t('Duración', 'Duration'), 'num'],
              ]}
            />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={r.status >= 400 ? 'failed' : undefined}>
                  <td>{formatDateTime(r.createdAt, lang)}</td>
                  <td>
                    <code data-technical="">{r.method}</code>
                  </td>
                  <td className="path">
                    <code data-technical="">{r.path}</code>
                  </td>
                  <td className="num">{r.status}</td>
                  <td>
                    {r.code ? (
                      <>
                        {problemMessage(t, { code: r.code, status: r.status })}
                        <code data-technical="" className="small muted block">
                          {r.code}
                        </code>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    <code className="request-id">{r.requestId}</code>
                  </td>
                  <td className="num">{r.durationMs} ms</td>
                </tr>
              ))}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="muted">
                    {t('Ninguna solicitud coincide.', 'No request matches.')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </TableRegion>
      )}
      {cursor && (
        <Button variant="link" onClick={() => void loadMore()}>
          {t('Ver más', 'Show more')}
        </Button>
      )}
    </Card>
  );
}
