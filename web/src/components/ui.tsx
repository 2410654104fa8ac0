import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { ApiError } from '../api';
import { fieldLines, fieldText } from '../field-messages';
import { dayMonth } from '../format';
import { problemMessage, type T, useT } from '../i18n';

interface FieldBase {
  label: string;
  name: string;
  error?: ApiError | null;
  hint?: string;
}

function fieldMessage(t: T, error: ApiError | null | undefined, name: string): string | undefined {
  const e = error?.fieldError(name);
  if (!e) return undefined;
  return e.localized ? e.message : fieldText(t, e.message);
}

/**
 * A field's message in the UI's language, gone as soon as the field changes (the error was about
 * the old value); the next failed submit brings a new `error` and with it the message again.
 */
function useFieldMessage(error: ApiError | null | undefined, name: string) {
  const t = useT();
  const [cleared, setCleared] = useState<ApiError | null>(null);
  const message = error && error !== cleared ? fieldMessage(t, error, name) : undefined;
  return { message, clear: () => setCleared(error ?? null) };
}

function FieldShell({
  id,
  label,
  hint,
  message,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  message?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field${message ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !message && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {message && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {message}
        </small>
      )}
    </div>
  );
}

export function TextField({
  label,
  name,
  error,
  hint,
  ...input
}: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = `${useId()}-${name}`;
  const { message, clear } = useFieldMessage(error, name);
  return (
    <FieldShell id={id} label={label} hint={hint} message={message}>
      <input
        id={id}
        name={name}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
        onChange={(e) => {
          clear();
          input.onChange?.(e);
        }}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  ...select
}: FieldBase & { options: [string, string][] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>) {
  const id = `${useId()}-${name}`;
  const { message, clear } = useFieldMessage(error, name);
  return (
    <FieldShell id={id} label={label} hint={hint} message={message}>
      <select
        id={id}
        name={name}
        aria-invalid={message ? true : undefined}
        {...select}
        onChange={(e) => {
          clear();
          select.onChange?.(e);
        }}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckField({
  label,
  name,
  ...input
}: { label: ReactNode; name: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'>) {
  const id = `${useId()}-${name}`;
  return (
    <div className="check">
      <input id={id} name={name} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * The problem document of a failed action: what it means in the UI's language, the field errors
 * no input shows (as "Field: message"), and the API's own words one click away for developers.
 */
export function FormError({ error, fields = [] }: { error: ApiError | null; fields?: string[] }) {
  const t = useT();
  if (!error) return null;
  const unmapped = error.errors.filter((e) => !fields.includes(e.path));
  return (
    <div className="alert error" role="alert" data-code={error.code}>
      <strong>{error.localized ? error.detail : problemMessage(t, error)}</strong>
      {unmapped.length > 0 && (
        <ul>
          {fieldLines(t, unmapped).map((line, i) => (
            <li key={`${unmapped[i]!.path}-${line}`}>{line}</li>
          ))}
        </ul>
      )}
      {!error.localized && <TechnicalDetails error={error} />}
    </div>
  );
}

/** The problem as the API sent it (code, detail, field paths): folded, for whoever integrates. */
function TechnicalDetails({ error }: { error: ApiError }) {
  const t = useT();
  return (
    <details className="technical">
      <summary>{t('Detalles técnicos', 'Technical details')}</summary>
      <div className="detail">
        <code>{error.code}</code> {error.status > 0 && `HTTP ${error.status}`}
        <div>{error.detail}</div>
        {error.errors.length > 0 && (
          <ul>
            {error.errors.map((e) => (
              <li key={e.path + e.message}>
                <code>{e.path}</code> {e.apiMessage ?? e.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

export function Button({
  busy,
  variant = 'primary',
  children,
  ...rest
}: {
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...rest}
      className={`btn ${variant} ${rest.className ?? ''}`}
      disabled={busy || rest.disabled}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Alert({
  kind = 'info',
  children,
}: {
  kind?: 'info' | 'success' | 'warning' | 'error';
  children: ReactNode;
}) {
  return (
    <div className={`alert ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** The bar of a running upload; indeterminate once the body is sent and the server works. */
export function UploadProgress({ progress, label }: { progress: number | null; label: string }) {
  return progress === null ? null : <Progress value={progress < 1 ? progress : null} label={label} />;
}

export function Progress({ value, label }: { value: number | null; label: string }) {
  return (
    <div className="progress-wrap">
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value === null ? undefined : Math.round(value * 100)}
      >
        <div
          className={`bar${value === null ? ' indeterminate' : ''}`}
          style={{ width: `${(value ?? 0.3) * 100}%` }}
        />
      </div>
      <small>
        {label}
        {value !== null && ` ${Math.round(value * 100)} %`}
      </small>
    </div>
  );
}

/** A secret the API shows once (key, webhook secret): visible, copyable, with the warning. */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <div className="shown-once" data-testid="shown-once">
      <strong>{label}</strong>
      <p>
        {t('Copia este valor ahora: no se volverá a mostrar.', 'Copy it now: it will not be shown again.')}
      </p>
      <div className="secret-row">
        <code className="secret">{value}</code>
        <Button
          variant="secondary"
          onClick={async () => {
            await navigator.clipboard?.writeText(value).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t('Copiado', 'Copied') : t('Copiar', 'Copy')}
        </Button>
      </div>
    </div>
  );
}

export function Badge({ value, tone }: { value: string; tone?: string }) {
  return <span className={`badge ${tone ?? value.toLowerCase()}`}>{value}</span>;
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children && <div className="actions">{children}</div>}
    </div>
  );
}

export function Card({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${className ?? ''}`}>
      {title && <h2>{title}</h2>}
      {children}
    </section>
  );
}

export function Loading() {
  const t = useT();
  return (
    <output className="muted loading">
      <span className="spinner" aria-hidden="true" /> {t('Cargando…', 'Loading…')}
    </output>
  );
}

/** A modal dialog: focus moves in, Escape closes, the page behind is inert for the keyboard. */
export function Modal({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('input, textarea, select, button:not(.close)');
    first?.focus();
    // Only the topmost dialog (a confirmation over a form's dialog) closes on Escape.
    const onKey = (e: KeyboardEvent) => {
      const open = document.querySelectorAll('[role="dialog"]');
      if (e.key === 'Escape' && open[open.length - 1] === ref.current) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref}>
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="close" aria-label={t('Cerrar', 'Close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/**
 * "Are you sure?" before an action that costs money or cannot be undone: what will happen, then
 * the action's button (busy while it runs, its problem below) and a way back.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  variant = 'primary',
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  variant?: 'primary' | 'danger';
  busy?: boolean;
  error?: ApiError | null;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal title={title} onClose={onClose}>
      <div className="confirm-body">{children}</div>
      <FormError error={error ?? null} />
      <div className="row">
        <Button variant={variant} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="link" onClick={onClose}>
          {t('Volver', 'Go back')}
        </Button>
      </div>
    </Modal>
  );
}

/** Requests per day as bars (the keys' 30-day usage), with the peak marked on the axis. */
export function BarChart({ data, label }: { data: { x: string; y: number }[]; label: string }) {
  const max = Math.max(1, ...data.map((d) => d.y));
  const left = 36;
  const right = 8;
  const w = 640;
  const h = 120;
  const bw = (w - left - right) / Math.max(1, data.length);
  const n = data.length;
  // A date under every 7th bar, and under the last one when it is not too close to the previous label.
  const labelled = (i: number) => i % 7 === 0 || (i === n - 1 && (n - 1) % 7 >= 3);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${w} ${h + 4}`} role="img" aria-label={label}>
        <line x1={left} y1={h} x2={w - right} y2={h} stroke="#cbd5e1" />
        <line x1={left} y1={10} x2={w - right} y2={10} stroke="#eef2f7" strokeDasharray="4 4" />
        <text x={left - 6} y={14} fontSize="11" textAnchor="end" fill="#475569">
          {max}
        </text>
        <text x={left - 6} y={h + 4} fontSize="11" textAnchor="end" fill="#475569">
          0
        </text>
        {data.map((d, i) => {
          const bh = (d.y / max) * (h - 10);
          const x = left + i * bw;
          return (
            <g key={d.x}>
              <rect x={x + 2} y={h - bh} width={Math.max(1, bw - 4)} height={bh} rx="2" fill="#0b5cab">
                <title>{`${d.x}: ${d.y}`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      {/* The dates in HTML, not in the SVG: they keep their size when a phone shrinks the chart. */}
      <div className="chart-x" aria-hidden="true">
        {data.map((d, i) =>
          labelled(i) ? (
            <span key={d.x} style={{ left: `${((left + i * bw + bw / 2) / w) * 100}%` }}>
              {dayMonth(d.x)}
            </span>
          ) : null,
        )}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
