import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@ssd/shared/zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/auth';
import type { AdminContext } from '../plugin';
import { SYNONYM_MESSAGES as M, synonymGroupDeleteSchema, synonymGroupPutSchema, synonymGroupSchema } from './contract';
import { deleteSynonymGroup, listSynonymGroups, putSynonymGroup } from './service';

/**
 * /api/admin/search/synonyms: the spelling variants search treats as one word (content/synonyms.ts).
 * Every server's search sees a write at once: the admin plugin's hook drops this server's copy, the
 * table's trigger tells the others.
 */
export const searchSynonymRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx: { db } }) => {
  app.get(
    '/search/synonyms',
    { schema: { summary: 'Every synonym group of search, by name', response: { 200: envelopeSchema(z.array(synonymGroupSchema)) } } },
    async () => ok(await listSynonymGroups(db)),
  );

  app.put(
    '/search/synonyms',
    {
      schema: {
        summary: 'Add a synonym group, or replace the one named by `group`',
        body: synonymGroupPutSchema,
        response: { 200: envelopeSchema(synonymGroupSchema) },
      },
    },
    async (request) => ok(await putSynonymGroup(db, currentUser(request).id, request.body), M.saved),
  );

  app.delete(
    '/search/synonyms',
    { schema: { summary: 'Delete a synonym group', body: synonymGroupDeleteSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await deleteSynonymGroup(db, currentUser(request).id, request.body.group);
      return ok(null, M.deleted);
    },
  );
};
