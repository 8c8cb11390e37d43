import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RenderedSession } from '@ssd/shared/auth';
import { SERVER_STATE_ELEMENT_ID } from '@ssd/shared/constants';

/**
 * Server rendering of a first visit's storefront page (docs/decisions/0051). The web build's
 * renderer (apps/web src/entry-server.tsx, built to apps/web/dist-ssr/) renders the same screens the
 * browser would, with the answers of their first reads; the page then shows its content and largest
 * image before the app's code has run, and the app hydrates that HTML with the same answers.
 *
 * For visitors without a session cookie on the storefront pages a shopper lands on; for a signed-in
 * shopper whose access token (the cookie) the server has checked, on the signed-in pages that measure
 * (docs/decisions/0055), their reads made with that token. Never at the cost of the page: a renderer
 * missing, failing or slower than its time limit leaves the page as the plain app shell it always was.
 */

/** What the renderer module exports (apps/web src/entry-server.tsx). */
export interface PageRendererModule {
  setTransport(transport: (path: string, init?: RequestInit) => Promise<Response>): void;
  renderPage(url: string, viewport: AssumedViewport, signal: AbortSignal, session?: RenderedSession): Promise<RenderedPage | null>;
}

/** The screen a page is drawn for (apps/web lib/use-media-query.ts): the server cannot measure it. */
export type AssumedViewport = 'phone' | 'desktop';

/**
 * A phone when the browser says it is a mobile one (the Sec-CH-UA-Mobile client hint, else "Mobi" in
 * its user agent, as Chrome, Safari and Firefox on phones write), a desktop otherwise. A wrong guess
 * costs a redraw once the app runs, never a wrong page.
 */
export function assumedViewportOf(headers: Record<string, string | string[] | undefined>): AssumedViewport {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'desktop';
  return /Mobi|Android|iPhone|iPad/i.test(String(headers['user-agent'] ?? '')) ? 'phone' : 'desktop';
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The renderer's reads as TanStack Query's dehydrated state, JSON. */
  state: string;
}

/** A signed-in shopper's page: their checked access token (for the reads only) and who they are. */
export interface SignedInVisitor {
  accessToken: string;
  session: RenderedSession;
}

/**
 * Renders the page at `url` (path and query) for the visitor at `visitorIp`, signed in or not, or null
 * to serve the app shell.
 */
export type RenderPage = (url: string, visitorIp: string, viewport: AssumedViewport, signedIn?: SignedInVisitor) => Promise<RenderedPage | null>;

/**
 * The storefront pages rendered on the server: home, shop, listings, search, product, sale, policies.
 * Not pages with a form whose native submission before the app has run would put what was typed in
 * the address (contact, sign-in).
 */
const RENDERED_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/(shop|fabrics|jewels?|search|terms|privacy|shipping|returns)\/?$/i,
  /^\/(catalog|search|sale)\/[^/]+\/?$/i,
  /^\/product\/[^/]+\/[^/]+\/?$/i,
];

/**
 * The signed-in pages rendered on the server for a shopper whose token checks out (docs/decisions/0055):
 * the cart, the wishlist, My Orders and an order's details, whose first paint waited for the startup
 * verification and a read after it. Not the profile and order placement (forms: 0051's rule).
 */
const SIGNED_IN_RENDERED_PAGES: readonly RegExp[] = [/^\/(cart|orders|wishlist)\/?$/i, /^\/orders\/details\/[^/]+\/?$/i];

/** Whether `path` is rendered for a visitor without a session cookie, or (`signedIn`) for a signed-in one. */
export function isRenderedPage(path: string, { signedIn = false }: { signedIn?: boolean } = {}): boolean {
  return (signedIn ? SIGNED_IN_RENDERED_PAGES : RENDERED_PAGES).some((page) => page.test(path));
}

/** How long a page may take to render before the visitor gets the app shell instead. */
export const RENDER_TIME_LIMIT_MS = 1500;

/** Answers without a body (the Response constructor refuses one for them). */
const BODYLESS = new Set([101, 204, 205, 304]);

/** The web build's renderer (dist-ssr/ beside dist/), or null when the build has none. */
export async function loadPageRenderer(app: FastifyInstance, distDir: string, log: FastifyBaseLogger): Promise<RenderPage | null> {
  const file = join(distDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as PageRendererModule;
  // The renderer's reads are the visitor's, made on their behalf: they are answered as the visitor's
  // own requests would be (the content service's rate limit counts them for the visitor's address), a
  // signed-in shopper's with their access token, which the renderer itself never sees.
  const visitor = new AsyncLocalStorage<{ ip: string; accessToken?: string }>();
  renderer.setTransport(async (path, init) => {
    const { ip, accessToken } = visitor.getStore() ?? {};
    const headers = new Headers(init?.headers);
    if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: path,
      headers: Object.fromEntries(headers.entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      ...(ip ? { remoteAddress: ip } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(BODYLESS.has(answer.statusCode) ? null : answer.rawPayload, { status: answer.statusCode, headers: answerHeaders });
  });
  return (url, visitorIp, viewport, signedIn) =>
    visitor.run({ ip: visitorIp, accessToken: signedIn?.accessToken }, async () => {
      const limit = AbortSignal.timeout(RENDER_TIME_LIMIT_MS);
      try {
        return await renderer.renderPage(url, viewport, limit, signedIn?.session);
      } catch (error) {
        if (limit.aborted) log.warn({ url }, `page rendering took over ${RENDER_TIME_LIMIT_MS} ms: served the app shell`);
        else log.error({ err: error, url }, 'page rendering failed: served the app shell');
        return null;
      }
    });
}

/** JSON inside a <script>: no '<', so neither '</script>' nor '<!--' can end or change it. */
function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** The app shell's HTML with the rendered page in #root and its reads' answers after it. */
export function withRenderedPage(shell: string, page: RenderedPage): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) return shell;
  const state = `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${scriptJson(page.state)}</script>`;
  return shell.replace(root, () => `<div id="root">${page.html}</div>${state}`);
}
