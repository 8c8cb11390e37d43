import { z } from './zod';

/**
 * The public collections of the content service (Directus REST item dialect, spec 2 §3 and §7).
 * Reads answer `{data}` (or `{data, meta}` with `meta=filter_count,total_count`); failures answer
 * `{errors: [{message, extensions: {code}}]}`. Every other collection is 403.
 */

export const CONTENT_COLLECTIONS = ['items', 'catalogs', 'banners', 'shops'] as const;
export type ContentCollection = (typeof CONTENT_COLLECTIONS)[number];

/** An item image, as `fields=images.id,images.directus_files_id` returns it. */
export const contentImageSchema = z.object({
  id: z.number().int(),
  /** A file id (served at /content/assets/{id}) or an absolute URL: see assetUrl(). */
  directus_files_id: z.string(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

/**
 * An item as the product page reads it: `fields=*,images.id,images.directus_files_id`.
 * Prices are rupees (12499.5); dates ISO 8601. (`fields=*` alone lists `images` as image ids.)
 */
export const contentItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  shop: z.string(),
  catalog: z.string(),
  price: z.number(),
  market_price: z.number().nullable(),
  thumbnail_image: z.string(),
  quantity: z.number().int(),
  tags: z.array(z.string()),
  description: z.string(),
  size_description: z.string().nullable(),
  images: z.array(contentImageSchema),
  rating: z.number().nullable(),
  created_on: z.string(),
  updated_on: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export { CONTENT_ITEM_CARD_FIELDS } from './content-fields';
export const contentItemCardSchema = contentItemSchema.pick({
  id: true,
  title: true,
  catalog: true,
  shop: true,
  price: true,
  market_price: true,
  thumbnail_image: true,
  quantity: true,
});
export type ContentItemCard = z.infer<typeof contentItemCardSchema>;

export const contentCatalogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  priority: z.number().int(),
});
export type ContentCatalog = z.infer<typeof contentCatalogSchema>;

/** Only active banners are public. */
export const contentBannerSchema = z.object({
  banner_id: z.number().int(),
  title: z.string(),
  banner_image: z.string(),
  banner_image_mobile: z.string().nullable(),
  banner_image_laptop: z.string().nullable(),
  link: z.string().nullable(),
});
export type ContentBanner = z.infer<typeof contentBannerSchema>;

export const contentShopSchema = z.object({
  value: z.string(),
  title: z.string(),
});
export type ContentShop = z.infer<typeof contentShopSchema>;

export const contentMetaSchema = z.object({
  total_count: z.number().int().optional(),
  filter_count: z.number().int().optional(),
});

/** `{data: T[], meta?}` of a list read. */
export function contentListSchema<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), meta: contentMetaSchema.optional() });
}

export const CONTENT_ERROR_CODES = [
  'INVALID_QUERY',
  'INVALID_PAYLOAD',
  'FORBIDDEN',
  'RECORD_NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'REQUESTS_EXCEEDED',
  'INTERNAL_SERVER_ERROR',
] as const;

export const contentErrorSchema = z.object({
  errors: z
    .array(z.object({ message: z.string(), extensions: z.object({ code: z.enum(CONTENT_ERROR_CODES) }) }))
    .min(1),
});
export type ContentErrorBody = z.infer<typeof contentErrorSchema>;

/** A filter in the JSON form the service accepts (`filter=` + JSON.stringify(filter)). */
export type ContentFilterOperator =
  | '_eq'
  | '_neq'
  | '_in'
  | '_nin'
  | '_gt'
  | '_gte'
  | '_lt'
  | '_lte'
  | '_contains'
  | '_icontains'
  | '_null'
  | '_nnull';
export type ContentFilter =
  | { _and: ContentFilter[] }
  | { _or: ContentFilter[] }
  | { [field: string]: Partial<Record<ContentFilterOperator, unknown>> };
