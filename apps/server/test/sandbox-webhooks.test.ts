/**
 * The sandbox's webhooks over real HTTP to a receiver standing in for the store's endpoint: signed over
 * the exact raw body, one event id per event, retried after a failure, held when told to.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { parseWebhookEvent } from '../src/integrations/razorpay/entities';
import { isValidWebhookSignature } from '../src/integrations/razorpay/signatures';
import { httpWebhookDelivery, type WebhookMode } from '../src/sandbox/webhooks';
import { freshDatabase } from './helper';
import { eventually, startSandboxPeer, type SandboxPeer } from './sandbox-peer';

interface Received {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A webhook endpoint that keeps each delivery's raw body and headers and answers what `answer` says. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { answer: (_delivery: Received, _seen: number): number | Promise<number> => 200 };
  const app: FastifyInstance = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post('/api/payment/webhook', async (request, reply) => {
    const delivery = { rawBody: request.body as string, headers: request.headers };
    received.push(delivery);
    const seen = received.filter((r) => r.headers['x-razorpay-event-id'] === delivery.headers['x-razorpay-event-id']).length;
    return reply.status(await state.answer(delivery, seen)).send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/payment/webhook`;
  return { url, received, state, close: () => app.close() };
}

let database: DatabaseHandle;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let peer: SandboxPeer;
const holdOrders = new Set<string>();

beforeAll(async () => {
  database = await freshDatabase();
  receiver = await startReceiver();
  peer = await startSandboxPeer(database.db, {
    deliverWebhook: httpWebhookDelivery(receiver.url, { timeoutMs: 2000 }),
    webhookRetryDelaysMs: [30, 60],
    webhooks: (event): WebhookMode => (holdOrders.has(event.payload.payment.entity.order_id) ? 'hold' : 'deliver'),
  });
});

afterAll(async () => {
  await peer?.close();
  await receiver?.close();
  await database?.close();
});

/** A delivered event as the receiver parsed it. */
interface EventBody {
  entity: string;
  account_id: string;
  event: string;
  contains: string[];
  created_at: number;
  payload: { payment: { entity: Record<string, unknown> & { id: string; order_id: string } }; order?: { entity: Record<string, unknown> } };
}

function eventsFor(orderId: string): Array<Received & { event: EventBody }> {
  return receiver.received
    .map((r) => ({ ...r, event: JSON.parse(r.rawBody) as EventBody }))
    .filter((r) => r.event.payload?.payment?.entity?.order_id === orderId);
}

async function newOrder(amount = 99_900) {
  return peer.provider.createOrder({ amount, currency: 'INR', receipt: 'webhooks', notes: { order_id: 'SSD-1' } });
}

describe('webhooks', () => {
  it('a Success sends payment.captured and order.paid, signed over the raw body, each with its own event id', async () => {
    receiver.state.answer = () => 200;
    const order = await newOrder();
    const paid = await peer.pay(order.id, 'success');
    const paymentId = paid.body.razorpay_payment_id as string;
    await eventually(() => eventsFor(order.id).length === 2, 5000, 'two webhooks');
    const deliveries = eventsFor(order.id);

    expect(deliveries.map((d) => d.event.event).sort()).toEqual(['order.paid', 'payment.captured']);
    const ids = deliveries.map((d) => d.headers['x-razorpay-event-id']);
    expect(new Set(ids).size).toBe(2);
    for (const delivery of deliveries) {
      const signature = delivery.headers['x-razorpay-signature'];
      expect(signature).toMatch(/^[0-9a-f]{64}$/);
      expect(peer.provider.isValidWebhookSignature(delivery.rawBody, signature as string)).toBe(true);
      expect(peer.provider.isValidWebhookSignature(Buffer.from(delivery.rawBody, 'utf8'), signature as string)).toBe(true);
      // Over the raw bytes: the same event re-serialised with other spacing does not match.
      expect(peer.provider.isValidWebhookSignature(JSON.stringify(delivery.event, null, 1), signature as string)).toBe(false);
      expect(delivery.headers['x-razorpay-event-id']).toMatch(/^[0-9A-Za-z]{14}$/);
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.event).toMatchObject({ entity: 'event', account_id: expect.stringMatching(/^acc_/), created_at: expect.any(Number) });
    }
    const captured = deliveries.find((d) => d.event.event === 'payment.captured')!.event;
    expect(captured.contains).toEqual(['payment']);
    expect(captured.payload.payment.entity).toMatchObject({ id: paymentId, entity: 'payment', status: 'captured', captured: true, order_id: order.id, amount: 99_900, method: 'card' });
    const orderPaid = deliveries.find((d) => d.event.event === 'order.paid')!;
    expect(orderPaid.event.contains).toEqual(['payment', 'order']);
    expect(orderPaid.event.payload.order?.entity).toMatchObject({ id: order.id, entity: 'order', status: 'paid', amount_paid: 99_900, amount_due: 0 });
    expect(orderPaid.event.payload.payment.entity.id).toBe(paymentId);

    // The adapter reads each as Razorpay's event, notes normalised.
    const parsed = parseWebhookEvent(orderPaid.rawBody);
    expect(parsed).toMatchObject({ event: 'order.paid', payload: { order: { entity: { id: order.id, status: 'paid', notes: { order_id: 'SSD-1' } } }, payment: { entity: { id: paymentId } } } });

    // A signature checked with another secret fails: the webhook secret is not the key secret.
    expect(isValidWebhookSignature(deliveries[0]!.rawBody, deliveries[0]!.headers['x-razorpay-signature'], peer.credentials.keySecret)).toBe(false);
  });

  it('a Failure sends payment.failed with the failed payment', async () => {
    receiver.state.answer = () => 200;
    const order = await newOrder(20_000);
    const failed = await peer.pay(order.id, 'failure');
    const paymentId = ((failed.body.error as Record<string, unknown>).metadata as Record<string, string>).payment_id;
    await eventually(() => eventsFor(order.id).length === 1, 5000, 'payment.failed');
    const [delivery] = eventsFor(order.id);
    expect(delivery!.event).toMatchObject({ event: 'payment.failed', contains: ['payment'] });
    expect(delivery!.event.payload.payment.entity).toMatchObject({
      id: paymentId,
      status: 'failed',
      captured: false,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
      error_source: 'customer',
      error_step: 'payment_authorization',
      error_reason: 'payment_failed',
    });
    expect(peer.provider.isValidWebhookSignature(delivery!.rawBody, delivery!.headers['x-razorpay-signature'] as string)).toBe(true);
  });

  it('does not make the checkout wait for the webhook', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    receiver.state.answer = async () => {
      await released;
      return 200;
    };
    const order = await newOrder();
    const paid = await peer.pay(order.id, 'success');
    expect(paid.status).toBe(200);
    await eventually(() => eventsFor(order.id).length === 2, 5000, 'deliveries under way');
    const delivered = () => peer.reports.filter((r) => r.orderId === order.id && r.status === 'delivered').length;
    expect(delivered()).toBe(0);
    release();
    await eventually(() => delivered() === 2, 5000, 'deliveries answered');
  });

  it('retries a delivery answered 500, with the same event id and body, until it is taken', async () => {
    receiver.state.answer = (_delivery, seen) => (seen === 1 ? 500 : 200);
    const order = await newOrder();
    await peer.pay(order.id, 'success');
    await eventually(() => peer.reports.filter((r) => r.orderId === order.id && r.status === 'delivered').length === 2, 5000, 'retried deliveries');

    const deliveries = eventsFor(order.id);
    expect(deliveries).toHaveLength(4);
    const byId = new Map<string, string[]>();
    for (const d of deliveries) {
      const id = d.headers['x-razorpay-event-id'] as string;
      byId.set(id, [...(byId.get(id) ?? []), d.rawBody]);
    }
    expect(byId.size).toBe(2);
    for (const bodies of byId.values()) {
      expect(bodies).toHaveLength(2);
      expect(bodies[0]).toBe(bodies[1]);
    }
    const reports = peer.reports.filter((r) => r.orderId === order.id).map((r) => `${r.event}:${r.status}:${r.attempt}`);
    expect(reports.sort()).toEqual(['order.paid:delivered:2', 'order.paid:retrying:1', 'payment.captured:delivered:2', 'payment.captured:retrying:1'].sort());
  });

  it('gives up after the bounded retries when the endpoint keeps failing', async () => {
    receiver.state.answer = () => 503;
    const order = await newOrder();
    await peer.pay(order.id, 'failure');
    await eventually(() => peer.reports.some((r) => r.orderId === order.id && r.status === 'gave_up'), 5000, 'giving up');
    expect(eventsFor(order.id)).toHaveLength(3); // the first attempt and two retries
    expect(peer.reports.filter((r) => r.orderId === order.id).map((r) => r.status)).toEqual(['retrying', 'retrying', 'gave_up']);
  });

  it('holds the events of an order it is told to hold (a missed webhook), and delivers others', async () => {
    receiver.state.answer = () => 200;
    const held = await newOrder();
    holdOrders.add(held.id);
    const delivered = await newOrder();
    await peer.pay(held.id, 'failure');
    await peer.pay(held.id, 'success');
    await peer.pay(delivered.id, 'success');
    await eventually(() => eventsFor(delivered.id).length === 2, 5000, 'the other order’s webhooks');
    expect(eventsFor(held.id)).toEqual([]);
    const heldReports = peer.reports.filter((r) => r.orderId === held.id);
    expect(heldReports.map((r) => `${r.event}:${r.status}`).sort()).toEqual(['order.paid:held', 'payment.captured:held', 'payment.failed:held']);
    // A held event carries what a late delivery would send, signed.
    for (const report of heldReports) {
      expect(peer.provider.isValidWebhookSignature(report.rawBody, report.headers['x-razorpay-signature'])).toBe(true);
    }
    // The provider still knows the order is paid: reconciliation finds it.
    expect(await peer.provider.fetchOrder(held.id)).toMatchObject({ status: 'paid' });
  });
});

describe('webhook delivery failures', () => {
  it('retries a delivery that could not connect, then gives up', async () => {
    const closed = await startReceiver();
    await closed.close();
    const local = await startSandboxPeer(database.db, { deliverWebhook: httpWebhookDelivery(closed.url, { timeoutMs: 500 }), webhookRetryDelaysMs: [10] });
    try {
      const order = await local.provider.createOrder({ amount: 1000, currency: 'INR', receipt: 'x', notes: {} });
      await local.pay(order.id, 'failure');
      await eventually(() => local.reports.some((r) => r.status === 'gave_up'), 5000, 'giving up');
      expect(local.reports.map((r) => `${r.status}:${r.attempt}:${r.statusCode}`)).toEqual(['retrying:1:null', 'gave_up:2:null']);
    } finally {
      await local.close();
    }
  });
});

describe('parseWebhookEvent', () => {
  /** Shaped like the payment.failed sample in Razorpay's webhook docs: extra fields, notes [], empty strings. */
  const razorpayShaped = {
    entity: 'event',
    account_id: 'acc_BFQ7uQEaa7j2z7',
    event: 'payment.failed',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: 'pay_DESlfW9H8K9uqM',
          entity: 'payment',
          amount: 100,
          currency: 'INR',
          status: 'failed',
          order_id: 'order_DESlLckIVRkHWj',
          invoice_id: null,
          international: false,
          method: 'netbanking',
          amount_refunded: 0,
          refund_status: null,
          captured: false,
          description: null,
          card_id: null,
          bank: 'HDFC',
          wallet: null,
          vpa: null,
          email: 'gaurav.kumar@example.com',
          contact: '+919876543210',
          notes: [],
          fee: null,
          tax: null,
          error_code: 'BAD_REQUEST_ERROR',
          error_description: 'Payment failed due to incorrect OTP',
          error_source: 'customer',
          error_step: 'payment_authentication',
          error_reason: 'invalid_otp',
          acquirer_data: { bank_transaction_id: null },
          created_at: 1567674599,
        },
      },
    },
    created_at: 1567674606,
  };

  it('reads Razorpay’s shape, keeping the fields we use', () => {
    expect(parseWebhookEvent(JSON.stringify(razorpayShaped))).toEqual({
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event: 'payment.failed',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: 'pay_DESlfW9H8K9uqM',
            entity: 'payment',
            amount: 100,
            currency: 'INR',
            status: 'failed',
            order_id: 'order_DESlLckIVRkHWj',
            method: 'netbanking',
            captured: false,
            amount_refunded: 0,
            error_code: 'BAD_REQUEST_ERROR',
            error_description: 'Payment failed due to incorrect OTP',
            notes: {},
            created_at: 1567674599,
          },
        },
      },
      created_at: 1567674606,
    });
  });

  it('answers null for what is not an event of that shape', () => {
    expect(parseWebhookEvent('not json')).toBeNull();
    expect(parseWebhookEvent('{}')).toBeNull();
    expect(parseWebhookEvent(JSON.stringify({ ...razorpayShaped, entity: 'collection' }))).toBeNull();
    const broken = structuredClone(razorpayShaped) as { payload: { payment: { entity: Record<string, unknown> } } };
    broken.payload.payment.entity.amount = '100';
    expect(parseWebhookEvent(JSON.stringify(broken))).toBeNull();
  });

  it('keeps an event about other entities with an empty payload', () => {
    const refund = { entity: 'event', account_id: 'acc_X', event: 'refund.processed', contains: ['refund'], payload: { refund: { entity: { id: 'rfnd_X' } } }, created_at: 1 };
    expect(parseWebhookEvent(Buffer.from(JSON.stringify(refund)))).toEqual({ ...refund, payload: {} });
  });
});
