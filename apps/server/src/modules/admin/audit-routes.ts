import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { auditListQuerySchema, auditListSchema } from '@ssd/shared/admin-content';
import { auditLog, users } from '../../db/schema';
import { ok } from '../../lib/envelope';
import type { AdminContext } from './plugin';

/** GET /api/admin/audit: the admin writes, newest first, paged, for the console. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx: { db } }) => {
  app.get(
    '/audit',
    { schema: { summary: 'Admin writes, newest first: who, what, when, before and after', querystring: auditListQuerySchema, response: { 200: envelopeSchema(auditListSchema) } } },
    async (request) => {
      const rows = await db
        .select({
          id: auditLog.id,
          actor_id: auditLog.actor_id,
          actor_email: users.email,
          action: auditLog.action,
          entity: auditLog.entity,
          entity_id: auditLog.entity_id,
          before: auditLog.before,
          after: auditLog.after,
          created_at: auditLog.created_at,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actor_id))
        .orderBy(desc(auditLog.created_at), desc(auditLog.id))
        .limit(request.query.limit)
        .offset(request.query.offset);
      return ok(rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })));
    },
  );
};
