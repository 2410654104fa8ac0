import { type FormEvent, type ReactNode, useState } from 'react';
import type { ApiError } from '../api';
import { dmyToIso, isoToDmy } from '../format';
import { useT } from '../i18n';
import { label } from '../labels';
import { navigate, useLocation } from '../router';
import { Button, SelectField, TextField } from './ui';

/**
 * A list's filters kept in the URL (shareable, the back button works): the page's query and
 * `setQuery`, which sets or (given null or '') drops each named parameter and navigates there.
 */
export function useUrlQuery(path: string) {
  const { query } = useLocation();
  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    navigate(`${path}?${next.toString()}`);
  };
  return { query, qs: query.toString(), setQuery };
}

/**
 * The "Filtros" toggle and its form: Apply hands every named field to `onApply` (`from` and `to`
 * as the API's DD/MM/YYYY, an empty field as null), Clear hands them all as null.
 * The form starts open when one of `shownWhen` is already in the URL.
 */
export function FilterPanel({
  names,
  shownWhen = names,
  query,
  onApply,
  children,
  after,
}: {
  names: readonly string[];
  shownWhen?: readonly string[];
  query: URLSearchParams;
  onApply(f: Record<string, string | null>): void;
  children: ReactNode;
  after?: ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(shownWhen.some((f) => query.get(f)));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const out: Record<string, string | null> = {};
    for (const k of names) {
      const v = String(f.get(k) ?? '').trim();
      out[k] = v ? (k === 'from' || k === 'to' ? isoToDmy(v) : v) : null;
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
          {children}
          <div className="row">
            <Button type="submit">{t('Aplicar', 'Apply')}</Button>
            <Button variant="link" onClick={() => onApply(Object.fromEntries(names.map((k) => [k, null])))}>
              {t('Limpiar', 'Clear')}
            </Button>
          </div>
        </form>
      )}
      {after}
    </section>
  );
}

/** The From / To dates of a filter, shown from the URL's DD/MM/YYYY. */
export function DateRangeFields({ query, error }: { query: URLSearchParams; error?: ApiError | null }) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('Desde', 'From')}
        name="from"
        type="date"
        defaultValue={dmyToIso(query.get('from'))}
        error={error}
      />
      <TextField
        label={t('Hasta', 'To')}
        name="to"
        type="date"
        defaultValue={dmyToIso(query.get('to'))}
        error={error}
      />
    </>
  );
}

/** A filter's "Tipo" select: all, or one of the six document types. */
export function TypeFilter({ query }: { query: URLSearchParams }) {
  const t = useT();
  return (
    <SelectField
      label={t('Tipo', 'Type')}
      name="documentType"
      defaultValue={query.get('documentType') ?? ''}
      options={[
        ['', t('Todos', 'All')],
        ...['01', '03', '04', '05', '06', '07'].map(
          (x) => [x, label(t, 'documentType', x)] as [string, string],
        ),
      ]}
    />
  );
}
