import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The hide-footer flag of spec 1 §2: a screen that wants the whole viewport (a checkout step, a
 * full-height chat) calls `useHideFooter()` and the footer stays hidden while it is mounted.
 * Requests are counted, so two screens asking at once do not cancel each other.
 */
interface FooterFlagValue {
  footerHidden: boolean;
  /** Asks for the footer to be hidden; returns the function that withdraws the request. */
  requestHideFooter: () => () => void;
}

const FooterFlagContext = createContext<FooterFlagValue | null>(null);

export function FooterFlagProvider({ children }: { children: ReactNode }) {
  const [requests, setRequests] = useState(0);
  // Stable, so a screen's effect does not re-run every time the count changes.
  const requestHideFooter = useCallback(() => {
    setRequests((count) => count + 1);
    let withdrawn = false;
    return () => {
      if (withdrawn) return;
      withdrawn = true;
      setRequests((count) => Math.max(0, count - 1));
    };
  }, []);
  const value = useMemo<FooterFlagValue>(
    () => ({ footerHidden: requests > 0, requestHideFooter }),
    [requests, requestHideFooter],
  );
  return <FooterFlagContext value={value}>{children}</FooterFlagContext>;
}

function useFooterFlag(): FooterFlagValue {
  const value = useContext(FooterFlagContext);
  if (!value) throw new Error('The footer flag must be used inside <FooterFlagProvider>');
  return value;
}

export function useFooterHidden(): boolean {
  return useFooterFlag().footerHidden;
}

/** Hides the footer while the calling component is mounted (and `hide` is true). */
export function useHideFooter(hide = true): void {
  const { requestHideFooter } = useFooterFlag();
  useEffect(() => (hide ? requestHideFooter() : undefined), [hide, requestHideFooter]);
}
