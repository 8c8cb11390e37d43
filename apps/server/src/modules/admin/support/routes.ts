import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_OPS_MESSAGES,
  adminSupportListQuerySchema,
  adminSupportListSchema,
  adminSupportParamsSchema,
  adminSupportRequestSchema,
  supportUpdateRequestSchema,
} from '@ssd/shared/admin-ops';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/auth';
import type { AdminContext } from '../plugin';
import { listSupportQueue, updateSupportRequest } from './queue';

/** The support queue: every order's requests in one list, answered by staff (docs/decisions/0033). */
export const adminSupportRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get(
    '/support',
    {
      schema: {
        summary: 'Support requests across all orders, oldest first; open and in progress unless a status is asked for',
        querystring: adminSupportListQuerySchema,
        response: { 200: envelopeSchema(adminSupportListSchema) },
      },
    },
    async (request) => ok(await listSupportQueue(ctx.db, request.query)),
  );

  app.patch(
    '/support/:id',
    {
      schema: {
        summary: 'Reply to a support request and/or set its status; the shopper sees both',
        params: adminSupportParamsSchema,
        body: supportUpdateRequestSchema,
        response: { 200: envelopeSchema(adminSupportRequestSchema) },
      },
    },
    async (request) =>
      ok(await updateSupportRequest(ctx.db, currentUser(request).id, request.params.id, request.body, ctx.now()), ADMIN_OPS_MESSAGES.supportUpdated),
  );
};
