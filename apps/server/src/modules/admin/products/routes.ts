import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from '@ssd/shared/zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import {
  adminProductDetailSchema,
  adminProductListSchema,
  adminProductSchema,
  productAddSchema,
  productDeleteSchema,
  productDetailQuerySchema,
  productListParamsSchema,
  productListQuerySchema,
  productUpdateSchema,
} from '@ssd/shared/admin-content';
import { fail, ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/auth';
import type { AdminContext } from '../plugin';
import { addProduct, archiveProduct, listProducts, productDetail, updateProduct } from './service';

/**
 * spec 3 §5: a product form with a bad shop or catalog is answered with exactly 'Invalid shop details.' or
 * 'Invalid catalog details.' (the shop first), not the usual 'Invalid body …:' wording; any other problem
 * goes to the app's error handler as usual. Used with the route option attachValidation.
 */
function refuseInvalidProduct(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validation?: Array<{ instancePath?: string }> }) | undefined;
  if (!error) return;
  const paths = (error.validation ?? []).map((issue) => issue.instancePath);
  if (paths.includes('/shop')) throw fail.badRequest(M.invalidShop);
  if (paths.includes('/catalog')) throw fail.badRequest(M.invalidCatalog);
  throw error;
}

/** spec 3 §7: /api/admin/products/{type} and /api/admin/product/* (guard and freshness: the admin plugin). */
export const productRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx: { db, now } }) => {
  app.get(
    '/products/:type',
    {
      schema: {
        summary: 'Products of a shop (all, fabrics, jewel), newest first, filtered by catalog, paged by limit and offset',
        params: productListParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: envelopeSchema(adminProductListSchema) },
      },
    },
    async (request) => ok(await listProducts(db, request.params.type, request.query)),
  );

  app.get(
    '/product/detail',
    {
      schema: {
        summary: 'One product (deleted ones too), one row per tag or image',
        querystring: productDetailQuerySchema,
        response: { 200: envelopeSchema(adminProductDetailSchema) },
      },
    },
    async (request) => ok(await productDetail(db, request.query.id)),
  );

  app.post(
    '/product/add',
    { attachValidation: true, schema: { summary: 'Add a product', body: productAddSchema, response: { 200: envelopeSchema(adminProductSchema) } } },
    async (request) => {
      refuseInvalidProduct(request);
      return ok(await addProduct(db, currentUser(request).id, request.body), M.productAdded);
    },
  );

  app.patch(
    '/product/update',
    {
      attachValidation: true,
      schema: { summary: 'Replace a live product’s fields, tags and images', body: productUpdateSchema, response: { 200: envelopeSchema(adminProductSchema) } },
    },
    async (request) => {
      refuseInvalidProduct(request);
      return ok(await updateProduct(db, currentUser(request).id, request.body, now()), M.productUpdated);
    },
  );

  app.delete(
    '/product/delete',
    { schema: { summary: 'Delete (archive) a product: it leaves the storefront, past orders keep it', body: productDeleteSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await archiveProduct(db, currentUser(request).id, request.body.id, now());
      return ok(null, M.productDeleted);
    },
  );
};
