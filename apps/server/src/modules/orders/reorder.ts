import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { MAX_UNITS_PER_LINE } from '@ssd/shared/checkout';
import { ORDERS_MESSAGES, type ReorderResult } from '@ssd/shared/orders';
import type { Database } from '../../db/client';
import { cartItems, items, orderLines } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { ownOrder } from './own-order';

/**
 * POST /api/cart/reorder {id}: puts the products of the caller's order back in their cart, each with
 * the quantity ordered as far as the stock (and the cart's per-line limit) allows. A product already in
 * the cart keeps its row and quantity. Products deleted since ('gone') or out of stock are reported,
 * not added; when nothing could be added the call fails with the spec's 'Unable to reorder items.'.
 * Nothing is held: the checkout holds stock, as for any cart.
 */
export async function reorder(db: Database, userId: string, orderId: string): Promise<ReorderResult> {
  const order = await ownOrder(db, userId, orderId);
  const lines = await db
    .select({ item_id: orderLines.item_id, ordered_title: orderLines.title, quantity: orderLines.quantity, product_id: items.id, stock: items.quantity })
    .from(orderLines)
    // A product staff deleted (archived) is 'gone', as one erased would be.
    .leftJoin(items, and(eq(items.id, orderLines.item_id), isNull(items.archived_at)))
    .where(eq(orderLines.order_id, order.id))
    .orderBy(asc(orderLines.id));

  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (line.product_id !== null && (line.stock ?? 0) > 0) wanted.set(line.product_id, Math.max(wanted.get(line.product_id) ?? 0, line.quantity));
  }
  const inCart = wanted.size === 0 ? new Set<number>() : await addWhileInStock(db, userId, wanted);

  const result: ReorderResult = { added: [], skipped: [] };
  for (const line of lines) {
    // The shopper knows the product by the title they ordered it under.
    if (line.product_id === null) result.skipped.push({ item_id: line.item_id, title: line.ordered_title, reason: 'gone' });
    else if (inCart.has(line.product_id)) result.added.push({ item_id: line.product_id, title: line.ordered_title });
    else result.skipped.push({ item_id: line.product_id, title: line.ordered_title, reason: 'out_of_stock' });
  }
  if (result.added.length === 0) throw fail.unprocessable(ORDERS_MESSAGES.reorderFailed);
  return result;
}

/**
 * One statement inserts each wanted product still in stock at that moment (a product sold out or
 * deleted since the read above is simply not inserted, never an error); answers which of them are in
 * the cart now, added here or there before.
 */
async function addWhileInStock(db: Database, userId: string, wanted: Map<number, number>): Promise<Set<number>> {
  const ids = [...wanted.keys()];
  const ordered = sql.join(
    ids.map((id) => sql`(${id}::integer, ${wanted.get(id)}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${cartItems} (user_id, item_id, quantity)
    select ${userId}::uuid, ${items.id}, least(wanted.quantity, ${items.quantity}, ${MAX_UNITS_PER_LINE}::integer)
      from (values ${ordered}) as wanted(item_id, quantity)
      join ${items} on ${items.id} = wanted.item_id
     where ${items.quantity} > 0 and ${items.archived_at} is null
    on conflict (user_id, item_id) do nothing`);
  const rows = await db
    .select({ id: cartItems.item_id })
    .from(cartItems)
    .innerJoin(items, eq(items.id, cartItems.item_id))
    .where(and(eq(cartItems.user_id, userId), inArray(cartItems.item_id, ids), gt(items.quantity, 0)));
  return new Set(rows.map((row) => row.id));
}
