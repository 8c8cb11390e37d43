import { and, eq } from 'drizzle-orm';
import { ORDERS_MESSAGES } from '@ssd/shared/orders';
import type { Database } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { fail } from '../../lib/envelope';

/**
 * Every call after the purchase acts on the caller's own orders only. Another shopper's order answers
 * exactly as a missing one (404, the order screens' not-found text), so order ids can't be probed.
 */
export const orderNotFound = () => fail.notFound(ORDERS_MESSAGES.orderNotFound);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** The caller's order, or 404. */
export async function ownOrder(db: Database, userId: string, orderId: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.user_id, userId)));
  if (!order) throw orderNotFound();
  return order;
}

/** The line of the caller's order for a product, or 404 (also when the product is not in that order). */
export async function ownOrderLine(db: Database, userId: string, orderId: string, itemId: number): Promise<{ order: Pick<OrderRow, 'id' | 'status'>; line: OrderLineRow }> {
  const [row] = await db
    .select({ order: { id: orders.id, status: orders.status }, line: orderLines })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.order_id))
    .where(and(eq(orders.id, orderId), eq(orders.user_id, userId), eq(orderLines.item_id, itemId)))
    .limit(1);
  if (!row) throw orderNotFound();
  return row;
}
