import { ROUTE_NAMES, type RouteName } from '../../lib/paths';

/**
 * Where the shell's parts show (spec 1 §2), as pure functions of the current path and route
 * name so the rules are read and tested in one place.
 */

/** True for /auth and everything under it ('/auth/login', '/auth/password/reset'). */
export function isAuthPath(pathname: string): boolean {
  // The spec says "any path containing 'auth'". We match an 'auth' path segment, so that a
  // catalog or product whose URL happens to contain the letters (e.g. /catalog/authentic-silk)
  // keeps its navbar; every auth screen lives under /auth/.
  return /(^|\/)auth(\/|$)/.test(pathname);
}

export function isAdminPath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}

/** The search landing and its results (/search and /search/{id}). */
export function isSearchPath(pathname: string): boolean {
  return /^\/search(\/|$)/.test(pathname);
}

export function isNavbarHidden(pathname: string): boolean {
  return isAuthPath(pathname);
}

export function isFooterHidden(pathname: string, hideFooterFlag: boolean): boolean {
  return hideFooterFlag || isAdminPath(pathname) || isSearchPath(pathname) || isAuthPath(pathname);
}

const NO_FLOATING_BUTTON: readonly RouteName[] = [
  ROUTE_NAMES.catalogView,
  ROUTE_NAMES.searchQuery,
  ROUTE_NAMES.fabricsStore,
  ROUTE_NAMES.jewelStore,
  ROUTE_NAMES.productDetail,
];

/** The floating messaging button shows everywhere except these listing and detail routes. */
export function isFloatingMessagingShown(routeName: RouteName | null): boolean {
  return routeName === null || !NO_FLOATING_BUTTON.includes(routeName);
}

const NO_FOOTER_MESSAGING_ICON: readonly RouteName[] = [
  ROUTE_NAMES.orderPlace,
  ROUTE_NAMES.orderDetails,
  ROUTE_NAMES.productDetail,
];

/** The footer's 'Reach Us On' messaging-app icon hides on order-place, order-details, product-detail. */
export function isFooterMessagingIconShown(routeName: RouteName | null): boolean {
  return routeName === null || !NO_FOOTER_MESSAGING_ICON.includes(routeName);
}
