import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { orderIdParamsSchema } from '@ssd/shared/checkout';
import {
  orderDetailsSchema,
  orderItemDetailSchema,
  orderItemParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  ORDERS_MESSAGES,
  ownReviewSchema,
  reorderRequestSchema,
  reorderResultSchema,
  reviewRequestSchema,
  supportCreatedSchema,
  supportRequestListSchema,
  supportRequestSchema,
} from '@ssd/shared/orders';
import { STOREFRONT_MESSAGES } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { listOrders, orderDetails, orderItemDetail } from './history';
import { reorder } from './reorder';
import { ownReview, saveReview } from './reviews';
import { createSupportRequest, supportRequestsOf } from './support';

export interface OrdersContext {
  db: Database;
  now: () => Date;
}

/**
 * The calls after the purchase (spec 3 §7): history, details, the item popup, reviews, support requests
 * and reorder. All need a login; each acts on the caller's own orders only, another's answering as missing.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, { db, now }) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/order/list',
    {
      schema: {
        summary: 'Your orders, newest first: those past pending with a line past pending, with only those lines',
        querystring: orderListQuerySchema,
        response: { 200: envelopeSchema(orderListSchema) },
      },
    },
    async (request) => ok(await listOrders(db, currentUser(request).id, request.query)),
  );

  app.get(
    '/order/details/:id',
    { schema: { summary: 'One of your orders with every amount and line', params: orderIdParamsSchema, response: { 200: envelopeSchema(orderDetailsSchema) } } },
    async (request) => ok(await orderDetails(db, currentUser(request).id, request.params.id)),
  );

  app.get(
    '/order/item/details/:orderId/:itemId',
    {
      schema: {
        summary: "One product's line of your order, for the item popup",
        params: orderItemParamsSchema,
        response: { 200: envelopeSchema(orderItemDetailSchema) },
      },
    },
    async (request) => ok(await orderItemDetail(db, currentUser(request).id, request.params.orderId, request.params.itemId)),
  );

  app.post(
    '/order/review',
    {
      schema: {
        summary: 'Rate and review a product of your order (confirmed, packed, shipped or delivered); a second call replaces your review',
        body: reviewRequestSchema,
        response: { 200: envelopeSchema(ownReviewSchema.unwrap()) },
      },
    },
    async (request) => {
      const saved = await saveReview(db, currentUser(request).id, request.body, now());
      // The product's rating (items.rating) changed with it: this server's kept content answers go now,
      // the other servers' when the change notification reaches them (decisions/0016).
      request.server.contentAnswers?.invalidate();
      return ok(saved, ORDERS_MESSAGES.reviewSaved);
    },
  );

  app.get(
    '/order/review/:orderId/:itemId',
    {
      schema: {
        summary: 'Your review of a product of your order, or null',
        params: orderItemParamsSchema,
        response: { 200: envelopeSchema(ownReviewSchema) },
      },
    },
    async (request) => ok(await ownReview(db, currentUser(request).id, request.params.orderId, request.params.itemId)),
  );

  app.post(
    '/order/support',
    {
      schema: {
        summary: 'Raise the support request of a paid order of yours (one per order)',
        body: supportRequestSchema,
        response: { 200: envelopeSchema(supportCreatedSchema) },
      },
    },
    async (request) => ok(await createSupportRequest(db, currentUser(request).id, request.body, now()), ORDERS_MESSAGES.supportCreated),
  );

  app.get(
    '/order/support/:id',
    {
      schema: {
        summary: "Your order's support requests, newest first",
        params: orderIdParamsSchema,
        response: { 200: envelopeSchema(supportRequestListSchema) },
      },
    },
    async (request) => ok(await supportRequestsOf(db, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/cart/reorder',
    {
      schema: {
        summary: "Put your order's products that still exist and are in stock back in your cart; says which could not be added and why",
        body: reorderRequestSchema,
        response: { 200: envelopeSchema(reorderResultSchema) },
      },
    },
    async (request) => ok(await reorder(db, currentUser(request).id, request.body.id), STOREFRONT_MESSAGES.addedToCart),
  );
};
