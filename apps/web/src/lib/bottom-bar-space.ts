/**
 * The room the phone bottom bar (app/shell/bottom-bar.tsx, below 768 px) takes: 4rem, plus the
 * device's safe-area inset under it. Kept in one place so that what must stay clear of the bar — the
 * footer's last line, the product page's buy bar — moves with it. (The floating chat button writes
 * out its offset, 1rem above the bar: app/shell/floating-messaging-button.tsx says why.)
 * Whole class names, so that Tailwind finds them in this file.
 */
export const BOTTOM_BAR_HEIGHT = 'h-16';

/** Padding at the end of a page's last block, so that the bar covers none of it. */
export const CLEAR_OF_BOTTOM_BAR = 'pb-[calc(4rem+env(safe-area-inset-bottom))]';

/** Docked right on top of the bar (a sticky or fixed element's bottom offset). */
export const ON_TOP_OF_BOTTOM_BAR = 'bottom-[calc(4rem+env(safe-area-inset-bottom))]';

