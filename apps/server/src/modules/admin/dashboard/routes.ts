import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@ssd/shared/admin-ops';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ok } from '../../../lib/envelope';
import type { AdminContext } from '../plugin';
import { dashboardNumbers } from './numbers';

/** The dashboard's numbers, for its charts. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get(
    '/dashboard',
    { schema: { summary: 'Revenue per India day (last 30), orders by status, top products, low-stock products', response: { 200: envelopeSchema(dashboardSchema) } } },
    async () => ok(await dashboardNumbers(ctx.db, ctx.now())),
  );
};
