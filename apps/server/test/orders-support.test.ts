import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_MESSAGES, SUPPORTABLE_STATUSES } from '@ssd/shared/orders';
import { CONFIRMED_TYPE_STATUSES, ORDER_STATUSES } from '@ssd/shared/status';
import { supportRequests } from '../src/db/schema';
import { MISSING_ORDER_ID, addShopAndCatalog, createItem, createShopper, insertOrder, type Shopper } from './orders-fixtures';
import { buildTestApp, type TestApp } from './helper';

/** Order support requests (spec 3 §2 Order support dialog, §4 Support, §5, §7; spec 1 §4 chatbot tickets). */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await addShopAndCatalog(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const notFound = { code: -1, message: ORDERS_MESSAGES.orderNotFound, data: null };

async function requestsOf(orderId: string) {
  return t.db.select().from(supportRequests).where(eq(supportRequests.order_id, orderId));
}

async function deliveredOrder(buyer: Shopper) {
  return insertOrder(t, buyer.id, { status: 'delivered', lines: [{ item: await createItem(t) }] });
}

describe('POST /api/order/support and GET /api/order/support/{id}', () => {
  it('creates the request of an order, trimmed, and lists it with its status', async () => {
    const buyer = await createShopper(t);
    const id = await deliveredOrder(buyer);
    expect((await buyer.call('GET', `/api/order/support/${id}`)).json()).toEqual({ code: 1, message: 'Success', data: [] });

    const res = await buyer.call('POST', '/api/order/support', { order_id: id, issue_type: 'wrong_item', message: '  Got a blue saree, ordered red.\n' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: ORDERS_MESSAGES.supportCreated, data: { id: expect.any(Number) } });
    const [stored] = await requestsOf(id);
    expect(stored).toMatchObject({ id: res.json().data.id, user_id: buyer.id, issue_type: 'wrong_item', message: 'Got a blue saree, ordered red.', status: 'open' });

    expect((await buyer.call('GET', `/api/order/support/${id}`)).json()).toEqual({
      code: 1,
      message: 'Success',
      data: [{ id: stored!.id, order_id: id, issue_type: 'wrong_item', message: 'Got a blue saree, ordered red.', status: 'open', created_at: stored!.created_at.toISOString(), staff_reply: null, replied_at: null }],
    });
  });

  it('the issue type defaults to delivery', async () => {
    const buyer = await createShopper(t);
    const id = await deliveredOrder(buyer);
    expect((await buyer.call('POST', '/api/order/support', { order_id: id, message: 'Late.' })).statusCode).toBe(200);
    expect((await requestsOf(id))[0]!.issue_type).toBe('delivery');
  });

  it('one request per order: a second answers the warning (code 0) and changes nothing', async () => {
    const buyer = await createShopper(t);
    const id = await deliveredOrder(buyer);
    await buyer.call('POST', '/api/order/support', { order_id: id, issue_type: 'quality', message: 'Torn border.' });
    const second = await buyer.call('POST', '/api/order/support', { order_id: id, issue_type: 'payment', message: 'Charged twice.' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: 0, message: 'A support request already exists for this order.', data: null });
    expect((await requestsOf(id)).map((row) => row.message)).toEqual(['Torn border.']);
  });

  it('two submissions at once make one request; the other gets the warning', async () => {
    const buyer = await createShopper(t);
    const id = await deliveredOrder(buyer);
    const answers = await Promise.all(
      ['one', 'two', 'three', 'four'].map((message) => buyer.call('POST', '/api/order/support', { order_id: id, issue_type: 'other', message })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json()).toEqual({ code: 0, message: ORDERS_MESSAGES.supportExists, data: null });
    }
    expect(await requestsOf(id)).toHaveLength(1);
  });

  it("may be raised on a paid order (the Support button's statuses and the chatbot's), never on an unpaid one", async () => {
    const buyer = await createShopper(t);
    for (const status of ORDER_STATUSES) {
      const id = await insertOrder(t, buyer.id, { status, lines: [{ item: await createItem(t) }] });
      const res = await buyer.call('POST', '/api/order/support', { order_id: id, issue_type: 'payment', message: `About my ${status} order.` });
      if (SUPPORTABLE_STATUSES.includes(status)) {
        expect(res.statusCode, status).toBe(200);
      } else {
        expect(res.statusCode, status).toBe(422);
        expect(res.json(), status).toEqual({ code: 0, message: ORDERS_MESSAGES.supportNotAllowed, data: null });
        expect(await requestsOf(id), status).toEqual([]);
      }
    }
    // Spec 3 §4: confirmed, packed, shipped, delivered and every return or refund status; spec 1 §4: out_for_delivery too.
    for (const status of [...CONFIRMED_TYPE_STATUSES, 'return_requested', 'return_request_accepted', 'return_accepted', 'refund_done'] as const) {
      expect(SUPPORTABLE_STATUSES).toContain(status);
    }
    expect(SUPPORTABLE_STATUSES).not.toContain('pending');
  });

  it('refuses a blank or missing description and an unknown issue type with the messages', async () => {
    const buyer = await createShopper(t);
    const id = await deliveredOrder(buyer);
    for (const body of [{ message: '   \n ' }, { message: '' }, {}, { message: 42 }]) {
      const res = await buyer.call('POST', '/api/order/support', { order_id: id, issue_type: 'delivery', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ code: 0, message: 'Invalid body message: Please describe your issue.', data: null });
    }
    const type = await buyer.call('POST', '/api/order/support', { order_id: id, issue_type: 'refund', message: 'Money back please.' });
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('Invalid body issue_type: Please choose an issue type.');
    const nul = await buyer.call('POST', '/api/order/support', { order_id: id, message: 'Broken\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('Invalid body message: Your description contains a character that cannot be saved.');
    expect((await buyer.call('POST', '/api/order/support', { order_id: 'SSD-12', message: 'Hi' })).statusCode).toBe(400);
    expect(await requestsOf(id)).toEqual([]);
  });

  it("answers another shopper's order exactly as a missing one, on both calls", async () => {
    const owner = await createShopper(t);
    const stranger = await createShopper(t);
    const id = await deliveredOrder(owner);
    await owner.call('POST', '/api/order/support', { order_id: id, message: 'Where is my parcel?' });
    for (const orderId of [id, MISSING_ORDER_ID]) {
      const created = await stranger.call('POST', '/api/order/support', { order_id: orderId, message: 'Let me in.' });
      expect(created.statusCode).toBe(404);
      expect(created.json()).toEqual(notFound);
      const listed = await stranger.call('GET', `/api/order/support/${orderId}`);
      expect(listed.statusCode).toBe(404);
      expect(listed.json()).toEqual(notFound);
    }
    expect(await requestsOf(id)).toHaveLength(1);
    expect((await stranger.call('GET', '/api/order/support/not-an-order')).statusCode).toBe(400);
  });
});
