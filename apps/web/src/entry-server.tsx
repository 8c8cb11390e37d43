import { StrictMode } from 'react';
import type { RenderedSession } from '@ssd/shared/auth';
import { text } from 'node:stream/consumers';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/routes';
import { setServerTransport } from './lib/data-transport';
import { addressReporter, RenderedAddressContext, type RenderedAddress } from './lib/rendered-address';
import { serverReadsOf, type DrawnFor, type ServerState } from './lib/server-reads';
import type { AssumedViewport } from './lib/use-media-query';

/**
 * The server's rendering of a storefront page for a visitor with no session (docs/decisions/0051), or
 * of a signed-in page for the shopper the server checked (0055: its reads carry their token, added by
 * the server's transport; the session renders as the browser's first render has it, verifying):
 * the same routes, screens and queries as the browser, rendered to HTML with the data of their first
 * reads, so that the page's content — and its largest image — paint before the app's code has run.
 * The browser then hydrates that HTML with the same data (src/main.tsx).
 *
 * Built by `vite build --ssr` into apps/web/dist-ssr/ and loaded by the server
 * (apps/server/src/plugins/page-render.ts), which hands over how to answer the data reads
 * (`setTransport`) — the app's own API and content paths, answered inside the server.
 *
 * A screen asks for its data as it renders, so the page is rendered, the reads it asked for are made,
 * and it is rendered again with their answers: at most READ_ROUNDS times, so a read that depends on
 * another's answer is made too. A read that fails is left to the browser, which shows its own loading
 * and error states and retries, exactly as without this rendering.
 */

/** Rounds of reads: a screen's reads, then those that wait on their answers. */
const READ_ROUNDS = 2;

const handler = createStaticHandler(routes);

export const setTransport = setServerTransport;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The screen it was drawn for and the query cache's successful reads (lib/server-reads.ts), as JSON. */
  state: string;
}

function serverQueryClient(): QueryClient {
  const client = createQueryClient();
  // A failed read is the browser's to retry, with its own retry policy and error state.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

function pageElement(queryClient: QueryClient, context: StaticHandlerContext, drawnFor: DrawnFor, address: RenderedAddress = {}) {
  return (
    <StrictMode>
      <RenderedAddressContext value={addressReporter(address)}>
        <AppProviders queryClient={queryClient} drawnFor={drawnFor}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </AppProviders>
      </RenderedAddressContext>
    </StrictMode>
  );
}

/** The address the rendered screen writes once loaded, when it is not `url` (lib/rendered-address.ts). */
function addressToStartAt(url: string, rendered: RenderedAddress): string | undefined {
  if (rendered.search === undefined) return undefined;
  const asked = new URL(url, 'http://storefront.invalid');
  if (asked.searchParams.toString() === rendered.search) return undefined;
  return rendered.search ? `${asked.pathname}?${rendered.search}` : asked.pathname;
}

/**
 * One pass that waits for every part's code (lazy screens and components) and makes the screens ask
 * for their data; its markup is not used: React writes parts that were waiting as hidden segments
 * revealed by inline scripts, which the page's script policy refuses.
 */
async function discoveryPass(queryClient: QueryClient, context: StaticHandlerContext, page: DrawnFor, signal: AbortSignal): Promise<void> {
  const { prelude } = await prerenderToNodeStream(pageElement(queryClient, context, page), { signal });
  await text(prelude);
}

/** The reads the page asked for that have not been made: enabled, with a function, never tried. */
function readsToMake(queryClient: QueryClient, tried: Set<string>): Query[] {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && !tried.has(query.queryHash) })
    .filter((query) => {
      const { enabled, queryFn } = query.options as { enabled?: boolean | ((query: Query) => boolean); queryFn?: unknown };
      if (!queryFn || queryFn === skipToken) return false;
      return typeof enabled === 'function' ? enabled(query) : enabled !== false;
    });
}

/**
 * The page at `url` (path and query string) drawn for `viewport` and the signed-in shopper `session`
 * (none: a visitor), or null when the router answers it with a redirect. `signal` stops the rendering
 * (the server's time limit).
 */
export async function renderPage(url: string, viewport: AssumedViewport, signal: AbortSignal, session?: RenderedSession): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(new URL(url, 'http://storefront.invalid'), { signal }));
  if (context instanceof Response) return null;
  const queryClient = serverQueryClient();
  const tried = new Set<string>();
  const page: DrawnFor = { viewport, session };
  await discoveryPass(queryClient, context, page, signal);
  for (let round = 0; round < READ_ROUNDS; round++) {
    const reads = readsToMake(queryClient, tried);
    if (reads.length === 0) break;
    for (const query of reads) tried.add(query.queryHash);
    await Promise.all(reads.map((query) => query.fetch().catch(() => undefined)));
    // A failed read renders as loading, as the browser will show it before it tries again.
    for (const query of queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' })) {
      queryClient.getQueryCache().remove(query);
    }
    await discoveryPass(queryClient, context, page, signal);
  }
  // Every part's code is loaded now: the page renders in one synchronous pass, in place.
  const rendered: RenderedAddress = {};
  const html = renderToString(pageElement(queryClient, context, page, rendered));
  // A part still waiting would come out as its fallback for the browser to render: not worth serving.
  if (html.includes(CLIENT_RENDERED_PART)) throw new Error(`a part of ${url} was still loading after the last pass`);
  const state: ServerState = { ...page, reads: serverReadsOf(queryClient), address: addressToStartAt(url, rendered) };
  return { html: withoutHoistedImagePreloads(html), state: JSON.stringify(state) };
}

/** React's marker of a Suspense boundary left to the browser (renderToString met a part still loading). */
const CLIENT_RENDERED_PART = '<!--$!-->';

/**
 * React puts a preload of the page's first images before the markup; inside #root they would be
 * nodes the browser's first render does not have. The server preloads the largest image in <head>
 * (page-preloads.ts); the others are found in the markup as soon as it is parsed.
 */
function withoutHoistedImagePreloads(html: string): string {
  return html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '');
}
