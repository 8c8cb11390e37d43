import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPS_MESSAGES, orderStatusFromItems } from '@ssd/shared/admin-ops';
import { auditLog, mailOutbox, orderLines, orders } from '../src/db/schema';
import { addShopAndCatalog, createItem, createShopper, CUSTOMER, insertOrder, MISSING_ORDER_ID, type Shopper } from './orders-fixtures';
import { buildTestApp, createUserWithToken, type TestApp } from './helper';

/** Fulfilment from the admin console (docs/decisions/0033): the list, the order screen, moving items on. */

let t: TestApp;
let admin: Shopper;
let shopper: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  await addShopAndCatalog(t);
  const staff = await createUserWithToken(t, { role: 'ssd_admin' });
  admin = { ...staff, call: (method, url, payload) => t.app.inject({ method, url, headers: { authorization: `Bearer ${staff.token}` }, ...(payload ? { payload } : {}) }) };
  shopper = await createShopper(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const linesOf = (orderId: string) => t.db.select().from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(orderLines.id);
const statusOf = async (orderId: string) => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.s;

describe('who may call', () => {
  it.each([
    ['GET', '/api/admin/orders'],
    ['GET', `/api/admin/orders/${MISSING_ORDER_ID}`],
    ['POST', `/api/admin/orders/${MISSING_ORDER_ID}/status`],
    ['POST', `/api/admin/orders/${MISSING_ORDER_ID}/refund`],
  ] as const)('%s %s: 401 for a visitor, 403 for a shopper', async (method, url) => {
    expect((await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
    expect((await shopper.call(method, url, method === 'POST' ? { status: 'packed' } : undefined)).statusCode).toBe(403);
  });
});

describe('the order status follows its items', () => {
  it('is the least advanced item not cancelled; all cancelled is cancelled', () => {
    expect(orderStatusFromItems(['shipped', 'packed', 'delivered'])).toBe('packed');
    expect(orderStatusFromItems(['cancelled', 'delivered'])).toBe('delivered');
    expect(orderStatusFromItems(['cancelled', 'cancelled'])).toBe('cancelled');
    expect(orderStatusFromItems(['refund_done', 'delivered'])).toBe('delivered');
  });
});

describe('GET /api/admin/orders', () => {
  let fresh: string;
  let older: string;
  let otherEmail: string;
  beforeAll(async () => {
    const item = await createItem(t);
    older = await insertOrder(t, shopper.id, { status: 'delivered', lines: [{ item }], placedAt: new Date('2024-03-01T20:00:00Z') }); // 2 Mar in India
    fresh = await insertOrder(t, shopper.id, { status: 'confirmed', lines: [{ item }, { item, status: 'packed' }], placedAt: new Date('2024-03-05T06:00:00Z') });
    otherEmail = await insertOrder(t, shopper.id, { status: 'shipped', lines: [{ item }], placedAt: new Date('2024-03-03T06:00:00Z') });
    await t.db.update(orders).set({ customer_details: JSON.stringify({ ...CUSTOMER, email: 'ravi_100%@example.com' }) }).where(eq(orders.id, otherEmail));
  });
  const ids = async (query: string) => {
    const dates = query.includes('from=') ? '' : 'from=2024-03-01&to=2024-03-06';
    const res = await admin.call('GET', `/api/admin/orders?${dates}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.orders as Array<{ order_id: string }>).map((o) => o.order_id);
  };

  it('lists newest first with the customer, the amount and the count of items', async () => {
    const res = await admin.call('GET', '/api/admin/orders?from=2024-03-01&to=2024-03-06');
    expect(res.json().data.total).toBe(3);
    expect(res.json().data.orders[0]).toEqual({
      order_id: fresh,
      placed_on: '2024-03-05T06:00:00.000Z',
      status: 'confirmed',
      payment_status: 'success',
      payment_mode: 'online',
      customer_name: CUSTOMER.name,
      customer_email: CUSTOMER.email,
      amount: 2736.9,
      item_count: 2,
    });
    expect(await ids('')).toEqual([fresh, otherEmail, older]);
  });

  it('filters by status (the order or any of its items), by India days, by order id and by email', async () => {
    expect(await ids('&status=packed')).toEqual([fresh]);
    expect(await ids('&status=delivered')).toEqual([older]);
    expect(await ids('&status=cancelled')).toEqual([]);
    expect(await ids('&from=2024-03-02&to=2024-03-02')).toEqual([older]);
    expect(await ids(`&q=${fresh.toLowerCase()}`)).toEqual([fresh]);
    expect(await ids('&q=RAVI_100%25')).toEqual([otherEmail]);
    expect(await ids('&q=_100')).toEqual([otherEmail]);
    expect(await ids('&q=nobody')).toEqual([]);
  });

  it('pages with limit and offset, total counting every match', async () => {
    const res = await admin.call('GET', '/api/admin/orders?from=2024-03-01&to=2024-03-06&limit=1&offset=1');
    expect(res.json().data).toMatchObject({ total: 3, orders: [{ order_id: otherEmail }] });
  });

  it.each([
    ['status=lost', 'Invalid querystring status: Please choose a valid status.'],
    ['from=2024-02-30', 'Invalid querystring from: From must be a date (YYYY-MM-DD).'],
    ['to=yesterday', 'Invalid querystring to: To must be a date (YYYY-MM-DD).'],
    ['from=2024-03-02&to=2024-03-01', 'Invalid querystring from: From must not be after To.'],
    ['limit=101', 'Invalid querystring limit: limit must be at most 100.'],
    ['offset=-1', 'Invalid querystring offset: offset must be 0 or more.'],
  ])('refuses %s with a message', async (query, message) => {
    const res = await admin.call('GET', `/api/admin/orders?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 0, message, data: null });
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('answers 404 with the orders text for a missing order', async () => {
    const res = await admin.call('GET', `/api/admin/orders/${MISSING_ORDER_ID}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.orderNotFound);
  });

  it('answers the order with its lines, customer, payment, no refunds, no support request and an empty trail', async () => {
    const item = await createItem(t);
    const id = await insertOrder(t, shopper.id, { status: 'confirmed', lines: [{ item, quantity: 2 }] });
    const [line] = await linesOf(id);
    const data = (await admin.call('GET', `/api/admin/orders/${id}`)).json().data;
    expect(data).toMatchObject({
      order_id: id,
      status: 'confirmed',
      payment_status: 'success',
      customer: CUSTOMER,
      lines: [{ line_id: line!.id, item_id: item.id, title: item.title, quantity: 2, selling_price: 1299, gst_amount: 129.9, item_status: 'confirmed' }],
      refunds: [],
      support_request: null,
      audit: [],
    });
    expect(data.payment_id).toMatch(/^pay_/);
  });
});

describe('POST /api/admin/orders/{id}/status', () => {
  it('moves every line one step at a time to delivered: the order follows, each step mailed and audited', async () => {
    const item = await createItem(t);
    const id = await insertOrder(t, shopper.id, { status: 'confirmed', lines: [{ item }, { item }] });
    for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered'] as const) {
      const res = await admin.call('POST', `/api/admin/orders/${id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: 1, message: ADMIN_OPS_MESSAGES.itemsMoved, data: { status, lines: [{ item_status: status }, { item_status: status }] } });
    }
    expect(await statusOf(id)).toBe('delivered');
    const lines = await linesOf(id);
    const mails = await t.db.select({ key: mailOutbox.dedupe_key }).from(mailOutbox).where(like(mailOutbox.dedupe_key, `item_status:${id}:%`));
    expect(mails.map((m) => m.key).sort()).toEqual(
      lines.flatMap((line) => ['packed', 'shipped', 'out_for_delivery', 'delivered'].map((s) => `item_status:${id}:${line.id}:${s}`)).sort(),
    );
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entity_id, id))).orderBy(auditLog.id);
    expect(audit).toHaveLength(4);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      action: 'order.items.status',
      before: { status: 'confirmed', lines: lines.map((l) => ({ line_id: l.id, item_status: 'confirmed' })) },
      after: { status: 'packed', lines: lines.map((l) => ({ line_id: l.id, item_status: 'packed' })) },
    });
    // The shopper's own screens follow.
    const details = (await shopper.call('GET', `/api/order/details/${id}`)).json().data;
    expect(details).toMatchObject({ order_status: 'delivered', items: [{ item_status: 'delivered' }, { item_status: 'delivered' }] });
    // The admin's order screen shows the trail, newest first, with who did it.
    const trail = (await admin.call('GET', `/api/admin/orders/${id}`)).json().data.audit;
    expect(trail.map((e: { after: { status: string } }) => e.after.status)).toEqual(['delivered', 'out_for_delivery', 'shipped', 'packed']);
    expect(trail[0].actor_email).toBe(admin.email);
  });

  it('moves chosen lines only; the order stays at its least advanced item', async () => {
    const item = await createItem(t);
    const id = await insertOrder(t, shopper.id, { status: 'confirmed', lines: [{ item }, { item }] });
    const [first, second] = await linesOf(id);
    const res = await admin.call('POST', `/api/admin/orders/${id}/status`, { status: 'packed', line_ids: [first!.id] });
    expect(res.json().data).toMatchObject({ status: 'confirmed', lines: [{ item_status: 'packed' }, { item_status: 'confirmed' }] });
    await admin.call('POST', `/api/admin/orders/${id}/status`, { status: 'shipped', line_ids: [first!.id] });
    await admin.call('POST', `/api/admin/orders/${id}/status`, { status: 'packed', line_ids: [second!.id] });
    expect(await statusOf(id)).toBe('packed');
  });

  it('refuses a step out of order with 409 naming the item, and moves nothing', async () => {
    const item = await createItem(t);
    const id = await insertOrder(t, shopper.id, { status: 'confirmed', lines: [{ item }, { item, status: 'packed' }] });
    const [first, second] = await linesOf(id);
    const res = await admin.call('POST', `/api/admin/orders/${id}/status`, { status: 'shipped', line_ids: [first!.id, second!.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 0, message: `"${item.title}" is confirmed and cannot be marked shipped.`, data: null });
    expect((await linesOf(id)).map((l) => l.item_status)).toEqual(['confirmed', 'packed']);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entity_id, id))).toEqual([]);
  });

  it('without line_ids moves only the lines that can make the step, and 409 when none can', async () => {
    const item = await createItem(t);
    const id = await insertOrder(t, shopper.id, { status: 'confirmed', lines: [{ item }, { item, status: 'packed' }] });
    expect((await admin.call('POST', `/api/admin/orders/${id}/status`, { status: 'shipped' })).json().data.lines.map((l: { item_status: string }) => l.item_status)).toEqual([
      'confirmed',
      'shipped',
    ]);
    const res = await admin.call('POST', `/api/admin/orders/${id}/status`, { status: 'delivered' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No item of this order can be marked delivered.');
  });

  it.each([
    [{ status: 'refund_done' }, 400, 'Invalid body status: Please choose a status staff can set.'],
    [{ status: 'cancelled' }, 400, 'Invalid body status: Please choose a status staff can set.'],
    [{ status: 'packed', line_ids: [] }, 400, 'Invalid body line_ids: Please choose at least one item.'],
    [{ status: 'packed', line_ids: [0] }, 400, 'Invalid body line_ids.0: Line id must be a whole number from 1 to 2147483647.'],
    [{ status: 'packed', line_ids: [2147483000] }, 400, ADMIN_OPS_MESSAGES.lineNotInOrder],
  ])('refuses %j', async (body, statusCode, message) => {
    const item = await createItem(t);
    const id = await insertOrder(t, shopper.id, { status: 'confirmed', lines: [{ item }] });
    const res = await admin.call('POST', `/api/admin/orders/${id}/status`, body);
    expect(res.statusCode).toBe(statusCode);
    expect(res.json()).toMatchObject({ code: 0, message, data: null });
  });

  it('refuses a delivered item going to the return steps without a return request', async () => {
    const item = await createItem(t);
    const id = await insertOrder(t, shopper.id, { status: 'delivered', lines: [{ item }] });
    const res = await admin.call('POST', `/api/admin/orders/${id}/status`, { status: 'return_request_accepted' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No item of this order can be marked Return request accepted.');
  });

  it('answers 404 for a missing order', async () => {
    const res = await admin.call('POST', `/api/admin/orders/${MISSING_ORDER_ID}/status`, { status: 'packed' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.orderNotFound);
  });
});
