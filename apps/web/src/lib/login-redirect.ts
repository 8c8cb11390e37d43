/*
 * What the way to the login screen says and carries. On their own, so that a cart or wishlist
 * button can send a visitor to login without loading the route guards (./guards.tsx).
 */

export const LOGIN_TO_CONTINUE_MESSAGE = 'Please login to continue.';

/** Where the login screen returns to after success, when a guard or a button sent the visitor there. */
export interface LoginRedirectState {
  from?: string;
}
