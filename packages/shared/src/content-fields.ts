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

/**
 * The product page's read of its item (spec 2 §7): GET /content/items/items/{id}?fields=…. The web's
 * product page asks for exactly these, and the server preloads that address in the page's HTML
 * (apps/server plugins/page-preloads.ts): one string, so the two addresses stay the same.
 */
export const PRODUCT_PAGE_FIELDS = '*,images.id,images.directus_files_id';
