import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import { profileSchema, updateProfileRequestSchema } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { MESSAGES } from '../auth/messages';
import { getProfile, updateProfile } from './service';

/** The profile calls of spec 1 §7; both need a login. */
export const userRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/user/me',
    { schema: { summary: 'The signed-in shopper: name, email, sign-in provider', response: { 200: envelopeSchema(profileSchema) } } },
    async (request) => ok(await getProfile(db, currentUser(request).id)),
  );

  app.patch(
    '/user/me',
    { schema: { summary: 'Change the name', body: updateProfileRequestSchema, response: { 200: envelopeSchema(profileSchema) } } },
    async (request) => ok(await updateProfile(db, currentUser(request).id, request.body, now()), MESSAGES.profileUpdated),
  );
};
