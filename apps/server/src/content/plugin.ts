import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { serializeError } from '../lib/log-serializers';
import type { AnswerCache, CachedAnswer } from './answer-cache';
import { serveAsset } from './assets';
import { DEFAULT_CONTENT_RATE_LIMIT_PER_MINUTE } from './budget';
import { publicCollection, type CollectionDef } from './collections';
import { ContentError, errorBody, forbidden, invalidQuery, requestsExceeded, routeNotFound } from './errors';
import { bodyEtag, ERROR_CACHE_CONTROL, ITEMS_CACHE_CONTROL, matchesIfNoneMatch } from './http-cache';
import { parseContentQuery, type ContentQuery } from './query-parse';
import { listItems, readItem } from './read';
import { SynonymCache } from './synonyms';
import { CorrectionCache } from './corrections';
import { LexiconCache } from './lexicon';
import { VisibleRowCounts } from './visible-rows';
import { NO_SEARCH_AIDS, type SearchAids } from './search';

/**
 * The public content service: read-only, token-less, in the Directus REST item dialect
 * (`GET /items/{collection}`, `GET /items/{collection}/{key}`, `GET /assets/{id}`), so a Directus
 * client (@directus/sdk rest() + readItems/readItem) can read it.
 *
 * Self-contained so it can run as its own process: no auth hooks, and its own error and
 * not-found handlers inside its encapsulated scope (do not wrap it in fastify-plugin). Every
 * failure is `{errors: [{message, extensions: {code}}]}` (see errors.ts for the codes chosen).
 * Anyone may read it from any origin: nothing here depends on who asks, so CORS is `*`.
 *
 * What one request may ask for is bounded (budget.ts), and so is how often one client address may
 * ask: `rateLimitPerMinute` reads per minute (default DEFAULT_CONTENT_RATE_LIMIT_PER_MINUTE), counted
 * in memory per process before the answer cache is consulted, so a kept answer is counted too.
 */
export interface ContentServiceOptions {
  db: Database;
  answers?: AnswerCache | null;
  /** Reads per client address (request.ip) per minute; images are not counted. */
  rateLimitPerMinute?: number;
  /** The database's change feed, which the kept search synonyms, corrections, row counts and words follow; without it they are read for every search. */
  changes?: ChangeFeed | null;
}

export const contentService: FastifyPluginAsync<ContentServiceOptions> = async (app, { db, answers, rateLimitPerMinute, changes }) => {
  const synonyms = new SynonymCache(db, changes ?? null);
  const corrections = new CorrectionCache(changes ?? null);
  const visibleRows = new VisibleRowCounts(db, changes ?? null);
  const lexicons = new LexiconCache(db, changes ?? null);
  /** The synonyms, kept corrections, counts and words a read needs: only a search of a ranked collection uses them. */
  const aidsFor = async (query: ContentQuery, collection: CollectionDef): Promise<SearchAids> =>
    query.search && collection.fullText ? { synonyms: await synonyms.current(), corrections, visibleRows, lexicons } : NO_SEARCH_AIDS;

  await app.register(rateLimit, {
    max: rateLimitPerMinute ?? DEFAULT_CONTENT_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // No X-RateLimit-* headers on the answers within the limit (kept answers stay as lean as they were).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // Answered by the error handler below, in the content dialect (Retry-After and X-RateLimit-* are set).
    errorResponseBuilder: (_request, context) => requestsExceeded(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  /** The answer of this request as JSON with a body-hash ETag, kept by the answer cache under its address. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>, itemId?: number) => {
    const read = async (): Promise<CachedAnswer> => {
      const body = JSON.stringify(await compute());
      return { body, etag: bodyEtag(body) };
    };
    const { body, etag } = answers ? await answers.answer(request.url, read, itemId) : await read();
    return sendJson(request, reply, body, etag);
  };

  app.setErrorHandler((error: FastifyError | ContentError, request, reply) => {
    reply.header('cache-control', ERROR_CACHE_CONTROL).header('access-control-allow-origin', '*');
    if (error instanceof ContentError) return reply.status(error.statusCode).send(error.body());
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(errorBody('INVALID_PAYLOAD', error.message));
    request.log.error({ err: serializeError(error) }, 'content request failed');
    return reply.status(500).send(errorBody('INTERNAL_SERVER_ERROR', 'An unexpected error occurred.'));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = routeNotFound(request.method, request.url.split('?')[0] ?? '');
    return reply
      .header('cache-control', ERROR_CACHE_CONTROL)
      .header('access-control-allow-origin', '*')
      .status(error.statusCode)
      .send(error.body());
  });

  // CORS preflight (e.g. a cross-origin client that sends Content-Type on a GET).
  app.options('/*', async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', 'Content-Type, If-None-Match')
      .header('access-control-max-age', '86400')
      .code(204)
      .send(),
  );

  app.get('/items', async () => {
    throw invalidQuery('The collection must not be empty');
  });

  app.get<{ Params: { collection: string } }>('/items/:collection', async (request, reply) => {
    const collection = collectionOrThrow(request.params.collection);
    // `/items/items/` is a read with an empty key (the router ignores the trailing slash).
    if (pathOf(request).endsWith('/')) throw invalidQuery('The item key must not be empty');
    if (!collection) throw forbidden();
    return answer(request, reply, async () => {
      const query = parseContentQuery(queryOf(request));
      return listItems(db, collection, query, await aidsFor(query, collection));
    });
  });

  app.get<{ Params: { collection: string; key: string } }>('/items/:collection/:key', async (request, reply) => {
    const collection = collectionOrThrow(request.params.collection);
    if (request.params.key.trim() === '') throw invalidQuery('The item key must not be empty');
    if (!collection) throw forbidden();
    // One product's read is tagged with its id: a change of its stock alone drops just this answer.
    const itemId = request.params.collection === 'items' && /^\d{1,10}$/.test(request.params.key) ? Number(request.params.key) : undefined;
    return answer(
      request,
      reply,
      async () => {
        const query = parseContentQuery(queryOf(request));
        return { data: await readItem(db, collection, request.params.key, query, await aidsFor(query, collection)) };
      },
      itemId,
    );
  });

  // Images are not counted: a page shows dozens, each is one primary-key read kept for a year by browsers.
  const uncounted = { config: { rateLimit: false as const } };
  app.get<{ Params: { file: string } }>('/assets/:file', uncounted, (request, reply) => serveAsset(db, request, reply));
  app.get<{ Params: { file: string; filename: string } }>('/assets/:file/:filename', uncounted, (request, reply) =>
    serveAsset(db, request, reply),
  );
};

/** The public collection named, null for any other; 400 when the name is empty. */
function collectionOrThrow(name: string) {
  if (name.trim() === '') throw invalidQuery('The collection must not be empty');
  return publicCollection(name);
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

/** The raw query string: Fastify's parser does not nest `filter[a][_eq]`, parse-query.ts does. */
function queryOf(request: FastifyRequest): string {
  const url = request.url;
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/** JSON with a body-hash ETag; 304 without a body when the client already has these bytes. */
function sendJson(request: FastifyRequest, reply: FastifyReply, body: string, etag: string) {
  reply
    .header('etag', etag)
    .header('cache-control', ITEMS_CACHE_CONTROL)
    .header('access-control-allow-origin', '*');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
