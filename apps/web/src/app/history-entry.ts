/**
 * React Router keys each history entry by `history.state.key` and restores the scroll position saved
 * under it (<ScrollRestoration> in the shell). A page load that starts a new entry — a typed address,
 * a link from another site, a bookmark — has no state, so every such load got the key 'default' and
 * opened wherever the last 'default' entry was scrolled to (a full load of / after /terms was scrolled
 * opened 350 px down). Giving a new entry its own key before the router starts makes it open at the
 * top, while a reload or Back keeps the key it had and returns to where the shopper was.
 */
export function keyNewHistoryEntry(history: History = window.history, newKey: () => string = randomKey): void {
  const state: unknown = history.state;
  if (typeof state === 'object' && state !== null && typeof (state as { key?: unknown }).key === 'string') return;
  history.replaceState({ ...(typeof state === 'object' && state !== null ? state : {}), usr: null, key: newKey(), idx: 0 }, '');
}

/** The same shape of key React Router makes for the entries it creates. */
function randomKey(): string {
  return Math.random().toString(36).slice(2, 10);
}
