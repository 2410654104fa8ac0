import type { ReactNode } from 'react';

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
