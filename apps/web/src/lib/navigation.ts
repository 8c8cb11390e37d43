import type { NavigateFunction } from 'react-router';

/** True when the browser history holds an earlier entry of this app (the router numbers them). */
export function hasAppHistory(): boolean {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' && idx > 0;
}

/** Goes back one entry if there is one within the app, otherwise home (spec 1 §2). */
export function goBackOrHome(navigate: NavigateFunction): void {
  if (hasAppHistory()) void navigate(-1);
  else void navigate('/', { replace: true });
}
