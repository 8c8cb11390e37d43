import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_OPS_MESSAGES } from '@ssd/shared/admin-ops';
import { auditLog, mailOutbox, orderLines, orders, refunds, sandboxPayments, sandboxRefunds } from '../src/db/schema';
import { PaymentProviderUnavailableError } from '../src/integrations/razorpay/errors';
import type { PaymentProvider, RefundRequest } from '../src/integrations/razorpay/types';
import { providerRefundRequest, recordProviderRefund, REFUND_KEY_NOTE } from '../src/modules/admin/orders/refund-records';
import { REFUND_CHECK_AFTER_MS, REFUND_MAX_CHECKS, startRefundSweeper, sweepPendingRefunds } from '../src/modules/admin/orders/refund-sweeper';
import { RazorpayClient } from '../src/integrations/razorpay/client';
import { openShop, type Shop, type Shopper } from './paid-orders';

/**
 * Durable return refunds (docs/decisions/0038): a pending refund is written before the provider is
 * asked, so a crash or a lost answer is finished by the refund sweeper, which finds the provider's
 * refund by our key; nothing is ever refunded twice.
 */

let shop: Shop;
let admin: Shopper;
let provider: PaymentProvider;
let realRefund: PaymentProvider['refundPayment'];
/** What the next refund call does: reach the provider, die before reaching it, or reach it and lose the answer. */
let fault: 'none' | 'crash-before' | 'lose-answer' | 'unreachable' = 'none';
let refundRequests: RefundRequest[] = [];

/** The sweeper's log, to see what it reports at error. */
const logged: Array<{ level: string; msg: string }> = [];
const log = {
  info: (_o: unknown, msg: string) => logged.push({ level: 'info', msg }),
  warn: (_o: unknown, msg: string) => logged.push({ level: 'warn', msg }),
  error: (_o: unknown, msg: string) => logged.push({ level: 'error', msg }),
} as unknown as FastifyBaseLogger;

beforeAll(async () => {
  shop = await openShop();
  admin = await shop.shopper(undefined, { role: 'ssd_admin' });
  provider = shop.peer.provider;
  realRefund = provider.refundPayment.bind(provider);
  // The app was built with this very provider object: its refund call is wrapped to inject the faults.
  provider.refundPayment = async (paymentId, input) => {
    refundRequests.push(input ?? {});
    if (fault === 'crash-before') throw new Error('the server died before the provider was asked');
    if (fault === 'unreachable') throw new PaymentProviderUnavailableError('POST /v1/payments/x/refund', 'no answer within 10000 ms');
    const made = await realRefund(paymentId, input);
    if (fault === 'lose-answer') throw new PaymentProviderUnavailableError('POST /v1/payments/x/refund', 'the connection was reset');
    return made;
  };
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

beforeEach(() => {
  fault = 'none';
  refundRequests = [];
  logged.length = 0;
});

const sweepCtx = () => ({ db: shop.db, now: shop.clock.now, payments: provider });
const sweep = () => sweepPendingRefunds(sweepCtx(), log);
/** Makes the order's pending refund (and its last check) older than the sweeper waits for. */
const age = (orderId: string) =>
  shop.db
    .update(refunds)
    .set({ updated_at: new Date(shop.clock.now().getTime() - REFUND_CHECK_AFTER_MS - 1_000) })
    .where(and(eq(refunds.order_id, orderId), eq(refunds.status, 'pending')));
const refundCall = (orderId: string) => admin.call('POST', `/api/admin/orders/${orderId}/refund`);

/** A paid order of two products, delivered, returned and received back by staff (both lines return_accepted). */
async function returnedOrder() {
  const buyer = await shop.shopper();
  const [a, b] = [await shop.createItem(), await shop.createItem({ pricePaise: 50_000 })];
  const placed = await buyer.placeOrder([
    [a.id, 1],
    [b.id, 2],
  ]);
  await shop.pay(placed);
  for (const status of ['packed', 'shipped', 'out_for_delivery', 'delivered']) {
    expect((await admin.call('POST', `/api/admin/orders/${placed.orderId}/status`, { status })).statusCode).toBe(200);
  }
  const asked = await buyer.call('POST', '/api/order/support', { order_id: placed.orderId, issue_type: 'return', message: 'Wrong colour.' });
  expect(asked.statusCode, asked.body).toBe(200);
  for (const status of ['return_request_accepted', 'return_accepted']) {
    expect((await admin.call('POST', `/api/admin/orders/${placed.orderId}/status`, { status })).statusCode).toBe(200);
  }
  return { buyer, orderId: placed.orderId };
}

async function stateOf(orderId: string) {
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await shop.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, order!.payment_id!));
  const lines = (await shop.db.select({ s: orderLines.item_status }).from(orderLines).where(eq(orderLines.order_id, orderId)).orderBy(orderLines.id)).map((l) => l.s);
  const rows = await shop.db.select().from(refunds).where(eq(refunds.order_id, orderId)).orderBy(refunds.created_at);
  const madeAtProvider = await shop.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.payment_id, order!.payment_id!));
  const audited = await shop.db.select().from(auditLog).where(and(eq(auditLog.entity_id, orderId), eq(auditLog.action, 'order.refund')));
  const mails = (await shop.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'item_status'))).filter(
    (m) => m.dedupe_key.startsWith(`item_status:${orderId}:`) && m.dedupe_key.endsWith(':refund_done'),
  );
  return { order: order!, payment: payment!, lines, rows, madeAtProvider, audited, mails };
}

/** Refunded exactly once and recorded exactly once: one provider refund, lines and order refund_done, one audit entry, a mail per line. */
async function expectRefundedOnce(orderId: string) {
  const state = await stateOf(orderId);
  expect(state.madeAtProvider).toHaveLength(1);
  expect(state.payment).toMatchObject({ status: 'refunded', amount_refunded: state.order.amount_paid_paise });
  expect(state.lines).toEqual(['refund_done', 'refund_done']);
  expect(state.order.status).toBe('refund_done');
  expect(state.audited).toHaveLength(1);
  expect(state.mails).toHaveLength(2);
  const done = state.rows.filter((row) => row.status === 'done');
  expect(done).toHaveLength(1);
  expect(done[0]).toMatchObject({ provider_refund_id: state.madeAtProvider[0]!.id, refunded_amount_paise: state.order.amount_paid_paise });
  expect(state.audited[0]!.after).toMatchObject({ refund_id: state.madeAtProvider[0]!.id, refund_key: done[0]!.id });
  return state;
}

describe('the refund call with a pending refund recorded first', () => {
  it('sends our refund key to the provider in the notes, as the receipt and as the idempotency key', async () => {
    const { orderId } = await returnedOrder();
    const res = await refundCall(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.refunded);
    const state = await expectRefundedOnce(orderId);
    const key = state.rows[0]!.id;
    expect(refundRequests).toEqual([{ notes: { order_id: orderId, reason: 'return', [REFUND_KEY_NOTE]: key }, receipt: key, idempotencyKey: key }]);
    expect(JSON.parse(state.madeAtProvider[0]!.notes)).toEqual({ order_id: orderId, reason: 'return', [REFUND_KEY_NOTE]: key });
    expect(state.madeAtProvider[0]!.receipt).toBe(key);
    expect(res.json().data.refunds).toEqual([
      { refund_id: state.madeAtProvider[0]!.id, amount: state.order.amount_paid_paise / 100, reason: 'return', created_at: expect.any(String), status: 'done', error: null },
    ]);
  });

  it('a crash after the claim, before the provider was asked, leaves it pending; the sweeper fails it after bounded checks and staff refund again, once', async () => {
    const { orderId } = await returnedOrder();
    fault = 'crash-before';
    const res = await refundCall(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.refundAwaitingProvider);
    let state = await stateOf(orderId);
    expect(state.rows).toMatchObject([{ status: 'pending', attempts: 0, line_ids: expect.any(Array), amount_paise: null }]);
    expect(state.lines).toEqual(['return_accepted', 'return_accepted']);
    expect(res.json().data.refunds).toEqual([
      { refund_id: state.rows[0]!.id, amount: null, reason: 'return', created_at: expect.any(String), status: 'pending', error: null },
    ]);

    // A pending refund younger than a minute is left alone.
    expect(await sweep()).toEqual({ recorded: 0, failed: 0, waiting: 0 });
    for (let check = 1; check < REFUND_MAX_CHECKS; check++) {
      await age(orderId);
      expect(await sweep()).toEqual({ recorded: 0, failed: 0, waiting: 1 });
      expect((await stateOf(orderId)).rows[0]).toMatchObject({ status: 'pending', attempts: check });
    }
    await age(orderId);
    expect(await sweep()).toEqual({ recorded: 0, failed: 1, waiting: 0 });
    state = await stateOf(orderId);
    expect(state.rows[0]).toMatchObject({ status: 'failed', attempts: REFUND_MAX_CHECKS, last_error: ADMIN_OPS_MESSAGES.refundUnknownToProvider(REFUND_MAX_CHECKS) });
    expect(state.lines).toEqual(['return_accepted', 'return_accepted']);
    expect(state.madeAtProvider).toHaveLength(0);
    expect(logged).toContainEqual({ level: 'error', msg: expect.stringContaining('failed') });
    // Staff see it on the order.
    const detail = (await admin.call('GET', `/api/admin/orders/${orderId}`)).json().data;
    expect(detail.refunds).toEqual([expect.objectContaining({ status: 'failed', error: ADMIN_OPS_MESSAGES.refundUnknownToProvider(REFUND_MAX_CHECKS) })]);

    fault = 'none';
    const again = await refundCall(orderId);
    expect(again.json().message).toBe(ADMIN_OPS_MESSAGES.refunded);
    await expectRefundedOnce(orderId);
  });

  it('a provider that refunded but whose answer was lost: found by our key by the sweeper and recorded once; a call meanwhile is told it is in progress', async () => {
    const { orderId } = await returnedOrder();
    fault = 'lose-answer';
    const res = await refundCall(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.refundAwaitingProvider);
    expect((await stateOf(orderId)).lines).toEqual(['return_accepted', 'return_accepted']);

    fault = 'none';
    const meanwhile = await refundCall(orderId);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe(ADMIN_OPS_MESSAGES.refundInProgress);
    expect(refundRequests).toHaveLength(1); // the provider was not asked again

    await age(orderId);
    // Two servers sweeping at once: one takes the refund (it moves updated_at first), the other leaves it.
    const [one, other] = await Promise.all([sweep(), sweep()]);
    expect(one.recorded + other.recorded).toBe(1);
    expect(one.failed + other.failed + one.waiting + other.waiting).toBe(0);
    await expectRefundedOnce(orderId);
    // Sweeping again, and calling again, change nothing.
    await shop.db.update(refunds).set({ updated_at: new Date(0) }).where(eq(refunds.order_id, orderId));
    expect(await sweep()).toEqual({ recorded: 0, failed: 0, waiting: 0 });
    const after = await refundCall(orderId);
    expect(after.json().message).toBe(ADMIN_OPS_MESSAGES.alreadyRefunded);
    await expectRefundedOnce(orderId);
  });

  it('a server that died after the provider refunded (a pending row, the refund made) is finished by the sweeper without a second refund', async () => {
    const { orderId } = await returnedOrder();
    const { order } = await stateOf(orderId);
    const lines = await shop.db.select().from(orderLines).where(eq(orderLines.order_id, orderId));
    const at = new Date(shop.clock.now().getTime() - 5 * 60_000);
    const [row] = await shop.db
      .insert(refunds)
      .values({ order_id: orderId, line_ids: lines.map((l) => l.id), amount_paise: null, payment_id: order.payment_id!, actor_id: admin.id, created_at: at, updated_at: at })
      .returning();
    const made = await realRefund(order.payment_id!, providerRefundRequest(row!));

    expect(await sweep()).toEqual({ recorded: 1, failed: 0, waiting: 0 });
    await expectRefundedOnce(orderId);
    expect(refundRequests).toHaveLength(0);
    // Recording the same provider refund again (the call and the sweeper both got it) records nothing.
    expect(await recordProviderRefund(shop.db, row!.id, made, shop.clock.now())).toBe(false);
    await expectRefundedOnce(orderId);
  });

  it('the provider unreachable while the sweeper checks: still pending, the reason noted, not counted', async () => {
    const { orderId } = await returnedOrder();
    fault = 'unreachable';
    expect((await refundCall(orderId)).json().message).toBe(ADMIN_OPS_MESSAGES.refundAwaitingProvider);
    const fetchRefunds = provider.fetchPaymentRefunds;
    provider.fetchPaymentRefunds = async () => {
      throw new PaymentProviderUnavailableError('GET /v1/payments/x/refunds', 'answered 503');
    };
    try {
      await age(orderId);
      expect(await sweep()).toEqual({ recorded: 0, failed: 0, waiting: 1 });
    } finally {
      provider.fetchPaymentRefunds = fetchRefunds;
    }
    expect((await stateOf(orderId)).rows[0]).toMatchObject({ status: 'pending', attempts: 0, last_error: expect.stringContaining('answered 503') });
  });

  it('a provider refusal marks the refund failed with its reason and leaves the items return_accepted to try again', async () => {
    const { orderId } = await returnedOrder();
    const { order } = await stateOf(orderId);
    await shop.db.update(sandboxPayments).set({ status: 'refunded', amount_refunded: order.amount_paid_paise }).where(eq(sandboxPayments.id, order.payment_id!));
    const res = await refundCall(orderId);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(ADMIN_OPS_MESSAGES.refundFailed);
    const state = await stateOf(orderId);
    const reason = ADMIN_OPS_MESSAGES.refundRefusedByProvider('The payment has been fully refunded already');
    expect(state.rows).toMatchObject([{ status: 'failed', last_error: reason }]);
    expect(state.lines).toEqual(['return_accepted', 'return_accepted']);
    const detail = (await admin.call('GET', `/api/admin/orders/${orderId}`)).json().data;
    expect(detail.refunds).toEqual([expect.objectContaining({ status: 'failed', error: reason, reason: 'return' })]);
    // Not pending, so the sweeper leaves it; staff may ask again (another refusal here, another failed row).
    await shop.db.update(refunds).set({ updated_at: new Date(0) }).where(eq(refunds.order_id, orderId));
    expect(await sweep()).toEqual({ recorded: 0, failed: 0, waiting: 0 });
    expect((await refundCall(orderId)).statusCode).toBe(502);
    expect((await stateOf(orderId)).rows.map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it('a refusal while the sweeper checks marks the pending refund failed', async () => {
    const { orderId } = await returnedOrder();
    fault = 'crash-before';
    await refundCall(orderId);
    await shop.db.update(refunds).set({ payment_id: 'pay_ZZZZZZZZZZZZZZ' }).where(eq(refunds.order_id, orderId));
    await age(orderId);
    expect(await sweep()).toEqual({ recorded: 0, failed: 1, waiting: 0 });
    expect((await stateOf(orderId)).rows[0]).toMatchObject({ status: 'failed', last_error: ADMIN_OPS_MESSAGES.refundRefusedByProvider('The id provided does not exist') });
  });

  it('concurrent refund calls refund once', async () => {
    const { orderId } = await returnedOrder();
    const answers = await Promise.all([refundCall(orderId), refundCall(orderId), refundCall(orderId)]);
    const messages = answers.map((a) => a.json().message as string);
    expect(messages.filter((m) => m === ADMIN_OPS_MESSAGES.refunded)).toHaveLength(1);
    for (const m of messages.filter((m) => m !== ADMIN_OPS_MESSAGES.refunded)) {
      expect([ADMIN_OPS_MESSAGES.refundInProgress, ADMIN_OPS_MESSAGES.alreadyRefunded]).toContain(m);
    }
    expect(refundRequests).toHaveLength(1);
    await expectRefundedOnce(orderId);
  });

  it('at most one pending refund per order, whatever writes it', async () => {
    const { orderId } = await returnedOrder();
    fault = 'crash-before';
    await refundCall(orderId);
    const { order } = await stateOf(orderId);
    const now = shop.clock.now();
    await expect(
      shop.db.insert(refunds).values({ order_id: orderId, line_ids: [1], payment_id: order.payment_id!, actor_id: admin.id, created_at: now, updated_at: now }),
    ).rejects.toThrow();
  });
});

describe('the running refund sweeper', () => {
  it('sweeps once as it starts (as the checkout sweeper does), finishing a refund whose answer was lost', async () => {
    const { orderId } = await returnedOrder();
    fault = 'lose-answer';
    expect((await refundCall(orderId)).json().message).toBe(ADMIN_OPS_MESSAGES.refundAwaitingProvider);
    await age(orderId);
    const stop = startRefundSweeper(sweepCtx(), log);
    try {
      await expect.poll(async () => (await stateOf(orderId)).rows[0]?.status, { timeout: 5_000 }).toBe('done');
    } finally {
      stop();
    }
    await expectRefundedOnce(orderId);
  });
});

describe("the Razorpay client's refund calls", () => {
  it('sends our key as X-Refund-Idempotency (not in the body) and lists up to 100 refunds of a payment', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const refund = { id: 'rfnd_1', entity: 'refund', amount: 100, currency: 'INR', payment_id: 'pay_1', notes: { refund_key: 'key-123456' }, receipt: 'key-123456', status: 'processed', created_at: 1 };
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      const body = init?.method === 'POST' ? refund : { entity: 'collection', count: 1, items: [refund] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const client = new RazorpayClient({ baseUrl: 'http://razorpay.invalid', keyId: 'rzp_test_k', keySecret: 's', fetch: fakeFetch });
    const made = await client.refundPayment('pay_1', { amount: 100, notes: { refund_key: 'key-123456' }, receipt: 'key-123456', idempotencyKey: 'key-123456' });
    expect(made).toMatchObject({ id: 'rfnd_1', notes: { refund_key: 'key-123456' }, receipt: 'key-123456' });
    expect(calls[0]!.url).toBe('http://razorpay.invalid/v1/payments/pay_1/refund');
    expect(new Headers(calls[0]!.init.headers).get('x-refund-idempotency')).toBe('key-123456');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ amount: 100, notes: { refund_key: 'key-123456' }, receipt: 'key-123456' });
    expect(await client.fetchPaymentRefunds('pay_1')).toEqual([made]);
    expect(calls[1]).toMatchObject({ url: 'http://razorpay.invalid/v1/payments/pay_1/refunds?count=100', init: { method: 'GET' } });
  });
});

describe("the sandbox's refunds of a payment (GET /v1/payments/{id}/refunds)", () => {
  it('lists them with their notes and receipt, honouring count', async () => {
    const { orderId } = await returnedOrder();
    const { order } = await stateOf(orderId);
    const paymentId = order.payment_id!;
    expect(await provider.fetchPaymentRefunds(paymentId)).toEqual([]);
    const first = await realRefund(paymentId, { amount: 10_000, notes: { refund_key: 'first-key-1' }, receipt: 'first-key-1' });
    const second = await realRefund(paymentId, { amount: 10_000 });
    // Both made within the same second here: newest first can not tell them apart.
    const listed = await provider.fetchPaymentRefunds(paymentId);
    expect(listed.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(listed.find((r) => r.id === first.id)).toMatchObject({ notes: { refund_key: 'first-key-1' }, receipt: 'first-key-1', amount: 10_000, status: 'processed', payment_id: paymentId });
    expect(listed.find((r) => r.id === second.id)).toMatchObject({ notes: {}, receipt: null });
    const one = await shop.peer.rest('GET', `/payments/${paymentId}/refunds?count=1`);
    expect(one.body).toMatchObject({ entity: 'collection', count: 1, items: [{ id: expect.stringMatching(/^rfnd_/) }] });
    expect((await shop.peer.rest('GET', `/payments/${paymentId}/refunds?count=101`)).status).toBe(400);
    expect((await shop.peer.rest('GET', '/payments/pay_ZZZZZZZZZZZZZZ/refunds')).body).toMatchObject({ error: { description: 'The id provided does not exist' } });
  });
});
