import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api';

function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(0, 'CLIENT', e instanceof Error ? e.message : String(e));
}

/** Data loaded from the API when the page opens (and again on `reload`). */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList) {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await load();
      if (mine === seq.current) setState({ data, error: null, loading: false });
    } catch (e) {
      if (mine === seq.current) setState((s) => ({ data: s.data, error: asApiError(e), loading: false }));
    }
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what `load` depends on
  }, deps);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

/** A user action (form submit, button): busy while it runs, its problem document kept for display. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = async (...args: A): Promise<R | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action(...args);
    } catch (e) {
      setError(asApiError(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, setError };
}

/**
 * An upload's progress: `progress` is 0..1 while the body is sent, 1 while the server works, null
 * when idle. `track(work)` runs `work(onProgress)` (the upload and whatever follows it) and resets.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const track = async <R>(work: (onProgress: (fraction: number) => void) => Promise<R>): Promise<R> => {
    setProgress(0);
    try {
      return await work(setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { progress, track };
}
