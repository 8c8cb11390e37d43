import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_MESSAGES } from '@ssd/shared/checkout';
import { orderLines, orderPaymentAttempts, orders, paymentEvents } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { RazorpayError } from '../../integrations/razorpay/errors';
import type { ProviderPayment, ProviderWebhook } from '../../integrations/razorpay/types';
import type { PaymentContext } from './orders';
import { releaseHold, sellHold, sellReleasedHold, StockShortError } from './stock-holds';
import { issueInvoice } from '../invoices/numbering';
import { queueOrderConfirmedMail } from '../order-mail/confirmation-mail';

/**
 * The server alone decides that an order is paid: from a signed webhook or from asking the provider,
 * never from the browser's word. Every step here is idempotent and never moves an order backwards.
 */

export type Settlement = 'confirmed' | 'already-confirmed' | 'refunded' | 'ignored';

/** Statuses an order reaches only after a confirmed payment. */
const PAID_STATUSES = ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'return_requested', 'return_request_accepted', 'return_accepted', 'refund_done'];

/**
 * A captured payment for one of our orders: confirms the order and sells its hold. For an order that
 * was cancelled, expired or failed meanwhile, the units are taken again if they are still there; if
 * not, the payment is refunded and the order says so. A second, different payment on a paid order is
 * refunded too.
 */
export async function settleCapturedPayment(ctx: PaymentContext, payment: ProviderPayment, log: FastifyBaseLogger): Promise<Settlement> {
  if (payment.status !== 'captured') return 'ignored';
  const order = await orderOfProviderOrder(ctx, payment.order_id);
  if (!order) {
    log.warn({ providerOrderId: payment.order_id, paymentId: payment.id }, 'a captured payment for an order we do not know');
    return 'ignored';
  }
  if (PAID_STATUSES.includes(order.status)) {
    if (order.payment_id === payment.id) return 'already-confirmed';
    await refund(ctx, payment, log, 'a second payment for a paid order');
    return 'refunded';
  }
  if (payment.amount !== order.amount_paise || payment.currency !== 'INR') {
    log.error({ orderId: order.id, paymentId: payment.id, amount: payment.amount, expected: order.amount_paise }, 'payment amount does not match the order');
    await refund(ctx, payment, log, 'amount mismatch');
    return 'refunded';
  }

  const now = ctx.now();
  try {
    const confirmed = await ctx.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(orders)
        .set({ status: 'confirmed', payment_status: 'success', payment_id: payment.id, amount_paid_paise: payment.amount, paid_at: now, updated_at: now })
        .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending', 'cancelled', 'expired', 'failed'])))
        .returning({ id: orders.id });
      if (!moved) return false; // another delivery confirmed it a moment ago
      // Held: the sale takes it. Released meanwhile: take the units again (throws when they are gone).
      if (!(await sellHold(tx, order.reservation_id, now))) await sellReleasedHold(tx, order.reservation_id, now);
      await tx.update(orderLines).set({ item_status: 'confirmed', item_updated_at: now }).where(eq(orderLines.order_id, order.id));
      // In the same transaction: the invoice number (gap-free, docs/decisions/0028) and the confirmation mail.
      await issueInvoice(tx, order.id, now);
      await queueOrderConfirmedMail(tx, order, now);
      return true;
    });
    return confirmed ? 'confirmed' : 'already-confirmed';
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    await refund(ctx, payment, log, `stock gone after the order ${order.status}`);
    await ctx.db
      .update(orders)
      .set({ payment_status: 'success', payment_id: payment.id, amount_paid_paise: payment.amount, updated_at: now })
      .where(eq(orders.id, order.id));
    return 'refunded';
  }
}

/** Refunds a payment in full through the provider and records it on the order; a refund already made is no error. */
async function refund(ctx: PaymentContext, payment: ProviderPayment, log: FastifyBaseLogger, why: string): Promise<void> {
  if (payment.amount_refunded >= payment.amount) return;
  let made: { id: string };
  try {
    made = await ctx.payments.refundPayment(payment.id, { notes: { reason: why } });
  } catch (error) {
    // Another delivery of the same payment's events refunded it a moment ago: that is the refund.
    if (!(error instanceof RazorpayError)) throw error;
    const current = await ctx.payments.fetchPayment(payment.id);
    if (current.amount_refunded < current.amount) throw error;
    return;
  }
  log.warn({ paymentId: payment.id, refundId: made.id, why }, 'refunded a payment');
  const order = await orderOfProviderOrder(ctx, payment.order_id);
  if (order) await ctx.db.update(orders).set({ refund_id: made.id, updated_at: ctx.now() }).where(eq(orders.id, order.id));
}

/** Our order for any of its provider orders, the current one or an earlier attempt's (Retry Payment). */
async function orderOfProviderOrder(ctx: PaymentContext, providerOrderId: string): Promise<typeof orders.$inferSelect | null> {
  const [row] = await ctx.db
    .select({ order: orders })
    .from(orderPaymentAttempts)
    .innerJoin(orders, eq(orders.id, orderPaymentAttempts.order_id))
    .where(eq(orderPaymentAttempts.provider_order_id, providerOrderId));
  return row?.order ?? null;
}

/** A failed attempt: the order stays as it is (the shopper may try again), its payment status says failed. */
async function recordFailedAttempt(ctx: PaymentContext, payment: ProviderPayment): Promise<void> {
  await ctx.db
    .update(orders)
    .set({ payment_status: 'failed', updated_at: ctx.now() })
    .where(and(eq(orders.provider_order_id, payment.order_id), eq(orders.status, 'pending'), eq(orders.payment_status, 'pending')));
}

/** Asks the provider about an order's payments and settles what it says; answers the order's status. */
export async function reconcileOrder(ctx: PaymentContext, orderId: string, log: FastifyBaseLogger): Promise<{ status: string; payment_status: string }> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw fail.notFound(ORDER_MESSAGES.notFound);
  if (!PAID_STATUSES.includes(order.status)) {
    // Every attempt, oldest first: a payment of an earlier one may have been captured after all.
    const attempts = await ctx.db
      .select({ providerOrderId: orderPaymentAttempts.provider_order_id })
      .from(orderPaymentAttempts)
      .where(eq(orderPaymentAttempts.order_id, orderId))
      .orderBy(asc(orderPaymentAttempts.created_at));
    for (const { providerOrderId } of attempts) {
      for (const payment of await ctx.payments.fetchOrderPayments(providerOrderId)) {
        if (payment.status === 'captured') await settleCapturedPayment(ctx, payment, log);
        else if (payment.status === 'failed') await recordFailedAttempt(ctx, payment);
      }
    }
  }
  const [now] = await ctx.db.select({ status: orders.status, payment_status: orders.payment_status }).from(orders).where(eq(orders.id, orderId));
  return now!;
}

/**
 * The checkout's success handler result: the signature must be the provider's over our stored provider
 * order id and the payment id; then the payment is fetched from the provider and settled as it says.
 */
export async function verifyPaymentResult(
  ctx: PaymentContext,
  userId: string,
  input: { order_id: string; razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string },
  log: FastifyBaseLogger,
): Promise<{ status: string; payment_status: string }> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, input.order_id));
  if (!order || order.user_id !== userId) throw fail.notFound(ORDER_MESSAGES.notFound);
  const signed =
    order.provider_order_id !== null &&
    order.provider_order_id === input.razorpay_order_id &&
    ctx.payments.isValidPaymentSignature({ orderId: order.provider_order_id, paymentId: input.razorpay_payment_id, signature: input.razorpay_signature });
  if (!signed) throw fail.badRequest(ORDER_MESSAGES.signatureInvalid);
  const payment = await ctx.payments.fetchPayment(input.razorpay_payment_id);
  if (payment.order_id !== order.provider_order_id) throw fail.badRequest(ORDER_MESSAGES.signatureInvalid);
  if (payment.status === 'captured') await settleCapturedPayment(ctx, payment, log);
  else if (payment.status === 'failed') await recordFailedAttempt(ctx, payment);
  const [now] = await ctx.db.select({ status: orders.status, payment_status: orders.payment_status }).from(orders).where(eq(orders.id, order.id));
  return now!;
}

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

/**
 * A webhook delivery, already checked for its signature over the raw body. Deliveries are handled
 * idempotently; an event id seen before changes nothing. Handling comes before the id is remembered,
 * so a delivery that failed half-way is handled again when the provider retries it.
 */
export async function handleWebhook(ctx: PaymentContext, eventId: string, event: ProviderWebhook, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  const [seen] = await ctx.db.select({ id: paymentEvents.event_id }).from(paymentEvents).where(eq(paymentEvents.event_id, eventId));
  if (seen) return 'duplicate';
  const payment = event.payload.payment?.entity;
  let outcome: WebhookOutcome = 'ignored';
  if (payment && (event.event === 'payment.captured' || event.event === 'order.paid')) {
    await settleCapturedPayment(ctx, payment, log);
    outcome = 'handled';
  } else if (payment && event.event === 'payment.failed') {
    await recordFailedAttempt(ctx, payment);
    outcome = 'handled';
  }
  await ctx.db.insert(paymentEvents).values({ event_id: eventId, event: event.event, received_at: ctx.now() }).onConflictDoNothing();
  return outcome;
}

/**
 * Pending orders past their payment window: the provider is asked first (a payment may have been
 * captured while its webhook was lost), then what is still unpaid expires and its stock returns.
 * Every server may run this at once: each step is a conditional transition.
 */
export async function expireUnpaidOrders(ctx: PaymentContext, log: FastifyBaseLogger, batchSize = 20): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: orders.id, reservation_id: orders.reservation_id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.expires_at, now)))
    .orderBy(asc(orders.expires_at))
    .limit(batchSize);
  let expired = 0;
  for (const order of due) {
    try {
      const { status } = await reconcileOrder(ctx, order.id, log);
      if (status !== 'pending') continue;
    } catch (error) {
      // The provider can't be asked now: try again next sweep rather than expire a possibly paid order.
      log.warn({ err: error, orderId: order.id }, 'could not reconcile an order before expiring it');
      continue;
    }
    await ctx.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(orders)
        .set({ status: 'expired', updated_at: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      if (!moved) return;
      await tx.update(orderLines).set({ item_status: 'expired', item_updated_at: now }).where(eq(orderLines.order_id, order.id));
      await releaseHold(tx, order.reservation_id, 'order_expired', now);
      expired += 1;
    });
  }
  return expired;
}
