import { type FocusEvent, useCallback, useState } from 'react';

/**
 * Which fields the person has left (blur) and whether they tried to submit: the dry run's errors
 * show on a field only once it was touched, and on every field after a submit attempt.
 */
export function useTouched() {
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const onBlurCapture = useCallback((e: FocusEvent<HTMLElement>) => {
    const name = (e.target as HTMLInputElement).name;
    if (name) setTouched((s) => (s.has(name) ? s : new Set(s).add(name)));
  }, []);
  return { touched, submitted, setSubmitted, onBlurCapture };
}

/** `items[1].taxes` and `items[1].quantity` share `items[1]`: an unplaced error shows once its group was touched. */
export function groupOf(path: string): string {
  return /^[a-zA-Z]+(\[\d+\])?/.exec(path)?.[0] ?? path;
}
