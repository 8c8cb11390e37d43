import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { idListSchema, itemIdBodySchema, STOREFRONT_MESSAGES } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser, sessionToCheck } from '../../plugins/auth';
import { addToCart, cartList, changeCartQuantity, removeFromCart } from './service';
import { cartIdsOfSession } from '../lists/service';
import { CART_MESSAGES, cartItemSchema, cartListSchema, updateCartQuantityRequestSchema } from '@ssd/shared/cart';

/**
 * The cart's calls (spec 2 §7, spec 3 §7): the buttons' id lists, the cart screen's rows and quantities. All need a login.
 * `reads`: the handle for single short reads (DatabaseHandle.reads, decisions/0067), for the id list.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ db: Database; reads: Database }> = async (app, { db, reads }) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/cart/id/list',
    {
      // Asked on every page after login: the session is checked in the list's own statement.
      config: { sessionInStatement: true },
      schema: { summary: 'Product ids in the cart, oldest first', response: { 200: envelopeSchema(idListSchema) } },
    },
    async (request) => ok(await cartIdsOfSession(reads, sessionToCheck(request))),
  );

  app.put(
    '/cart/add',
    {
      schema: {
        summary: 'Put one unit of an in-stock product in the cart (one already there keeps its quantity); answers the new id list',
        body: itemIdBodySchema,
        response: { 200: envelopeSchema(idListSchema) },
      },
    },
    async (request) => ok(await addToCart(db, currentUser(request).id, request.body.item_id), STOREFRONT_MESSAGES.addedToCart),
  );

  app.post(
    '/cart/remove',
    { schema: { summary: 'Take a product out of the cart; answers the new id list', body: itemIdBodySchema, response: { 200: envelopeSchema(idListSchema) } } },
    async (request) => ok(await removeFromCart(db, currentUser(request).id, request.body.item_id), STOREFRONT_MESSAGES.removedFromCart),
  );

  app.get(
    '/cart/list',
    { schema: { summary: 'The cart screen: each product with its quantity and the stock left, oldest first', response: { 200: envelopeSchema(cartListSchema) } } },
    async (request) => ok(await cartList(db, currentUser(request).id)),
  );

  app.patch(
    '/cart/update/quantity',
    {
      schema: {
        summary: 'One unit more (inc) or less (dec) of a product in the cart; never below 1 nor beyond the stock',
        body: updateCartQuantityRequestSchema,
        response: { 200: envelopeSchema(cartItemSchema) },
      },
    },
    async (request) => {
      const item = await changeCartQuantity(db, currentUser(request).id, request.body.item_id, request.body.type);
      return ok(item, CART_MESSAGES.quantityUpdated(item.cart_quantity));
    },
  );
};
