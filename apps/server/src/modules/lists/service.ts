import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { cartWishlistSchema } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { cartItems, wishlistItems } from '../../db/schema';

export type CartWishlist = z.infer<typeof cartWishlistSchema>;

/** The product ids in a shopper's cart and wishlist, oldest first, fetched once after login (spec 1 §4). */
export async function getCartWishlist(db: Database, userId: string): Promise<CartWishlist> {
  const [cart, wishlist] = await Promise.all([
    db
      .select({ id: cartItems.item_id })
      .from(cartItems)
      .where(eq(cartItems.user_id, userId))
      .orderBy(asc(cartItems.created_at), asc(cartItems.item_id)),
    db
      .select({ id: wishlistItems.item_id })
      .from(wishlistItems)
      .where(eq(wishlistItems.user_id, userId))
      .orderBy(asc(wishlistItems.created_at), asc(wishlistItems.item_id)),
  ]);
  return { cart: cart.map((r) => r.id), wishlist: wishlist.map((r) => r.id) };
}
