import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPS_MESSAGES } from '@ssd/shared/admin-ops';
import { auditLog, supportRequests } from '../src/db/schema';
import { addShopAndCatalog, createItem, createShopper, CUSTOMER, insertOrder, type Shopper } from './orders-fixtures';
import { buildTestApp, createUserWithToken, TestClock, type TestApp } from './helper';

/** The support queue (docs/decisions/0033): every order's requests, oldest first; staff reply, the shopper sees it. */

let t: TestApp;
let admin: Shopper;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await addShopAndCatalog(t);
  const staff = await createUserWithToken(t, { role: 'ssd_admin' });
  admin = { ...staff, call: (method, url, payload) => t.app.inject({ method, url, headers: { authorization: `Bearer ${staff.token}` }, ...(payload ? { payload } : {}) }) };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function raise(message: string, issue_type = 'delivery') {
  const buyer = await createShopper(t);
  const orderId = await insertOrder(t, buyer.id, { status: 'shipped', lines: [{ item: await createItem(t) }] });
  const res = await buyer.call('POST', '/api/order/support', { order_id: orderId, issue_type, message });
  expect(res.statusCode, res.body).toBe(200);
  clock.advance(1000);
  return { buyer, orderId, id: res.json().data.id as number };
}
const queue = async (query = '') => {
  const res = await admin.call('GET', `/api/admin/support${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; requests: Array<{ id: number; status: string }> };
};

describe('who may call', () => {
  it.each([
    ['GET', '/api/admin/support'],
    ['PATCH', '/api/admin/support/1'],
  ] as const)('%s %s: 401 for a visitor, 403 for a shopper', async (method, url) => {
    expect((await t.app.inject({ method, url, payload: method === 'PATCH' ? { status: 'closed' } : undefined })).statusCode).toBe(401);
    const shopper = await createShopper(t);
    expect((await shopper.call(method, url, method === 'PATCH' ? { status: 'closed' } : undefined)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/support and PATCH /api/admin/support/{id}', () => {
  it('lists open requests across orders oldest first; a closed one leaves the queue; a status filter finds it', async () => {
    const first = await raise('Late.');
    const second = await raise('Where is it?');
    const third = await raise('Damaged.', 'quality');
    const open = await queue();
    const ours = open.requests.filter((r) => [first.id, second.id, third.id].includes(r.id));
    expect(ours.map((r) => r.id)).toEqual([first.id, second.id, third.id]);
    expect(ours[2]).toMatchObject({ order_id: third.orderId, customer_name: CUSTOMER.name, customer_email: CUSTOMER.email, issue_type: 'quality', message: 'Damaged.', status: 'open', staff_reply: null });

    expect((await admin.call('PATCH', `/api/admin/support/${second.id}`, { status: 'closed' })).statusCode).toBe(200);
    expect((await queue()).requests.map((r) => r.id)).not.toContain(second.id);
    expect((await queue('?status=closed')).requests.map((r) => r.id)).toContain(second.id);
    expect((await admin.call('PATCH', `/api/admin/support/${first.id}`, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await queue()).requests.map((r) => r.id)).toContain(first.id);
  });

  it('a reply and a status: saved with who and when, audited, and the shopper sees both under Previous requests', async () => {
    const { buyer, orderId, id } = await raise('Late.');
    const res = await admin.call('PATCH', `/api/admin/support/${id}`, { staff_reply: '  It ships tomorrow.  ', status: 'resolved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, message: ADMIN_OPS_MESSAGES.supportUpdated, data: { id, status: 'resolved', staff_reply: 'It ships tomorrow.', replied_at: clock.now().toISOString() } });
    const [row] = await t.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(row).toMatchObject({ replied_by: admin.id, status: 'resolved' });

    const seen = (await buyer.call('GET', `/api/order/support/${orderId}`)).json().data;
    expect(seen).toEqual([expect.objectContaining({ id, status: 'resolved', staff_reply: 'It ships tomorrow.', replied_at: clock.now().toISOString() })]);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entity_id, String(id)));
    expect(entry).toMatchObject({
      actor_id: admin.id,
      action: 'support_request.update',
      entity: 'support_request',
      before: { status: 'open', staff_reply: null, replied_at: null },
      after: { status: 'resolved', staff_reply: 'It ships tomorrow.' },
    });
    // The order's admin screen shows the request and its trail.
    const detail = (await admin.call('GET', `/api/admin/orders/${orderId}`)).json().data;
    expect(detail.support_request).toMatchObject({ id, staff_reply: 'It ships tomorrow.' });
    expect(detail.audit.map((e: { action: string }) => e.action)).toEqual(['support_request.update']);
  });

  it('a reply alone keeps the status', async () => {
    const { id } = await raise('Late.');
    expect((await admin.call('PATCH', `/api/admin/support/${id}`, { staff_reply: 'Looking.' })).json().data).toMatchObject({ status: 'open', staff_reply: 'Looking.' });
  });

  it.each([
    [{}, 'Invalid body: Please write a reply or choose a status.'],
    [{ staff_reply: '   ' }, 'Invalid body staff_reply: Please write a reply.'],
    [{ staff_reply: 'x'.repeat(2001) }, 'Invalid body staff_reply: Please keep the reply under 2000 characters.'],
    [{ staff_reply: 'a\u0000b' }, 'Invalid body staff_reply: The reply contains a character that cannot be saved.'],
    [{ status: 'done' }, 'Invalid body status: Please choose a valid status.'],
  ])('refuses %j with a message', async (body, message) => {
    const { id } = await raise('Late.');
    const res = await admin.call('PATCH', `/api/admin/support/${id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, message, data: null });
  });

  it('answers 404 for a missing request, and refuses a bad status filter', async () => {
    const res = await admin.call('PATCH', '/api/admin/support/2147483647', { status: 'closed' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.supportNotFound);
    expect((await admin.call('GET', '/api/admin/support?status=lost')).json().message).toBe('Invalid querystring status: Please choose a valid status.');
  });
});
