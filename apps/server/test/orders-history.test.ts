import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_MESSAGES } from '@ssd/shared/orders';
import { buildApp } from '../src/app';
import { invoices, orders } from '../src/db/schema';
import { CUSTOMER, MISSING_ORDER_ID, addShopAndCatalog, createItem, createShopper, insertOrder, type Shopper } from './orders-fixtures';
import { freshDatabase, TEST_JWT_SECRET, type TestApp } from './helper';
import { eventually, startSandboxPeer, type SandboxPeer } from './sandbox-peer';

/** Order history, order details and the item popup (spec 3 §2, §3, §7), and the login every call after the purchase needs. */

let t: TestApp;
let peer: SandboxPeer;

beforeAll(async () => {
  const database = await freshDatabase();
  peer = await startSandboxPeer(database.db, {
    deliverWebhook: async (rawBody, headers) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/payment/webhook', payload: rawBody, headers });
      return { statusCode: res.statusCode };
    },
  });
  const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webDistDir: null, logLevel: 'silent', payments: peer.provider });
  await app.ready();
  t = { app, db: database.db, database, close: async () => {} };
  await addShopAndCatalog(t);
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await peer?.close();
  await t?.database.close();
});

const notFound = { code: -1, message: ORDERS_MESSAGES.orderNotFound, data: null };

describe('a login is needed', () => {
  it('answers 401, code -2, on every call after the purchase', async () => {
    const calls: Array<[method: 'GET' | 'POST', url: string, payload?: object]> = [
      ['GET', '/api/order/list'],
      ['GET', `/api/order/details/${MISSING_ORDER_ID}`],
      ['GET', `/api/order/item/details/${MISSING_ORDER_ID}/1`],
      ['POST', '/api/order/review', { order_id: MISSING_ORDER_ID, item_id: 1, rating: 5 }],
      ['GET', `/api/order/review/${MISSING_ORDER_ID}/1`],
      ['POST', '/api/order/support', { order_id: MISSING_ORDER_ID, issue_type: 'delivery', message: 'Where is it?' }],
      ['GET', `/api/order/support/${MISSING_ORDER_ID}`],
      ['POST', '/api/cart/reorder', { id: MISSING_ORDER_ID }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({ code: -2, message: 'Please login to continue.', data: null });
    }
  });
});

describe('GET /api/order/list', () => {
  let buyer: Shopper;
  /** Listed orders, newest first. */
  const listed: string[] = [];

  beforeAll(async () => {
    buyer = await createShopper(t);
    const stranger = await createShopper(t);
    const [a, b, c] = [await createItem(t), await createItem(t), await createItem(t)];
    const day = (n: number) => new Date(Date.UTC(2025, 0, n, 10, 30));
    // Placed from day 1 to day 12; the listed ones are pushed newest first.
    const made: Array<[string, boolean]> = [];
    made.push([await insertOrder(t, buyer.id, { status: 'delivered', lines: [{ item: a }], placedAt: day(1) }), true]);
    made.push([await insertOrder(t, buyer.id, { status: 'pending', lines: [{ item: a }], placedAt: day(2) }), false]);
    made.push([await insertOrder(t, buyer.id, { status: 'failed', lines: [{ item: b }], placedAt: day(3) }), true]);
    // Not pending itself, but every line still is: not listed.
    made.push([await insertOrder(t, buyer.id, { status: 'cancelled', lines: [{ item: a, status: 'pending' }], placedAt: day(4) }), false]);
    made.push([await insertOrder(t, buyer.id, { status: 'shipped', lines: [{ item: a, status: 'shipped' }, { item: b, status: 'pending' }, { item: c, status: 'packed' }], placedAt: day(5) }), true]);
    made.push([await insertOrder(t, stranger.id, { status: 'confirmed', lines: [{ item: a }], placedAt: day(6) }), false]);
    made.push([await insertOrder(t, buyer.id, { status: 'expired', lines: [{ item: c }], placedAt: day(7) }), true]);
    // Pending itself, whatever its lines say: not listed.
    made.push([await insertOrder(t, buyer.id, { status: 'pending', lines: [{ item: b, status: 'confirmed' }], placedAt: day(8) }), false]);
    made.push([await insertOrder(t, buyer.id, { status: 'confirmed', lines: [{ item: b }], placedAt: day(9) }), true]);
    made.push([await insertOrder(t, buyer.id, { status: 'return_requested', lines: [{ item: c }], placedAt: day(10) }), true]);
    made.push([await insertOrder(t, buyer.id, { status: 'refund_done', lines: [{ item: a }], placedAt: day(11) }), true]);
    made.push([await insertOrder(t, buyer.id, { status: 'pending', lines: [{ item: c }], placedAt: day(12) }), false]);
    listed.push(...made.filter(([, shown]) => shown).map(([id]) => id).reverse());
  });

  it('lists only orders past pending with a line past pending, newest first, 4 by default, with only those lines', async () => {
    const res = await buyer.call('GET', '/api/order/list');
    expect(res.statusCode).toBe(200);
    const page = res.json().data as Array<{ order_id: string }>;
    expect(page.map((order) => order.order_id)).toEqual(listed.slice(0, 4));

    const all = (await buyer.call('GET', '/api/order/list?limit=50')).json().data as Array<{ order_id: string; placed_on: string; order_status: string; items: Array<{ item_status: string }> }>;
    expect(all.map((order) => order.order_id)).toEqual(listed);
    const shipped = all.find((order) => order.order_status === 'shipped')!;
    expect(shipped.placed_on).toBe('2025-01-05T10:30:00.000Z');
    expect(shipped.items.map((item) => item.item_status)).toEqual(['shipped', 'packed']);
  });

  it('answers each field of an order in history', async () => {
    const item = await createItem(t, { title: 'Banarasi Silk' });
    const shopper = await createShopper(t);
    const id = await insertOrder(t, shopper.id, { status: 'delivered', lines: [{ item }], placedAt: new Date('2025-01-03T08:00:00Z') });
    expect((await shopper.call('GET', '/api/order/list')).json()).toEqual({
      code: 1,
      message: 'Success',
      data: [
        {
          order_id: id,
          placed_on: '2025-01-03T08:00:00.000Z',
          order_status: 'delivered',
          items: [{ item_id: item.id, item_status: 'delivered', image: 'thumb-Banarasi Silk', title: 'Banarasi Silk', item_title: 'Banarasi Silk' }],
        },
      ],
    });
  });

  it('pages by listed orders only (the screen asks for 5)', async () => {
    const ids = async (query: string) => ((await buyer.call('GET', `/api/order/list?${query}`)).json().data as Array<{ order_id: string }>).map((o) => o.order_id);
    expect(await ids('limit=5&skip=0')).toEqual(listed.slice(0, 5));
    expect(await ids('limit=5&skip=5')).toEqual(listed.slice(5, 10));
    expect(listed).toHaveLength(7);
    expect(await ids('limit=5&skip=5')).toHaveLength(2);
    expect(await ids('skip=4')).toEqual(listed.slice(4, 8));
    expect(await ids('limit=5&skip=10')).toEqual([]);
  });

  it('answers an empty list to a shopper without orders', async () => {
    const newcomer = await createShopper(t);
    expect((await newcomer.call('GET', '/api/order/list')).json()).toEqual({ code: 1, message: 'Success', data: [] });
  });

  it('refuses a bad limit or skip with a message', async () => {
    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1.'],
      ['limit=51', 'limit must be at most 50.'],
      ['limit=abc', 'limit must be a whole number.'],
      ['skip=-1', 'skip must be 0 or more.'],
      ['skip=1.5', 'skip must be a whole number.'],
    ]) {
      const res = await buyer.call('GET', `/api/order/list?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe(0);
      expect(res.json().message).toContain(message);
    }
  });
});

describe('GET /api/order/details/{id}, through the real checkout and a sandbox payment', () => {
  it('shows a pending order with nothing paid, then the paid order; it is listed once paid', async () => {
    const item = await createItem(t, { quantity: 5, price: 129_900, marketPrice: 149_900, title: 'Kanjivaram Saree' });
    const buyer = await createShopper(t);
    const address = { full_name: 'Asha Rao', mobile: '98765 43210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pin_code: '560001' };
    expect((await buyer.call('POST', '/api/user/addresses', address)).statusCode).toBe(200);
    const reserved = await buyer.call('POST', '/api/order/reserve', { items: [{ item_id: item.id, quantity: 2 }] });
    const created = (await buyer.call('POST', '/api/order/create', { reservation_id: reserved.json().data.reservation_id })).json().data;
    const orderId = created.order_id as string;

    const pending = await buyer.call('GET', `/api/order/details/${orderId}`);
    expect(pending.statusCode).toBe(200);
    const [row] = await t.db.select({ created_at: orders.created_at }).from(orders).where(eq(orders.id, orderId));
    // 2 × ₹1,299 against 2 × ₹1,499; 5% GST ₹129.90; ₹9 platform fee; free delivery.
    expect(pending.json().data).toEqual({
      order_id: orderId,
      order_placed_on: row!.created_at.toISOString(),
      order_status: 'pending',
      original_price: 2998,
      order_savings: 400,
      coupon_discount: 0,
      delivery_charge: 0,
      gst_total: 129.9,
      platform_fee: 9,
      order_total_sp: 2598,
      payment_mode: 'online',
      payment_status: 'pending',
      payment_id: null,
      order_amount_paid: 0,
      payable_amount: 2736.9,
      gst_split: { cgst: 64.95, sgst: 64.95, igst: 0 },
      customer_details: { name: 'Asha Rao', email: buyer.email, contact: '9876543210', address: { ...CUSTOMER.address } },
      invoice_number: null,
      items: [
        {
          item_id: item.id,
          item_title: 'Kanjivaram Saree',
          item_image: 'thumb-Kanjivaram Saree',
          item_selling_price: 1299,
          item_original_price: 1499,
          quantity: 2,
          item_status: 'pending',
          item_updated_at: row!.created_at.toISOString(),
          applied_gst_rate: 5,
          gst_amount: 129.9,
        },
      ],
    });
    // Pending: not in the history yet.
    expect((await buyer.call('GET', '/api/order/list')).json().data).toEqual([]);

    await peer.pay(created.id, 'success');
    await eventually(() => peer.reports.filter((r) => r.orderId === created.id && r.status === 'delivered').length >= 2, 5000, 'the webhooks');
    const paid = (await buyer.call('GET', `/api/order/details/${orderId}`)).json().data;
    const [stored] = await t.db.select({ payment_id: orders.payment_id }).from(orders).where(eq(orders.id, orderId));
    const [invoice] = await t.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.order_id, orderId));
    expect(stored!.payment_id).toMatch(/^pay_/);
    expect(paid).toMatchObject({
      order_status: 'confirmed',
      payment_status: 'success',
      payment_id: stored!.payment_id,
      order_amount_paid: 2736.9,
      invoice_number: invoice?.number ?? null,
      items: [{ item_status: 'confirmed' }],
    });
    const listed = (await buyer.call('GET', '/api/order/list')).json().data;
    expect(listed).toEqual([expect.objectContaining({ order_id: orderId, order_status: 'confirmed', items: [expect.objectContaining({ item_status: 'confirmed' })] })]);
  });

  it("shows the GST invoice's number once one is issued", async () => {
    const buyer = await createShopper(t);
    const id = await insertOrder(t, buyer.id, { status: 'delivered', lines: [{ item: await createItem(t) }] });
    expect((await buyer.call('GET', `/api/order/details/${id}`)).json().data.invoice_number).toBeNull();
    await t.db.insert(invoices).values({ order_id: id, financial_year: '2099-00', sequence: 7, number: 'SSD/2099-00/000007', issued_at: new Date() });
    expect((await buyer.call('GET', `/api/order/details/${id}`)).json().data.invoice_number).toBe('SSD/2099-00/000007');
  });

  it("answers another shopper's order exactly as a missing one, and refuses a malformed id", async () => {
    const owner = await createShopper(t);
    const stranger = await createShopper(t);
    const id = await insertOrder(t, owner.id, { lines: [{ item: await createItem(t) }] });
    expect((await owner.call('GET', `/api/order/details/${id}`)).statusCode).toBe(200);
    const theirs = await stranger.call('GET', `/api/order/details/${id}`);
    const missing = await stranger.call('GET', `/api/order/details/${MISSING_ORDER_ID}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(notFound);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(notFound);
    const malformed = await stranger.call('GET', '/api/order/details/ssd-123');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 0, message: 'Invalid params id: Order id is not valid.', data: null });
  });
});

describe('GET /api/order/item/details/{orderId}/{itemId}', () => {
  it("answers the line of the caller's order; another's order, an item not in it and a missing order are 404", async () => {
    const owner = await createShopper(t);
    const stranger = await createShopper(t);
    const item = await createItem(t, { title: 'Jhumka Earrings' });
    const other = await createItem(t);
    const placedAt = new Date('2025-02-14T06:00:00Z');
    const id = await insertOrder(t, owner.id, { status: 'shipped', lines: [{ item, quantity: 3, selling: 89_900, original: 99_900 }], placedAt });

    const res = await owner.call('GET', `/api/order/item/details/${id}/${item.id}`);
    expect(res.json()).toEqual({
      code: 1,
      message: 'Success',
      data: {
        order_id: id,
        item_id: item.id,
        curr_status: 'shipped',
        curr_updated_at: '2025-02-14T06:00:00.000Z',
        image: 'thumb-Jhumka Earrings',
        item_title: 'Jhumka Earrings',
        selling_price: 899,
        original_price: 999,
        quantity: 3,
      },
    });
    for (const url of [`/api/order/item/details/${id}/${other.id}`, `/api/order/item/details/${MISSING_ORDER_ID}/${item.id}`]) {
      const missing = await owner.call('GET', url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual(notFound);
    }
    const theirs = await stranger.call('GET', `/api/order/item/details/${id}/${item.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(notFound);
    expect((await owner.call('GET', `/api/order/item/details/${id}/0`)).statusCode).toBe(400);
  });
});
