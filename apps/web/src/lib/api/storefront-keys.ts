/*
 * Query keys of the public reads several features share (docs/decisions/0022-web-data-layer.md).
 * A feature's own reads extend these roots in its api/keys.ts, so one prefix reaches them all.
 */

export const itemKeys = {
  /** Every read of content items (cards, listings, sales). */
  all: ['content', 'items'] as const,
  trending: () => [...itemKeys.all, 'trending'] as const,
  /** Infinite pages of a listing or a search; `scope` names which and holds its canonical query. */
  infinite: (...scope: readonly (string | number)[]) => [...itemKeys.all, 'infinite', ...scope] as const,
};

export const catalogKeys = {
  all: ['content', 'catalogs'] as const,
  /** Catalog titles for the filter sidebar. */
  titles: () => [...catalogKeys.all, 'titles'] as const,
};

export const productKeys = {
  all: ['product'] as const,
  /** Everything read about one product: its page's reads extend this prefix. */
  item: (id: number) => [...productKeys.all, id] as const,
  rating: (id: number) => [...productKeys.item(id), 'rating'] as const,
  /** Tags of in-stock products with counts. */
  tags: () => [...productKeys.all, 'tags'] as const,
};

export const saleKeys = {
  active: () => ['sales', 'active'] as const,
};
