/** The navbar's round icon buttons and links (search, wishlist, cart). */
export const ICON_LINK =
  'relative inline-flex size-10 items-center justify-center rounded-full text-maroon-800 hover:bg-maroon-50';
