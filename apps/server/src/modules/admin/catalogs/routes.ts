import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@ssd/shared/zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import {
  adminCatalogListSchema,
  adminCatalogSchema,
  catalogAddSchema,
  catalogDeleteSchema,
  catalogDetailQuerySchema,
  catalogUpdateSchema,
} from '@ssd/shared/admin-content';
import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/auth';
import type { AdminContext } from '../plugin';
import { addCatalog, catalogDetail, deleteCatalog, listCatalogs, updateCatalog } from './service';

/** spec 3 §7: /api/admin/catalog/* (the scope's guard and freshness hook are the admin plugin's). */
export const catalogRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx: { db, now } }) => {
  app.get(
    '/catalog/list',
    { schema: { summary: 'Every catalog by priority, with its count of live products', response: { 200: envelopeSchema(adminCatalogListSchema) } } },
    async () => ok(await listCatalogs(db)),
  );

  app.get(
    '/catalog/detail',
    { schema: { summary: 'One catalog, by title', querystring: catalogDetailQuerySchema, response: { 200: envelopeSchema(adminCatalogSchema) } } },
    async (request) => ok(await catalogDetail(db, request.query.title)),
  );

  app.post(
    '/catalog/add',
    { schema: { summary: 'Add a catalog (titles are unique)', body: catalogAddSchema, response: { 200: envelopeSchema(adminCatalogSchema) } } },
    async (request) => ok(await addCatalog(db, currentUser(request).id, request.body), M.categoryAdded),
  );

  app.patch(
    '/catalog/update',
    {
      schema: {
        summary: 'Rename (new_title), re-image and re-prioritise the catalog old_title; its products follow a rename',
        body: catalogUpdateSchema,
        response: { 200: envelopeSchema(adminCatalogSchema) },
      },
    },
    async (request) => ok(await updateCatalog(db, currentUser(request).id, request.body, now()), M.categoryUpdated),
  );

  app.delete(
    '/catalog/delete',
    { schema: { summary: 'Delete a catalog without live products (409 while it has some)', body: catalogDeleteSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await deleteCatalog(db, currentUser(request).id, request.body.title);
      return ok(null, M.catalogDeleted);
    },
  );
};
