/*
 * Query keys of what belongs to the signed-in user (docs/decisions/0022-web-data-layer.md). Every
 * read and every invalidation builds its key here; the session drops all of them at logout.
 */

export const cartKeys = {
  all: ['cart'] as const,
  /** The product ids in the cart. */
  ids: () => [...cartKeys.all, 'ids'] as const,
};

export const wishlistKeys = {
  all: ['wishlist'] as const,
  /** The saved product ids (at most 20). */
  ids: () => [...wishlistKeys.all, 'ids'] as const,
  /** The saved products as cards (the wishlist screen). */
  list: () => [...wishlistKeys.all, 'list'] as const,
};

export const userKeys = {
  all: ['user'] as const,
};

/** The roots the session removes from the cache when the user logs out or the session ends. */
export const USER_QUERY_ROOTS = [cartKeys.all, wishlistKeys.all, userKeys.all] as const;
