import type { ReactNode } from 'react';
import { useT } from '../i18n';

/**
 * A table too wide for a phone scrolls inside its own box, never the page: the box is a labelled
 * region that takes focus, so a keyboard can scroll it too (axe's scrollable-region-focusable),
 * and its edge fades while there is more to the right.
 */
export function TableRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // A labelled <section> is a region; it takes focus so a keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={`table-wrap ${className ?? ''}`} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A column's heading, with its class (`num`, `hide-sm`) where it has one. */
export type Column = string | [label: string, className: string];

/** A table's header row; `actions` adds the last column, named only for screen readers. */
export function TableHead({ columns, actions = false }: { columns: Column[]; actions?: boolean }) {
  const t = useT();
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c}>{c}</th>
          ) : (
            <th key={c[0]} className={c[1]}>
              {c[0]}
            </th>
          ),
        )}
        {actions && (
          <th>
            <span className="sr-only">{t('Acciones', 'Actions')}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
