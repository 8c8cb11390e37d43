import type { QueryClient, QueryKey } from '@tanstack/react-query';
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
  /** When the server read it (ms since the epoch): the cache's staleness counts from then. */
  updatedAt: number;
}

/** What a server-rendered page carries after #root: the screen it was drawn for and its reads. */
export interface ServerState {
  viewport: AssumedViewport;
  reads: ServerRead[];
}

/** The successful reads in the cache. */
export function serverReadsOf(queryClient: QueryClient): ServerRead[] {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'success' })
    .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
}

export function putServerReads(queryClient: QueryClient, reads: readonly ServerRead[]): void {
  for (const read of reads) queryClient.setQueryData(read.key, read.data, { updatedAt: read.updatedAt });
}
