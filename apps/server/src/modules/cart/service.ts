import { and, asc, eq } from 'drizzle-orm';
import { STOREFRONT_MESSAGES } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { cartItems } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { itemOrNotFound } from '../product/cards';

/** The product ids in the cart, oldest first (the order of GET /api/list/cart_wishlist). */
export async function cartIds(db: Pick<Database, 'select'>, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: cartItems.item_id })
    .from(cartItems)
    .where(eq(cartItems.user_id, userId))
    .orderBy(asc(cartItems.created_at), asc(cartItems.item_id));
  return rows.map((row) => row.id);
}

/**
 * The cart button: puts one unit of an in-stock product in the cart. A product already in the cart
 * keeps its row and quantity (success, nothing changes, whatever its stock is now); a product with
 * no stock is refused (409, code 0). Stock is not held here: checkout holds it (a later issue).
 */
export async function addToCart(db: Database, userId: string, itemId: number): Promise<number[]> {
  const item = await itemOrNotFound(db, itemId);
  const [present] = await db
    .select({ id: cartItems.item_id })
    .from(cartItems)
    .where(and(eq(cartItems.user_id, userId), eq(cartItems.item_id, itemId)));
  if (!present) {
    if (item.quantity <= 0) throw fail.conflict(STOREFRONT_MESSAGES.outOfStock);
    await db.insert(cartItems).values({ user_id: userId, item_id: itemId, quantity: 1 }).onConflictDoNothing();
  }
  return cartIds(db, userId);
}

/** Takes a product out of the cart; one that is not there is fine too. */
export async function removeFromCart(db: Database, userId: string, itemId: number): Promise<number[]> {
  await db.delete(cartItems).where(and(eq(cartItems.user_id, userId), eq(cartItems.item_id, itemId)));
  return cartIds(db, userId);
}
