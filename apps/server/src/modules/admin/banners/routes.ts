import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@ssd/shared/zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import {
  adminBannerListSchema,
  adminBannerSchema,
  bannerAddSchema,
  bannerDeleteSchema,
  bannerDetailQuerySchema,
  bannerUpdateSchema,
} from '@ssd/shared/admin-content';
import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/auth';
import type { AdminContext } from '../plugin';
import { addBanner, bannerDetail, deleteBanner, listBanners, updateBanner } from './service';

/** spec 3 §7: /api/admin/banner/* (the scope's guard and freshness hook are the admin plugin's). */
export const bannerRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx: { db, now } }) => {
  app.get(
    '/banner/list',
    { schema: { summary: 'Every banner, active or not, newest first', response: { 200: envelopeSchema(adminBannerListSchema) } } },
    async () => ok(await listBanners(db)),
  );

  app.get(
    '/banner/detail',
    { schema: { summary: 'One banner', querystring: bannerDetailQuerySchema, response: { 200: envelopeSchema(adminBannerSchema) } } },
    async (request) => ok(await bannerDetail(db, request.query.id)),
  );

  app.post(
    '/banner/add',
    { schema: { summary: 'Add a banner', body: bannerAddSchema, response: { 200: envelopeSchema(adminBannerSchema) } } },
    async (request) => ok(await addBanner(db, currentUser(request).id, request.body), M.bannerAdded),
  );

  app.patch(
    '/banner/update',
    { schema: { summary: 'Replace a banner’s fields', body: bannerUpdateSchema, response: { 200: envelopeSchema(adminBannerSchema) } } },
    async (request) => ok(await updateBanner(db, currentUser(request).id, request.body, now()), M.bannerUpdated),
  );

  app.delete(
    '/banner/delete',
    { schema: { summary: 'Erase a banner', body: bannerDeleteSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await deleteBanner(db, currentUser(request).id, request.body.banner_id);
      return ok(null, M.bannerDeleted);
    },
  );
};
