import { useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { ConfirmDelete, SavedRecords, SaveModal, useSearchedPages } from '../components/record-list';
import { CheckField, SelectField, TextField } from '../components/ui';
import { money } from '../format';
import { useAction, useLoad } from '../hooks';
import { useT } from '../i18n';
import { CsvImportDialog } from './csv-import';
import { inWords } from './customers';
import { type TaxRateRow, taxRateLabel } from './entry-labels';

type Product = Answer<'/v1/products', 'get'>['data'][number];
type ProductRow = Answer<'/v1/products/import', 'post'>['data']['rows'][number]['value'];

/** Saved products and services (the items of documents): search, create, edit, delete, import. */
export function ProductsPage() {
  const t = useT();
  const records = useSearchedPages<Product>('/v1/products');
  const rates = useLoad(
    () => api<{ taxRates: TaxRateRow[] }>('GET', '/v1/catalogs/tax-rates').then((r) => r.taxRates),
    [],
  );
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // Named from the catalog once it is here (never a bare rate code).
  const taxes = (list: { code?: string; rateCode?: string }[]) =>
    rates.data
      ? list.map((x) => taxRateLabel(t, x.code ?? '', x.rateCode ?? '', rates.data ?? [])).join(', ')
      : '…';
  return (
    <>
      <SavedRecords<Product>
        title={t('Productos', 'Products')}
        newLabel={t('Nuevo producto', 'New product')}
        searchLabel={t('Buscar por descripción o código', 'Search by description or code')}
        noMatch={t('Ningún producto coincide con la búsqueda.', 'No product matches the search.')}
        none={t(
          'Aún no hay productos. Créalos aquí o impórtalos desde un archivo CSV.',
          'No products yet. Create them here or import them from a CSV file.',
        )}
        message={message}
        records={records}
        columns={[
          t('Código', 'Code'),
          t('Descripción', 'Description'),
          [t('Precio unitario', 'Unit price'), 'num'],
          [t('Impuestos', 'Taxes'), 'hide-sm'],
        ]}
        cells={(p) => (
          <>
            <td className="mono">{p.mainCode}</td>
            <td>{p.description}</td>
            <td className="num">{money(p.unitPrice)}</td>
            <td className="hide-sm">{taxes(p.taxes)}</td>
          </>
        )}
        name={(p) => p.description}
        onImport={() => setImporting(true)}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {editing && rates.data && (
        <ProductModal
          product={editing === 'new' ? null : editing}
          rates={rates.data}
          onClose={() => setEditing(null)}
          onSaved={(p, isNew) => {
            setEditing(null);
            setMessage(
              isNew
                ? t(`Producto ${p.mainCode} creado.`, `Product ${p.mainCode} created.`)
                : t(`Producto ${p.mainCode} guardado.`, `Product ${p.mainCode} saved.`),
            );
            void records.list.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={t('Eliminar producto', 'Delete product')}
          path={`/v1/products/${deleting.id}`}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setMessage(
              t(`Producto ${deleting.mainCode} eliminado.`, `Product ${deleting.mainCode} deleted.`),
            );
            setDeleting(null);
            void records.list.reload();
          }}
        >
          {t(
            `¿Eliminar ${deleting.mainCode} — ${deleting.description}? Los comprobantes ya emitidos no cambian.`,
            `Delete ${deleting.mainCode} — ${deleting.description}? Documents already issued do not change.`,
          )}
        </ConfirmDelete>
      )}
      {importing && (
        <CsvImportDialog<ProductRow>
          title={t('Importar productos', 'Import products')}
          endpoint="/v1/products/import"
          help={
            <p>
              {t(
                'Una fila por producto, con encabezados: código, descripción, precio (12.50 o 12,50), IVA (15%, 0%, exento, no objeto o el código del SRI) y, si aplica, ICE, IRBPNR y código auxiliar. Separado por ; o por , (UTF-8).',
                'One row per product, with headers: code, description, price (12.50 or 12,50), IVA (15%, 0%, exempt, not subject or the SRI code) and, where they apply, ICE, IRBPNR and auxiliary code. Separated by ; or , (UTF-8).',
              )}
            </p>
          }
          columns={[
            [t('Código', 'Code'), (v) => v.mainCode ?? ''],
            [t('Descripción', 'Description'), (v) => v.description ?? ''],
            [t('Precio', 'Price'), (v) => v.unitPrice ?? ''],
            [t('Impuestos', 'Taxes'), (v) => taxes(v.taxes)],
          ]}
          onClose={() => setImporting(false)}
          onImported={(n) => {
            setMessage(t(`Productos importados: ${n}.`, `Products imported: ${n}.`));
            void records.list.reload();
          }}
        />
      )}
    </>
  );
}

function ProductModal({
  product,
  rates,
  onClose,
  onSaved,
}: {
  product: Product | null;
  rates: TaxRateRow[];
  onClose(): void;
  onSaved(p: Product, isNew: boolean): void;
}) {
  const t = useT();
  const current = (code: string) => rates.filter((r) => r.taxCode === code && r.current);
  const taxOf = (code: string) => product?.taxes.find((x) => x.code === code)?.rateCode ?? '';
  const save = useAction(async (form: FormData) => {
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const taxes: { code: '2' | '3' | '5'; rateCode: string }[] = [{ code: '2', rateCode: text('iva') }];
    if (text('ice')) taxes.push({ code: '3', rateCode: text('ice') });
    if (form.get('irbpnr')) taxes.push({ code: '5', rateCode: '5001' });
    const additionalDetails = [1, 2, 3]
      .map((n) => ({ name: text(`detail${n}Name`), value: text(`detail${n}Value`) }))
      .filter((d) => d.name || d.value);
    const body = {
      mainCode: text('mainCode'),
      auxiliaryCode: text('auxiliaryCode') || null,
      description: text('description'),
      unitPrice: text('unitPrice').replace(',', '.'),
      taxes,
      additionalDetails,
    };
    try {
      const res = product
        ? await api<Answer<'/v1/products/{id}', 'patch'>>('PATCH', `/v1/products/${product.id}`, { body })
        : await api<Answer<'/v1/products', 'post'>>('POST', '/v1/products', { body });
      onSaved(res.product, !product);
    } catch (e) {
      throw inWords(
        t,
        e,
        t('Ya tienes un producto con ese código.', 'You already have a product with that code.'),
      );
    }
  });
  const fields = ['mainCode', 'auxiliaryCode', 'description', 'unitPrice'];
  return (
    <SaveModal
      title={product ? t('Editar producto', 'Edit product') : t('Nuevo producto', 'New product')}
      action={save}
      fields={fields}
      onClose={onClose}
    >
      <div className="grid2">
        <TextField
          label={t('Código', 'Code')}
          name="mainCode"
          defaultValue={product?.mainCode}
          required
          error={save.error}
        />
        <TextField
          label={t('Código auxiliar', 'Auxiliary code')}
          name="auxiliaryCode"
          defaultValue={product?.auxiliaryCode ?? ''}
          error={save.error}
        />
      </div>
      <TextField
        label={t('Descripción', 'Description')}
        name="description"
        defaultValue={product?.description}
        required
        error={save.error}
      />
      <div className="grid2">
        <TextField
          label={t('Precio unitario', 'Unit price')}
          name="unitPrice"
          inputMode="decimal"
          defaultValue={product?.unitPrice}
          required
          error={save.error}
        />
        <SelectField
          label="IVA"
          name="iva"
          defaultValue={taxOf('2') || '4'}
          options={current('2').map((r) => [r.rateCode, taxRateLabel(t, '2', r.rateCode, rates)])}
        />
      </div>
      <div className="grid2">
        <SelectField
          label="ICE"
          name="ice"
          defaultValue={taxOf('3')}
          options={[
            ['', t('Sin ICE', 'No ICE')],
            ...current('3').map((r): [string, string] => [
              r.rateCode,
              taxRateLabel(t, '3', r.rateCode, rates),
            ]),
          ]}
        />
        <CheckField
          name="irbpnr"
          defaultChecked={taxOf('5') !== ''}
          label={t('IRBPNR (botellas plásticas)', 'IRBPNR (plastic bottles)')}
        />
      </div>
      <fieldset>
        <legend>{t('Detalles adicionales (hasta 3)', 'Additional details (up to 3)')}</legend>
        {[1, 2, 3].map((n) => (
          <div className="grid2 tight" key={n}>
            <TextField
              label={t(`Detalle ${n}: nombre`, `Detail ${n}: name`)}
              name={`detail${n}Name`}
              defaultValue={product?.additionalDetails[n - 1]?.name ?? ''}
            />
            <TextField
              label={t(`Detalle ${n}: valor`, `Detail ${n}: value`)}
              name={`detail${n}Value`}
              defaultValue={product?.additionalDetails[n - 1]?.value ?? ''}
            />
          </div>
        ))}
      </fieldset>
    </SaveModal>
  );
}
