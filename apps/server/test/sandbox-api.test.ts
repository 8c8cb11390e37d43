/**
 * The production adapter against the built-in sandbox over real HTTP: Orders, payments through the
 * checkout's Success and Failure, signatures, refunds, and Razorpay's error shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { PaymentProviderUnavailableError, RazorpayError } from '../src/integrations/razorpay/errors';
import { RazorpayClient } from '../src/integrations/razorpay/client';
import { freshDatabase } from './helper';
import { startSandboxPeer, type SandboxPeer } from './sandbox-peer';

const ORDER_ID = /^order_[0-9A-Za-z]{14}$/;
const PAYMENT_ID = /^pay_[0-9A-Za-z]{14}$/;
const REFUND_ID = /^rfnd_[0-9A-Za-z]{14}$/;

let database: DatabaseHandle;
let peer: SandboxPeer;
/** Started before and after, so the timestamps can be bounded. */
let startedAt: number;

beforeAll(async () => {
  database = await freshDatabase();
  peer = await startSandboxPeer(database.db);
  startedAt = Math.floor(Date.now() / 1000);
});

afterAll(async () => {
  await peer?.close();
  await database?.close();
});

async function newOrder(amount = 125_050, notes: Record<string, string> = { order_id: 'ord-1' }) {
  return peer.provider.createOrder({ amount, currency: 'INR', receipt: `rcpt-${Math.random().toString(36).slice(2, 10)}`, notes });
}

/** The payment id in the error object a Failure answers. */
function failedPaymentId(body: Record<string, unknown>): string {
  const id = ((body.error as Record<string, unknown>).metadata as Record<string, string>).payment_id;
  if (!id) throw new Error('no payment id in the failure');
  return id;
}

async function refusal(promise: Promise<unknown>): Promise<RazorpayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RazorpayError);
  return error as RazorpayError;
}

describe('orders', () => {
  it('creates an order in Razorpay’s shape and fetches it back', async () => {
    const created = await peer.provider.createOrder({ amount: 125_050, currency: 'INR', receipt: 'SSD-2024-0001', notes: { order_id: 'SSD-2024-0001', city: 'Jaipur' } });
    expect(created).toEqual({
      id: expect.stringMatching(ORDER_ID),
      entity: 'order',
      amount: 125_050,
      amount_paid: 0,
      amount_due: 125_050,
      currency: 'INR',
      receipt: 'SSD-2024-0001',
      status: 'created',
      attempts: 0,
      notes: { order_id: 'SSD-2024-0001', city: 'Jaipur' },
      created_at: expect.any(Number),
    });
    expect(created.created_at).toBeGreaterThanOrEqual(startedAt - 1);
    expect(created.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(await peer.provider.fetchOrder(created.id)).toEqual(created);
  });

  it('answers empty notes as [] like Razorpay, and the adapter reads them as {}', async () => {
    const created = await newOrder(10_000, {});
    const raw = await peer.rest('GET', `/orders/${created.id}`);
    expect(raw.status).toBe(200);
    expect(raw.body.notes).toEqual([]);
    expect(created.notes).toEqual({});
  });

  it('gives every order its own id', async () => {
    const ids = new Set((await Promise.all([1, 2, 3, 4, 5].map(() => newOrder()))).map((o) => o.id));
    expect(ids.size).toBe(5);
  });

  it.each([
    [{ amount: 99, currency: 'INR' }, 'amount', 'The amount must be at least INR 1.00'],
    [{ amount: 100.5, currency: 'INR' }, 'amount', 'The amount must be an integer.'],
    [{ currency: 'INR' }, 'amount', 'The amount field is required.'],
    [{ amount: 5000, currency: 'USD' }, 'currency', 'Currency is not supported'],
    [{ amount: 5000 }, 'currency', 'The currency field is required.'],
    [{ amount: 5000, currency: 'INR', receipt: 'r'.repeat(41) }, 'receipt', 'The receipt may not be greater than 40 characters.'],
    [{ amount: 5000, currency: 'INR', notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) }, 'notes', 'Number of notes may not be greater than 15.'],
    [{ amount: 5000, currency: 'INR', notes: { k: 'v'.repeat(257) } }, 'notes', 'Notes keys and values may not be greater than 256 characters.'],
    [{ amount: 5000, currency: 'INR', colour: 'gold' }, 'colour', 'colour is/are not required and should not be sent'],
  ])('refuses %j with a 400 BAD_REQUEST_ERROR naming %s', async (body, field, description) => {
    const raw = await peer.rest('POST', '/orders', body);
    expect(raw.status).toBe(400);
    expect(raw.body).toEqual({
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field },
    });
    // The adapter turns the same answer into a RazorpayError.
    const error = await refusal(peer.provider.createOrder(body as never));
    expect({ status: error.status, code: error.code, field: error.field, description: error.description }).toEqual({ status: 400, code: 'BAD_REQUEST_ERROR', field, description });
  });

  it('takes a receipt of exactly 40 characters and 15 notes', async () => {
    const notes = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, `v${i}`]));
    const order = await peer.provider.createOrder({ amount: 100, currency: 'INR', receipt: 'r'.repeat(40), notes });
    expect(order.receipt).toBe('r'.repeat(40));
    expect(order.notes).toEqual(notes);
  });

  it('refuses an unknown order id', async () => {
    const raw = await peer.rest('GET', '/orders/order_ZZZZZZZZZZZZZZ');
    expect(raw.status).toBe(400);
    expect((raw.body.error as Record<string, unknown>).description).toBe('The id provided does not exist');
    const error = await refusal(peer.provider.fetchOrder('order_ZZZZZZZZZZZZZZ'));
    expect(error.status).toBe(400);
    await refusal(peer.provider.fetchOrderPayments('order_ZZZZZZZZZZZZZZ'));
    await refusal(peer.provider.fetchPayment('pay_ZZZZZZZZZZZZZZ'));
  });
});

describe('authentication', () => {
  const authFailed = { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } };

  it('answers 401 in Razorpay’s shape without keys, with a wrong secret or a wrong key id', async () => {
    const wrongSecret = `Basic ${Buffer.from(`${peer.credentials.keyId}:not-the-secret`).toString('base64')}`;
    const wrongId = `Basic ${Buffer.from(`rzp_test_AAAAAAAAAAAAAA:${peer.credentials.keySecret}`).toString('base64')}`;
    for (const auth of [null, wrongSecret, wrongId, 'Bearer abc', 'Basic !!!']) {
      const raw = await peer.rest('POST', '/orders', { amount: 5000, currency: 'INR' }, auth);
      expect(raw.status, String(auth)).toBe(401);
      expect(raw.body).toEqual(authFailed);
    }
  });

  it('is a RazorpayError with status 401 for the adapter’s client, and no secret in its message', async () => {
    const client = new RazorpayClient({ baseUrl: peer.baseUrl, keyId: peer.credentials.keyId, keySecret: 'wrong-secret-value' });
    const error = await refusal(client.fetchOrder('order_ZZZZZZZZZZZZZZ'));
    expect(error.status).toBe(401);
    expect(error.description).toBe('Authentication failed');
    expect(error.message).not.toContain('wrong-secret-value');
    expect(error.message).not.toContain(peer.credentials.keySecret);
  });
});

describe('payments through the checkout', () => {
  it('Success captures a card payment, pays the order and answers a signature the adapter accepts', async () => {
    const order = await newOrder(249_900);
    const { status, body } = await peer.pay(order.id, 'success', { notes: { shopper: 'Asha' } });
    expect(status).toBe(200);
    expect(body).toEqual({ razorpay_payment_id: expect.stringMatching(PAYMENT_ID), razorpay_order_id: order.id, razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const paymentId = body.razorpay_payment_id as string;
    const signature = body.razorpay_signature as string;

    expect(peer.provider.isValidPaymentSignature({ orderId: order.id, paymentId, signature })).toBe(true);
    // Forged: one digit changed, another order's id, another payment's id, or the order id the browser claims.
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(peer.provider.isValidPaymentSignature({ orderId: order.id, paymentId, signature: flipped })).toBe(false);
    const other = await newOrder();
    expect(peer.provider.isValidPaymentSignature({ orderId: other.id, paymentId, signature })).toBe(false);
    expect(peer.provider.isValidPaymentSignature({ orderId: order.id, paymentId: 'pay_AAAAAAAAAAAAAA', signature })).toBe(false);

    const payment = await peer.provider.fetchPayment(paymentId);
    expect(payment).toEqual({
      id: paymentId,
      entity: 'payment',
      amount: 249_900,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: 'card',
      captured: true,
      amount_refunded: 0,
      error_code: null,
      error_description: null,
      notes: { shopper: 'Asha' },
      created_at: expect.any(Number),
    });
    expect(await peer.provider.fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 249_900, amount_due: 0, attempts: 1 });
  });

  it('Failure records a failed payment, leaves the order attempted and answers the error Standard Checkout hands payment.failed', async () => {
    const order = await newOrder(50_000);
    const { status, body } = await peer.pay(order.id, 'failure');
    expect(status).toBe(200);
    const paymentId = failedPaymentId(body);
    expect(paymentId).toMatch(PAYMENT_ID);
    expect(body).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: paymentId },
      },
    });
    expect(await peer.provider.fetchPayment(paymentId)).toMatchObject({
      status: 'failed',
      captured: false,
      order_id: order.id,
      amount: 50_000,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
    });
    expect(await peer.provider.fetchOrder(order.id)).toMatchObject({ status: 'attempted', amount_paid: 0, amount_due: 50_000, attempts: 1 });
  });

  it('a Success after a Failure on the same order pays it, and the order lists both attempts', async () => {
    const order = await newOrder(75_000);
    const failed = await peer.pay(order.id, 'failure');
    const failedId = failedPaymentId(failed.body);
    const failedAgainId = failedPaymentId((await peer.pay(order.id, 'failure')).body);
    const paid = await peer.pay(order.id, 'success');
    expect(paid.status).toBe(200);
    const paidId = paid.body.razorpay_payment_id as string;

    expect(await peer.provider.fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 75_000, amount_due: 0, attempts: 3 });
    const payments = await peer.provider.fetchOrderPayments(order.id);
    expect(payments.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [failedId, 'failed'],
        [failedAgainId, 'failed'],
        [paidId, 'captured'],
      ].sort(),
    );
    expect(payments.every((p) => p.order_id === order.id && p.entity === 'payment')).toBe(true);
  });

  it('an order with no attempts lists no payments', async () => {
    const order = await newOrder();
    expect(await peer.provider.fetchOrderPayments(order.id)).toEqual([]);
    const raw = await peer.rest('GET', `/orders/${order.id}/payments`);
    expect(raw.body).toEqual({ entity: 'collection', count: 0, items: [] });
  });

  it('a paid order takes no further payment', async () => {
    const order = await newOrder();
    expect((await peer.pay(order.id, 'success')).status).toBe(200);
    for (const outcome of ['success', 'failure'] as const) {
      const again = await peer.pay(order.id, outcome);
      expect(again.status).toBe(400);
      expect(again.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'Order has been already paid', field: 'order_id' });
    }
    expect(await peer.provider.fetchOrderPayments(order.id)).toHaveLength(1);
  });

  it('refuses an unknown key, an unknown order and a bad outcome with a clear error', async () => {
    const order = await newOrder();
    const wrongKey = await peer.pay(order.id, 'success', { key: 'rzp_test_AAAAAAAAAAAAAA' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.error).toMatchObject({ description: 'The api key provided is invalid', field: 'key' });
    const unknown = await peer.pay('order_ZZZZZZZZZZZZZZ', 'success');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ description: 'The id provided does not exist', field: 'order_id' });
    const odd = await peer.pay(order.id, 'maybe' as never);
    expect(odd.status).toBe(400);
    expect(odd.body.error).toMatchObject({ field: 'outcome' });
    expect(await peer.provider.fetchOrder(order.id)).toMatchObject({ status: 'created', attempts: 0 });
  });

  it('the dialog’s order lookup answers the amount due, or why the order cannot be paid', async () => {
    const order = await newOrder(123_456);
    const lookup = await fetch(`${peer.baseUrl}/checkout/orders/${order.id}?key_id=${peer.credentials.keyId}`);
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toEqual({ id: order.id, amount: 123_456, amount_due: 123_456, currency: 'INR', status: 'created' });
    const wrongKey = await fetch(`${peer.baseUrl}/checkout/orders/${order.id}?key_id=rzp_test_nope`);
    expect(wrongKey.status).toBe(401);
    const unknown = await fetch(`${peer.baseUrl}/checkout/orders/order_ZZZZZZZZZZZZZZ?key_id=${peer.credentials.keyId}`);
    expect(unknown.status).toBe(400);
  });
});

describe('refunds', () => {
  async function capturedPayment(amount: number): Promise<string> {
    const order = await newOrder(amount);
    const paid = await peer.pay(order.id, 'success');
    return paid.body.razorpay_payment_id as string;
  }

  it('refunds part, then the rest; the payment turns refunded once nothing is left', async () => {
    const paymentId = await capturedPayment(50_000);
    const part = await peer.provider.refundPayment(paymentId, { amount: 20_000, notes: { reason: 'one saree returned' } });
    expect(part).toEqual({
      id: expect.stringMatching(REFUND_ID),
      entity: 'refund',
      amount: 20_000,
      currency: 'INR',
      payment_id: paymentId,
      notes: { reason: 'one saree returned' },
      receipt: null,
      status: 'processed',
      created_at: expect.any(Number),
    });
    expect(await peer.provider.fetchPayment(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 20_000 });

    const rest = await peer.provider.refundPayment(paymentId);
    expect(rest).toMatchObject({ amount: 30_000, payment_id: paymentId, status: 'processed' });
    expect(rest.id).not.toBe(part.id);
    expect(await peer.provider.fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 50_000, captured: true });

    const again = await refusal(peer.provider.refundPayment(paymentId));
    expect(again).toMatchObject({ status: 400, description: 'The payment has been fully refunded already' });
  });

  it('refunds all at once when no amount is given', async () => {
    const paymentId = await capturedPayment(12_345);
    expect(await peer.provider.refundPayment(paymentId)).toMatchObject({ amount: 12_345 });
    expect(await peer.provider.fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 12_345 });
  });

  it('refuses more than is left, less than a rupee, and payments that were not captured', async () => {
    const paymentId = await capturedPayment(10_000);
    expect(await refusal(peer.provider.refundPayment(paymentId, { amount: 10_001 }))).toMatchObject({ status: 400, field: 'amount' });
    expect(await refusal(peer.provider.refundPayment(paymentId, { amount: 50 }))).toMatchObject({ status: 400, field: 'amount' });
    expect(await peer.provider.fetchPayment(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 0 });

    const order = await newOrder();
    const failed = await peer.pay(order.id, 'failure');
    const failedId = failedPaymentId(failed.body);
    expect(await refusal(peer.provider.refundPayment(failedId))).toMatchObject({ status: 400, description: 'Only payments which have been captured can be refunded' });
    expect(await refusal(peer.provider.refundPayment('pay_ZZZZZZZZZZZZZZ'))).toMatchObject({ status: 400, description: 'The id provided does not exist' });
  });
});

describe('several servers, one provider', () => {
  it('an order made through one sandbox server is paid through another, and only once', async () => {
    const second = await startSandboxPeer(database.db);
    try {
      const order = await peer.provider.createOrder({ amount: 40_000, currency: 'INR', receipt: 'multi', notes: {} });
      const [a, b] = await Promise.all([peer.pay(order.id, 'success'), second.pay(order.id, 'success')]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      expect(await second.provider.fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 40_000, attempts: 1 });
      const payments = await peer.provider.fetchOrderPayments(order.id);
      expect(payments.map((p) => p.status)).toEqual(['captured']);
    } finally {
      await second.close();
    }
  });

  it('keeps the same generated keys for every server on the database', async () => {
    const second = await startSandboxPeer(database.db);
    try {
      expect(second.credentials).toEqual(peer.credentials);
      expect(peer.credentials.keyId).toMatch(/^rzp_test_[0-9A-Za-z]{14}$/);
      expect(second.provider.keyId).toBe(peer.credentials.keyId);
    } finally {
      await second.close();
    }
  });
});

describe('timestamps', () => {
  it('are unix seconds from the sandbox’s clock', async () => {
    const at = new Date('2024-10-31T18:30:05.900Z');
    const clocked = await startSandboxPeer(database.db, { now: () => at });
    try {
      const order = await clocked.provider.createOrder({ amount: 1000, currency: 'INR', receipt: 'clock', notes: {} });
      expect(order.created_at).toBe(1730399405);
      const paid = await clocked.pay(order.id, 'success');
      expect((await clocked.provider.fetchPayment(paid.body.razorpay_payment_id as string)).created_at).toBe(1730399405);
      expect((await clocked.provider.refundPayment(paid.body.razorpay_payment_id as string)).created_at).toBe(1730399405);
    } finally {
      await clocked.close();
    }
  });
});

describe('an unreachable sandbox', () => {
  it('is PaymentProviderUnavailableError, not a RazorpayError', async () => {
    const closed = await startSandboxPeer(database.db);
    await closed.close();
    const error = await closed.provider.fetchOrder('order_ZZZZZZZZZZZZZZ').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
  });
});
