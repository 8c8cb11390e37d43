import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@ssd/shared/checkout';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { catalogs, items, orders, reservations, sandboxPayments, shops } from '../src/db/schema';
import { expireUnpaidOrders } from '../src/modules/checkout/payments';
import { DEFAULT_CHECKOUT_SETTINGS } from '../src/modules/checkout/settings';
import type { WebhookReport } from '../src/sandbox/webhooks';
import { createUserWithToken, freshDatabase, TEST_JWT_SECRET, TestClock } from './helper';
import { eventually, startSandboxPeer, type SandboxPeer } from './sandbox-peer';

/**
 * Orders and payments end to end: the app's routes, the production Razorpay adapter, and the built-in
 * sandbox listening on 127.0.0.1 as the provider, whose signed webhooks reach the app's endpoint.
 * The sandbox's "Success" and "Failure" are pressed through its checkout endpoint, as checkout.js does.
 */

let database: DatabaseHandle;
let app: FastifyInstance;
let peer: SandboxPeer;
const clock = new TestClock();
/** Provider order ids whose webhooks the sandbox keeps back (a missed webhook). */
const heldOrders = new Set<string>();

beforeAll(async () => {
  database = await freshDatabase();
  peer = await startSandboxPeer(database.db, {
    deliverWebhook: async (rawBody, headers) => {
      const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', payload: rawBody, headers });
      return { statusCode: res.statusCode };
    },
    webhooks: (event) => (heldOrders.has(event.payload.payment.entity.order_id) ? 'hold' : 'deliver'),
    webhookRetryDelaysMs: [20, 50],
  });
  app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webDistDir: null, logLevel: process.env.DEBUG_LOG ? 'debug' : 'silent', now: clock.now, payments: peer.provider });
  await app.ready();
  await database.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await database.db.insert(catalogs).values({ title: 'Sarees', image: 'img' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await peer?.close();
  await database?.close();
});

async function createItem(quantity: number, price = 129_900) {
  const [row] = await database.db
    .insert(items)
    .values({ title: `Saree ${Math.random().toString(36).slice(2, 8)}`, shop: 'fabrics', catalog: 'Sarees', price_paise: price, thumbnail_image: 'thumb', quantity })
    .returning({ id: items.id, title: items.title });
  return row!;
}

async function stockOf(itemId: number) {
  const [row] = await database.db.select({ quantity: items.quantity }).from(items).where(eq(items.id, itemId));
  return row!.quantity;
}

const ADDRESS = { full_name: 'Asha Rao', mobile: '98765 43210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pin_code: '560001' };

async function shopper(address: Record<string, unknown> | null = ADDRESS) {
  const user = await createUserWithToken({ app, db: database.db, database, close: async () => {} });
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${user.token}` }, ...(payload ? { payload } : {}) });
  if (address) expect((await call('POST', '/api/user/addresses', address)).statusCode).toBe(200);
  return {
    ...user,
    call,
    async checkout(itemId: number, quantity = 1) {
      const reserved = await call('POST', '/api/order/reserve', { items: [{ item_id: itemId, quantity }] });
      expect(reserved.statusCode, reserved.body).toBe(200);
      const created = await call('POST', '/api/order/create', { reservation_id: reserved.json().data.reservation_id });
      expect(created.statusCode, created.body).toBe(200);
      return { reservationId: reserved.json().data.reservation_id as string, order: created.json().data };
    },
    status: async (orderId: string) => (await call('GET', `/api/verify/order/status/${orderId}`)).json().data as { status: string; payment_status: string },
  };
}

function deliveredFor(providerOrderId: string): WebhookReport[] {
  return peer.reports.filter((r) => r.orderId === providerOrderId && r.status === 'delivered');
}

describe('POST /api/order/create', () => {
  it("answers the provider's order with ours around it; the same reservation answers the same order", async () => {
    const item = await createItem(5);
    const buyer = await shopper();
    const { reservationId, order } = await buyer.checkout(item.id, 2);
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(order.order_id).toMatch(/^SSD-[A-Z0-9]{10}$/);
    // 2 × ₹1,299 = ₹2,598, free delivery, ₹9 platform fee, 5% GST ₹129.90: ₹2,736.90 = 273,690 paise.
    expect(order).toMatchObject({
      amount_due: 273_690,
      currency: 'INR',
      notes: { order_id: order.order_id },
      total_sp: 2598,
      delivery_charge: 0,
      platform_fee: 9,
      gst_total: 129.9,
      gst_split: { cgst: 64.95, sgst: 64.95, igst: 0 },
      key: peer.credentials.keyId,
      checkout_script: '/sandbox/razorpay/checkout.js',
      customer_details: { name: 'Asha Rao', email: buyer.email, contact: '9876543210', address: { city: 'Bengaluru', state: 'Karnataka', pin_code: '560001' } },
    });
    expect(order.cart_details).toEqual([
      { item_id: item.id, title: item.title, thumbnail_image: 'thumb', selling_price: 1299, original_price: 1299, quantity: 2, applied_gst_rate: 5, gst_amount: 129.9 },
    ]);
    expect(Date.parse(order.expiry_at) - clock.now().getTime()).toBe(DEFAULT_CHECKOUT_SETTINGS.orderPaymentMs);
    const provider = await peer.rest('GET', `/orders/${order.id}`);
    expect(provider.body).toMatchObject({ amount: 273_690, currency: 'INR', receipt: order.order_id, notes: { order_id: order.order_id } });

    const again = await buyer.call('POST', '/api/order/create', { reservation_id: reservationId });
    expect(again.json().data).toMatchObject({ id: order.id, order_id: order.order_id });
    // Another shopper can't place it.
    const stranger = await shopper();
    expect((await stranger.call('POST', '/api/order/create', { reservation_id: reservationId })).statusCode).toBe(404);
  });

  it('outside the seller state GST is IGST; without an address it asks for one', async () => {
    const item = await createItem(5);
    const mumbai = await shopper({ ...ADDRESS, city: 'Mumbai', state: 'Maharashtra', pin_code: '400001' });
    const { order } = await mumbai.checkout(item.id);
    expect(order.gst_split).toEqual({ cgst: 0, sgst: 0, igst: 64.95 });

    const homeless = await shopper(null);
    const reserved = await homeless.call('POST', '/api/order/reserve', { items: [{ item_id: item.id, quantity: 1 }] });
    const res = await homeless.call('POST', '/api/order/create', { reservation_id: reserved.json().data.reservation_id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 0, message: ORDER_MESSAGES.addressNeeded, data: null });
  });
});

describe('a second checkout while an order waits for payment', () => {
  it("leaves the order's hold: both are held, and the order is paid from its own hold", async () => {
    const item = await createItem(5);
    const buyer = await shopper();
    const first = await buyer.checkout(item.id, 2);
    const second = await buyer.call('POST', '/api/order/reserve', { items: [{ item_id: item.id, quantity: 1 }] });
    expect(second.statusCode).toBe(200);
    expect(await stockOf(item.id)).toBe(2);
    const [firstHold] = await database.db.select().from(reservations).where(eq(reservations.id, first.reservationId));
    expect(firstHold).toMatchObject({ status: 'held', release_reason: null });
    expect(firstHold!.ordered_at).not.toBeNull();
    // A third checkout replaces the second (it has no order), never the first.
    await buyer.call('POST', '/api/order/reserve', { items: [{ item_id: item.id, quantity: 2 }] });
    expect(await stockOf(item.id)).toBe(1);
    await peer.pay(first.order.id, 'success');
    await eventually(() => deliveredFor(first.order.id).length >= 2, 5000, 'the webhooks');
    const [sold] = await database.db.select().from(reservations).where(eq(reservations.id, first.reservationId));
    expect(sold!.status).toBe('sold');
    expect(await stockOf(item.id)).toBe(1);
  });
});

describe('paying in the sandbox', () => {
  it('Success: the signed webhook confirms the order and turns the hold into a sale', async () => {
    const item = await createItem(3);
    const buyer = await shopper();
    const { reservationId, order } = await buyer.checkout(item.id, 2);
    const paid = await peer.pay(order.id, 'success');
    expect(paid.status).toBe(200);
    expect(peer.provider.isValidPaymentSignature({ orderId: order.id, paymentId: String(paid.body.razorpay_payment_id), signature: String(paid.body.razorpay_signature) })).toBe(true);
    await eventually(() => deliveredFor(order.id).length >= 2, 5000, 'the webhooks');
    expect(await buyer.status(order.order_id)).toEqual({ status: 'confirmed', payment_status: 'success' });
    const [hold] = await database.db.select().from(reservations).where(eq(reservations.id, reservationId));
    expect(hold!.status).toBe('sold');
    expect(await stockOf(item.id)).toBe(1);
  });

  it('the same webhook delivered ten more times changes nothing; a forged one is refused', async () => {
    const item = await createItem(3);
    const buyer = await shopper();
    const { order } = await buyer.checkout(item.id);
    await peer.pay(order.id, 'success');
    await eventually(() => deliveredFor(order.id).length >= 2, 5000, 'the webhooks');
    const [captured] = deliveredFor(order.id);
    const before = await database.db.select().from(orders).where(eq(orders.id, order.order_id));
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', payload: captured!.rawBody, headers: captured!.headers });
      expect(res.json()).toEqual({ code: 1, message: 'duplicate', data: null });
    }
    expect(await database.db.select().from(orders).where(eq(orders.id, order.order_id))).toEqual(before);
    expect(await stockOf(item.id)).toBe(2);

    const forged = captured!.rawBody.replace('"captured"', '"failed"');
    const refused = await app.inject({ method: 'POST', url: '/api/payment/webhook', payload: forged, headers: { ...captured!.headers, 'x-razorpay-event-id': 'evt_forged_1' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 0, message: 'Invalid webhook signature.', data: null });
  });

  it('Failure, then Success on the same order: the order is confirmed', async () => {
    const item = await createItem(3);
    const buyer = await shopper();
    const { order } = await buyer.checkout(item.id);
    const failure = await peer.pay(order.id, 'failure');
    expect(failure.body).toMatchObject({ error: { reason: 'payment_failed', metadata: { order_id: order.id } } });
    await eventually(() => deliveredFor(order.id).length >= 1, 5000, 'the failure webhook');
    expect(await buyer.status(order.order_id)).toEqual({ status: 'pending', payment_status: 'failed' });
    await peer.pay(order.id, 'success');
    await eventually(() => deliveredFor(order.id).length >= 3, 5000, 'the success webhooks');
    expect((await buyer.status(order.order_id)).status).toBe('confirmed');
  });

  it('Failure reported by the shopper ends the order and returns the stock; cancelling works the same', async () => {
    const item = await createItem(4);
    const buyer = await shopper();
    const failed = await buyer.checkout(item.id, 2);
    await peer.pay(failed.order.id, 'failure');
    expect((await buyer.call('PATCH', '/api/order/status', { id: failed.order.order_id, status: 'failed' })).json()).toEqual({ code: 1, message: 'Order failed', data: null });
    expect(await buyer.status(failed.order.order_id)).toEqual({ status: 'failed', payment_status: 'failed' });
    expect(await stockOf(item.id)).toBe(4);

    const cancelled = await buyer.checkout(item.id, 1);
    expect((await buyer.call('PATCH', '/api/order/status', { id: cancelled.order.order_id, status: 'cancelled' })).json().message).toBe('Order cancelled');
    expect(await stockOf(item.id)).toBe(4);
    // Asked again: nothing changes; asked as another status: refused; another shopper: not found.
    expect((await buyer.call('PATCH', '/api/order/status', { id: cancelled.order.order_id, status: 'cancelled' })).statusCode).toBe(200);
    const other = await buyer.call('PATCH', '/api/order/status', { id: cancelled.order.order_id, status: 'expired' });
    expect(other.json()).toEqual({ code: 0, message: ORDER_MESSAGES.notPending, data: null });
    const stranger = await shopper();
    expect((await stranger.call('PATCH', '/api/order/status', { id: cancelled.order.order_id, status: 'failed' })).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/verify/order/status/${cancelled.order.order_id}`)).statusCode).toBe(404);
  });
});

describe("POST /api/verify/order/payment: the checkout's success result", () => {
  it('a signature over our stored provider order confirms (asking the provider); a forged or borrowed one is refused', async () => {
    const item = await createItem(3);
    const buyer = await shopper();
    const { order } = await buyer.checkout(item.id);
    heldOrders.add(order.id);
    const paid = await peer.pay(order.id, 'success');
    const result = { order_id: order.order_id, razorpay_payment_id: paid.body.razorpay_payment_id, razorpay_order_id: order.id, razorpay_signature: paid.body.razorpay_signature };
    const forged = await buyer.call('POST', '/api/verify/order/payment', { ...result, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 0, message: 'The payment could not be verified.', data: null });
    expect(await buyer.status(order.order_id)).toEqual({ status: 'pending', payment_status: 'pending' });

    // A genuine result of another order does not confirm this one.
    const other = await buyer.checkout(item.id);
    const borrowed = await buyer.call('POST', '/api/verify/order/payment', { ...result, order_id: other.order.order_id });
    expect(borrowed.statusCode).toBe(400);

    const verified = await buyer.call('POST', '/api/verify/order/payment', result);
    expect(verified.json()).toEqual({ code: 1, message: 'Success', data: { status: 'confirmed', payment_status: 'success' } });
    const stranger = await shopper();
    expect((await stranger.call('POST', '/api/verify/order/payment', result)).statusCode).toBe(404);
  });
});

describe('payments that arrive late', () => {
  it('after the order expired, with the stock still there: the units are taken again and the order confirmed', async () => {
    const item = await createItem(2);
    const buyer = await shopper();
    const { order } = await buyer.checkout(item.id);
    await buyer.call('PATCH', '/api/order/status', { id: order.order_id, status: 'expired' });
    expect(await stockOf(item.id)).toBe(2);
    await peer.pay(order.id, 'success');
    await eventually(() => deliveredFor(order.id).length >= 2, 5000, 'the webhooks');
    expect(await buyer.status(order.order_id)).toEqual({ status: 'confirmed', payment_status: 'success' });
    expect(await stockOf(item.id)).toBe(1);
  });

  it('after the order was cancelled and the last unit sold to someone else: the payment is refunded', async () => {
    const item = await createItem(1);
    const buyer = await shopper();
    const { order } = await buyer.checkout(item.id);
    await buyer.call('PATCH', '/api/order/status', { id: order.order_id, status: 'cancelled' });
    const rival = await shopper();
    await rival.checkout(item.id);
    expect(await stockOf(item.id)).toBe(0);

    const paid = await peer.pay(order.id, 'success');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await eventually(() => deliveredFor(order.id).length >= 2, 5000, 'the webhooks');
    // Both events of the payment were handled at once; one refund was made and both answered 2xx.
    expect(peer.reports.filter((r) => r.orderId === order.id).every((r) => r.status === 'delivered')).toBe(true);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'success', payment_id: paid.body.razorpay_payment_id });
    expect(row!.refund_id).toMatch(/^rfnd_/);
    const [payment] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, String(paid.body.razorpay_payment_id)));
    expect(payment).toMatchObject({ status: 'refunded', amount_refunded: row!.amount_paise });
    expect(await stockOf(item.id)).toBe(0);
  });
});

describe('reconciliation: a missed webhook', () => {
  it('the verify call asks the provider and confirms', async () => {
    const item = await createItem(2);
    const buyer = await shopper();
    const { order } = await buyer.checkout(item.id);
    heldOrders.add(order.id);
    await peer.pay(order.id, 'success');
    expect(await buyer.status(order.order_id)).toEqual({ status: 'pending', payment_status: 'pending' });
    const verified = await buyer.call('GET', `/api/verify/order/payment/status/${order.order_id}`);
    expect(verified.json()).toEqual({ code: 1, message: 'Success', data: { status: 'confirmed', payment_status: 'success' } });
    expect(await stockOf(item.id)).toBe(1);
  });

  it('the sweeper asks the provider before expiring: a paid order is confirmed, an unpaid one expires', async () => {
    const item = await createItem(4);
    const payer = await shopper();
    const paidOrder = (await payer.checkout(item.id)).order;
    heldOrders.add(paidOrder.id);
    await peer.pay(paidOrder.id, 'success');
    const idler = await shopper();
    const unpaidOrder = (await idler.checkout(item.id)).order;
    expect(await stockOf(item.id)).toBe(2);

    clock.advance(DEFAULT_CHECKOUT_SETTINGS.orderPaymentMs + 1000);
    const ctx = { db: database.db, now: clock.now, settings: DEFAULT_CHECKOUT_SETTINGS, payments: peer.provider };
    await Promise.all([expireUnpaidOrders(ctx, app.log), expireUnpaidOrders(ctx, app.log)]);
    expect((await payer.status(paidOrder.order_id)).status).toBe('confirmed');
    expect((await idler.status(unpaidOrder.order_id)).status).toBe('expired');
    expect(await stockOf(item.id)).toBe(3);
    const held = await database.db.execute(sql`select count(*)::int as n from reservations where status = 'held' and user_id = ${idler.id}`);
    expect(Number((held as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(0);
  });
});

describe('POST /api/order/retry', () => {
  it('a failed order: its units are taken again and a new provider order for the same amount is paid', async () => {
    const item = await createItem(3);
    const buyer = await shopper();
    const { order } = await buyer.checkout(item.id, 2);
    await peer.pay(order.id, 'failure');
    await buyer.call('PATCH', '/api/order/status', { id: order.order_id, status: 'failed' });
    expect(await stockOf(item.id)).toBe(3);

    const retried = await buyer.call('POST', '/api/order/retry', { id: order.order_id });
    expect(retried.statusCode, retried.body).toBe(200);
    const again = retried.json().data;
    expect(again).toMatchObject({ order_id: order.order_id, amount_due: order.amount_due, cart_details: order.cart_details, currency: 'INR' });
    expect(again.id).not.toBe(order.id);
    expect(await stockOf(item.id)).toBe(1);
    expect(await buyer.status(order.order_id)).toEqual({ status: 'pending', payment_status: 'pending' });
    // Asked again while it waits for the payment: the same provider order, no more units taken.
    expect((await buyer.call('POST', '/api/order/retry', { id: order.order_id })).json().data.id).toBe(again.id);
    expect(await stockOf(item.id)).toBe(1);

    await peer.pay(again.id, 'success');
    await eventually(() => deliveredFor(again.id).length >= 2, 5000, 'the webhooks');
    expect(await buyer.status(order.order_id)).toEqual({ status: 'confirmed', payment_status: 'success' });
    expect(await stockOf(item.id)).toBe(1);
    // Paid: no more retries; another shopper's retry answers as if the order did not exist.
    expect((await buyer.call('POST', '/api/order/retry', { id: order.order_id })).json()).toEqual({ code: 0, message: 'Retry not possible', data: null });
    const stranger = await shopper();
    const foreign = await stranger.call('POST', '/api/order/retry', { id: order.order_id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ORDER_MESSAGES.notFound);
  });

  it('names the product whose units are gone, and changes nothing', async () => {
    const item = await createItem(1);
    const buyer = await shopper();
    const { order } = await buyer.checkout(item.id);
    await buyer.call('PATCH', '/api/order/status', { id: order.order_id, status: 'cancelled' });
    const rival = await shopper();
    await rival.checkout(item.id);

    const retried = await buyer.call('POST', '/api/order/retry', { id: order.order_id });
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toEqual({ code: 0, message: `'${item.title}' is out of stock.`, data: null });
    expect(await buyer.status(order.order_id)).toEqual({ status: 'cancelled', payment_status: 'pending' });
    expect(await stockOf(item.id)).toBe(0);
    const [reservation] = await database.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.user_id, buyer.id));
    expect(reservation!.status).toBe('released');

    await database.db.delete(items).where(eq(items.id, item.id));
    expect((await buyer.call('POST', '/api/order/retry', { id: order.order_id })).json().message).toBe(`'${item.title}' is no longer available.`);
  });

  it("a late payment of the first attempt still finds the order; the retry's payment after it is refunded", async () => {
    const item = await createItem(5);
    const buyer = await shopper();
    const { order: first } = await buyer.checkout(item.id);
    await buyer.call('PATCH', '/api/order/status', { id: first.order_id, status: 'cancelled' });
    const second = (await buyer.call('POST', '/api/order/retry', { id: first.order_id })).json().data;
    expect(await stockOf(item.id)).toBe(4);

    await peer.pay(first.id, 'success');
    await eventually(() => deliveredFor(first.id).length >= 2, 5000, 'the first attempt webhooks');
    expect(await buyer.status(first.order_id)).toEqual({ status: 'confirmed', payment_status: 'success' });
    expect(await stockOf(item.id)).toBe(4);

    const late = await peer.pay(second.id, 'success');
    await eventually(() => deliveredFor(second.id).length >= 2, 5000, 'the second attempt webhooks');
    const [payment] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, String(late.body.razorpay_payment_id)));
    expect(payment).toMatchObject({ status: 'refunded' });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, first.order_id));
    expect(row).toMatchObject({ status: 'confirmed', amount_paid_paise: row!.amount_paise });
    expect(row!.payment_id).not.toBe(late.body.razorpay_payment_id);
    expect(await stockOf(item.id)).toBe(4);
  });

  it('reconciliation asks about every attempt: a missed webhook of the first attempt confirms the retried order', async () => {
    const item = await createItem(2);
    const buyer = await shopper();
    const { order: first } = await buyer.checkout(item.id);
    heldOrders.add(first.id);
    await buyer.call('PATCH', '/api/order/status', { id: first.order_id, status: 'expired' });
    await buyer.call('POST', '/api/order/retry', { id: first.order_id });
    await peer.pay(first.id, 'success');
    expect((await buyer.status(first.order_id)).status).toBe('pending');
    const verified = await buyer.call('GET', `/api/verify/order/payment/status/${first.order_id}`);
    expect(verified.json().data).toEqual({ status: 'confirmed', payment_status: 'success' });
    expect(await stockOf(item.id)).toBe(1);
  });
});
