import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@ssd/shared/envelope';
import {
  ADDRESS_MESSAGES,
  addressBookSchema,
  addressIdParamsSchema,
  addressSavedSchema,
  createAddressRequestSchema,
  updateAddressRequestSchema,
} from '@ssd/shared/addresses';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { chooseDefaultAddress, createAddress, deleteAddress, listAddresses, updateAddress } from './service';

/** The address book on the profile (ours; the spec is silent). All need a login (401, code -2). */
export const addressRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/user/addresses',
    { schema: { summary: 'The address book: the default first, then the most recently changed', response: { 200: envelopeSchema(addressBookSchema) } } },
    async (request) => ok({ addresses: await listAddresses(db, currentUser(request).id) }),
  );

  app.post(
    '/user/addresses',
    {
      schema: {
        summary: 'Add an address (at most 10); the first, or one sent with is_default: true, becomes the default',
        body: createAddressRequestSchema,
        response: { 200: envelopeSchema(addressSavedSchema) },
      },
    },
    async (request) => {
      const { is_default: makeDefault, ...fields } = request.body;
      return ok(await createAddress(db, currentUser(request).id, fields, makeDefault ?? false), ADDRESS_MESSAGES.added);
    },
  );

  app.put(
    '/user/addresses/:id',
    {
      schema: {
        summary: 'Replace every field of an address (the default stays as it is)',
        params: addressIdParamsSchema,
        body: updateAddressRequestSchema,
        response: { 200: envelopeSchema(addressSavedSchema) },
      },
    },
    async (request) => ok(await updateAddress(db, currentUser(request).id, request.params.id, request.body), ADDRESS_MESSAGES.updated),
  );

  app.delete(
    '/user/addresses/:id',
    {
      schema: {
        summary: 'Delete an address; if it was the default, the most recently changed of the rest becomes the default',
        params: addressIdParamsSchema,
        response: { 200: envelopeSchema(addressBookSchema) },
      },
    },
    async (request) => ok({ addresses: await deleteAddress(db, currentUser(request).id, request.params.id) }, ADDRESS_MESSAGES.deleted),
  );

  app.put(
    '/user/addresses/:id/default',
    {
      schema: {
        summary: 'Make an address the default',
        params: addressIdParamsSchema,
        response: { 200: envelopeSchema(addressSavedSchema) },
      },
    },
    async (request) => ok(await chooseDefaultAddress(db, currentUser(request).id, request.params.id), ADDRESS_MESSAGES.defaultChosen),
  );
};
