import type { ApiError } from '../api';
import { money } from '../format';
import { useLang, useT } from '../i18n';
import { type DocumentCatalogs, methodLabel, termUnitLabel } from './catalog-options';
import { Button, SelectField, TextField } from './ui';

export interface PaymentRow {
  key: number;
  method: string;
  /** The amount paid this way; ignored with a single payment (it is the document's total). */
  total: string;
  term: string;
  termUnit: string;
}

let nextKey = 1;
export function emptyPayment(method = '20'): PaymentRow {
  return { key: nextKey++, method, total: '', term: '', termUnit: 'dias' };
}

/**
 * The body's `payments`: one payment carries the document's total, which the dry run states
 * (sent as 0.00 and corrected); several are the person's split. A term without a unit is not sent.
 */
export function toPayments(rows: PaymentRow[]) {
  return rows.map((p) => ({
    method: p.method,
    total: rows.length === 1 ? '0.00' : p.total.trim(),
    ...(p.term.trim() ? { term: p.term.trim(), termUnit: p.termUnit } : {}),
  }));
}

/** Every payment method of the catalog (tabla 24), each with its amount, term and time unit. */
export function PaymentsEditor({
  rows,
  onChange,
  catalogs,
  total,
  error,
  max = 20,
}: {
  rows: PaymentRow[];
  onChange(rows: PaymentRow[]): void;
  catalogs: DocumentCatalogs | null;
  /** The computed total (from the dry run), shown on a single payment. */
  total: string | null;
  error: ApiError | null;
  max?: number;
}) {
  const t = useT();
  const { lang } = useLang();
  const set = (i: number, patch: Partial<PaymentRow>) =>
    onChange(rows.map((r, j) => (i === j ? { ...r, ...patch } : r)));
  const methods = catalogs?.paymentMethods ?? [];
  const units = catalogs?.termUnits ?? [];
  const n = (i: number) => (rows.length > 1 ? ` ${i + 1}` : '');
  return (
    <fieldset className="payments">
      <legend>{t('Formas de pago', 'Payments')}</legend>
      {rows.map((p, i) => (
        <div className="payment-row" key={p.key}>
          <SelectField
            label={t(`Forma de pago${n(i)}`, `Payment method${n(i)}`)}
            name={`payments[${i}].method`}
            value={p.method}
            onChange={(e) => set(i, { method: e.target.value })}
            error={error}
            options={methods.map((m) => [m.code, methodLabel(t, m)])}
          />
          {rows.length === 1 ? (
            <div className="field">
              <span className="label">{t('Monto pagado', 'Amount paid')}</span>
              <output data-testid="payment-total">
                {total === null ? '—' : money(total, lang)}{' '}
                <small className="muted">{t('(el total del comprobante)', "(the document's total)")}</small>
              </output>
            </div>
          ) : (
            <TextField
              label={t(`Monto pagado${n(i)}`, `Amount paid${n(i)}`)}
              name={`payments[${i}].total`}
              inputMode="decimal"
              value={p.total}
              onChange={(e) => set(i, { total: e.target.value })}
              error={error}
            />
          )}
          <TextField
            label={t(`Plazo${n(i)}`, `Term${n(i)}`)}
            name={`payments[${i}].term`}
            inputMode="numeric"
            value={p.term}
            onChange={(e) => set(i, { term: e.target.value })}
            hint={t('Opcional: crédito a plazo.', 'Optional: payment on credit.')}
            error={error}
          />
          <SelectField
            label={t(`Unidad de tiempo${n(i)}`, `Time unit${n(i)}`)}
            name={`payments[${i}].termUnit`}
            value={p.termUnit}
            onChange={(e) => set(i, { termUnit: e.target.value })}
            error={error}
            options={units.map((u) => [u.code, termUnitLabel(t, u)])}
          />
          {rows.length > 1 && (
            <Button
              variant="link"
              aria-label={t(`Quitar pago ${i + 1}`, `Remove payment ${i + 1}`)}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              ✕
            </Button>
          )}
        </div>
      ))}
      {rows.length < max && (
        <div>
          <Button variant="secondary" onClick={() => onChange([...rows, emptyPayment()])}>
            + {t('Agregar forma de pago', 'Add payment method')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
