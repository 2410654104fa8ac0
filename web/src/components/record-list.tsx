import { type ReactNode, useEffect, useState } from 'react';
import { type ApiError, api } from '../api';
import { useAction, useLoad } from '../hooks';
import { useT } from '../i18n';
import { ActionForm, type FormAction } from './action-form';
import { type Column, TableHead, TableRegion } from './table-region';
import { Alert, Button, FormError, Loading, Modal, PageHeader, TextField } from './ui';

/**
 * The pieces every list page repeats: a loaded answer (spinner, then its problem document or the
 * content), a table's header row, the Edit/Delete links of a row, a page-by-page pager and a delete
 * confirmation. Each page keeps its own columns and words.
 */
function Loaded<T>({
  load,
  children,
}: {
  load: { data: T | null; error: ApiError | null };
  children(data: T): ReactNode;
}) {
  if (load.data) return <>{children(load.data)}</>;
  return load.error ? <FormError error={load.error} /> : <Loading />;
}

/** A saved record's Edit and Delete links, each naming the record for screen readers. */
function EditDeleteCell({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
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
function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
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
function useDebounced(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const PAGE_SIZE = 20;

type Paged<R> = { data: R[]; pagination: { total: number } };
interface SearchedPages<R> {
  q: string;
  search(text: string): void;
  query: string;
  page: number;
  setPage(page: number): void;
  pages: number;
  list: { data: Paged<R> | null; error: ApiError | null; reload(): Promise<void> };
}

/**
 * A searched, paged list of saved records (`GET path?q=&page=&limit=`): the search box's text,
 * the debounced query sent, the page (back to 1 whenever the text changes) and the page count.
 */
export function useSearchedPages<R>(path: string): SearchedPages<R> {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q);
  const list = useLoad(
    () =>
      api<Paged<R>>(
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

/**
 * A page of saved records (customers, products): its title with "Importar CSV" and "New", the
 * last save's message, the search box, then the table of `useSearchedPages`' page (each row's
 * `cells` and its Edit/Delete links) with its pager, or what to say when there is none.
 */
export function SavedRecords<R extends { id: string }>({
  title,
  newLabel,
  searchLabel,
  noMatch,
  none,
  message,
  records,
  columns,
  cells,
  name,
  onImport,
  onEdit,
  onDelete,
}: {
  title: string;
  newLabel: string;
  searchLabel: string;
  noMatch: string;
  none: string;
  message: string | null;
  records: SearchedPages<R>;
  columns: Column[];
  cells(record: R): ReactNode;
  name(record: R): string;
  onImport(): void;
  onEdit(record: R | 'new'): void;
  onDelete(record: R): void;
}) {
  const t = useT();
  const { q, search, query, page, setPage, pages, list } = records;
  return (
    <>
      <PageHeader title={title}>
        <Button variant="secondary" onClick={onImport}>
          {t('Importar CSV', 'Import CSV')}
        </Button>
        <Button onClick={() => onEdit('new')}>{newLabel}</Button>
      </PageHeader>
      {message && <Alert kind="success">{message}</Alert>}
      <div className="search-box">
        <TextField
          label={searchLabel}
          name="q"
          type="search"
          value={q}
          onChange={(e) => search(e.target.value)}
        />
      </div>
      <Loaded load={list}>
        {(data) =>
          data.data.length === 0 ? (
            <Alert>{query ? noMatch : none}</Alert>
          ) : (
            <>
              <TableRegion label={title}>
                <table className="table" aria-label={title}>
                  <TableHead columns={columns} actions />
                  <tbody>
                    {data.data.map((r) => (
                      <tr key={r.id}>
                        {cells(r)}
                        <EditDeleteCell
                          name={name(r)}
                          onEdit={() => onEdit(r)}
                          onDelete={() => onDelete(r)}
                        />
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <Pager page={page} pages={pages} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </>
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
