import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { CART_MESSAGES, type CartItem } from '@ssd/shared/cart';
import { MAX_UNITS_PER_LINE } from '@ssd/shared/checkout';
import { paiseToRupees } from '@ssd/shared/money';
import { STOREFRONT_MESSAGES } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { cartItems, items } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { itemOrNotFound } from '../product/cards';

/**
 * A product staff deleted (archived) leaves every cart at once: its row stays, unseen and unorderable
 * (checkout refuses it too), so nothing is lost should it ever come back (docs/decisions/0031).
 */
const liveProduct = isNull(items.archived_at);

/** The product ids in the cart, oldest first (the order of GET /api/list/cart_wishlist). */
export async function cartIds(db: Pick<Database, 'select'>, userId: string): Promise<number[]> {
  const rows = await cartIdRows(db).execute({ userId });
  return rows.map((row) => row.id);
}

const cartIdRows = preparedPerDatabase((db: Pick<Database, 'select'>) =>
  db
    .select({ id: cartItems.item_id })
    .from(cartItems)
    .innerJoin(items, eq(items.id, cartItems.item_id))
    .where(and(eq(cartItems.user_id, sql.placeholder('userId')), liveProduct))
    .orderBy(asc(cartItems.created_at), asc(cartItems.item_id))
    .prepare('cart_ids'),
);

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

const cartColumns = {
  id: items.id,
  title: items.title,
  thumbnail_image: items.thumbnail_image,
  price: items.price_paise,
  market_price: items.market_price_paise,
  cart_quantity: cartItems.quantity,
  item_quantity: items.quantity,
};

function toCartItem(row: { id: number; title: string; thumbnail_image: string; price: number; market_price: number | null; cart_quantity: number; item_quantity: number }): CartItem {
  return { ...row, price: paiseToRupees(row.price), market_price: row.market_price === null ? null : paiseToRupees(row.market_price) };
}

/** GET /api/cart/list: the cart's products with their quantity and the stock left, oldest first. */
export async function cartList(db: Database, userId: string): Promise<CartItem[]> {
  const rows = await db
    .select(cartColumns)
    .from(cartItems)
    .innerJoin(items, eq(items.id, cartItems.item_id))
    .where(and(eq(cartItems.user_id, userId), liveProduct))
    .orderBy(asc(cartItems.created_at), asc(cartItems.item_id));
  return rows.map(toCartItem);
}

/**
 * PATCH /api/cart/update/quantity: one unit more or less, in one conditional update. Below 1 and
 * beyond the stock are refused with the spec's warnings (409, code 0); the stock is not held here.
 */
export async function changeCartQuantity(db: Database, userId: string, itemId: number, type: 'inc' | 'dec'): Promise<CartItem> {
  const step = type === 'inc' ? 1 : -1;
  const [changed] = await db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} + ${step}` })
    .where(
      and(
        eq(cartItems.user_id, userId),
        eq(cartItems.item_id, itemId),
        type === 'dec'
          ? sql`${cartItems.quantity} > 1`
          : sql`${cartItems.quantity} < least(${MAX_UNITS_PER_LINE}, (select ${items.quantity} from ${items} where ${items.id} = ${itemId}))`,
      ),
    )
    .returning({ quantity: cartItems.quantity });
  const [row] = await db
    .select(cartColumns)
    .from(cartItems)
    .innerJoin(items, eq(items.id, cartItems.item_id))
    .where(and(eq(cartItems.user_id, userId), eq(cartItems.item_id, itemId), liveProduct));
  if (!row) throw fail.notFound(CART_MESSAGES.notInCart);
  if (!changed) {
    if (type === 'dec') throw fail.conflict(CART_MESSAGES.atLeastOne);
    throw fail.conflict(row.cart_quantity >= MAX_UNITS_PER_LINE ? CART_MESSAGES.atMost : CART_MESSAGES.exceedsStock);
  }
  return toCartItem(row);
}
