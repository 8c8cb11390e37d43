import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { cartWishlistSchema } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { getCartWishlist } from './service';

export const listsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/list/cart_wishlist',
    {
      preHandler: requireUser,
      schema: { summary: 'Product ids in the cart and the wishlist', response: { 200: envelopeSchema(cartWishlistSchema) } },
    },
    async (request) => ok(await getCartWishlist(db, currentUser(request).id)),
  );
};
