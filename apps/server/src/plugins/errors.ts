import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResponseCode, type Envelope } from '@ssd/shared/api';
import { AppError } from '../lib/envelope';
import { serializeError } from '../lib/log-serializers';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const BODY_TOO_LARGE_MESSAGE = 'The request is too large (1 MB at most).';
export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';

function envelope(code: ResponseCode, message: string): Envelope<null> {
  return { code, message, data: null };
}

/** '{path}: {problem}' for the first problem zod found, in words a client developer can act on. */
function describeValidation(error: { validation: Array<{ instancePath?: string; message?: string; params?: unknown }> }, context?: string): string {
  const first = error.validation[0];
  if (!first) return 'The request is not valid.';
  const path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const where = [context, path].filter(Boolean).join(' ');
  const problem = first.message ?? 'is not valid';
  return where ? `Invalid ${where}: ${problem}` : `Invalid request: ${problem}`;
}

/**
 * One place that turns every failure into the `{code, message, data}` envelope of spec 1 §8 with
 * a matching HTTP status. A 500 is logged with its stack (masked, see lib/log-serializers.ts) and
 * answered without it.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(envelope(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext;
      return reply.status(400).send(envelope(ResponseCode.WARNING, describeValidation(error, context)));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const fastifyCode = (error as FastifyError).code;
    if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(envelope(ResponseCode.WARNING, BODY_TOO_LARGE_MESSAGE));
    }
    if (fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
      return reply.status(400).send(envelope(ResponseCode.WARNING, INVALID_JSON_MESSAGE));
    }
    if (status === 429) {
      return reply.status(429).send(envelope(ResponseCode.WARNING, error.message || 'Too many requests. Please wait a moment and try again.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (unsupported media type, empty JSON body...) carry readable messages.
      return reply.status(status).send(envelope(status === 401 ? ResponseCode.LOGIN_NEEDED : ResponseCode.WARNING, error.message));
    }
    // Never the SQL, its values, a token or a whole email (lib/log-serializers.ts).
    request.log.error({ err: serializeError(error) }, 'request failed');
    return reply.status(500).send(envelope(ResponseCode.FAILURE, SERVER_ERROR_MESSAGE));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelope(ResponseCode.FAILURE, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
});
