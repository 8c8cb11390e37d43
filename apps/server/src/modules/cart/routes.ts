import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { idListSchema, itemIdBodySchema, STOREFRONT_MESSAGES } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { addToCart, cartIds, removeFromCart } from './service';

/** The calls of the cart buttons (spec 2 §7); the cart screen and checkout come with a later issue. All need a login. */
export const cartRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/cart/id/list',
    { schema: { summary: 'Product ids in the cart, oldest first', response: { 200: envelopeSchema(idListSchema) } } },
    async (request) => ok(await cartIds(db, currentUser(request).id)),
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
};
