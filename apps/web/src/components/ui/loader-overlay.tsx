import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The global loader overlay (spec 1 §2). Calls nest: every showLoader() needs its hideLoader(),
 * and the overlay stays until the last one. `withLoader` pairs them around a promise.
 */
export interface LoaderApi {
  isLoading: boolean;
  showLoader: () => void;
  hideLoader: () => void;
  withLoader: <T>(work: Promise<T>) => Promise<T>;
}

const LoaderContext = createContext<LoaderApi | null>(null);

export function LoaderProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const showLoader = useCallback(() => setCount((n) => n + 1), []);
  const hideLoader = useCallback(() => setCount((n) => Math.max(0, n - 1)), []);
  const withLoader = useCallback(
    async <T,>(work: Promise<T>): Promise<T> => {
      showLoader();
      try {
        return await work;
      } finally {
        hideLoader();
      }
    },
    [showLoader, hideLoader],
  );
  const value = useMemo<LoaderApi>(
    () => ({ isLoading: count > 0, showLoader, hideLoader, withLoader }),
    [count, showLoader, hideLoader, withLoader],
  );
  return <LoaderContext value={value}>{children}</LoaderContext>;
}

export function useLoader(): LoaderApi {
  const value = useContext(LoaderContext);
  if (!value) throw new Error('useLoader must be used inside <LoaderProvider>');
  return value;
}

export function LoaderOverlay() {
  const { isLoading } = useLoader();
  if (!isLoading) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Loading"
      className="fixed inset-0 z-[80] flex items-center justify-center bg-ink/40 backdrop-blur-[1px]"
    >
      <span aria-hidden="true" className="size-12 animate-spin rounded-full border-4 border-gold-200 border-t-maroon-700" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
