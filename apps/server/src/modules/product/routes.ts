import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import {
  productIdParamsSchema,
  ratingDataSchema,
  reviewsDataSchema,
  reviewsQuerySchema,
  suggestedDataSchema,
  suggestedQuerySchema,
  tagsDataSchema,
  tagsQuerySchema,
} from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { popularTags, productRating, productReviews, suggestedProducts } from './service';

/** The public product calls of spec 2 §7 (no login). */
export const productRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/product/suggested',
    {
      schema: {
        summary: "'You May Like': the same catalog first, then the same shop, newest first; never the item itself",
        querystring: suggestedQuerySchema,
        response: { 200: envelopeSchema(suggestedDataSchema) },
      },
    },
    async (request) => {
      const { id, limit, offset } = request.query;
      return ok(await suggestedProducts(db, id, { limit, offset }));
    },
  );

  app.get(
    '/product/rating/:id',
    { schema: { summary: 'Average rating (one decimal) and number of reviews', params: productIdParamsSchema, response: { 200: envelopeSchema(ratingDataSchema) } } },
    async (request) => ok(await productRating(db, request.params.id)),
  );

  app.get(
    '/product/reviews/:id',
    {
      schema: {
        summary: 'Reviews of a product, newest first',
        params: productIdParamsSchema,
        querystring: reviewsQuerySchema,
        response: { 200: envelopeSchema(reviewsDataSchema) },
      },
    },
    async (request) => ok(await productReviews(db, request.params.id, request.query)),
  );

  app.get(
    '/product/tags',
    {
      schema: {
        summary: 'Tags of in-stock products with their counts, most used first',
        querystring: tagsQuerySchema,
        response: { 200: envelopeSchema(tagsDataSchema) },
      },
    },
    async (request, reply) => {
      // The same for every visitor and slow to change: a CDN or the browser may keep it a minute.
      reply.header('cache-control', 'public, max-age=60');
      return ok(await popularTags(db, request.query));
    },
  );
};
