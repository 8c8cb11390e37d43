import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { cartWishlistSchema } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { cartItems, items, wishlistItems } from '../../db/schema';

export type CartWishlist = z.infer<typeof cartWishlistSchema>;

/**
 * The product ids in a shopper's cart and wishlist, oldest first, fetched once after login (spec 1 §4);
 * products staff deleted (archived) are left out (docs/decisions/0031).
 */
export async function getCartWishlist(db: Database, userId: string): Promise<CartWishlist> {
  const [cart, wishlist] = await Promise.all([
    db
      .select({ id: cartItems.item_id })
      .from(cartItems)
      .innerJoin(items, eq(items.id, cartItems.item_id))
      .where(and(eq(cartItems.user_id, userId), isNull(items.archived_at)))
      .orderBy(asc(cartItems.created_at), asc(cartItems.item_id)),
    db
      .select({ id: wishlistItems.item_id })
      .from(wishlistItems)
      .innerJoin(items, eq(items.id, wishlistItems.item_id))
      .where(and(eq(wishlistItems.user_id, userId), isNull(items.archived_at)))
      .orderBy(asc(wishlistItems.created_at), asc(wishlistItems.item_id)),
  ]);
  return { cart: cart.map((r) => r.id), wishlist: wishlist.map((r) => r.id) };
}
