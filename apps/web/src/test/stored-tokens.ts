/**
 * A browser that signed in on an earlier visit (spec 1 §3 storage): the access token in the user_token
 * cookie, the refresh token and provider in local storage, so the app verifies them as it starts.
 */
export function storeTokens(): void {
  document.cookie = 'user_token=old-access; Path=/';
  window.localStorage.setItem('refresh_token', 'old-refresh');
  window.localStorage.setItem('auth_provider', 'local');
}

/** Forgets what storeTokens (or the app) stored. */
export function clearStoredTokens(): void {
  document.cookie = 'user_token=; Max-Age=0; Path=/';
  window.localStorage.clear();
}

/** A cart line as GET /api/cart/list answers it. */
export const silkCartLine = {
  id: 1,
  title: 'Kanjeevaram Silk Saree',
  thumbnail_image: 'file-1',
  price: 1000,
  market_price: 1500,
  cart_quantity: 2,
  item_quantity: 20,
};
