import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RenderedSession } from '@ssd/shared/auth';
import type { AssumedViewport } from './use-media-query';

/**
 * The answers a server-rendered page was drawn with (src/entry-server.tsx writes them into the page,
 * src/main.tsx puts them in the query cache before the app takes the page over), so that the app's
 * first render has the same data and asks for none of it again. Written here rather than with
 * TanStack Query's dehydrate/hydrate: these three fields are all a page needs, and its hydrate code
 * would cost the first load about a kilobyte (CI's 120 KB budget for /).
 */
export interface ServerRead {
  key: QueryKey;
  data: unknown;
}

/** Whom a server-rendered page was drawn for: a screen, and on a signed-in page the shopper (docs/decisions/0055; no tokens). */
export interface DrawnFor {
  viewport: AssumedViewport;
  session?: RenderedSession;
}

/** What a server-rendered page carries after #root: whom it was drawn for, and its reads. */
export interface ServerState extends DrawnFor {
  reads: ServerRead[];
  /** The address the screen writes once loaded, when it is not the one asked for (lib/rendered-address.ts). */
  address?: string;
}

/** The successful reads in the cache. */
export function serverReadsOf(queryClient: QueryClient): ServerRead[] {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'success' })
    .map((query) => ({ key: query.queryKey, data: query.state.data }));
}

/**
 * The reads count as made now, as the app takes the page over: they were made a moment ago, and this
 * browser's clock, which may not agree with the server's, is the one their staleness is measured by.
 */
export function putServerReads(queryClient: QueryClient, reads: readonly ServerRead[]): void {
  for (const read of reads) queryClient.setQueryData(read.key, read.data);
}
