/**
 * The built-in Razorpay-compatible sandbox, run when no Razorpay keys are configured (register with
 * prefix '/sandbox/razorpay'). It speaks the subset of Razorpay the store uses, so the production
 * adapter (integrations/razorpay) is the code that runs in the demo and in tests:
 *
 * - REST under /v1 with Basic auth (key id : key secret): POST /orders, GET /orders/{id},
 *   GET /orders/{id}/payments, GET /payments/{id}, POST /payments/{id}/refund, GET /payments/{id}/refunds;
 *   Razorpay's validation, id formats, unix-second timestamps and error shape.
 * - The browser side: GET /checkout.js (the `Razorpay` constructor) and /checkout.css, and the calls its
 *   dialog makes: GET /checkout/orders/{id}?key_id= and POST /checkout/pay {key, order_id, outcome}.
 * - Signed webhooks (payment.captured + order.paid, or payment.failed) after each payment, handed to
 *   `deliverWebhook` and retried with backoff.
 *
 * State lives in sandbox_orders, sandbox_payments and sandbox_refunds, so several servers on one database are one provider.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { paymentSignature } from '../integrations/razorpay/signatures';
import { CHECKOUT_CSS, checkoutScript } from './checkout-script';
import { ORDER_ID } from './ids';
import { authenticationFailed, badRequest, notFound, paymentFailedResponse, SandboxError, serverError } from './razorpay-errors';
import {
  checkNotes,
  createOrder,
  findOrder,
  findPayment,
  orderEntity,
  unknownId,
  orderPayments,
  paymentEntity,
  paymentRefunds,
  PAYMENT_FAILED_DESCRIPTION,
  recordPayment,
  refundPayment,
} from './store';
import { paymentEvents, WebhookDispatcher, type DeliverWebhook, type SandboxEvent, type WebhookMode, type WebhookReport } from './webhooks';

export const SANDBOX_PREFIX = '/sandbox/razorpay';

export interface SandboxPluginOptions {
  db: Database;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Hands a signed webhook to the store's webhook endpoint (webhooks.ts has httpWebhookDelivery). */
  deliverWebhook: DeliverWebhook;
  now?: () => Date;
  /** 'hold' keeps events undelivered, a missed webhook; a function decides per event. Default 'deliver'. */
  webhooks?: WebhookMode | ((event: SandboxEvent) => WebhookMode);
  /** Waits before each retry of a failed delivery; its length bounds the retries (default 2 s, 10 s, 1 min, 5 min). */
  webhookRetryDelaysMs?: number[];
  /** Told what became of each event: held, delivered, retrying, gave_up (with its body and headers). */
  onWebhook?: (report: WebhookReport) => void;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Basic auth against the key pair; both halves compared in constant time (through their digests). */
function basicAuthMatches(header: string | undefined, keyId: string, keySecret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const idOk = timingSafeEqual(sha256(decoded.slice(0, colon)), sha256(keyId));
  const secretOk = timingSafeEqual(sha256(decoded.slice(colon + 1)), sha256(keySecret));
  return idOk && secretOk;
}

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

export const sandboxPlugin: FastifyPluginAsync<SandboxPluginOptions> = async (app: FastifyInstance, options) => {
  const { db, keyId, keySecret } = options;
  const now = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const accountId = `acc_${createHash('sha256').update(keyId).digest('hex').slice(0, 14)}`;
  const dispatcher = new WebhookDispatcher({
    deliver: options.deliverWebhook,
    secret: options.webhookSecret,
    mode: options.webhooks,
    retryDelaysMs: options.webhookRetryDelaysMs,
    onReport: options.onWebhook,
    log: app.log,
  });
  app.addHook('onClose', async () => dispatcher.close());
  // Razorpay's API, not ours: kept out of the store's OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  // Every refusal in Razorpay's shape, Fastify's own (bad JSON, wrong media type, too large) included.
  app.setErrorHandler((error: FastifyError | SandboxError, request, reply) => {
    if (error instanceof SandboxError) return reply.status(error.statusCode).send(error.body);
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const refusal = badRequest(error.message || 'The request is not valid.');
      return reply.status(status).send(refusal.body);
    }
    request.log.error({ err: error }, 'sandbox request failed');
    return reply.status(500).send(serverError().body);
  });
  app.setNotFoundHandler((_request, reply) => reply.status(400).send(notFound().body));

  // ---- REST: /v1, Basic auth ----
  await app.register(
    async (v1) => {
      v1.addHook('onRequest', async (request) => {
        if (!basicAuthMatches(request.headers.authorization, keyId, keySecret)) throw authenticationFailed();
      });

      v1.post('/orders', async (request) => createOrder(db, request.body, nowSeconds()));

      v1.get('/orders/:id', async (request) => {
        const order = await findOrder(db, idParam(request));
        if (!order) throw unknownId();
        return orderEntity(order);
      });

      v1.get('/orders/:id/payments', async (request) => {
        const order = await findOrder(db, idParam(request));
        if (!order) throw unknownId();
        const items = await orderPayments(db, order.id);
        return { entity: 'collection', count: items.length, items };
      });

      v1.get('/payments/:id', async (request) => {
        const payment = await findPayment(db, idParam(request));
        if (!payment) throw unknownId();
        return paymentEntity(payment);
      });

      v1.post('/payments/:id/refund', async (request) => {
        const { refund } = await refundPayment(db, idParam(request), request.body, nowSeconds());
        return refund;
      });

      v1.get('/payments/:id/refunds', async (request) => paymentRefunds(db, idParam(request), (request.query ?? {}) as Record<string, unknown>));
    },
    { prefix: '/v1' },
  );

  // ---- The browser's side ----
  const script = checkoutScript(app.prefix);
  const noCache = (reply: FastifyReply) => reply.header('cache-control', 'no-cache');

  app.get('/checkout.js', async (_request, reply) => {
    noCache(reply).type('application/javascript; charset=utf-8');
    return script;
  });

  app.get('/checkout.css', async (_request, reply) => {
    noCache(reply).type('text/css; charset=utf-8');
    return CHECKOUT_CSS;
  });

  /** What the dialog shows before the shopper chooses: the order's amount due, or why it can't be paid. */
  app.get('/checkout/orders/:id', async (request, reply) => {
    const { key_id: key } = request.query as { key_id?: string };
    if (key !== keyId) throw invalidKey();
    const id = idParam(request);
    const order = ORDER_ID.test(id) ? await findOrder(db, id) : null;
    if (!order) throw badRequest('The id provided does not exist', 'order_id');
    const entity = orderEntity(order);
    reply.header('cache-control', 'no-store');
    return { id: entity.id, amount: entity.amount, amount_due: entity.amount_due, currency: entity.currency, status: entity.status };
  });

  /**
   * The shopper pressed Success or Failure. Success answers what Standard Checkout hands `handler`;
   * Failure the error object it hands `payment.failed` handlers. Webhooks follow, unawaited.
   */
  app.post('/checkout/pay', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    if (body.key !== keyId) throw invalidKey();
    const orderId = body.order_id;
    if (typeof orderId !== 'string' || orderId === '') throw badRequest('The order_id field is required.', 'order_id');
    if (!ORDER_ID.test(orderId)) throw badRequest('The id provided does not exist', 'order_id');
    if (body.outcome !== 'success' && body.outcome !== 'failure') throw badRequest("The outcome must be 'success' or 'failure'.", 'outcome');
    const notes = checkNotes(body.notes);

    const { order, payment } = await recordPayment(db, { orderId, outcome: body.outcome, notes }, nowSeconds());
    dispatcher.send(paymentEvents(accountId, order, payment, nowSeconds()));
    reply.header('cache-control', 'no-store');
    // A failed payment is an answer, not a refused request (200, so a browser logs no failed fetch):
    // the error object Standard Checkout hands `payment.failed` handlers.
    if (payment.status === 'failed') return paymentFailedResponse(order.id, payment.id, PAYMENT_FAILED_DESCRIPTION);
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, payment.id, keySecret),
    };
  });
};

function invalidKey(): SandboxError {
  return new SandboxError(401, {
    error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid', source: 'NA', step: 'NA', reason: 'NA', metadata: {}, field: 'key' },
  });
}
