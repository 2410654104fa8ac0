import { type FormEvent, useState } from 'react';
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
import { dmyToIso, isoToDmy, money } from '../../format';
import { useLoad } from '../../hooks';
import { useT } from '../../i18n';
import { Link, navigate, useLocation } from '../../router';
import { typeLabel } from '../document-status';
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
  const { query } = useLocation();
  const qs = query.toString();
  const list = useLoad(() => api<PurchaseList>('GET', `/v1/purchases?${qs}`), [qs]);
  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    navigate(`/app/purchases?${next.toString()}`);
  };
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
      <Filters key={qs} query={query} onApply={(f) => setQuery({ ...f, cursor: null })} />
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

function Filters({
  query,
  onApply,
}: {
  query: URLSearchParams;
  onApply(f: Record<string, string | null>): void;
}) {
  const t = useT();
  const [open, setOpen] = useState(FILTERS.some((f) => query.get(f)));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const out: Record<string, string | null> = {};
    for (const k of FILTERS) {
      const v = String(f.get(k) ?? '').trim();
      out[k] = !v ? null : k === 'from' || k === 'to' ? isoToDmy(v) : k === 'withoutRetention' ? 'true' : v;
    }
    onApply(out);
  };
  return (
    <section className="filters">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('Filtros', 'Filters')}
      </Button>
      {open && (
        <form onSubmit={submit} className="grid3" aria-label={t('Filtros', 'Filters')}>
          <TextField
            label={t('Proveedor (RUC o nombre)', 'Supplier (RUC or name)')}
            name="supplier"
            defaultValue={query.get('supplier') ?? ''}
          />
          <SelectField
            label={t('Tipo', 'Type')}
            name="documentType"
            defaultValue={query.get('documentType') ?? ''}
            options={[
              ['', t('Todos', 'All')],
              ...['01', '03', '04', '05', '06', '07'].map((x) => [x, typeLabel(t, x)] as [string, string]),
            ]}
          />
          <SelectField
            label={t('Estado en el SRI', 'SRI status')}
            name="status"
            defaultValue={query.get('status') ?? ''}
            options={[
              ['', t('Todos', 'All')],
              ...SRI_STATUSES.map((x) => [x, purchaseLabel(t, 'sriStatus', x)] as [string, string]),
            ]}
          />
          <TextField
            label={t('Desde', 'From')}
            name="from"
            type="date"
            defaultValue={dmyToIso(query.get('from'))}
          />
          <TextField
            label={t('Hasta', 'To')}
            name="to"
            type="date"
            defaultValue={dmyToIso(query.get('to'))}
          />
          <CheckField
            label={t('Sin retención emitida', 'Without a retention issued')}
            name="withoutRetention"
            defaultChecked={query.get('withoutRetention') === 'true'}
          />
          <div className="row">
            <Button type="submit">{t('Aplicar', 'Apply')}</Button>
            <Button variant="link" onClick={() => onApply(Object.fromEntries(FILTERS.map((k) => [k, null])))}>
              {t('Limpiar', 'Clear')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
