import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import type { Database } from '../../db/client';
import { AppError, ok } from '../../lib/envelope';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; databaseKind: string }> = async (app, { db, databaseKind }) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Answers code 1 once the database answers',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ok'), database: z.string() })) },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError(503, -1, 'The database is not answering.');
      }
      return ok({ status: 'ok' as const, database: databaseKind });
    },
  );
};
