/** Business constants and limits of the spec's section 9s, in one place. */

export const STORE_SHORT_NAME = 'SSD';
export const STORE_NAME = 'SSD Store';

// spec 1 §9
export const TOAST_DURATION_MS = 4000;
export const CART_BADGE_CAP = 99;
export const CART_BADGE_BUMP_MS = 300;
export const RECENT_SEARCHES_KEPT = 10;
export const RECENT_SEARCHES_SHOWN = 3;
export const CHATBOT_ORDERS_FETCHED = 10;
export const CHATBOT_ORDERS_SHOWN = 6;
export const OTP_LENGTH = 6;
export const OTP_COUNTDOWN_SECONDS = 5 * 60;
export const PASSWORD_MIN_LENGTH = 8;
export const ACCESS_TOKEN_COOKIE = 'user_token';
export const ACCESS_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
export const MOBILE_MENU_BREAKPOINT_PX = 768;
export const TOUCH_SCREEN_BELOW_PX = 1024;
export const CHAT_FULLSCREEN_MAX_PX = 640;
export const HOME_PAGE_SIZE = 10;

// spec 2 §9
export const LISTING_PAGE_SIZE = 10;
export const INFINITE_SCROLL_MARGIN_PX = 25;
export const SEARCH_PAGE_SIZE = 10;
export const SUGGESTED_DEFAULT_LIMIT = 10;
export const REVIEWS_PAGE_SIZE = 5;
export const ORDER_DETAIL_REVIEWS_PAGE_SIZE = 10;
export const SALE_PAGE_ITEMS = 40;
export const SALE_PAGE_SKELETONS = 8;
export const HOME_RECENT_ITEMS = 15;
export const WISHLIST_CAP = 20;
/** GET /api/product/tags without a limit (ours). */
export const TAGS_DEFAULT_LIMIT = 100;
export const LOW_STOCK_AT_OR_BELOW = 10;
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SWIPE_THRESHOLD_PX = 40;
export const BANNER_ACCORDION_MAX = 6;
export const ROW_AUTOSCROLL_MS = 3500;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const GRID_COLUMNS_WIDE = 5;

// spec 3 §9
export const ORDERS_PAGE_SIZE = 5;
export const ORDERS_API_DEFAULT_LIMIT = 4;
export const ADMIN_PRODUCTS_PAGE_SIZES = [10, 20, 30, 50, 75, 100] as const;
export const ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE = 10;
export const CART_LOW_STOCK_BELOW = 10;
export const SUPPORT_DIALOG_FULLSCREEN_MAX_PX = 768;
export const CHECKOUT_THEME_COLOUR = '#D4AF37';

/** The two shops of spec 2 §3 and spec 3 §3. */
export const SHOPS = [
  { title: 'Fabrics', value: 'fabrics' },
  { title: 'Jewel', value: 'jewel' },
] as const;
export type ShopValue = (typeof SHOPS)[number]['value'];

/** Page titles read '{title} | SSD'. */
export function pageTitle(title: string): string {
  return `${title} | ${STORE_SHORT_NAME}`;
}

/** The most units of one product in one checkout (and so in the cart), and the most products in one checkout. */
export const MAX_UNITS_PER_LINE = 50;
export const MAX_LINES_PER_CHECKOUT = 50;

/**
 * How long a browser (or a CDN) may reuse a content item read, and serve it stale while fetching a
 * fresh one (the content service's Cache-Control). After an admin write, the web app revalidates its
 * content reads for this long, so the admin sees the write at once (apps/web/src/lib/content-client.ts).
 */
export const CONTENT_ITEMS_MAX_AGE_SECONDS = 30;
export const CONTENT_ITEMS_STALE_SECONDS = 30;

/**
 * The id of the JSON script a server-rendered page carries its reads' answers in, right after #root
 * (apps/server plugins/page-render.ts writes it, apps/web src/main.tsx reads it; docs/decisions/0051).
 */
export const SERVER_STATE_ELEMENT_ID = 'ssd-server-state';
