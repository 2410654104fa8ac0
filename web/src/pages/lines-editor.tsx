import type { ApiError } from '../api';
import {
  type DocumentCatalogs,
  defaultIvaRate,
  rateLabel,
  ratesFor,
  TAX_ICE,
  TAX_IRBPNR,
  TAX_IVA,
} from '../components/catalog-options';
import type { DryRunDocument } from '../components/dry-run';
import {
  emptyNameValue,
  type NameValue,
  NameValuesEditor,
  toNameValues,
} from '../components/name-values-editor';
import { type Product, searchProducts } from '../components/saved-records';
import { Typeahead } from '../components/typeahead';
import { Button, SelectField, TextField } from '../components/ui';
import { money } from '../format';
import { useLang, useT } from '../i18n';

export interface Line {
  /** A stable React key across removals. */
  key: number;
  mainCode: string;
  auxiliaryCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  /** Rate codes of the catalog (GET /v1/catalogs/tax-rates); '' = none (ICE, IRBPNR). */
  iva: string;
  ice: string;
  irbpnr: string;
  details: NameValue[];
}

let nextKey = 1;
export function lineKey(): number {
  return nextKey++;
}

/** A blank line; its IVA rate is set once the catalog is loaded (`iva: ''` until then). */
export function emptyLine(iva = ''): Line {
  return {
    key: lineKey(),
    mainCode: '',
    auxiliaryCode: '',
    description: '',
    quantity: '1',
    unitPrice: '',
    discount: '',
    iva,
    ice: '',
    irbpnr: '',
    details: [],
  };
}

/** A line from a saved product: code, description, price, taxes and details. */
function lineFromProduct(line: Line, p: Product): Line {
  const rate = (code: string) => p.taxes.find((t) => t.code === code)?.rateCode ?? '';
  return {
    ...line,
    mainCode: p.mainCode,
    auxiliaryCode: p.auxiliaryCode ?? '',
    description: p.description,
    unitPrice: p.unitPrice,
    iva: rate(TAX_IVA) || line.iva,
    ice: rate(TAX_ICE),
    irbpnr: rate(TAX_IRBPNR),
    details: p.additionalDetails.slice(0, 3).map((d) => ({ ...emptyNameValue(), ...d })),
  };
}

/**
 * The API's items, without taxableBase and taxAmount: the dry run computes them (the client never
 * computes a tax) and its corrected body is what creation receives. Each tax carries the catalog's
 * rate for its code.
 */
export function toItems(lines: Line[], catalogs: DocumentCatalogs | null) {
  const rateOf = (code: string, rateCode: string) =>
    catalogs?.taxRates.find((r) => r.taxCode === code && r.rateCode === rateCode)?.rate ?? '0';
  return lines.map((l) => {
    const details = toNameValues(l.details);
    const taxes = [
      { code: TAX_IVA, rateCode: l.iva },
      ...(l.ice ? [{ code: TAX_ICE, rateCode: l.ice }] : []),
      ...(l.irbpnr ? [{ code: TAX_IRBPNR, rateCode: l.irbpnr }] : []),
    ].map((t) => ({ ...t, rate: rateOf(t.code, t.rateCode) }));
    return {
      mainCode: l.mainCode.trim(),
      ...(l.auxiliaryCode.trim() ? { auxiliaryCode: l.auxiliaryCode.trim() } : {}),
      description: l.description.trim(),
      quantity: l.quantity.trim(),
      unitPrice: l.unitPrice.trim(),
      ...(l.discount.trim() ? { discount: l.discount.trim() } : {}),
      ...(details ? { additionalDetails: details } : {}),
      taxes,
    };
  });
}

/** The field names of the editor, for the errors that have a field (the rest are listed). */
export function lineFields(lines: Line[]): string[] {
  return lines.flatMap((l, i) => [
    ...['mainCode', 'description', 'quantity', 'unitPrice', 'discount', 'taxes[0].rateCode'].map(
      (f) => `items[${i}].${f}`,
    ),
    ...l.details.flatMap((_, j) => [
      `items[${i}].additionalDetails[${j}].name`,
      `items[${i}].additionalDetails[${j}].value`,
    ]),
  ]);
}

/**
 * Item rows of an invoice, settlement or credit note: code and description suggest saved
 * products, every current IVA rate of the catalog (and on a credit note the historical rate of
 * the credited invoice), ICE and IRBPNR where the type allows them, a discount and up to three
 * additional details per line. Field errors come as `items[i].field`.
 */
export function LinesEditor({
  lines,
  onChange,
  error,
  catalogs,
  otherTaxes = true,
  creditedIso,
  computed,
}: {
  lines: Line[];
  onChange(lines: Line[]): void;
  error: ApiError | null;
  catalogs: DocumentCatalogs | null;
  /** ICE and IRBPNR offered (invoice, credit note; not a purchase settlement). */
  otherTaxes?: boolean;
  /** A credit note's credited invoice date (YYYY-MM-DD): its historical rates are offered too. */
  creditedIso?: string;
  /** The dry run's document: each line's subtotal. */
  computed?: DryRunDocument | null;
}) {
  const t = useT();
  const { lang } = useLang();
  const set = (i: number, patch: Partial<Line>) =>
    onChange(lines.map((l, j) => (i === j ? { ...l, ...patch } : l)));
  const rates = (code: string) => (catalogs ? ratesFor(catalogs, code, creditedIso) : []);
  const options = (code: string, none?: string): [string, string][] => [
    ...(none ? [['', none] as [string, string]] : []),
    ...rates(code).map((r): [string, string] => [r.rateCode, rateLabel(t, r)]),
  ];
  const ice = rates(TAX_ICE);
  const irbpnr = rates(TAX_IRBPNR);
  const pickProduct = (i: number) => (p: Product) => set(i, lineFromProduct(lines[i]!, p));
  return (
    <fieldset className="lines">
      <legend>{t('Detalle', 'Items')}</legend>
      {lines.map((l, i) => (
        <div className="line-block" key={l.key} data-testid={`line-${i}`}>
          <div className="line">
            <Typeahead
              label={t('Código', 'Code')}
              name={`items[${i}].mainCode`}
              value={l.mainCode}
              onChange={(v) => set(i, { mainCode: v })}
              search={searchProducts}
              onPick={pickProduct(i)}
              minChars={1}
              maxLength={25}
              message={error?.field(`items[${i}].mainCode`)}
            />
            <Typeahead
              label={t('Descripción', 'Description')}
              name={`items[${i}].description`}
              value={l.description}
              onChange={(v) => set(i, { description: v })}
              search={searchProducts}
              onPick={pickProduct(i)}
              maxLength={300}
              message={error?.field(`items[${i}].description`)}
            />
            <TextField
              label={t('Cantidad', 'Quantity')}
              name={`items[${i}].quantity`}
              inputMode="decimal"
              value={l.quantity}
              onChange={(e) => set(i, { quantity: e.target.value })}
              error={error}
            />
            <TextField
              label={t('Precio unitario', 'Unit price')}
              name={`items[${i}].unitPrice`}
              inputMode="decimal"
              value={l.unitPrice}
              onChange={(e) => set(i, { unitPrice: e.target.value })}
              error={error}
            />
            <SelectField
              label="IVA"
              name={`items[${i}].taxes[0].rateCode`}
              value={l.iva}
              onChange={(e) => set(i, { iva: e.target.value })}
              error={error}
              options={options(TAX_IVA)}
            />
            {lines.length > 1 && (
              <Button
                variant="link"
                aria-label={t(`Quitar línea ${i + 1}`, `Remove line ${i + 1}`)}
                onClick={() => onChange(lines.filter((_, j) => j !== i))}
              >
                ✕
              </Button>
            )}
          </div>
          <div className="line-extra">
            <TextField
              label={t('Descuento', 'Discount')}
              name={`items[${i}].discount`}
              inputMode="decimal"
              placeholder="0.00"
              value={l.discount}
              onChange={(e) => set(i, { discount: e.target.value })}
              error={error}
            />
            {otherTaxes && ice.length > 0 && (
              <SelectField
                label="ICE"
                name={`items[${i}].ice`}
                value={l.ice}
                onChange={(e) => set(i, { ice: e.target.value })}
                options={options(TAX_ICE, t('Sin ICE', 'No ICE'))}
              />
            )}
            {otherTaxes && irbpnr.length > 0 && (
              <SelectField
                label="IRBPNR"
                name={`items[${i}].irbpnr`}
                value={l.irbpnr}
                onChange={(e) => set(i, { irbpnr: e.target.value })}
                options={options(TAX_IRBPNR, t('Sin IRBPNR', 'No IRBPNR'))}
              />
            )}
            <div className="field line-subtotal">
              <span className="label">{t('Subtotal de la línea', 'Line subtotal')}</span>
              <output data-testid={`line-subtotal-${i}`}>
                {computed?.items?.[i] ? money(computed.items[i]!.subtotal, lang) : '—'}
              </output>
            </div>
          </div>
          <NameValuesEditor
            rows={l.details}
            onChange={(details) => set(i, { details })}
            path={`items[${i}].additionalDetails`}
            max={3}
            legend={t(`Detalles adicionales de la línea ${i + 1}`, `Additional details of line ${i + 1}`)}
            nameLabel={(n) => t(`Línea ${i + 1}, detalle ${n}: nombre`, `Line ${i + 1}, detail ${n}: name`)}
            valueLabel={(n) =>
              t(`Línea ${i + 1}, detalle ${n}: contenido`, `Line ${i + 1}, detail ${n}: content`)
            }
            addLabel={t('Agregar detalle', 'Add detail')}
            error={error}
          />
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() => onChange([...lines, emptyLine(catalogs ? defaultIvaRate(catalogs) : '')])}
        >
          + {t('Agregar línea', 'Add line')}
        </Button>
      </div>
    </fieldset>
  );
}
