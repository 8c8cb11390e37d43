import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { CHECKOUT_MESSAGES, ORDER_MESSAGES, type CreatedOrder, type CustomerDetails } from '@ssd/shared/checkout';
import { ORDERS_MESSAGES, RETRYABLE_STATUSES } from '@ssd/shared/orders';
import { paiseToRupees } from '@ssd/shared/money';
import { orderLines, orderPaymentAttempts, orders, reservationLines, reservations } from '../../db/schema';
import { ResponseCode } from '@ssd/shared/api';
import { AppError, fail } from '../../lib/envelope';
import type { PaymentProvider } from '../../integrations/razorpay/types';
import type { RequestUser } from '../../plugins/auth';
import { defaultOrChosenAddress } from '../addresses/service';
import { hsnCodesOfItems } from '../invoices/hsn';
import { splitGst } from './gst-split';
import type { CheckoutContext } from './service';
import { holdForOrder, releaseHold, reholdForOrder, StockShortError } from './stock-holds';
import { reconcileOrder } from './payments';
import type { FastifyBaseLogger } from 'fastify';

export interface OrderContext extends CheckoutContext {
  payments: PaymentProvider;
}

/** What settling payments needs (webhooks, reconciliation, the sweep): no pricing. */
export type PaymentContext = Omit<OrderContext, 'gstRules' | 'products'>;

/** After an order's payment window, its hold lasts this much longer, so the order sweeper settles it first. */
export const HOLD_GRACE_AFTER_ORDER_MS = 5 * 60_000;

const ORDER_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** SSD- and 10 characters without look-alikes (no I, O, 0, 1): about 50 bits, easy to read out on a call. */
export function newOrderId(): string {
  let id = 'SSD-';
  for (let i = 0; i < 10; i++) id += ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)];
  return id;
}

type OrderRow = typeof orders.$inferSelect;

/**
 * POST /api/order/create: places the order of a held reservation and creates its payment-provider order.
 * Calling it again for the same reservation answers the same order (and creates the provider's order
 * then if the first call could not reach the provider).
 */
export async function createOrder(ctx: OrderContext, user: RequestUser, input: { reservation_id: string; address_id?: number | undefined }): Promise<CreatedOrder> {
  const existing = await orderOfReservation(ctx, input.reservation_id);
  if (existing) {
    if (existing.user_id !== user.id) throw fail.notFound(ORDER_MESSAGES.notFound);
    return answer(ctx, await ensureProviderOrder(ctx, existing));
  }

  const now = ctx.now();
  const [reservation] = await ctx.db
    .select()
    .from(reservations)
    .where(and(eq(reservations.id, input.reservation_id), eq(reservations.user_id, user.id)));
  if (!reservation) throw fail.notFound(ORDER_MESSAGES.notFound);
  if (reservation.status !== 'held') throw fail.conflict(ORDER_MESSAGES.reservationEnded);
  if (reservation.expires_at <= now) throw fail.conflict(ORDER_MESSAGES.reservationExpired);

  const address = await defaultOrChosenAddress(ctx.db, user.id, input.address_id);
  if (!address) {
    throw input.address_id === undefined ? fail.unprocessable(ORDER_MESSAGES.addressNeeded) : fail.notFound(ORDER_MESSAGES.addressNotFound);
  }
  const customer: CustomerDetails = {
    name: address.full_name,
    email: user.email,
    contact: address.mobile,
    address: {
      full_name: address.full_name,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      pin_code: address.pin_code,
    },
  };

  const lines = await ctx.db.select().from(reservationLines).where(eq(reservationLines.reservation_id, reservation.id)).orderBy(asc(reservationLines.id));
  // Each line keeps its catalog's HSN code as it is now, for the GST invoice.
  const hsnCodes = await hsnCodesOfItems(ctx.db, lines.map((line) => line.item_id));
  const split = splitGst(
    lines.map((line) => line.gst_amount_paise),
    address.state,
    ctx.settings.sellerState,
  );
  const expiresAt = new Date(now.getTime() + ctx.settings.orderPaymentMs);
  const amount = reservation.total_sp_paise + reservation.delivery_charge_paise + reservation.platform_fee_paise + reservation.gst_total_paise;

  const placed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        id: newOrderId(),
        user_id: user.id,
        reservation_id: reservation.id,
        total_sp_paise: reservation.total_sp_paise,
        total_cp_paise: reservation.total_cp_paise,
        gst_total_paise: reservation.gst_total_paise,
        cgst_paise: split.cgstPaise,
        sgst_paise: split.sgstPaise,
        igst_paise: split.igstPaise,
        delivery_charge_paise: reservation.delivery_charge_paise,
        platform_fee_paise: reservation.platform_fee_paise,
        amount_paise: amount,
        customer_details: JSON.stringify(customer),
        created_at: now,
        expires_at: expiresAt,
        updated_at: now,
      })
      // A concurrent call for the same reservation placed it first: answer that one.
      .onConflictDoNothing({ target: orders.reservation_id })
      .returning();
    if (!row) return null;
    await tx.insert(orderLines).values(
      lines.map((line) => ({
        order_id: row.id,
        item_id: line.item_id,
        title: line.title,
        thumbnail_image: line.thumbnail_image,
        selling_price_paise: line.selling_price_paise,
        original_price_paise: line.original_price_paise,
        quantity: line.quantity,
        gst_rate_percent: line.gst_rate_percent,
        gst_amount_paise: line.gst_amount_paise,
        hsn_code: line.item_id === null ? null : (hsnCodes.get(line.item_id) ?? null),
        item_updated_at: now,
      })),
    );
    // The hold is the order's now; if it ended in the meantime (expired, replaced), the order is not placed.
    if (!(await holdForOrder(tx, reservation.id, new Date(expiresAt.getTime() + HOLD_GRACE_AFTER_ORDER_MS), now))) {
      throw fail.conflict(ORDER_MESSAGES.reservationEnded);
    }
    return row;
  });
  const order = placed ?? (await orderOfReservation(ctx, reservation.id));
  if (!order) throw new Error(`order of reservation ${reservation.id} vanished`);
  return answer(ctx, await ensureProviderOrder(ctx, order));
}

async function orderOfReservation(ctx: OrderContext, reservationId: string): Promise<OrderRow | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.reservation_id, reservationId));
  return row ?? null;
}

/**
 * The provider's order for ours, created once: amount in paise, our id as the receipt and in
 * notes.order_id. Never inside a transaction: the sandbox answers from this same database.
 */
async function ensureProviderOrder(ctx: OrderContext, order: OrderRow): Promise<OrderRow> {
  if (order.provider_order_id) return order;
  let providerOrderId: string;
  try {
    const created = await ctx.payments.createOrder({ amount: order.amount_paise, currency: 'INR', receipt: order.id, notes: { order_id: order.id } });
    providerOrderId = created.id;
  } catch (error) {
    throw Object.assign(new AppError(502, ResponseCode.FAILURE, ORDER_MESSAGES.providerUnavailable), { cause: error });
  }
  // Known before it is current: a payment for it always finds this order, even one made late.
  await ctx.db
    .insert(orderPaymentAttempts)
    .values({ provider_order_id: providerOrderId, order_id: order.id, amount_paise: order.amount_paise, created_at: ctx.now() })
    .onConflictDoNothing();
  // Two calls at once may both have created one; the first stored wins, the other is never paid.
  await ctx.db
    .update(orders)
    .set({ provider_order_id: providerOrderId })
    .where(and(eq(orders.id, order.id), isNull(orders.provider_order_id)));
  const [stored] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
  return stored!;
}

async function answer(ctx: OrderContext, order: OrderRow): Promise<CreatedOrder> {
  const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.order_id, order.id)).orderBy(asc(orderLines.id));
  return {
    id: order.provider_order_id!,
    order_id: order.id,
    amount_due: order.amount_paise - order.amount_paid_paise,
    currency: 'INR',
    notes: { order_id: order.id },
    expiry_at: order.expires_at.toISOString(),
    cart_details: lines.map((line) => ({
      item_id: line.item_id,
      title: line.title,
      thumbnail_image: line.thumbnail_image,
      selling_price: paiseToRupees(line.selling_price_paise),
      original_price: paiseToRupees(line.original_price_paise),
      quantity: line.quantity,
      applied_gst_rate: line.gst_rate_percent,
      gst_amount: paiseToRupees(line.gst_amount_paise),
    })),
    total_sp: paiseToRupees(order.total_sp_paise),
    delivery_charge: paiseToRupees(order.delivery_charge_paise),
    platform_fee: paiseToRupees(order.platform_fee_paise),
    gst_total: paiseToRupees(order.gst_total_paise),
    gst_split: { cgst: paiseToRupees(order.cgst_paise), sgst: paiseToRupees(order.sgst_paise), igst: paiseToRupees(order.igst_paise) },
    customer_details: JSON.parse(order.customer_details) as CustomerDetails,
    key: ctx.payments.keyId,
    checkout_script: ctx.payments.checkoutScriptUrl,
  };
}

/**
 * PATCH /api/order/status: the shopper ends their own pending order (cancelled, expired or failed) and
 * its stock returns. Only a pending order moves; asking again for the status it already has is no error.
 */
export async function endOrder(ctx: OrderContext, userId: string, input: { id: string; status: 'cancelled' | 'expired' | 'failed' }): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(orders)
      .set({ status: input.status, updated_at: now, ...(input.status === 'failed' ? { payment_status: 'failed' as const } : {}) })
      .where(and(eq(orders.id, input.id), eq(orders.user_id, userId), eq(orders.status, 'pending')))
      .returning({ reservation_id: orders.reservation_id });
    if (!ended) {
      const [order] = await tx.select({ user_id: orders.user_id, status: orders.status }).from(orders).where(eq(orders.id, input.id));
      if (!order || order.user_id !== userId) throw fail.notFound(ORDER_MESSAGES.notFound);
      if (order.status === input.status) return;
      throw fail.conflict(ORDER_MESSAGES.notPending);
    }
    await tx.update(orderLines).set({ item_status: input.status, item_updated_at: now }).where(eq(orderLines.order_id, input.id));
    await releaseHold(tx, ended.reservation_id, `order_${input.status}`, now);
  });
}

/**
 * POST /api/order/retry: pays a failed, expired or cancelled order again, at the amounts it was placed
 * with. Earlier attempts are asked about first (one may have been paid after all); then the units are
 * taken again — or the answer names the product that is gone or short — and a new provider order opens
 * the same checkout as the first attempt. Asking again while the retried order waits for its payment
 * answers the same provider order.
 */
export async function retryOrder(ctx: OrderContext, userId: string, orderId: string, log: FastifyBaseLogger): Promise<CreatedOrder> {
  const [found] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!found || found.user_id !== userId) throw fail.notFound(ORDER_MESSAGES.notFound);
  if (found.status === 'pending') return answer(ctx, await ensureProviderOrder(ctx, found));
  if (!isRetryable(found)) throw fail.conflict(ORDERS_MESSAGES.retryNotPossible);

  const { status } = await reconcileOrder(ctx, orderId, log);
  if (status === 'pending') return answer(ctx, await ensureProviderOrder(ctx, (await ctx.db.select().from(orders).where(eq(orders.id, orderId)))[0]!));
  if (!(RETRYABLE_STATUSES as readonly string[]).includes(status)) throw fail.conflict(ORDERS_MESSAGES.retryNotPossible);

  const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(asc(orderLines.id));
  const gone = lines.find((line) => line.item_id === null);
  if (gone) throw fail.conflict(CHECKOUT_MESSAGES.productGoneNamed(gone.title));

  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.settings.orderPaymentMs);
  try {
    await ctx.db.transaction(async (tx) => {
      const [reopened] = await tx
        .update(orders)
        .set({ status: 'pending', payment_status: 'pending', provider_order_id: null, expires_at: expiresAt, updated_at: now })
        .where(and(eq(orders.id, orderId), inArray(orders.status, [...RETRYABLE_STATUSES]), isNull(orders.payment_id), isNull(orders.refund_id)))
        .returning({ reservation_id: orders.reservation_id });
      if (!reopened) throw fail.conflict(ORDERS_MESSAGES.retryNotPossible);
      if (!(await reholdForOrder(tx, reopened.reservation_id, new Date(expiresAt.getTime() + HOLD_GRACE_AFTER_ORDER_MS), now))) {
        throw fail.conflict(ORDERS_MESSAGES.retryNotPossible);
      }
      await tx.update(orderLines).set({ item_status: 'pending', item_updated_at: now }).where(eq(orderLines.order_id, orderId));
    });
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    const title = lines.find((line) => line.item_id === error.itemId)?.title ?? '';
    if (error.left === null) throw fail.conflict(CHECKOUT_MESSAGES.productGoneNamed(title));
    throw fail.conflict(error.left === 0 ? CHECKOUT_MESSAGES.outOfStock(title) : CHECKOUT_MESSAGES.notEnoughStock(title, error.left));
  }
  const [reopened] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return answer(ctx, await ensureProviderOrder(ctx, reopened!));
}

/** An order that ended unpaid: never one whose payment arrived (even a refunded late one). */
function isRetryable(order: OrderRow): boolean {
  return (RETRYABLE_STATUSES as readonly string[]).includes(order.status) && order.payment_id === null && order.refund_id === null;
}
