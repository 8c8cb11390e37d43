import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { saleSchema } from '@ssd/shared/sales';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { listActiveSales } from './service';

export const salesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/home/sales/active',
    {
      schema: {
        summary: 'Sales running now (spec 1 §7), the soonest to end first',
        response: { 200: envelopeSchema(z.array(saleSchema)) },
      },
    },
    async () => ok(await listActiveSales(db)),
  );
};
