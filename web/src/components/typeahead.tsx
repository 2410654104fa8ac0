import { type InputHTMLAttributes, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export interface Suggestion<T> {
  /** Stable id of the suggestion (the record's id). */
  id: string;
  /** The main line (a name, a description). */
  label: string;
  /** The second line (identification, code and price). */
  detail?: string;
  value: T;
}

/**
 * A text field that suggests saved records as one types (WAI-ARIA 1.2 combobox with a listbox
 * popup): ↓/↑ move through the suggestions, Enter picks the active one, Escape closes the list
 * (a second Escape is the browser's). Typing stays free text: a value not in the list is kept as
 * typed. `search` runs 250 ms after the last keystroke, only for what the person typed.
 */
export function Typeahead<T>({
  label,
  name,
  value,
  onChange,
  search,
  onPick,
  message,
  hint,
  minChars = 2,
  ...input
}: {
  label: string;
  name: string;
  value: string;
  onChange(text: string): void;
  /** Stable (module-level) function: a new one re-runs the search. */
  search(query: string): Promise<Suggestion<T>[]>;
  onPick(value: T): void;
  /** The field's error, already in the UI language. */
  message?: string;
  hint?: string;
  minChars?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'>) {
  const base = `${useId()}-${name}`;
  const listId = `${base}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [items, setItems] = useState<Suggestion<T>[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const seq = useRef(0);

  useEffect(() => {
    if (query === null || query.trim().length < minChars) {
      setItems([]);
      setOpen(false);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      search(query.trim()).then(
        (found) => {
          if (mine !== seq.current) return;
          setItems(found);
          setActive(-1);
          setOpen(found.length > 0);
        },
        () => mine === seq.current && setOpen(false),
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [query, minChars, search]);

  const pick = (s: Suggestion<T>) => {
    seq.current++;
    setQuery(null);
    setOpen(false);
    setActive(-1);
    onPick(s.value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && items.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % items.length);
    } else if (e.key === 'ArrowUp' && items.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (e.key === 'Enter' && open && active >= 0 && items[active]) {
      e.preventDefault();
      pick(items[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const describedBy = message ? `${base}-error` : hint ? `${base}-hint` : undefined;
  return (
    <div className={`field typeahead${message ? ' invalid' : ''}`}>
      <label htmlFor={base}>{label}</label>
      <input
        {...input}
        id={base}
        name={name}
        value={value}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          onChange(e.target.value);
          setQuery(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          // A click on a suggestion lands before the blur closes the list (mousedown is prevented).
          setOpen(false);
          input.onBlur?.(e);
        }}
      />
      <div id={listId} role="listbox" className="typeahead-list" hidden={!open}>
        {items.map((s, i) => (
          <div
            key={s.id}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(s)}
            onKeyDown={() => undefined}
          >
            <span className="typeahead-label">{s.label}</span>
            {s.detail && <small className="muted"> {s.detail}</small>}
          </div>
        ))}
      </div>
      {hint && !message && (
        <small id={`${base}-hint`} className="hint">
          {hint}
        </small>
      )}
      {message && (
        <small id={`${base}-error`} className="field-error" role="alert">
          {message}
        </small>
      )}
    </div>
  );
}
