import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { largestImagesOf, withImagePreloads } from './page-preloads';

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year, index.html never, and
 * any other GET that wants a page gets index.html so the client router can answer it. With a
 * database, a page whose largest image the server knows (page-preloads.ts: home, a product) gets
 * index.html with a high-priority preload of it.
 */
export const webPlugin = fp(async (app: FastifyInstance, { distDir, db }: { distDir: string; db?: Database }) => {
  let indexHtml: Promise<string> | undefined;
  const readIndexHtml = () => (indexHtml ??= readFile(join(distDir, 'index.html'), 'utf8'));

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    // '/' is a page like any other (below), not the static index: home may get preloads.
    index: false,
    // The web build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    // The static plugin's own Cache-Control (max-age=0) would replace the one set below.
    cacheControl: false,
    setHeaders(res, path) {
      if (path.startsWith(join(distDir, 'assets'))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // API and content paths are never pages; a missing file with an extension is a broken asset link.
    if (/^\/(api|content)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
    reply.header('Cache-Control', 'no-cache');
    const images = db ? await largestImagesOf(db, path) : [];
    if (images.length === 0) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(withImagePreloads(await readIndexHtml(), images));
  });
});
