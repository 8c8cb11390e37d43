import type { FastifyPluginAsync } from 'fastify';
import { ResponseCode } from '@ssd/shared/api';
import { parseWebhookEvent } from '../../integrations/razorpay/entities';
import type { OrderContext } from './orders';
import { handleWebhook } from './payments';

export const WEBHOOK_PATH = '/payment/webhook';

/**
 * POST /api/payment/webhook: the provider's signed events. The body is kept as the exact bytes that
 * were signed; nothing is read from it until X-Razorpay-Signature matches. No login: the signature is
 * the proof.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{ ctx: OrderContext }> = async (app, { ctx }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['x-razorpay-signature'];
    const eventId = request.headers['x-razorpay-event-id'];
    if (typeof signature !== 'string' || !ctx.payments.isValidWebhookSignature(raw, signature)) {
      return reply.status(400).send({ code: ResponseCode.WARNING, message: 'Invalid webhook signature.', data: null });
    }
    if (typeof eventId !== 'string' || eventId === '') {
      return reply.status(400).send({ code: ResponseCode.WARNING, message: 'The event id header is missing.', data: null });
    }
    const event = parseWebhookEvent(raw);
    if (!event) return reply.status(400).send({ code: ResponseCode.WARNING, message: 'The webhook body is not an event.', data: null });
    const outcome = await handleWebhook(ctx, eventId, event, request.log);
    return { code: ResponseCode.SUCCESS, message: outcome, data: null };
  });
};
