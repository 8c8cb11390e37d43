import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import {
  CHECKOUT_MESSAGES,
  createdOrderSchema,
  createOrderRequestSchema,
  ORDER_MESSAGES,
  orderIdParamsSchema,
  orderStatusDataSchema,
  orderStatusRequestSchema,
  paymentHandlerResultSchema,
  reservationSchema,
  reservationStatusRequestSchema,
  reserveRequestSchema,
} from '@ssd/shared/checkout';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { fail, ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { createOrder, endOrder, retryOrder, type OrderContext } from './orders';
import { retryRequestSchema } from '@ssd/shared/orders';
import { reconcileOrder, verifyPaymentResult } from './payments';
import { releaseReservation, reserve } from './service';

/** The checkout calls of spec 3 §7. All need a login; each acts on the caller's own records only. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: OrderContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireUser);

  app.post(
    '/order/reserve',
    {
      schema: {
        summary: "Hold every line's units for the checkout, or none; replaces the shopper's previous reservation",
        body: reserveRequestSchema,
        response: { 200: envelopeSchema(reservationSchema) },
      },
    },
    async (request) => ok(await reserve(ctx, currentUser(request).id, request.body), CHECKOUT_MESSAGES.reserved),
  );

  app.patch(
    '/order/reserve/status',
    {
      schema: {
        summary: 'Let a reservation go (expired or cancelled): its units return to stock',
        body: reservationStatusRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await releaseReservation(ctx, currentUser(request).id, request.body.id, request.body.status);
      return ok(null, CHECKOUT_MESSAGES.reservationReleased);
    },
  );

  app.post(
    '/order/create',
    {
      schema: {
        summary: "Place the order of a held reservation and create the payment provider's order; the same reservation answers the same order",
        body: createOrderRequestSchema,
        response: { 200: envelopeSchema(createdOrderSchema) },
      },
    },
    async (request) => ok(await createOrder(ctx, currentUser(request), request.body), ORDER_MESSAGES.created),
  );

  app.post(
    '/order/retry',
    {
      schema: {
        summary: 'Pay a failed, expired or cancelled order again: takes its units again and answers a new provider order for the same checkout',
        body: retryRequestSchema,
        response: { 200: envelopeSchema(createdOrderSchema) },
      },
    },
    async (request) => ok(await retryOrder(ctx, currentUser(request).id, request.body.id, request.log), ORDER_MESSAGES.created),
  );

  app.patch(
    '/order/status',
    {
      schema: {
        summary: 'End your own pending order (cancelled, expired or failed); its stock returns',
        body: orderStatusRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await endOrder(ctx, currentUser(request).id, request.body);
      return ok(null, ORDER_MESSAGES.statusUpdated(request.body.status));
    },
  );

  /** The caller's own order, or 404 as if it did not exist. */
  async function ownOrder(orderId: string, userId: string) {
    const [order] = await ctx.db.select({ user_id: orders.user_id, status: orders.status, payment_status: orders.payment_status }).from(orders).where(eq(orders.id, orderId));
    if (!order || order.user_id !== userId) throw fail.notFound(ORDER_MESSAGES.notFound);
    return order;
  }

  app.get(
    '/verify/order/payment/status/:id',
    {
      schema: {
        summary: 'Ask the payment provider about the order and settle what it says; answers the order status',
        params: orderIdParamsSchema,
        response: { 200: envelopeSchema(orderStatusDataSchema) },
      },
    },
    async (request) => {
      await ownOrder(request.params.id, currentUser(request).id);
      return ok(await reconcileOrder(ctx, request.params.id, request.log));
    },
  );

  app.post(
    '/verify/order/payment',
    {
      schema: {
        summary: "Check the checkout's success result (signature over our stored provider order) and settle what the provider says",
        body: paymentHandlerResultSchema,
        response: { 200: envelopeSchema(orderStatusDataSchema) },
      },
    },
    async (request) => ok(await verifyPaymentResult(ctx, currentUser(request).id, request.body, request.log)),
  );

  app.get(
    '/verify/order/status/:id',
    {
      schema: { summary: "The order's status as the server knows it", params: orderIdParamsSchema, response: { 200: envelopeSchema(orderStatusDataSchema) } },
    },
    async (request) => {
      const { status, payment_status } = await ownOrder(request.params.id, currentUser(request).id);
      return ok({ status, payment_status });
    },
  );
};
