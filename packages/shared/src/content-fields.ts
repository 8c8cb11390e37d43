/**
 * The listing fields of spec 2 §7 (cards): id, title, catalog, shop, price, market_price, thumbnail_image, quantity.
 * Kept free of zod so the browser can build its queries without it.
 */
export const CONTENT_ITEM_CARD_FIELDS = [
  'id',
  'title',
  'catalog',
  'shop',
  'price',
  'market_price',
  'thumbnail_image',
  'quantity',
] as const;
