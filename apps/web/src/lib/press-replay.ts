import type { SyntheticEvent } from 'react';

/**
 * The mark the app puts on a click it has answered, a property of the DOM event. The loader of a
 * server-rendered page (src/start-after-paint.js, which spells the same name: it is plain JavaScript)
 * presses again, once the app has taken the page over, a button whose press went unmarked: made before
 * the app ran, or while it was taking over a part whose code had not arrived yet — React drops such a
 * press (and stops it at #root) instead of answering it.
 */
export const ANSWERED_BY_APP = 'ssdAnsweredByApp';

/** The app shell's capture handler: every click React dispatches into the app passes it first. */
export function markAnsweredByApp(event: SyntheticEvent): void {
  (event.nativeEvent as unknown as Record<string, boolean>)[ANSWERED_BY_APP] = true;
}
