import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year, index.html never, and
 * any other GET that wants a page gets index.html so the client router can answer it.
 */
export const webPlugin = fp(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    // The web build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    // The static plugin's own Cache-Control (max-age=0) would replace the one set below.
    cacheControl: false,
    setHeaders(res, path) {
      if (path.startsWith(join(distDir, 'assets'))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // API and content paths are never pages; a missing file with an extension is a broken asset link.
    if (/^\/(api|content)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
