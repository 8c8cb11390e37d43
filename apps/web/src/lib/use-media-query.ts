import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * The screen a server-rendered page (src/entry-server.tsx) is drawn for: the server cannot measure
 * it, so it assumes a phone or a desktop from the request (apps/server plugins/page-render.ts), and
 * the browser takes the page over assuming the same before it measures (src/main.tsx).
 */
export type AssumedViewport = 'phone' | 'desktop';

/** Widths the assumptions stand for: a common phone, a common laptop. */
const ASSUMED_WIDTH_PX: Record<AssumedViewport, number> = { phone: 390, desktop: 1280 };

export const AssumedViewportContext = createContext<AssumedViewport>('phone');

/**
 * Whether `query` holds at the assumed width: `(min-width: Npx)` and `(max-width: Npx)`, optionally
 * after `not all and`; any other feature (prefers-reduced-motion…) is assumed not to hold.
 */
export function assumedMatch(query: string, viewport: AssumedViewport): boolean {
  const match = /^(not all and )?\((min|max)-width:\s*(\d+)px\)$/.exec(query.trim());
  if (!match) return false;
  const width = ASSUMED_WIDTH_PX[viewport];
  const holds = match[2] === 'min' ? width >= Number(match[3]) : width <= Number(match[3]);
  return match[1] ? !holds : holds;
}

/** A media query's answer, kept current. */
export function useMediaQuery(query: string): boolean {
  const viewport = useContext(AssumedViewportContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => assumedMatch(query, viewport),
  );
}
