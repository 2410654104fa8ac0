import type { ApiError } from '../api';
import { useT } from '../i18n';
import { Button, TextField } from './ui';

export interface NameValue {
  key: number;
  name: string;
  value: string;
}

let nextKey = 1;
export function emptyNameValue(): NameValue {
  return { key: nextKey++, name: '', value: '' };
}

/** The rows worth sending: a row left entirely blank is dropped, a half-filled one is sent (and flagged). */
export function toNameValues(rows: NameValue[]): { name: string; value: string }[] | undefined {
  const kept = rows
    .map((r) => ({ name: r.name.trim(), value: r.value.trim() }))
    .filter((r) => r.name || r.value);
  return kept.length > 0 ? kept : undefined;
}

/**
 * Name/value pairs with a limit: the document's additional information (infoAdicional, ≤ 15) or a
 * line's additional details (detAdicional, ≤ 3). `path` is the body's member (`additionalInfo`,
 * `items[0].additionalDetails`) so the dry run's errors land on the right inputs.
 */
export function NameValuesEditor({
  rows,
  onChange,
  path,
  max,
  legend,
  nameLabel,
  valueLabel,
  addLabel,
  error,
}: {
  rows: NameValue[];
  onChange(rows: NameValue[]): void;
  path: string;
  max: number;
  legend: string;
  nameLabel(n: number): string;
  valueLabel(n: number): string;
  addLabel: string;
  error: ApiError | null;
}) {
  const t = useT();
  const set = (i: number, patch: Partial<NameValue>) =>
    onChange(rows.map((r, j) => (i === j ? { ...r, ...patch } : r)));
  return (
    <fieldset className="name-values">
      <legend>
        {legend}{' '}
        <small className="muted">
          ({rows.length}/{max})
        </small>
      </legend>
      {rows.map((r, i) => (
        <div className="name-value-row" key={r.key}>
          <TextField
            label={nameLabel(i + 1)}
            name={`${path}[${i}].name`}
            value={r.name}
            maxLength={300}
            onChange={(e) => set(i, { name: e.target.value })}
            error={error}
          />
          <TextField
            label={valueLabel(i + 1)}
            name={`${path}[${i}].value`}
            value={r.value}
            maxLength={300}
            onChange={(e) => set(i, { value: e.target.value })}
            error={error}
          />
          <Button
            variant="link"
            aria-label={t(`Quitar fila ${i + 1} de ${legend}`, `Remove row ${i + 1} of ${legend}`)}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </Button>
        </div>
      ))}
      {rows.length < max && (
        <div>
          <Button variant="secondary" onClick={() => onChange([...rows, emptyNameValue()])}>
            + {addLabel}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** The document's additional information (infoAdicional, ≤ 15), worded alike on every form. */
export function AdditionalInfoEditor({
  rows,
  onChange,
  error,
}: {
  rows: NameValue[];
  onChange(rows: NameValue[]): void;
  error: ApiError | null;
}) {
  const t = useT();
  return (
    <NameValuesEditor
      rows={rows}
      onChange={onChange}
      path="additionalInfo"
      max={15}
      legend={t('Información adicional', 'Additional information')}
      nameLabel={(n) => t(`Nombre del campo ${n}`, `Field ${n} name`)}
      valueLabel={(n) => t(`Contenido del campo ${n}`, `Field ${n} content`)}
      addLabel={t('Agregar campo', 'Add field')}
      error={error}
    />
  );
}

/** The body paths of the additional information's inputs (their errors stay on them). */
export function additionalInfoFields(rows: NameValue[]): string[] {
  return rows.flatMap((_, i) => [`additionalInfo[${i}].name`, `additionalInfo[${i}].value`]);
}
