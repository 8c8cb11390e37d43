import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { cartWishlistSchema } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { requireUser, sessionToCheck } from '../../plugins/auth';
import { getCartWishlist } from './service';

export const listsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/list/cart_wishlist',
    {
      preHandler: requireUser,
      // Asked on every page after login: the session is checked in the lists' own statement.
      config: { sessionInStatement: true },
      schema: { summary: 'Product ids in the cart and the wishlist', response: { 200: envelopeSchema(cartWishlistSchema) } },
    },
    async (request) => ok(await getCartWishlist(db, sessionToCheck(request))),
  );
};
