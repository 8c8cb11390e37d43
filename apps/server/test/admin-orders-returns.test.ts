import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPS_MESSAGES } from '@ssd/shared/admin-ops';
import { ORDERS_MESSAGES, RETURN_WINDOW_DAYS } from '@ssd/shared/orders';
import { auditLog, mailOutbox, orderLines, orders, sandboxPayments, supportRequests } from '../src/db/schema';
import { openShop, type Shop, type Shopper } from './paid-orders';

/**
 * Returns and refunds against the built-in sandbox (docs/decisions/0033): a shopper's Return/Exchange
 * request within the return window, staff accepting and receiving it, the refund made once.
 */

let shop: Shop;
let admin: Shopper;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  shop = await openShop();
  admin = await shop.shopper(undefined, { role: 'ssd_admin' });
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

/** A paid order of two products, moved by staff to delivered. */
async function deliveredOrder() {
  const buyer = await shop.shopper();
  const [a, b] = [await shop.createItem(), await shop.createItem({ pricePaise: 50_000 })];
  const placed = await buyer.placeOrder([
    [a.id, 1],
    [b.id, 2],
  ]);
  await shop.pay(placed);
  for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) {
    const res = await admin.call('POST', `/api/admin/orders/${placed.orderId}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { buyer, orderId: placed.orderId };
}

const lineStatuses = async (orderId: string) =>
  (await shop.db.select({ s: orderLines.item_status }).from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(orderLines.id)).map((l) => l.s);
const paymentOf = async (orderId: string) => {
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await shop.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, order!.payment_id!));
  return { order: order!, payment: payment! };
};
/** The delivery happened `ms` ago (moving the clock instead would expire the test's logins). */
const deliveredAgo = (orderId: string, ms: number) =>
  shop.db.update(orderLines).set({ item_updated_at: new Date(shop.clock.now().getTime() - ms) }).where(eq(orderLines.order_id, orderId));
const askReturn = (buyer: Shopper, orderId: string) => buyer.call('POST', '/api/order/support', { order_id: orderId, issue_type: 'return', message: 'Wrong colour.' });

describe('a return request (POST /api/order/support, issue type return)', () => {
  it('within the window puts the delivered items in return_requested, mailed and audited', async () => {
    const { buyer, orderId } = await deliveredOrder();
    await deliveredAgo(orderId, RETURN_WINDOW_DAYS * DAY - 60_000);
    const res = await askReturn(buyer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lineStatuses(orderId)).toEqual(['return_requested', 'return_requested']);
    expect((await buyer.call('GET', `/api/order/details/${orderId}`)).json().data.order_status).toBe('return_requested');
    const [entry] = await shop.db.select().from(auditLog).where(and(eq(auditLog.entity_id, orderId), eq(auditLog.action, 'order.items.return_requested')));
    expect(entry).toMatchObject({ actor_id: buyer.id, after: { status: 'return_requested' } });
    const mails = await shop.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'item_status'));
    expect(mails.filter((m) => m.dedupe_key.startsWith(`item_status:${orderId}:`) && m.dedupe_key.endsWith(':return_requested'))).toHaveLength(2);
  });

  it('after the window is refused with the policy text, and nothing is saved', async () => {
    const { buyer, orderId } = await deliveredOrder();
    await deliveredAgo(orderId, RETURN_WINDOW_DAYS * DAY + 60_000);
    const res = await askReturn(buyer, orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 0, message: 'Returns can be requested within 7 days from delivery.', data: null });
    expect(await lineStatuses(orderId)).toEqual(['delivered', 'delivered']);
    expect(await shop.db.select().from(supportRequests).where(eq(supportRequests.order_id, orderId))).toEqual([]);
    // Another kind of request is still welcome.
    expect((await buyer.call('POST', '/api/order/support', { order_id: orderId, issue_type: 'quality', message: 'Torn.' })).statusCode).toBe(200);
  });

  it('before delivery is refused with a message', async () => {
    const buyer = await shop.shopper();
    const item = await shop.createItem();
    const placed = await buyer.placeOrder([[item.id, 1]]);
    await shop.pay(placed);
    const res = await askReturn(buyer, placed.orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(ORDERS_MESSAGES.returnNotDelivered);
    expect(await lineStatuses(placed.orderId)).toEqual(['confirmed']);
  });
});

describe('accepting, receiving and refunding a return', () => {
  it('refunds through the provider once, even when asked twice and at the same moment', async () => {
    const { buyer, orderId } = await deliveredOrder();
    expect((await askReturn(buyer, orderId)).statusCode).toBe(200);

    const early = await admin.call('POST', `/api/admin/orders/${orderId}/refund`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ADMIN_OPS_MESSAGES.nothingToRefund);

    for (const status of ['return_request_accepted', 'return_accepted']) {
      const res = await admin.call('POST', `/api/admin/orders/${orderId}/status`, { status });
      expect(res.json().data.status).toBe(status);
    }
    const [first, second] = await Promise.all([admin.call('POST', `/api/admin/orders/${orderId}/refund`), admin.call('POST', `/api/admin/orders/${orderId}/refund`)]);
    // The later caller finds the refund in progress (409) or, if the first finished, already made.
    const messages = [first.json().message, second.json().message];
    expect(messages.filter((message) => message === ADMIN_OPS_MESSAGES.refunded)).toHaveLength(1);
    expect([ADMIN_OPS_MESSAGES.alreadyRefunded, ADMIN_OPS_MESSAGES.refundInProgress]).toContain(messages.find((message) => message !== ADMIN_OPS_MESSAGES.refunded));
    const again = await admin.call('POST', `/api/admin/orders/${orderId}/refund`);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(ADMIN_OPS_MESSAGES.alreadyRefunded);

    const { order, payment } = await paymentOf(orderId);
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: order.amount_paid_paise });
    expect(await lineStatuses(orderId)).toEqual(['refund_done', 'refund_done']);
    expect(order.status).toBe('refund_done');
    const refunds = (await shop.db.select().from(auditLog).where(and(eq(auditLog.entity_id, orderId), eq(auditLog.action, 'order.refund'))));
    expect(refunds).toHaveLength(1);
    const detail = again.json().data;
    expect(detail.refunds).toEqual([
      { refund_id: expect.stringMatching(/^rfnd_/), amount: order.amount_paid_paise / 100, reason: 'return', created_at: expect.any(String), status: 'done', error: null },
    ]);
    expect(detail.refunds[0].refund_id).toBe((refunds[0]!.after as { refund_id: string }).refund_id);
    // The shopper sees it, and is mailed.
    expect((await buyer.call('GET', `/api/order/details/${orderId}`)).json().data.order_status).toBe('refund_done');
    const mails = await shop.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'item_status'));
    expect(mails.filter((m) => m.dedupe_key.startsWith(`item_status:${orderId}:`) && m.dedupe_key.endsWith(':refund_done'))).toHaveLength(2);
  });

  it('a refund the provider refuses leaves the items return_accepted, to try again', async () => {
    const { buyer, orderId } = await deliveredOrder();
    expect((await askReturn(buyer, orderId)).statusCode).toBe(200);
    await admin.call('POST', `/api/admin/orders/${orderId}/status`, { status: 'return_request_accepted' });
    await admin.call('POST', `/api/admin/orders/${orderId}/status`, { status: 'return_accepted' });
    const { order } = await paymentOf(orderId);
    // Refunded elsewhere (the provider's dashboard): the provider now refuses another refund.
    await shop.db.update(sandboxPayments).set({ status: 'refunded', amount_refunded: order.amount_paid_paise }).where(eq(sandboxPayments.id, order.payment_id!));
    const res = await admin.call('POST', `/api/admin/orders/${orderId}/refund`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.refundFailed);
    expect(await lineStatuses(orderId)).toEqual(['return_accepted', 'return_accepted']);
  });
});
