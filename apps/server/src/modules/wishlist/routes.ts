import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { idListSchema, itemIdBodySchema, STOREFRONT_MESSAGES, wishlistDataSchema } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser, sessionToCheck } from '../../plugins/auth';
import { addToWishlist, removeFromWishlist, wishlistProducts } from './service';
import { wishlistIdsOfSession } from '../lists/service';

/**
 * The wishlist calls of spec 2 §7; all need a login (401, code -2).
 * `reads`: the handle for single short reads (DatabaseHandle.reads, decisions/0067), for the id list.
 */
export const wishlistRoutes: FastifyPluginAsyncZod<{ db: Database; reads: Database }> = async (app, { db, reads }) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/wishlist/id/list',
    {
      // Asked on every page after login: the session is checked in the list's own statement.
      config: { sessionInStatement: true },
      schema: { summary: 'Saved product ids, oldest first', response: { 200: envelopeSchema(idListSchema) } },
    },
    async (request) => ok(await wishlistIdsOfSession(reads, sessionToCheck(request))),
  );

  app.put(
    '/wishlist/add',
    {
      schema: {
        summary: 'Save a product (at most 20; saving one already saved succeeds); answers the new id list',
        body: itemIdBodySchema,
        response: { 200: envelopeSchema(idListSchema) },
      },
    },
    async (request) => ok(await addToWishlist(db, currentUser(request).id, request.body.item_id), STOREFRONT_MESSAGES.savedToWishlist),
  );

  app.post(
    '/wishlist/remove',
    { schema: { summary: 'Remove a saved product; answers the new id list', body: itemIdBodySchema, response: { 200: envelopeSchema(idListSchema) } } },
    async (request) =>
      ok(await removeFromWishlist(db, currentUser(request).id, request.body.item_id), STOREFRONT_MESSAGES.removedFromWishlist),
  );

  app.get(
    '/wishlist/list',
    { schema: { summary: 'Saved products as cards, newest saved first', response: { 200: envelopeSchema(wishlistDataSchema) } } },
    async (request) => ok({ wishlist: await wishlistProducts(db, currentUser(request).id) }),
  );
};
