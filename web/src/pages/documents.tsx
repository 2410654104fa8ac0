import { api } from '../api';
import type { Answer } from '../api-models';
import { Button, FormError, Loading, PageHeader, SelectField, TextField } from '../components/ui';
import { DateRangeFields, FilterPanel, TypeFilter, useUrlQuery } from '../components/url-filters';
import { useLoad } from '../hooks';
import { useT } from '../i18n';
import { Link } from '../router';
import { useCanIssue, useSession } from '../session';
import { DocumentRows } from './document-rows';
import { STATUS_ORDER, statusLabel } from './document-status';
import { DocumentsExport } from './documents-export';

const FILTERS = [
  'status',
  'documentType',
  'from',
  'to',
  'sequential',
  'buyerName',
  'sortBy',
  'sortDir',
] as const;

/** The list with the API's filters, sorting and pages, all kept in the URL (shareable, back button). */
/** The forms of the types an issuer may enable; each offered only when the issuer has it. */
const NEW_DOCUMENT_LINKS = [
  ['01', '/app/documents/new', 'Nueva factura', 'New invoice'],
  ['03', '/app/documents/new-purchase-settlement', 'Nueva liquidación de compra', 'New purchase settlement'],
  ['07', '/app/documents/new-withholding', 'Nueva retención', 'New withholding receipt'],
  ['06', '/app/documents/new-waybill', 'Nueva guía de remisión', 'New waybill'],
] as const;

export function DocumentsPage() {
  const t = useT();
  const s = useSession();
  const canIssue = useCanIssue();
  const { query, qs, setQuery } = useUrlQuery('/app/documents');
  const list = useLoad(
    () =>
      s.issuerId
        ? api<Answer<'/v1/documents', 'get'>>('GET', `/v1/documents?${qs}`, { issuer: s.issuerId })
        : Promise.resolve(null),
    [s.issuerId, qs],
  );
  const sortBy = query.get('sortBy');
  const sortDir = query.get('sortDir') ?? 'desc';
  const sortHeader = (key: string, label: string) => {
    const active = sortBy === key;
    const dir = active && sortDir === 'desc' ? 'asc' : 'desc';
    return (
      <th aria-sort={active ? (sortDir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          className="sort"
          onClick={() => setQuery({ sortBy: key, sortDir: dir, page: null })}
        >
          {label} {active ? (sortDir === 'asc' ? '▲' : '▼') : ''}
        </button>
      </th>
    );
  };
  const pg = list.data?.pagination;
  const pages = pg ? Math.max(1, Math.ceil(pg.total / pg.limit)) : 1;
  return (
    <>
      <PageHeader title={t('Comprobantes', 'Documents')}>
        {NEW_DOCUMENT_LINKS.filter(([type]) => canIssue(type)).map(([type, href, es, en], i) => (
          <Link key={type} className={i === 0 ? 'btn primary' : 'btn'} href={href}>
            {t(es, en)}
          </Link>
        ))}
      </PageHeader>
      <FilterPanel
        key={qs}
        names={FILTERS}
        shownWhen={FILTERS.filter((f) => !f.startsWith('sort'))}
        query={query}
        onApply={(f) => setQuery({ ...f, page: null })}
        after={<FormError error={list.error} fields={['query.from', 'query.to']} />}
      >
        <SelectField
          label={t('Estado', 'Status')}
          name="status"
          defaultValue={query.get('status') ?? ''}
          options={[
            ['', t('Todos', 'All')],
            ...STATUS_ORDER.filter((x) => x !== 'VOIDED').map(
              (x) => [x, statusLabel(t, x)] as [string, string],
            ),
          ]}
        />
        <TypeFilter query={query} />
        <TextField
          label={t('Número contiene', 'Number contains')}
          name="sequential"
          defaultValue={query.get('sequential') ?? ''}
        />
        <DateRangeFields query={query} error={list.error} />
        <TextField
          label={t('Cliente contiene', 'Buyer contains')}
          name="buyerName"
          defaultValue={query.get('buyerName') ?? ''}
        />
        <SelectField
          label={t('Ordenar por', 'Sort by')}
          name="sortBy"
          defaultValue={query.get('sortBy') ?? ''}
          options={[
            ['', t('Más recientes', 'Newest first')],
            ['sequential', t('Número', 'Number')],
            ['issueDate', t('Fecha', 'Date')],
            ['buyerName', t('Cliente', 'Buyer')],
            ['status', t('Estado', 'Status')],
          ]}
        />
        <SelectField
          label={t('Dirección', 'Direction')}
          name="sortDir"
          defaultValue={query.get('sortDir') ?? ''}
          options={[
            ['', t('Descendente', 'Descending')],
            ['asc', t('Ascendente', 'Ascending')],
          ]}
        />
      </FilterPanel>
      {s.issuerId && <DocumentsExport query={query} issuerId={s.issuerId} />}
      {list.loading && !list.data && <Loading />}
      {list.data && (
        <>
          <DocumentRows
            docs={list.data.data}
            sortHeader={sortHeader}
            empty={t('No hay comprobantes con estos filtros.', 'No documents match these filters.')}
          />
          {pg && (
            <nav className="pager" aria-label={t('Páginas', 'Pages')}>
              <Button
                variant="secondary"
                disabled={pg.page <= 1}
                onClick={() => setQuery({ page: String(pg.page - 1) })}
              >
                ← {t('Anterior', 'Previous')}
              </Button>
              <span>
                {t(
                  `Página ${pg.page} de ${pages} (${pg.total})`,
                  `Page ${pg.page} of ${pages} (${pg.total})`,
                )}
              </span>
              <Button
                variant="secondary"
                disabled={pg.page >= pages}
                onClick={() => setQuery({ page: String(pg.page + 1) })}
              >
                {t('Siguiente', 'Next')} →
              </Button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
