import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { WISHLIST_CAP } from '@ssd/shared/constants';
import { STOREFRONT_MESSAGES, type ProductCard } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { items, users, wishlistItems } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { cardColumns, itemOrNotFound, toCard } from '../product/cards';

type Reader = Pick<Database, 'select'>;

/**
 * A product staff deleted (archived) leaves every wishlist at once, and stops counting toward the cap;
 * its row stays unseen (docs/decisions/0031).
 */
const liveProduct = isNull(items.archived_at);

/** The saved product ids, oldest first (the order of GET /api/list/cart_wishlist). */
export async function wishlistIds(db: Reader, userId: string): Promise<number[]> {
  const rows = await wishlistIdRows(db).execute({ userId });
  return rows.map((row) => row.id);
}

const wishlistIdRows = preparedPerDatabase((db: Reader) =>
  db
    .select({ id: wishlistItems.item_id })
    .from(wishlistItems)
    .innerJoin(items, eq(items.id, wishlistItems.item_id))
    .where(and(eq(wishlistItems.user_id, sql.placeholder('userId')), liveProduct))
    .orderBy(asc(wishlistItems.created_at), asc(wishlistItems.item_id))
    .prepare('wishlist_ids'),
);

/**
 * Saves a product. Saving one already saved changes nothing and succeeds. At most WISHLIST_CAP (20)
 * products: the user's row is locked for the check and the insert, so two adds racing at 19 cannot
 * make 21 (every process, one PostgreSQL).
 */
export async function addToWishlist(db: Database, userId: string, itemId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await itemOrNotFound(tx, itemId);
    const [present] = await tx
      .select({ id: wishlistItems.item_id })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.user_id, userId), eq(wishlistItems.item_id, itemId)));
    if (!present) {
      const [saved] = await tx
        .select({ n: count() })
        .from(wishlistItems)
        .innerJoin(items, eq(items.id, wishlistItems.item_id))
        .where(and(eq(wishlistItems.user_id, userId), liveProduct));
      if ((saved?.n ?? 0) >= WISHLIST_CAP) throw fail.conflict(STOREFRONT_MESSAGES.wishlistLimit);
      await tx.insert(wishlistItems).values({ user_id: userId, item_id: itemId }).onConflictDoNothing();
    }
    return wishlistIds(tx, userId);
  });
}

/** Removes a product; removing one that is not saved (or does not exist) succeeds too. */
export async function removeFromWishlist(db: Database, userId: string, itemId: number): Promise<number[]> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.user_id, userId), eq(wishlistItems.item_id, itemId)));
  return wishlistIds(db, userId);
}

/** The saved products as cards, newest saved first. */
export async function wishlistProducts(db: Database, userId: string): Promise<ProductCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(wishlistItems)
    .innerJoin(items, eq(items.id, wishlistItems.item_id))
    .where(and(eq(wishlistItems.user_id, userId), liveProduct))
    .orderBy(desc(wishlistItems.created_at), desc(wishlistItems.item_id));
  return rows.map(toCard);
}
