import { api } from '../../api';
import {
  Button,
  CheckField,
  FormError,
  Loading,
  PageHeader,
  SelectField,
  TextField,
} from '../../components/ui';
import { DateRangeFields, FilterPanel, TypeFilter, useUrlQuery } from '../../components/url-filters';
import { money } from '../../format';
import { useLoad } from '../../hooks';
import { useT } from '../../i18n';
import { Link } from '../../router';
import { purchaseLabel, SRI_STATUSES } from './purchase-labels';
import { PurchaseRows } from './purchase-rows';
import type { PurchaseList } from './purchase-types';

const FILTERS = ['supplier', 'documentType', 'from', 'to', 'status', 'withoutRetention'] as const;

/**
 * "Compras": the documents the business received, with the API's filters kept in the URL
 * (shareable, back button), exact totals over the whole filter and keyset pages (`cursor`:
 * "Siguiente" follows `nextCursor`, the browser's back goes to the page before).
 */
export function PurchasesPage() {
  const t = useT();
  const { query, qs, setQuery } = useUrlQuery('/app/purchases');
  const list = useLoad(() => api<PurchaseList>('GET', `/v1/purchases?${qs}`), [qs]);
  const totals = list.data?.totals;
  return (
    <>
      <PageHeader title={t('Compras', 'Purchases')}>
        <Link className="btn primary" href="/app/purchases/add">
          {t('Agregar por clave o XML', 'Add by key or XML')}
        </Link>
        <Link className="btn" href="/app/purchases/import">
          {t('Importar TXT del SRI', 'Import the SRI TXT')}
        </Link>
      </PageHeader>
      <FilterPanel key={qs} names={FILTERS} query={query} onApply={(f) => setQuery({ ...f, cursor: null })}>
        <TextField
          label={t('Proveedor (RUC o nombre)', 'Supplier (RUC or name)')}
          name="supplier"
          defaultValue={query.get('supplier') ?? ''}
        />
        <TypeFilter query={query} />
        <SelectField
          label={t('Estado en el SRI', 'SRI status')}
          name="status"
          defaultValue={query.get('status') ?? ''}
          options={[
            ['', t('Todos', 'All')],
            ...SRI_STATUSES.map((x) => [x, purchaseLabel(t, 'sriStatus', x)] as [string, string]),
          ]}
        />
        <DateRangeFields query={query} />
        <CheckField
          label={t('Sin retención emitida', 'Without a retention issued')}
          name="withoutRetention"
          value="true"
          defaultChecked={query.get('withoutRetention') === 'true'}
        />
      </FilterPanel>
      <FormError error={list.error} fields={[]} />
      {list.loading && !list.data && <Loading />}
      {list.data && totals && (
        <>
          <dl className="totals purchase-totals" aria-label={t('Totales del filtro', 'Totals of the filter')}>
            <dt>{t('Comprobantes', 'Documents')}</dt>
            <dd data-testid="purchases-count">{totals.count}</dd>
            <dt>{t('Subtotal sin impuestos', 'Subtotal before taxes')}</dt>
            <dd>{money(totals.totalWithoutTaxes)}</dd>
            <dt>IVA</dt>
            <dd>{money(totals.iva)}</dd>
            <dt>{t('Total', 'Total')}</dt>
            <dd>
              <strong>{money(totals.total)}</strong>
            </dd>
          </dl>
          <PurchaseRows
            rows={list.data.data}
            empty={t('No hay compras con estos filtros.', 'No purchases match these filters.')}
          />
          <nav className="pager" aria-label={t('Páginas', 'Pages')}>
            <Button
              variant="secondary"
              disabled={!query.get('cursor')}
              onClick={() => setQuery({ cursor: null })}
            >
              ← {t('Primera página', 'First page')}
            </Button>
            <Button
              variant="secondary"
              disabled={!list.data.nextCursor}
              onClick={() => setQuery({ cursor: list.data!.nextCursor })}
            >
              {t('Siguiente', 'Next')} →
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
