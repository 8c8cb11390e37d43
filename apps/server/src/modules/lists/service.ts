import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { cartWishlistSchema } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { users } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { liveSessionOfToken, SESSION_EXPIRED_MESSAGE, type SessionClaims } from '../../plugins/auth';

export type CartWishlist = z.infer<typeof cartWishlistSchema>;

/**
 * The ids of one list of the shopper's (`cart_items` or `wishlist_items`), oldest first, live products
 * only (docs/decisions/0031), as an array (empty, not null, when there are none). Written out in SQL:
 * a subquery in the select list, whose names must not be taken for the outer row's.
 */
function liveIdsOf(list: 'cart_items' | 'wishlist_items') {
  return sql<number[]>`coalesce((
    select array_agg(line.item_id order by line.created_at, line.item_id)
    from ${sql.identifier(list)} line join items product on product.id = line.item_id
    where line.user_id = ${sql.placeholder('userId')} and product.archived_at is null
  ), '{}')`;
}

/**
 * The shopper's lists, read beside their own row in the statement that checks the token's session
 * (routes with `sessionInStatement`): no row, no live session. One statement per read, not two.
 */
function listsOfSession<Fields extends Record<string, ReturnType<typeof liveIdsOf>>>(name: string, fields: Fields) {
  return preparedPerDatabase((db: Database) =>
    db
      .select(fields)
      .from(users)
      .where(and(eq(users.id, sql.placeholder('userId')), liveSessionOfToken))
      .prepare(name),
  );
}

const bothLists = listsOfSession('lists_cart_wishlist', { cart: liveIdsOf('cart_items'), wishlist: liveIdsOf('wishlist_items') });
const cartList = listsOfSession('lists_cart_ids', { ids: liveIdsOf('cart_items') });
const wishlistList = listsOfSession('lists_wishlist_ids', { ids: liveIdsOf('wishlist_items') });

async function readInSession<Row>(statement: { execute(values: Record<string, unknown>): Promise<Row[]> }, session: SessionClaims): Promise<Row> {
  const [row] = await statement.execute({ userId: session.userId, sessionId: session.sessionId, at: session.at.toISOString() });
  if (!row) throw fail.loginNeeded(SESSION_EXPIRED_MESSAGE);
  return row;
}

/**
 * The product ids in a shopper's cart and wishlist, oldest first, fetched once after login (spec 1 §4);
 * products staff deleted (archived) are left out (docs/decisions/0031).
 */
export async function getCartWishlist(db: Database, session: SessionClaims): Promise<CartWishlist> {
  return readInSession(bothLists(db), session);
}

/** The cart buttons' ids (GET /api/cart/id/list), as `cartIds` reads them, with the session checked. */
export async function cartIdsOfSession(db: Database, session: SessionClaims): Promise<number[]> {
  return (await readInSession(cartList(db), session)).ids;
}

/** The wishlist buttons' ids (GET /api/wishlist/id/list), as `wishlistIds` reads them, with the session checked. */
export async function wishlistIdsOfSession(db: Database, session: SessionClaims): Promise<number[]> {
  return (await readInSession(wishlistList(db), session)).ids;
}
