import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_OPS_MESSAGES } from '@ssd/shared/admin-ops';
import { ORDERS_MESSAGES } from '@ssd/shared/orders';
import { orderStatusLabel } from '@ssd/shared/status';
import { auditLog, mailOutbox, orderLines, supportRequests } from '../src/db/schema';
import { renderItemStatusMail } from '../src/modules/order-mail/item-status-mail';
import { openShop, type Shop, type Shopper } from './paid-orders';

/**
 * Declining a return request (docs/decisions/0036): only from return_requested, back to delivered, the
 * shopper mailed with the reason, the support request answered and resolved, everything audited.
 */

let shop: Shop;
let admin: Shopper;
const REASON = 'The item has been used.';

beforeAll(async () => {
  shop = await openShop();
  admin = await shop.shopper(undefined, { role: 'ssd_admin' });
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

const setStatus = (orderId: string, status: string) => admin.call('POST', `/api/admin/orders/${orderId}/status`, { status });
const decline = (orderId: string, body: object = { reason: REASON }) => admin.call('POST', `/api/admin/orders/${orderId}/decline-return`, body);
const lineStatuses = async (orderId: string) =>
  (await shop.db.select({ s: orderLines.item_status }).from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(orderLines.id)).map((l) => l.s);

/** A paid order of two products, delivered, whose shopper asked to return it. */
async function returnRequestedOrder() {
  const buyer = await shop.shopper();
  const placed = await buyer.placeOrder([
    [(await shop.createItem()).id, 1],
    [(await shop.createItem()).id, 2],
  ]);
  await shop.pay(placed);
  for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) expect((await setStatus(placed.orderId, status)).statusCode).toBe(200);
  const asked = await buyer.call('POST', '/api/order/support', { order_id: placed.orderId, issue_type: 'return', message: 'Wrong colour.' });
  expect(asked.statusCode, asked.body).toBe(200);
  return { buyer, orderId: placed.orderId };
}

describe('POST /api/admin/orders/{id}/decline-return', () => {
  it('puts the items back to delivered, mails the reason, answers and resolves the support request, and audits it', async () => {
    const { buyer, orderId } = await returnRequestedOrder();
    const res = await decline(orderId, { reason: `  ${REASON}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.returnDeclined);
    expect(res.json().data.status).toBe('delivered');
    expect(await lineStatuses(orderId)).toEqual(['delivered', 'delivered']);

    // The shopper sees delivered again, and staff's reply under Previous requests, resolved.
    expect((await buyer.call('GET', `/api/order/details/${orderId}`)).json().data.order_status).toBe('delivered');
    const [request] = (await buyer.call('GET', `/api/order/support/${orderId}`)).json().data;
    expect(request).toMatchObject({ status: 'resolved', staff_reply: `Your return request was declined: ${REASON}`, replied_at: expect.any(String) });
    const [row] = await shop.db.select().from(supportRequests).where(eq(supportRequests.order_id, orderId));
    expect(row!.replied_by).toBe(admin.id);

    // One mail per item, saying it was declined and why, besides the item's first "delivered" mail.
    const mails = await shop.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `item_status:${orderId}:%:delivered:return_declined:%`));
    expect(mails).toHaveLength(2);
    const mail = await renderItemStatusMail(shop.db, mails[0]!);
    expect(mail.subject).toMatch(/: .+ — Return request declined$/);
    expect(mail.text).toContain(`We have declined the return request for an item of your order ${orderId}.`);
    expect(mail.text).toContain(`Reason: ${REASON}`);
    expect(mail.text).toContain(`Status: ${orderStatusLabel('delivered')} (`);

    // Audited: the order's move with the reason, and the support request's reply.
    const [moved] = await shop.db.select().from(auditLog).where(and(eq(auditLog.entity_id, orderId), eq(auditLog.action, 'order.return.declined')));
    expect(moved).toMatchObject({
      actor_id: admin.id,
      before: { status: 'return_requested' },
      after: { status: 'delivered', reason: REASON },
    });
    const [replied] = await shop.db.select().from(auditLog).where(and(eq(auditLog.entity, 'support_request'), eq(auditLog.entity_id, String(row!.id))));
    expect(replied).toMatchObject({ actor_id: admin.id, before: { status: 'open', staff_reply: null }, after: { status: 'resolved' } });

    // One request per order (spec 3 §4): the shopper cannot ask again.
    const again = await buyer.call('POST', '/api/order/support', { order_id: orderId, issue_type: 'return', message: 'Please.' });
    expect(again.json().message).toBe(ORDERS_MESSAGES.supportExists);
    expect(await lineStatuses(orderId)).toEqual(['delivered', 'delivered']);
  });

  it('is refused with 409 unless an item is in return_requested, and nothing changes', async () => {
    const { orderId } = await returnRequestedOrder();
    expect((await setStatus(orderId, 'return_request_accepted')).statusCode).toBe(200);
    const res = await decline(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 0, message: ADMIN_OPS_MESSAGES.nothingToDecline, data: null });
    expect(await lineStatuses(orderId)).toEqual(['return_request_accepted', 'return_request_accepted']);
    const [row] = await shop.db.select().from(supportRequests).where(eq(supportRequests.order_id, orderId));
    expect(row).toMatchObject({ status: 'open', staff_reply: null });
    expect(await shop.db.select().from(auditLog).where(and(eq(auditLog.entity_id, orderId), eq(auditLog.action, 'order.return.declined')))).toEqual([]);
  });

  it('refuses a missing or blank reason, and an unknown order', async () => {
    const { orderId } = await returnRequestedOrder();
    for (const body of [{}, { reason: '   ' }]) {
      const res = await decline(orderId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid body reason: Please give a reason for declining.');
    }
    const long = await decline(orderId, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Invalid body reason: Please keep the reason under 500 characters.');
    expect(await lineStatuses(orderId)).toEqual(['return_requested', 'return_requested']);
    const missing = await decline('SSD-ZZZZZZZZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_OPS_MESSAGES.orderNotFound);
  });
});
