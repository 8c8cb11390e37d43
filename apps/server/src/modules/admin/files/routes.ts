import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@ssd/shared/zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ResponseCode } from '@ssd/shared/api';
import { ADMIN_FILE_MESSAGES as M, MAX_IMAGE_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES, type UploadImageType } from '@ssd/shared/admin-files';
import { AppError, ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/auth';
import type { AdminContext } from '../plugin';
import { storeUploadedImage } from './service';

const uploadedImageSchema = z.object({
  id: z.uuid(),
  path: z.string(),
  filename: z.string(),
  type: z.enum(Object.keys(UPLOAD_IMAGE_TYPES) as [UploadImageType, ...UploadImageType[]]),
  filesize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * `POST /api/admin/files?filename={name}`: one image per request, its bytes as the raw body
 * (docs/decisions/0035). A raw body rather than multipart: one file per call needs no form parser,
 * Fastify's bodyLimit stops reading past the limit, and the browser sends a File as it is.
 * This scope alone reads any Content-Type as bytes; the type is decided by the bytes (./sniff.ts).
 */
export const adminFileRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx: { db } }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_UPLOAD_BYTES }, (_request, body, done) => done(null, body));

  // The app's handler speaks of the API's 1 MB; here the limit is the image's. Anything else goes on to it.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, ResponseCode.WARNING, M.tooLarge);
    throw error;
  });

  app.post(
    '/files',
    {
      bodyLimit: MAX_IMAGE_UPLOAD_BYTES,
      schema: {
        summary: 'Upload an image (JPEG, PNG or WebP; the raw bytes as the body) to serve at /content/assets/{id}',
        querystring: z.object({ filename: z.string().max(1000).optional() }),
        response: { 200: envelopeSchema(uploadedImageSchema) },
      },
    },
    async (request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await storeUploadedImage(db, currentUser(request).id, bytes, request.query.filename), M.uploaded);
    },
  );
};
