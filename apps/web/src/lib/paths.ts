/**
 * Every screen of spec 1 §2's route table, with its path and whether its screen exists yet.
 *
 * The shell (navbar, menus, bottom bar, footer) only links to screens whose `live` flag is true,
 * so a visitor never lands on a screen that a later issue has not built. When an issue ships a
 * screen it flips that screen's flag here (one line) and swaps the route's element in
 * src/app/routes.tsx.
 */
export interface ScreenInfo {
  /** The path to link to (patterns with params live in src/app/routes.tsx). */
  readonly path: string;
  /** Whether the screen exists yet. */
  readonly live: boolean;
}

export type ScreenKey =
  | 'home'
  | 'shop'
  | 'fabrics'
  | 'jewels'
  | 'jewel'
  | 'search'
  | 'product'
  | 'cart'
  | 'placeOrder'
  | 'orders'
  | 'wishlist'
  | 'profile'
  | 'contact'
  | 'login'
  | 'signup'
  | 'passwordReset'
  | 'admin'
  | 'terms'
  | 'privacy'
  | 'shipping'
  | 'returns';

export const SCREENS: Readonly<Record<ScreenKey, ScreenInfo>> = {
  home: { path: '/', live: true },
  shop: { path: '/shop', live: true },
  fabrics: { path: '/fabrics', live: true },
  jewels: { path: '/jewels', live: true },
  // The footer links to /jewel (spec 1 §2), which opens the jewel store too.
  jewel: { path: '/jewel', live: true },
  search: { path: '/search', live: true },
  // Product pages are /product/{id}/{title} (src/lib/product-path.ts builds them).
  product: { path: '/product', live: true },
  cart: { path: '/cart', live: true },
  placeOrder: { path: '/place/order', live: true },
  orders: { path: '/orders', live: true },
  wishlist: { path: '/wishlist', live: true },
  profile: { path: '/profile', live: true },
  contact: { path: '/contact', live: true },
  login: { path: '/auth/login', live: true },
  signup: { path: '/auth/signup', live: true },
  passwordReset: { path: '/auth/password/reset', live: true },
  admin: { path: '/admin', live: true },
  terms: { path: '/terms', live: true },
  privacy: { path: '/privacy', live: true },
  shipping: { path: '/shipping', live: true },
  returns: { path: '/returns', live: true },
};

export function isLive(key: ScreenKey): boolean {
  return SCREENS[key].live;
}

/** Route names the shell's show/hide rules refer to (spec 1 §2). */
export const ROUTE_NAMES = {
  home: 'home',
  shop: 'shop',
  fabricsStore: 'fabrics-store',
  jewelStore: 'jewel-store',
  catalogView: 'catalog-view',
  search: 'search',
  searchQuery: 'search-query',
  productDetail: 'product-detail',
  sale: 'sale',
  cart: 'cart',
  orderPlace: 'order-place',
  paymentVerify: 'payment-verify',
  myOrders: 'my-orders',
  orderDetails: 'order-details',
  /** Ours: the printable GST invoice of an order (/orders/invoice/{id}). */
  orderInvoice: 'order-invoice',
  wishlist: 'wishlist',
  profile: 'profile',
  contact: 'contact',
  authLogin: 'auth-login',
  authSignup: 'auth-signup',
  authPasswordReset: 'auth-password-reset',
  terms: 'terms',
  privacy: 'privacy',
  shipping: 'shipping',
  returns: 'returns',
  adminBanner: 'admin-banner',
  bannerDetail: 'banner-detail',
  adminCatalog: 'admin-catalog',
  catalogDetail: 'catalog-detail',
  adminProducts: 'admin-products',
  productsDetail: 'products-detail',
  notFound: 'not-found',
} as const;

export type RouteName = (typeof ROUTE_NAMES)[keyof typeof ROUTE_NAMES];
