import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_TOKEN_COOKIE } from '@ssd/shared/constants';
import { SEARCH_FORM_PARAM, searchPath, searchTextOf } from '@ssd/shared/search-path';
import type { Database } from '../db/client';
import type { TokenSigner } from '../modules/auth/tokens';
import { userOfAccessToken } from './auth';
import { firstReadsOf, hasPreloads, largestImagesOf, withPreloads } from './page-preloads';
import { assumedViewportOf, isRenderedPage, loadPageRenderer, withRenderedPage, type RenderedPage, type SignedInVisitor } from './page-render';
import { readBuildManifest, routeChunksOf } from './route-chunks';

/** The value of the Cookie header's non-empty cookie of this name (percent-decoded, as the app writes it), or null. */
function cookieOf(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...value] = pair.split('=');
    const text = value.join('=').trim();
    if (key?.trim() === name && text !== '') return decodedSegment(text);
  }
  return null;
}

/** A path segment as the app's router reads it (percent-decoded); one that cannot be decoded as it is. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A page written here, compressed as the built files are (they are compressed at build time): a
 * page with its preloads is a few kilobytes of repeated markup. Fast settings: it is compressed on
 * every request.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding, Cookie, Sec-CH-UA-Mobile, User-Agent');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year, index.html never, and
 * any other GET that wants a page gets index.html so the client router can answer it, with
 * preloads of what the page will fetch first when the address tells (page-preloads.ts): its
 * screen's chunks (from the build's manifest, read once here), a product's read, and, with a
 * database, the largest image (home, a product). Without a manifest, pages go out as built.
 * A first visit's storefront page comes rendered, with its first reads' answers in the HTML
 * (page-render.ts), when the web build has its server renderer; so do the cart, wishlist and orders of a
 * signed-in shopper whose access token checks out (with `tokens`: docs/decisions/0055).
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { distDir: string; db?: Database; tokens?: TokenSigner; now?: () => Date }) => {
  const { distDir, db, tokens } = options;
  const now = options.now ?? (() => new Date());
  let indexHtml: Promise<string> | undefined;
  const readIndexHtml = () => (indexHtml ??= readFile(join(distDir, 'index.html'), 'utf8'));
  const manifest = await readBuildManifest(distDir);
  if (!manifest) app.log.warn('The web build has no readable .vite/manifest.json: pages are served without module preloads.');
  const routeChunks = manifest ? routeChunksOf(manifest) : null;
  if (routeChunks?.missing.length) app.log.warn({ missing: routeChunks.missing }, 'Screens the build manifest does not hold: their pages are served without module preloads.');
  const renderPage = await loadPageRenderer(app, distDir, app.log);
  if (!renderPage) app.log.warn('The web build has no server renderer (dist-ssr/): pages are served as the app shell only.');

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
  /** The shopper an access token signs in, checked as the API checks it, or null. */
  const signedInVisitor = async (accessToken: string): Promise<SignedInVisitor | null> => {
    if (!db || !tokens) return null;
    try {
      const user = await userOfAccessToken(db, tokens, accessToken, now());
      return user && { accessToken, session: { name: user.name, email: user.email, role: user.role, auth_provider: user.authProvider } };
    } catch (error) {
      app.log.error({ err: error }, 'the session of a signed-in page could not be checked: served the app shell');
      return null;
    }
  };

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // API and content paths are never pages; a missing file with an extension is a broken asset link.
    if (/^\/(api|content)(\/|$)/.test(path) || /\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
    // The search box submitted natively, before the app took the page over (search-box.tsx).
    const searched = path === '/search' ? new URLSearchParams(request.url.slice(path.length)).get(SEARCH_FORM_PARAM)?.trim() : undefined;
    if (searched) return reply.redirect(searchPath(searched), 303);
    // A results address that names no text goes to the search landing, as the app would send it.
    const resultsId = /^\/search\/([^/]+)\/?$/.exec(path)?.[1];
    if (resultsId !== undefined && !searchTextOf(decodedSegment(resultsId))) return reply.redirect('/search', 302);
    // The same address is a rendered page without a session cookie and the app shell or the shopper's
    // own page with one, drawn for a phone or a desktop by the browser's hints.
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Sec-CH-UA-Mobile, User-Agent');
    const accessToken = cookieOf(request.headers.cookie, ACCESS_TOKEN_COOKIE);
    const signedIn = accessToken !== null;
    const viewport = assumedViewportOf(request.headers);
    let rendered: RenderedPage | null = null;
    if (renderPage && !signedIn && isRenderedPage(path)) rendered = await renderPage(request.url, request.ip, viewport);
    if (renderPage && signedIn && isRenderedPage(path, { signedIn })) {
      // A token that does not check out gets the app shell, whose startup verification decides as before.
      const visitor = await signedInVisitor(accessToken);
      rendered = visitor ? await renderPage(request.url, request.ip, viewport, visitor) : null;
      // The shopper's own page: kept by no cache, their browser's included.
      if (rendered) reply.header('Cache-Control', 'private, no-store');
    }
    const screenLinks = routeChunks?.linksFor(path) ?? [];
    const preloads = {
      // A signed-in browser verifies its session before a protected screen shows: its code too.
      modules: signedIn && routeChunks ? [...screenLinks, ...routeChunks.sessionLinks.filter((link) => !screenLinks.some((screen) => screen.href === link.href))] : screenLinks,
      // A rendered page carries its first reads' answers: the app does not ask for them again.
      reads: rendered ? [] : firstReadsOf(path, { signedIn }),
      images: db ? await largestImagesOf(db, path) : [],
    };
    if (!rendered && !hasPreloads(preloads)) return reply.sendFile('index.html');
    const shell = await readIndexHtml();
    return sendPage(request, reply, withPreloads(rendered ? withRenderedPage(shell, rendered) : shell, preloads));
  });
});
