import { and, asc, desc, eq, exists, inArray, ne } from 'drizzle-orm';
import type { CustomerDetails } from '@ssd/shared/checkout';
import { paiseToRupees } from '@ssd/shared/money';
import type { OrderDetails, OrderInHistory, OrderItemDetail } from '@ssd/shared/orders';
import type { Database } from '../../db/client';
import { invoices, orderLines, orders } from '../../db/schema';
import { ownOrder, ownOrderLine } from './own-order';

/**
 * GET /api/order/list: the caller's orders, newest first. An order is listed once it is no longer
 * pending and has a line that is no longer pending, with only those lines (spec 3 §2); limit and skip
 * count listed orders only, so the filter is part of the query, not applied to a page afterwards.
 */
export async function listOrders(db: Database, userId: string, page: { limit: number; skip: number }): Promise<OrderInHistory[]> {
  const listed = await db
    .select({ id: orders.id, created_at: orders.created_at, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.user_id, userId),
        ne(orders.status, 'pending'),
        exists(
          db
            .select({ one: orderLines.id })
            .from(orderLines)
            .where(and(eq(orderLines.order_id, orders.id), ne(orderLines.item_status, 'pending'))),
        ),
      ),
    )
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(page.limit)
    .offset(page.skip);
  if (listed.length === 0) return [];

  const lines = await db
    .select({
      order_id: orderLines.order_id,
      item_id: orderLines.item_id,
      item_status: orderLines.item_status,
      title: orderLines.title,
      image: orderLines.thumbnail_image,
    })
    .from(orderLines)
    .where(
      and(
        inArray(
          orderLines.order_id,
          listed.map((order) => order.id),
        ),
        ne(orderLines.item_status, 'pending'),
      ),
    )
    .orderBy(asc(orderLines.id));

  return listed.map((order) => ({
    order_id: order.id,
    placed_on: order.created_at.toISOString(),
    order_status: order.status,
    items: lines
      .filter((line) => line.order_id === order.id)
      .map((line) => ({ item_id: line.item_id, item_status: line.item_status, image: line.image, title: line.title, item_title: line.title })),
  }));
}

/**
 * GET /api/order/details/{id}: the whole order, pending ones included (the checkout links to them;
 * docs/decisions/0025). Amounts come from the order's own copies, never from today's products.
 */
export async function orderDetails(db: Database, userId: string, orderId: string): Promise<OrderDetails> {
  const order = await ownOrder(db, userId, orderId);
  const lines = await db.select().from(orderLines).where(eq(orderLines.order_id, order.id)).orderBy(asc(orderLines.id));
  const [invoice] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.order_id, order.id));
  const originalPaise = lines.reduce((sum, line) => sum + line.original_price_paise * line.quantity, 0);

  return {
    order_id: order.id,
    order_placed_on: order.created_at.toISOString(),
    order_status: order.status,
    original_price: paiseToRupees(originalPaise),
    order_savings: paiseToRupees(originalPaise - order.total_sp_paise),
    // The store has no coupons (yet); the spec's field stays, always 0.
    coupon_discount: 0,
    delivery_charge: paiseToRupees(order.delivery_charge_paise),
    gst_total: paiseToRupees(order.gst_total_paise),
    platform_fee: paiseToRupees(order.platform_fee_paise),
    order_total_sp: paiseToRupees(order.total_sp_paise),
    payment_mode: order.payment_mode,
    payment_status: order.payment_status,
    payment_id: order.payment_id,
    // Spec 3 §2: while the payment is pending no amount paid is shown.
    order_amount_paid: order.payment_status === 'pending' ? 0 : paiseToRupees(order.amount_paid_paise),
    payable_amount: paiseToRupees(order.amount_paise),
    gst_split: { cgst: paiseToRupees(order.cgst_paise), sgst: paiseToRupees(order.sgst_paise), igst: paiseToRupees(order.igst_paise) },
    customer_details: JSON.parse(order.customer_details) as CustomerDetails,
    invoice_number: invoice?.number ?? null,
    items: lines.map((line) => ({
      item_id: line.item_id,
      item_title: line.title,
      item_image: line.thumbnail_image,
      item_selling_price: paiseToRupees(line.selling_price_paise),
      item_original_price: paiseToRupees(line.original_price_paise),
      quantity: line.quantity,
      item_status: line.item_status,
      item_updated_at: line.item_updated_at.toISOString(),
      applied_gst_rate: line.gst_rate_percent,
      gst_amount: paiseToRupees(line.gst_amount_paise),
    })),
  };
}

/** GET /api/order/item/details/{orderId}/{itemId}: one line of the caller's order, for the item popup. */
export async function orderItemDetail(db: Database, userId: string, orderId: string, itemId: number): Promise<OrderItemDetail> {
  const { order, line } = await ownOrderLine(db, userId, orderId, itemId);
  return {
    order_id: order.id,
    item_id: itemId,
    curr_status: line.item_status,
    curr_updated_at: line.item_updated_at.toISOString(),
    image: line.thumbnail_image,
    item_title: line.title,
    selling_price: paiseToRupees(line.selling_price_paise),
    original_price: paiseToRupees(line.original_price_paise),
    quantity: line.quantity,
  };
}
