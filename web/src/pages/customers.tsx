import { useEffect, useState } from 'react';
import { ApiError, api } from '../api';
import type { Answer } from '../api-models';
import { ActionForm } from '../components/action-form';
import { TableRegion } from '../components/table-region';
import {
  Alert,
  Button,
  FormError,
  Loading,
  Modal,
  PageHeader,
  SelectField,
  TextField,
} from '../components/ui';
import { useAction, useLoad } from '../hooks';
import { type T, useT } from '../i18n';
import { CsvImportDialog } from './csv-import';
import { fieldErrorText, ID_TYPE_CODES, idTypeLabel } from './entry-labels';

type Customer = Answer<'/v1/customers', 'get'>['data'][number];
type CustomerRow = Answer<'/v1/customers/import', 'post'>['data']['rows'][number]['value'];

const PAGE_SIZE = 20;

/**
 * A failed save of a customer or product, worded for people: 409 CONFLICT as `duplicate` (the
 * generic text is about accounts), field errors in the UI's language (the API's detail is kept).
 */
export function inWords(t: T, e: unknown, duplicate: string, idType?: string): unknown {
  if (!(e instanceof ApiError)) return e;
  if (e.code === 'CONFLICT') return new ApiError(409, 'DUPLICATE_ENTRY', duplicate, [], true);
  if (e.code !== 'VALIDATION_FAILED') return e;
  const errors = e.errors.map((f) => ({
    path: f.path,
    message: fieldErrorText(t, f.path, f.message, idType),
    localized: true,
    apiMessage: f.message,
  }));
  return new ApiError(e.status, e.code, e.detail, errors);
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

/** Saved customers (the buyers of documents): search, create, edit, delete, import from CSV. */
export function CustomersPage() {
  const t = useT();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q);
  const list = useLoad(
    () =>
      api<Answer<'/v1/customers', 'get'>>(
        'GET',
        `/v1/customers?${new URLSearchParams({ q: query, page: String(page), limit: String(PAGE_SIZE) })}`,
      ),
    [query, page],
  );
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [importing, setImporting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.pagination.total / PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeader title={t('Clientes', 'Customers')}>
        <Button variant="secondary" onClick={() => setImporting(true)}>
          {t('Importar CSV', 'Import CSV')}
        </Button>
        <Button onClick={() => setEditing('new')}>{t('Nuevo cliente', 'New customer')}</Button>
      </PageHeader>
      {message && <Alert kind="success">{message}</Alert>}
      <div className="search-box">
        <TextField
          label={t('Buscar por nombre o identificación', 'Search by name or identification')}
          name="q"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {!list.data ? (
        list.error ? (
          <FormError error={list.error} />
        ) : (
          <Loading />
        )
      ) : list.data.data.length === 0 ? (
        <Alert>
          {query
            ? t('Ningún cliente coincide con la búsqueda.', 'No customer matches the search.')
            : t(
                'Aún no hay clientes. Créalos aquí o impórtalos desde un archivo CSV.',
                'No customers yet. Create them here or import them from a CSV file.',
              )}
        </Alert>
      ) : (
        <>
          <TableRegion label={t('Clientes', 'Customers')}>
            <table className="table" aria-label={t('Clientes', 'Customers')}>
              <thead>
                <tr>
                  <th>{t('Nombre', 'Name')}</th>
                  <th>{t('Identificación', 'Identification')}</th>
                  <th className="hide-sm">{t('Correo', 'Email')}</th>
                  <th className="hide-sm">{t('Teléfono', 'Phone')}</th>
                  <th>
                    <span className="sr-only">{t('Acciones', 'Actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((c) => (
                  <tr key={c.id}>
                    <td>{c.name}</td>
                    <td>
                      <span className="muted">{idTypeLabel(t, c.idType)}</span> {c.identification}
                    </td>
                    <td className="hide-sm">{c.email ?? '—'}</td>
                    <td className="hide-sm">{c.phone ?? '—'}</td>
                    <td className="actions-cell">
                      <Button
                        variant="link"
                        onClick={() => setEditing(c)}
                        aria-label={t(`Editar ${c.name}`, `Edit ${c.name}`)}
                      >
                        {t('Editar', 'Edit')}
                      </Button>
                      <Button
                        variant="link"
                        onClick={() => setDeleting(c)}
                        aria-label={t(`Eliminar ${c.name}`, `Delete ${c.name}`)}
                      >
                        {t('Eliminar', 'Delete')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          {pages > 1 && (
            <nav className="pager" aria-label={t('Páginas', 'Pages')}>
              <Button variant="link" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('Anterior', 'Previous')}
              </Button>
              <span>{t(`Página ${page} de ${pages}`, `Page ${page} of ${pages}`)}</span>
              <Button variant="link" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('Siguiente', 'Next')}
              </Button>
            </nav>
          )}
        </>
      )}
      {editing && (
        <CustomerModal
          customer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(c, isNew) => {
            setEditing(null);
            setMessage(
              isNew
                ? t(`Cliente ${c.name} creado.`, `Customer ${c.name} created.`)
                : t(`Cliente ${c.name} guardado.`, `Customer ${c.name} saved.`),
            );
            void list.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          customer={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setMessage(t(`Cliente ${deleting.name} eliminado.`, `Customer ${deleting.name} deleted.`));
            setDeleting(null);
            void list.reload();
          }}
        />
      )}
      {importing && (
        <CsvImportDialog<CustomerRow>
          title={t('Importar clientes', 'Import customers')}
          endpoint="/v1/customers/import"
          help={
            <p>
              {t(
                'Una fila por cliente, con encabezados: tipo (RUC, cédula, pasaporte, consumidor final, exterior), identificación, nombre y, si quieres, correo, teléfono y dirección. Separado por ; o por , (UTF-8).',
                'One row per customer, with headers: type (RUC, cédula, passport, final consumer, foreign), identification, name and, optionally, email, phone and address. Separated by ; or , (UTF-8).',
              )}
            </p>
          }
          columns={[
            [t('Nombre', 'Name'), (v) => v.name],
            [
              t('Identificación', 'Identification'),
              (v) => (
                <>
                  <span className="muted">
                    {ID_TYPE_CODES.includes(v.idType as never) ? idTypeLabel(t, v.idType) : v.idType}
                  </span>{' '}
                  {v.identification}
                </>
              ),
            ],
            [t('Correo', 'Email'), (v) => v.email || '—'],
          ]}
          idTypeOf={(v) => v.idType}
          onClose={() => setImporting(false)}
          onImported={(n) => {
            setMessage(t(`Clientes importados: ${n}.`, `Customers imported: ${n}.`));
            void list.reload();
          }}
        />
      )}
    </>
  );
}

function CustomerModal({
  customer,
  onClose,
  onSaved,
}: {
  customer: Customer | null;
  onClose(): void;
  onSaved(c: Customer, isNew: boolean): void;
}) {
  const t = useT();
  const save = useAction(async (form: FormData) => {
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const optional = (name: string) => text(name) || null;
    const body = {
      idType: text('idType') as Customer['idType'],
      identification: text('identification'),
      name: text('name'),
      email: optional('email'),
      phone: optional('phone'),
      address: optional('address'),
    };
    try {
      const res = customer
        ? await api<Answer<'/v1/customers/{id}', 'patch'>>('PATCH', `/v1/customers/${customer.id}`, { body })
        : await api<Answer<'/v1/customers', 'post'>>('POST', '/v1/customers', { body });
      onSaved(res.customer, !customer);
    } catch (e) {
      throw inWords(
        t,
        e,
        t(
          'Ya tienes un cliente con esa identificación.',
          'You already have a customer with that identification.',
        ),
        body.idType,
      );
    }
  });
  const fields = ['idType', 'identification', 'name', 'email', 'phone', 'address'];
  return (
    <Modal
      title={customer ? t('Editar cliente', 'Edit customer') : t('Nuevo cliente', 'New customer')}
      onClose={onClose}
    >
      <ActionForm
        action={save}
        fields={fields}
        submitLabel={t('Guardar', 'Save')}
        after={
          <Button variant="link" onClick={onClose}>
            {t('Cancelar', 'Cancel')}
          </Button>
        }
      >
        <div className="grid2">
          <SelectField
            label={t('Tipo de identificación', 'ID type')}
            name="idType"
            defaultValue={customer?.idType ?? '04'}
            options={ID_TYPE_CODES.map((c) => [c, idTypeLabel(t, c)])}
            error={save.error}
          />
          <TextField
            label={t('Identificación', 'Identification')}
            name="identification"
            defaultValue={customer?.identification}
            required
            error={save.error}
          />
        </div>
        <TextField
          label={t('Nombre o razón social', 'Name or business name')}
          name="name"
          defaultValue={customer?.name}
          required
          error={save.error}
        />
        <div className="grid2">
          <TextField
            label={t('Correo', 'Email')}
            name="email"
            type="email"
            defaultValue={customer?.email ?? ''}
            error={save.error}
          />
          <TextField
            label={t('Teléfono', 'Phone')}
            name="phone"
            defaultValue={customer?.phone ?? ''}
            error={save.error}
          />
        </div>
        <TextField
          label={t('Dirección', 'Address')}
          name="address"
          defaultValue={customer?.address ?? ''}
          error={save.error}
        />
      </ActionForm>
    </Modal>
  );
}

function ConfirmDelete({
  customer,
  onClose,
  onDeleted,
}: {
  customer: Customer;
  onClose(): void;
  onDeleted(): void;
}) {
  const t = useT();
  const remove = useAction(async () => {
    await api('DELETE', `/v1/customers/${customer.id}`);
    onDeleted();
  });
  return (
    <Modal title={t('Eliminar cliente', 'Delete customer')} onClose={onClose}>
      <p>
        {t(
          `¿Eliminar a ${customer.name}? Los comprobantes ya emitidos no cambian.`,
          `Delete ${customer.name}? Documents already issued do not change.`,
        )}
      </p>
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
