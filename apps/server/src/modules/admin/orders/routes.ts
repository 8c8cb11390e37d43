import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_OPS_MESSAGES,
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderParamsSchema,
  declineReturnRequestSchema,
  moveItemsRequestSchema,
} from '@ssd/shared/admin-ops';
import { envelopeSchema } from '@ssd/shared/envelope';
import type { Database } from '../../../db/client';
import { fail, ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/auth';
import type { AdminContext } from '../plugin';
import { declineReturnRequest } from './decline-return';
import { moveOrderItems } from './moves';
import { adminOrderDetail, listAdminOrders } from './queries';
import { refundReturnedItems } from './refund';

async function detailOr404(db: Database, orderId: string) {
  const detail = await adminOrderDetail(db, orderId);
  if (!detail) throw fail.notFound(ADMIN_OPS_MESSAGES.orderNotFound);
  return detail;
}

/** Fulfilment, returns and refunds (docs/decisions/0033). The status and refund calls answer the order as it now is. */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get(
    '/orders',
    {
      schema: {
        summary: 'Orders, newest first, filtered by status (of the order or any item), India days from/to, order id or customer email',
        querystring: adminOrderListQuerySchema,
        response: { 200: envelopeSchema(adminOrderListSchema) },
      },
    },
    async (request) => ok(await listAdminOrders(ctx.db, request.query)),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        summary: 'An order with its lines, customer, payment, refunds, support request and audit trail',
        params: adminOrderParamsSchema,
        response: { 200: envelopeSchema(adminOrderDetailSchema) },
      },
    },
    async (request) => ok(await detailOr404(ctx.db, request.params.id)),
  );

  app.post(
    '/orders/:id/status',
    {
      schema: {
        summary: "Move the order's items (the chosen lines, or every line that can) one step on: packed, shipped, out for delivery, delivered; accept a return, receive it",
        params: adminOrderParamsSchema,
        body: moveItemsRequestSchema,
        response: { 200: envelopeSchema(adminOrderDetailSchema) },
      },
    },
    async (request) => {
      await moveOrderItems(ctx.db, currentUser(request).id, request.params.id, request.body.status, request.body.line_ids, ctx.now());
      return ok(await detailOr404(ctx.db, request.params.id), ADMIN_OPS_MESSAGES.itemsMoved);
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        summary: 'Refund the returned items through the payment provider (once, however often called; a refund in progress answers 409)',
        params: adminOrderParamsSchema,
        response: { 200: envelopeSchema(adminOrderDetailSchema) },
      },
    },
    async (request) => {
      const outcome = await refundReturnedItems(ctx, currentUser(request).id, request.params.id);
      const messages = { refunded: ADMIN_OPS_MESSAGES.refunded, 'already-refunded': ADMIN_OPS_MESSAGES.alreadyRefunded, pending: ADMIN_OPS_MESSAGES.refundAwaitingProvider };
      const message = messages[outcome];
      return ok(await detailOr404(ctx.db, request.params.id), message);
    },
  );

  app.post(
    '/orders/:id/decline-return',
    {
      schema: {
        summary: "Decline the order's return request with a reason: its items go back to delivered, the support request is answered and resolved",
        params: adminOrderParamsSchema,
        body: declineReturnRequestSchema,
        response: { 200: envelopeSchema(adminOrderDetailSchema) },
      },
    },
    async (request) => {
      await declineReturnRequest(ctx.db, currentUser(request).id, request.params.id, request.body.reason, ctx.now());
      return ok(await detailOr404(ctx.db, request.params.id), ADMIN_OPS_MESSAGES.returnDeclined);
    },
  );
};
