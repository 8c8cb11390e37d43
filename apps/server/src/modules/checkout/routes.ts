import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { CHECKOUT_MESSAGES, reservationSchema, reservationStatusRequestSchema, reserveRequestSchema } from '@ssd/shared/checkout';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { releaseReservation, reserve, type CheckoutContext } from './service';

/** The checkout calls of spec 3 §7 (holding stock so far). All need a login; each acts on the caller's own records. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: CheckoutContext }> = async (app, { ctx }) => {
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
};
