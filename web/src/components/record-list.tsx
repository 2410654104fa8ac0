import { type ReactNode, useEffect, useState } from 'react';
import { type ApiError, api } from '../api';
import { useAction, useLoad } from '../hooks';
import { useT } from '../i18n';
import { ActionForm, type FormAction } from './action-form';
import { Button, FormError, Loading, Modal, TextField } from './ui';

/**
 * The pieces every list page repeats: a loaded answer (spinner, then its problem document or the
 * content), a table's header row, the Edit/Delete links of a row, a page-by-page pager and a delete
 * confirmation. Each page keeps its own columns and words.
 */
export function Loaded<T>({
  load,
  children,
}: {
  load: { data: T | null; error: ApiError | null };
  children(data: T): ReactNode;
}) {
  if (load.data) return <>{children(load.data)}</>;
  return load.error ? <FormError error={load.error} /> : <Loading />;
}

/** A column's heading, with its class (`num`, `hide-sm`) where it has one. */
export type Column = string | [label: string, className: string];

/** A table's header row; `actions` adds the last column, named only for screen readers. */
export function TableHead({ columns, actions = false }: { columns: Column[]; actions?: boolean }) {
  const t = useT();
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c}>{c}</th>
          ) : (
            <th key={c[0]} className={c[1]}>
              {c[0]}
            </th>
          ),
        )}
        {actions && (
          <th>
            <span className="sr-only">{t('Acciones', 'Actions')}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** A saved record's Edit and Delete links, each naming the record for screen readers. */
export function EditDeleteCell({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit(): void;
  onDelete(): void;
}) {
  const t = useT();
  return (
    <td className="actions-cell">
      <Button variant="link" onClick={onEdit} aria-label={t(`Editar ${name}`, `Edit ${name}`)}>
        {t('Editar', 'Edit')}
      </Button>
      <Button variant="link" onClick={onDelete} aria-label={t(`Eliminar ${name}`, `Delete ${name}`)}>
        {t('Eliminar', 'Delete')}
      </Button>
    </td>
  );
}

/** Previous / "Page n of m" / Next; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('Páginas', 'Pages')}>
      <Button variant="link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('Anterior', 'Previous')}
      </Button>
      <span>{t(`Página ${page} de ${pages}`, `Page ${page} of ${pages}`)}</span>
      <Button variant="link" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('Siguiente', 'Next')}
      </Button>
    </nav>
  );
}

/** A value the user typed, waiting `ms` after the last key before it counts (search as you type). */
export function useDebounced(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const PAGE_SIZE = 20;

/**
 * A searched, paged list of saved records (`GET path?q=&page=&limit=`): the search box's text,
 * the debounced query sent, the page (back to 1 whenever the text changes) and the page count.
 */
export function useSearchedPages<A extends { pagination: { total: number } }>(path: string) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q);
  const list = useLoad(
    () =>
      api<A>(
        'GET',
        `${path}?${new URLSearchParams({ q: query, page: String(page), limit: String(PAGE_SIZE) })}`,
      ),
    [query, page],
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.pagination.total / PAGE_SIZE)) : 1;
  const search = (text: string) => {
    setQ(text);
    setPage(1);
  };
  return { q, search, query, page, setPage, pages, list };
}

/** The search-as-you-type box above a list. */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch(q: string): void;
}) {
  return (
    <div className="search-box">
      <TextField
        label={label}
        name="q"
        type="search"
        value={value}
        onChange={(e) => onSearch(e.target.value)}
      />
    </div>
  );
}

/** "Delete X?" with what stays as it was; deletes `path` and reports back. */
export function ConfirmDelete({
  title,
  path,
  children,
  onClose,
  onDeleted,
}: {
  title: string;
  path: string;
  children: ReactNode;
  onClose(): void;
  onDeleted(): void;
}) {
  const t = useT();
  const remove = useAction(async () => {
    await api('DELETE', path);
    onDeleted();
  });
  return (
    <Modal title={title} onClose={onClose}>
      <p>{children}</p>
      <FormError error={remove.error} />
      <div className="row">
        <Button variant="danger" busy={remove.busy} onClick={() => void remove.run()}>
          {t('Eliminar', 'Delete')}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t('Cancelar', 'Cancel')}
        </Button>
      </div>
    </Modal>
  );
}

/** A dialog holding a record's form: Save runs `action`, Cancel closes. */
export function SaveModal({
  title,
  action,
  fields,
  onClose,
  children,
}: {
  title: string;
  action: FormAction;
  fields: string[];
  onClose(): void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal title={title} onClose={onClose}>
      <ActionForm
        action={action}
        fields={fields}
        submitLabel={t('Guardar', 'Save')}
        after={
          <Button variant="link" onClick={onClose}>
            {t('Cancelar', 'Cancel')}
          </Button>
        }
      >
        {children}
      </ActionForm>
    </Modal>
  );
}
