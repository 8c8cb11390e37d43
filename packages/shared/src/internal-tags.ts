/**
 * Tags the store uses to fill its own sections rather than to describe a product (docs/decisions/0040):
 * 'trending' fills Trending (spec 2 §7) and 'new' marks new arrivals. Like the tag of every sale (which puts
 * an item on that sale's page), they are never offered to shoppers as Popular Tags. Compared without case;
 * the rule is applied where the tags are counted (GET /api/product/tags).
 */
export const INTERNAL_TAGS = ['trending', 'new'] as const;
