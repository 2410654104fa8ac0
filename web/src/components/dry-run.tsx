import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api, type FieldError } from '../api';
import { money } from '../format';
import { type T, useLang, useT } from '../i18n';
import { type DryRunError, dryRunMessage, formPath, isComputedFigure, placeOf } from './dry-run-messages';

interface TaxTotal {
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
    .map((e) => ({
      path: formPath(e.path),
      message: dryRunMessage(t, e),
      localized: true,
      apiMessage: e.message,
    }));
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
