import type { ApiError } from '../api';
import { Button, SelectField, TextField } from '../components/ui';
import { microsToMoney, money, mulMicros, toMicros } from '../format';
import { useLang, useT } from '../i18n';

export interface Line {
  /** A stable React key across removals. */
  key: number;
  mainCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  /** IVA rate code of the tax authority's table: 4 = 15 %, 0 = 0 %. */
  rateCode: '4' | '0';
}

const RATES: Record<Line['rateCode'], string> = { '4': '15', '0': '0' };

let nextKey = 1;
export function lineKey(): number {
  return nextKey++;
}

export function emptyLine(): Line {
  return { key: lineKey(), mainCode: '', description: '', quantity: '1', unitPrice: '', rateCode: '4' };
}

/** The API's item shape with the tax lines it checks: base = quantity × price, IVA on it, 2 decimals. */
export function toItems(lines: Line[]) {
  return lines.map((l) => {
    const base = mulMicros(toMicros(l.quantity) ?? 0n, toMicros(l.unitPrice) ?? 0n);
    const baseMoney = microsToMoney(base);
    const rate = RATES[l.rateCode];
    const tax = microsToMoney(mulMicros(toMicros(baseMoney)!, toMicros(rate)!) / 100n);
    return {
      mainCode: l.mainCode,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxes: [{ code: '2', rateCode: l.rateCode, rate, taxableBase: baseMoney, taxAmount: tax }],
    };
  });
}

export function totalOf(lines: Line[]): string {
  let sum = 0n;
  for (const item of toItems(lines)) {
    for (const tax of item.taxes) sum += (toMicros(tax.taxableBase) ?? 0n) + (toMicros(tax.taxAmount) ?? 0n);
  }
  return microsToMoney(sum);
}

/** Item rows of an invoice or credit note; field errors come back as `items[i].field`. */
export function LinesEditor({
  lines,
  onChange,
  error,
}: {
  lines: Line[];
  onChange(lines: Line[]): void;
  error: ApiError | null;
}) {
  const t = useT();
  const { lang } = useLang();
  const set = (i: number, patch: Partial<Line>) =>
    onChange(lines.map((l, j) => (i === j ? { ...l, ...patch } : l)));
  return (
    <fieldset className="lines">
      <legend>{t('Detalle', 'Items')}</legend>
      {lines.map((l, i) => (
        <div className="line" key={l.key}>
          <TextField
            label={t('Código', 'Code')}
            name={`items[${i}].mainCode`}
            value={l.mainCode}
            onChange={(e) => set(i, { mainCode: e.target.value })}
            error={error}
            required
          />
          <TextField
            label={t('Descripción', 'Description')}
            name={`items[${i}].description`}
            value={l.description}
            onChange={(e) => set(i, { description: e.target.value })}
            error={error}
            required
          />
          <TextField
            label={t('Cantidad', 'Quantity')}
            name={`items[${i}].quantity`}
            inputMode="decimal"
            value={l.quantity}
            onChange={(e) => set(i, { quantity: e.target.value })}
            error={error}
            required
          />
          <TextField
            label={t('Precio unitario', 'Unit price')}
            name={`items[${i}].unitPrice`}
            inputMode="decimal"
            value={l.unitPrice}
            onChange={(e) => set(i, { unitPrice: e.target.value })}
            error={error}
            required
          />
          <SelectField
            label="IVA"
            name={`items[${i}].rate`}
            value={l.rateCode}
            onChange={(e) => set(i, { rateCode: e.target.value as Line['rateCode'] })}
            options={[
              ['4', '15 %'],
              ['0', '0 %'],
            ]}
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
      ))}
      <div className="row between">
        <Button variant="secondary" onClick={() => onChange([...lines, emptyLine()])}>
          + {t('Agregar línea', 'Add line')}
        </Button>
        <strong className="total" data-testid="computed-total">
          Total: {money(totalOf(lines), lang)}
        </strong>
      </div>
    </fieldset>
  );
}
