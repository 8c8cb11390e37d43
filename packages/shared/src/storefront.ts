import { z } from './zod';
import { REVIEWS_PAGE_SIZE, SUGGESTED_DEFAULT_LIMIT, TAGS_DEFAULT_LIMIT } from './constants';
import { contentItemCardSchema } from './content';
import { productIdSchema } from './input';

/**
 * Contracts of the storefront's product API calls (spec 2 §7). Every answer is the {code, message,
 * data} envelope; these describe `data`. Product cards use the content service's card shape.
 */

export const productCardSchema = contentItemCardSchema;
export type ProductCard = z.infer<typeof productCardSchema>;

const pageQuery = (defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(50).default(defaultLimit),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** GET /api/product/suggested?id&limit&offset: same catalog first, then the same shop; never the item itself. */
export const suggestedQuerySchema = z.object({ id: productIdSchema, ...pageQuery(SUGGESTED_DEFAULT_LIMIT) });
export const suggestedDataSchema = z.array(productCardSchema);

export const productIdParamsSchema = z.object({ id: productIdSchema });

/** GET /api/product/rating/{id}: avg_rating to one decimal (null without reviews), total reviews. */
export const ratingDataSchema = z.object({ avg_rating: z.number().nullable(), total: z.number().int() });
export type RatingData = z.infer<typeof ratingDataSchema>;

/** GET /api/product/reviews/{id}?limit&offset: newest first. */
export const reviewsQuerySchema = z.object(pageQuery(REVIEWS_PAGE_SIZE));
export const reviewSchema = z.object({
  /** The reviewer's name, 'Customer' when there is none. */
  user_name: z.string(),
  rating: z.number().int().min(1).max(5),
  review: z.string().nullable(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewsDataSchema = z.array(reviewSchema);

/** GET /api/product/tags: tags of in-stock items with their counts, most used first (ours: counting on the client does not scale). */
export const tagCountSchema = z.object({ title: z.string(), count: z.number().int() });
export const tagsDataSchema = z.array(tagCountSchema);
/** Optional paging of GET /api/product/tags (home shows 10); without it the 100 most used. */
export const tagsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(TAGS_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type TagCount = z.infer<typeof tagCountSchema>;

/** Body of PUT /api/wishlist/add, POST /api/wishlist/remove, PUT /api/cart/add, POST /api/cart/remove. */
export const itemIdBodySchema = z.object({ item_id: productIdSchema });

/** GET /api/wishlist/id/list and GET /api/cart/id/list: product ids, oldest first. The add/remove calls answer the new list. */
export const idListSchema = z.array(z.number().int());

/** GET /api/wishlist/list: data.wishlist, the saved products, newest first. */
export const wishlistDataSchema = z.object({ wishlist: z.array(productCardSchema) });

export { STOREFRONT_MESSAGES } from './storefront-messages';
