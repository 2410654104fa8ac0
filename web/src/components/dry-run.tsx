import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api, type FieldError } from '../api';
import { money } from '../format';
import { type T, useLang, useT } from '../i18n';

/** One problem of POST /v1/documents/validate. */
export interface DryRunError {
  code: string;
  path: string;
  message: string;
  expected?: string;
}

export interface TaxTotal {
  code: string;
  rateCode: string;
  rate: string;
  taxableBase: string;
  amount: string;
}

/** The computed document as the dry run answers it (the members the forms show). */
export interface DryRunDocument {
  documentType: string;
  items?: { subtotal: string; taxes: TaxTotal[] }[];
  totals?: {
    totalWithoutTaxes: string;
    totalDiscount: string;
    taxTotals: TaxTotal[];
    tip: string;
    total: string;
  };
  /** Debit note (05): reasons, document-level taxes and total. */
  totalWithoutTaxes?: string;
  taxes?: TaxTotal[];
  total?: string;
}

export interface DryRunAnswer {
  valid: boolean;
  errors: DryRunError[];
  document?: DryRunDocument;
  correctedBody?: Record<string, unknown>;
}

type Body = Record<string, unknown>;

const strip = (path: string) => path.replace(/^body\.?/, '');

/**
 * An error the service settles itself: a tax base or value the form leaves to it (the client never
 * computes taxes), or the total of the only payment. Everything else is the person's to fix.
 */
export function isComputedFigure(e: DryRunError, body: Body): boolean {
  if (e.expected === undefined) return false;
  const path = strip(e.path);
  if (/\.(taxableBase|taxAmount)$/.test(path)) return true;
  const payments = body.payments;
  return (
    (path === 'payments' || path === 'payments[0].total') && Array.isArray(payments) && payments.length === 1
  );
}

async function validate(body: Body, issuer: string | null): Promise<DryRunAnswer> {
  return api<DryRunAnswer>('POST', '/v1/documents/validate', { body, issuer });
}

/**
 * The dry run of a form's body, 400 ms after its last change: its problems and the computed
 * document (lines, tax groups, totals). When the body is not complete enough to compute (a buyer
 * still blank), `totalsBody` (the same lines with a placeholder counterpart) is run for the totals.
 * `check()` runs it at once (on submit) and returns the answer.
 */
export function useDryRun({
  body,
  totalsBody,
  issuer,
}: {
  body: Body;
  totalsBody?: Body;
  issuer: string | null;
}) {
  const key = JSON.stringify(body);
  const totalsKey = totalsBody ? JSON.stringify(totalsBody) : '';
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const [document, setDocument] = useState<DryRunDocument | null>(null);
  const [pending, setPending] = useState(false);
  const seq = useRef(0);

  const run = useCallback(async (): Promise<DryRunAnswer | null> => {
    // Nothing to check yet (the form waits for its catalogs).
    if (key === '{}') return null;
    const mine = ++seq.current;
    setPending(true);
    try {
      const parsed = JSON.parse(key) as Body;
      const result = await validate(parsed, issuer);
      let doc = result.document ?? null;
      if (!doc && totalsKey) doc = (await validate(JSON.parse(totalsKey) as Body, issuer)).document ?? null;
      if (mine === seq.current) {
        setAnswer(result);
        setDocument(doc);
      }
      return result;
    } catch {
      return null;
    } finally {
      if (mine === seq.current) setPending(false);
    }
  }, [key, totalsKey, issuer]);

  useEffect(() => {
    const timer = setTimeout(() => void run(), 400);
    return () => clearTimeout(timer);
  }, [run]);

  return { answer, document, pending, check: run };
}

/** The person's problems of an answer, each message in the UI language. */
export function personErrors(t: T, answer: DryRunAnswer | null, body: Body): FieldError[] {
  if (!answer) return [];
  return answer.errors
    .filter((e) => !isComputedFigure(e, body))
    .map((e) => ({ path: strip(e.path), message: dryRunMessage(t, e) }));
}

/**
 * The errors to show next to the fields: only on fields the person has left (`touched`), or on
 * every field once they tried to submit. Recomputed on every dry run, so an error disappears as
 * soon as its field is fixed.
 */
export function shownErrors(errors: FieldError[], touched: Set<string>, all: boolean): ApiError | null {
  const shown = all ? errors : errors.filter((e) => touched.has(e.path));
  if (shown.length === 0) return null;
  return new ApiError(400, 'VALIDATION_FAILED', '', shown);
}

/** Field paths the form has no field for (a line's taxes, the payments' sum): shown in a list. */
export function unplacedErrors(errors: FieldError[], fields: string[]): FieldError[] {
  return errors.filter((e) => !fields.includes(e.path));
}

const PATTERNS: [RegExp, (t: T, m: RegExpExecArray) => string][] = [
  [
    /^is required|must NOT have fewer than 1 characters|must not be blank/,
    (t) => t('Obligatorio.', 'Required.'),
  ],
  [
    /must (?:NOT have more than|be at most) (\d+) characters/,
    (t, m) => t(`Máximo ${m[1]} caracteres.`, `At most ${m[1]} characters.`),
  ],
  [
    /must match pattern "\^-\?\[0-9\]|non-negative decimal string/,
    (t) => t('Escribe una cantidad como 12.50.', 'Enter an amount such as 12.50.'),
  ],
  [/must have at most (\d+) decimals/, (t, m) => t(`Máximo ${m[1]} decimales.`, `At most ${m[1]} decimals.`)],
  [
    /digits before the decimal point|schema limit/,
    (t) => t('El valor es demasiado grande.', 'The amount is too large.'),
  ],
  [/must be greater than 0/, (t) => t('Debe ser mayor que 0.', 'Must be greater than 0.')],
  [
    /valid email address|must match format "email"|^must NOT have fewer than 3/,
    (t) => t('Correo no válido.', 'Not a valid email address.'),
  ],
  [
    /a RUC \(04\) is 13 digits/,
    (t) => t('Un RUC tiene 13 dígitos y termina en 001.', 'A RUC is 13 digits ending in 001.'),
  ],
  [
    /a cédula \(05\) is 10 digits/,
    (t) => t('Una cédula tiene 10 dígitos.', 'A national ID card number is 10 digits.'),
  ],
  [
    /final consumer \(07\) is identified as/,
    (t) =>
      t(
        'Consumidor final se identifica como 9999999999999.',
        'A final consumer is identified as 9999999999999.',
      ),
  ],
  [
    /final consumer \(07\) document may not exceed USD ([\d.]+)/,
    (t, m) =>
      t(
        `A consumidor final se factura hasta USD ${m[1]}: identifica al cliente.`,
        `Final-consumer documents go up to USD ${m[1]}: identify the buyer.`,
      ),
  ],
  [
    /check digit|verification digit|dígito verificador/i,
    (t) => t('El dígito verificador no es válido.', 'The check digit is wrong.'),
  ],
  [
    /must not exceed quantity × unitPrice \(([\d.]+)\)/,
    (t, m) => t(`No puede superar cantidad × precio (${m[1]}).`, `Cannot exceed quantity × price (${m[1]}).`),
  ],
  [
    /payments add up to ([\d.]+) but the (?:invoice |document )?total is ([\d.]+)/,
    (t, m) =>
      t(
        `Los pagos suman ${m[1]} y el total es ${m[2]}.`,
        `Payments add up to ${m[1]}; the total is ${m[2]}.`,
      ),
  ],
  [/term and termUnit go together/, (t) => t('Indica el plazo y su unidad.', 'Give the term with its unit.')],
  [
    /this document has no payment terms/,
    (t) => t('Este comprobante no lleva plazo.', 'This document has no payment term.'),
  ],
  [/historical rate/, (t) => t('Esa tarifa ya no está vigente.', 'That rate is no longer in force.')],
  [
    /was in force .* not on the credited document/,
    (t) =>
      t(
        'Esa tarifa no regía en la fecha de la factura.',
        "That rate was not in force on the invoice's date.",
      ),
  ],
  [/unknown tax rate/, (t) => t('Tarifa desconocida.', 'Unknown rate.')],
  [/must be 2 \(IVA\)/, (t) => t('Este comprobante lleva solo IVA.', 'This document carries VAT only.')],
  [
    /appears more than once/,
    (t) => t('Ese impuesto está repetido en la línea.', 'That tax is repeated on the line.'),
  ],
  [
    /exactly one IVA|at least one tax is required/,
    (t) => t('Cada línea lleva una tarifa de IVA.', 'Each line needs one VAT rate.'),
  ],
  [/has no tip/, (t) => t('Este comprobante no lleva propina.', 'This document has no tip.')],
  [
    /at most (\d+) entries|must NOT have more than (\d+) items/,
    (t, m) => t(`Máximo ${m[1] ?? m[2]}.`, `At most ${m[1] ?? m[2]}.`),
  ],
  [
    /must not be in the future/,
    (t) => t('La fecha no puede ser futura.', 'The date cannot be in the future.'),
  ],
  [/days before today/, (t) => t('La fecha es demasiado antigua.', 'The date is too far back.')],
  [/must be one of/, (t) => t('Elige una opción de la lista.', 'Pick an option from the list.')],
  [
    /control characters|single line/,
    (t) => t('Escribe el texto en una sola línea.', 'Write the text on a single line.'),
  ],
  [
    /tax bases add up to ([\d.]+) but the reasons to ([\d.]+)/,
    (t, m) =>
      t(
        `Las bases suman ${m[1]} y las razones ${m[2]}.`,
        `The bases add up to ${m[1]}; the reasons to ${m[2]}.`,
      ),
  ],
  [/expected ([\d.]+), got/, (t, m) => t(`El valor correcto es ${m[1]}.`, `The right value is ${m[1]}.`)],
];

const CODES: Record<string, [string, string]> = {
  DOCUMENT_TYPE_NOT_ENABLED: [
    'Este tipo de comprobante no está habilitado para el emisor.',
    'This document type is not enabled for the issuer.',
  ],
  ISSUER_ISSUING_PAUSED: [
    'La emisión de este punto está pausada.',
    'Issuing is paused for this issue point.',
  ],
};

/** A dry-run problem as a sentence in the UI language, never the validator's raw text. */
export function dryRunMessage(t: T, e: Pick<DryRunError, 'code' | 'message'>): string {
  const code = CODES[e.code];
  if (code) return t(code[0], code[1]);
  for (const [re, say] of PATTERNS) {
    const m = re.exec(e.message);
    if (m) return say(t, m);
  }
  return t('Revisa este valor.', 'Check this value.');
}

const FIELD_NAMES: Record<string, [string, string]> = {
  taxes: ['impuestos', 'taxes'],
  code: ['impuesto', 'tax'],
  rateCode: ['tarifa', 'rate'],
  rate: ['tarifa', 'rate'],
  discount: ['descuento', 'discount'],
  additionalDetails: ['detalles adicionales', 'additional details'],
  additionalInfo: ['información adicional', 'additional information'],
  payments: ['pagos', 'payments'],
  items: ['detalle', 'items'],
  reasons: ['razones', 'reasons'],
  tip: ['propina', 'tip'],
  idType: ['tipo de identificación', 'ID type'],
  issueDate: ['fecha de emisión', 'issue date'],
  term: ['plazo', 'term'],
  termUnit: ['unidad de tiempo', 'time unit'],
  total: ['valor', 'amount'],
  name: ['nombre', 'name'],
  value: ['valor', 'value'],
};

/** `items[1].taxes[0].rateCode` → "Línea 2 · impuestos 1 · tarifa" for the list of unplaced errors. */
export function placeOf(t: T, path: string): string {
  if (!path) return t('Comprobante', 'Document');
  return path
    .split('.')
    .map((seg) => {
      const m = /^(\w+)(?:\[(\d+)\])?$/.exec(seg);
      if (!m) return seg;
      const n = m[2] === undefined ? '' : ` ${Number(m[2]) + 1}`;
      if (m[1] === 'items' && n) return t(`Línea${n}`, `Line${n}`);
      if (m[1] === 'payments' && n) return t(`Pago${n}`, `Payment${n}`);
      const name = FIELD_NAMES[m[1]!];
      return (name ? t(name[0], name[1]) : m[1]) + n;
    })
    .join(' · ');
}

/** The problems that have no field of their own, with where they are. */
export function UnplacedErrors({ errors }: { errors: FieldError[] }) {
  const t = useT();
  if (errors.length === 0) return null;
  return (
    <ul className="alert error dry-run-errors" data-testid="dry-run-errors">
      {errors.map((e) => (
        <li key={`${e.path}|${e.message}`}>
          <strong>{placeOf(t, e.path)}:</strong> {e.message}
        </li>
      ))}
    </ul>
  );
}

const TAX_NAMES: Record<string, string> = { '2': 'IVA', '3': 'ICE', '5': 'IRBPNR' };

/** The totals the service computed, as the RIDE lists them: subtotal per rate, discounts, taxes, tip, total. */
export function DryRunTotals({
  document,
  pending,
  rateName,
}: {
  document: DryRunDocument | null;
  pending: boolean;
  /** The catalog's name of a (code, rateCode): "IVA 15%". */
  rateName(code: string, rateCode: string): string;
}) {
  const t = useT();
  const { lang } = useLang();
  const totals = document?.totals;
  return (
    <section
      className="dry-run-totals"
      aria-live="polite"
      aria-busy={pending || undefined}
      data-testid="dry-run-totals"
    >
      <h3>{t('Totales calculados por el servicio', 'Totals computed by the service')}</h3>
      {!totals ? (
        <p className="muted">
          {pending
            ? t('Calculando…', 'Computing…')
            : t(
                'Los totales aparecen cuando cada línea tiene código, descripción, cantidad y precio.',
                'Totals appear once every line has a code, description, quantity and price.',
              )}
        </p>
      ) : (
        <dl className="totals">
          {totals.taxTotals
            .filter((g) => g.code === '2')
            .map((g) => (
              <div key={`base-${g.rateCode}`} className="contents" data-testid={`base-${g.rateCode}`}>
                <dt>
                  {t('Subtotal', 'Subtotal')} {rateName(g.code, g.rateCode)}
                </dt>
                <dd>{money(g.taxableBase, lang)}</dd>
              </div>
            ))}
          <dt>{t('Subtotal sin impuestos', 'Subtotal before taxes')}</dt>
          <dd data-testid="total-without-taxes">{money(totals.totalWithoutTaxes, lang)}</dd>
          <dt>{t('Descuento', 'Discount')}</dt>
          <dd data-testid="total-discount">{money(totals.totalDiscount, lang)}</dd>
          {totals.taxTotals
            .filter((g) => g.code !== '2' || Number(g.amount) !== 0)
            .map((g) => (
              <div
                key={`tax-${g.code}-${g.rateCode}`}
                className="contents"
                data-testid={`tax-${g.code}-${g.rateCode}`}
              >
                <dt>
                  {g.code === '2'
                    ? rateName(g.code, g.rateCode)
                    : `${TAX_NAMES[g.code] ?? g.code} · ${rateName(g.code, g.rateCode)}`}
                </dt>
                <dd>{money(g.amount, lang)}</dd>
              </div>
            ))}
          {Number(totals.tip) !== 0 && (
            <>
              <dt>{t('Propina', 'Tip')}</dt>
              <dd>{money(totals.tip, lang)}</dd>
            </>
          )}
          <dt>
            <strong>{t('Total', 'Total')}</strong>
          </dt>
          <dd>
            <strong data-testid="computed-total">{money(totals.total, lang)}</strong>
          </dd>
        </dl>
      )}
    </section>
  );
}
