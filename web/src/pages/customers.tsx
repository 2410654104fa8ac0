import { useState } from 'react';
import { ApiError, api } from '../api';
import type { Answer } from '../api-models';
import { ConfirmDelete, SavedRecords, SaveModal, useSearchedPages } from '../components/record-list';
import { SelectField, TextField } from '../components/ui';
import { useAction } from '../hooks';
import { type T, useT } from '../i18n';
import { CsvImportDialog } from './csv-import';
import { fieldErrorText, ID_TYPE_CODES, idTypeLabel } from './entry-labels';

type Customer = Answer<'/v1/customers', 'get'>['data'][number];
type CustomerRow = Answer<'/v1/customers/import', 'post'>['data']['rows'][number]['value'];

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

/** Saved customers (the buyers of documents): search, create, edit, delete, import from CSV. */
export function CustomersPage() {
  const t = useT();
  const records = useSearchedPages<Customer>('/v1/customers');
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const [importing, setImporting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <SavedRecords<Customer>
        title={t('Clientes', 'Customers')}
        newLabel={t('Nuevo cliente', 'New customer')}
        searchLabel={t('Buscar por nombre o identificación', 'Search by name or identification')}
        noMatch={t('Ningún cliente coincide con la búsqueda.', 'No customer matches the search.')}
        none={t(
          'Aún no hay clientes. Créalos aquí o impórtalos desde un archivo CSV.',
          'No customers yet. Create them here or import them from a CSV file.',
        )}
        message={message}
        records={records}
        columns={[
          t('Nombre', 'Name'),
          t('Identificación', 'Identification'),
          [t('Correo', 'Email'), 'hide-sm'],
          [t('Teléfono', 'Phone'), 'hide-sm'],
        ]}
        cells={(c) => (
          <>
            <td>{c.name}</td>
            <td>
              <span className="muted">{idTypeLabel(t, c.idType)}</span> {c.identification}
            </td>
            <td className="hide-sm">{c.email ?? '—'}</td>
            <td className="hide-sm">{c.phone ?? '—'}</td>
          </>
        )}
        name={(c) => c.name}
        onImport={() => setImporting(true)}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
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
            void records.list.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={t('Eliminar cliente', 'Delete customer')}
          path={`/v1/customers/${deleting.id}`}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setMessage(t(`Cliente ${deleting.name} eliminado.`, `Customer ${deleting.name} deleted.`));
            setDeleting(null);
            void records.list.reload();
          }}
        >
          {t(
            `¿Eliminar a ${deleting.name}? Los comprobantes ya emitidos no cambian.`,
            `Delete ${deleting.name}? Documents already issued do not change.`,
          )}
        </ConfirmDelete>
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
            void records.list.reload();
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
    <SaveModal
      title={customer ? t('Editar cliente', 'Edit customer') : t('Nuevo cliente', 'New customer')}
      action={save}
      fields={fields}
      onClose={onClose}
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
    </SaveModal>
  );
}
